import "server-only";
import { clampPage } from "../rules";
import { getDb, type Db } from "@/lib/platform/db";
import { writeTransaction } from "@/lib/platform/db/transaction";
import { cacheTags } from "@/lib/platform/cache-manifest";
import { ApiError } from "@/lib/platform/errors";
import { dispatchSoon, expireTagsAfterCommit, outbox } from "@/lib/platform/outbox";
import { orderMail } from "./order-mail";
import { cancelOrder, markOrderPaid, productSlugs, restoreStock } from "./order-state";
import { DELIVERY, type DeliveryStatus, PAYMENT, PAYMENT_TYPE, REFUND, type RefundStatus } from "../status";

/**
 * The back office's order changes (app/api/v2/admin/orders): each a conditional update from the
 * states it may come from, so two clerks (or a clerk and the payment deadline sweep) never both
 * apply one change, and an illegal change is a 409 with a message that leaves the order as it was.
 */

export const ADMIN_PER_PAGE = 20;

export type AdminOrderRow = {
  id: number;
  code: string;
  user_id: number;
  customer_email: string | null;
  date: string;
  grand_total: number;
  delivery_status: string;
  payment_status: string;
  payment_type: string;
};

export async function adminListOrders(status: DeliveryStatus | undefined, requestedPage: number): Promise<{ orders: AdminOrderRow[]; page: number; lastPage: number; total: number; perPage: number }> {
  const { db } = await getDb();
  let count = db.selectFrom("orders").select((eb) => eb.fn.countAll<number>().as("n"));
  if (status) count = count.where("delivery_status", "=", status);
  const total = Number((await count.executeTakeFirstOrThrow()).n);
  const { page, lastPage } = clampPage(requestedPage, total, ADMIN_PER_PAGE);
  let rows = db
    .selectFrom("orders as o")
    .leftJoin("users as u", "u.id", "o.user_id")
    .select(["o.id", "o.code", "o.user_id", "u.email as customer_email", "o.created_at as date", "o.grand_total", "o.delivery_status", "o.payment_status", "o.payment_type"])
    .orderBy("o.created_at", "desc")
    .orderBy("o.id", "desc")
    .limit(ADMIN_PER_PAGE)
    .offset((page - 1) * ADMIN_PER_PAGE);
  if (status) rows = rows.where("o.delivery_status", "=", status);
  return { orders: await rows.execute(), page, lastPage, total, perPage: ADMIN_PER_PAGE };
}

/** Where each target delivery status may be reached from. */
export const ALLOWED_FROM: Record<Exclude<DeliveryStatus, "Pending">, readonly DeliveryStatus[]> = {
  Confirmed: [DELIVERY.pending],
  Shipped: [DELIVERY.pending, DELIVERY.confirmed],
  Delivered: [DELIVERY.shipped],
  Cancelled: [DELIVERY.pending, DELIVERY.confirmed],
};

export type AdminOrderState = { id: number; code: string; delivery_status: string; payment_status: string; payment_type: string; refund_due: boolean; invoice_number: string | null };

async function orderState(orderId: number): Promise<AdminOrderState | null> {
  const { db } = await getDb();
  const o = await db.selectFrom("orders").select(["id", "code", "delivery_status", "payment_status", "payment_type"]).where("id", "=", orderId).executeTakeFirst();
  if (!o) return null;
  const invoice = await db.selectFrom("invoices").select("number").where("order_id", "=", orderId).executeTakeFirst();
  const refundDue = await db.selectFrom("payments").select("id").where("order_id", "=", orderId).where("status", "=", "refund_due").executeTakeFirst();
  return { ...o, refund_due: Boolean(refundDue), invoice_number: invoice?.number ?? null };
}

export const ONLINE_UNPAID = "An online order is confirmed when its payment arrives; it cannot be moved on before.";

const illegal = (from: string, to: string) => new ApiError(409, `An order that is ${from} cannot be marked ${to}.`);

/**
 * The merchant cancels a Pending or Confirmed order. An unpaid Pending one goes through the same
 * path as the customer's cancel; otherwise the stock comes back here, and a paid order keeps
 * payment_status Paid with its payment marked refund_due (the money goes back outside the store).
 */
async function merchantCancel(orderId: number, now: Date): Promise<void> {
  const handle = await getDb();
  const current = await handle.db.selectFrom("orders").select(["delivery_status", "payment_status"]).where("id", "=", orderId).executeTakeFirst();
  if (!current) throw new ApiError(404, "Order not found.");
  if (current.delivery_status === DELIVERY.pending && current.payment_status === PAYMENT.unpaid) {
    // Its mail and product pages follow from cancelOrder.
    await cancelOrder(null, orderId, "merchant", now);
    return;
  }
  await writeTransaction(handle, async (trx: Db) => {
    const at = now.toISOString();
    const updated = await trx
      .updateTable("orders")
      .set({ delivery_status: DELIVERY.cancelled, cancelled_at: at, cancel_reason: "merchant", payment_due_at: null, updated_at: at })
      .where("id", "=", orderId)
      .where("delivery_status", "in", ALLOWED_FROM.Cancelled)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw illegal(current.delivery_status, DELIVERY.cancelled);
    await trx.updateTable("order_lines").set({ delivery_status: DELIVERY.cancelled }).where("order_id", "=", orderId).execute();
    const order = await trx.selectFrom("orders").select("payment_status").where("id", "=", orderId).executeTakeFirstOrThrow();
    if (order.payment_status === PAYMENT.paid) {
      await trx.updateTable("payments").set({ status: "refund_due", updated_at: at }).where("order_id", "=", orderId).where("status", "=", "paid").execute();
    } else {
      await trx.updateTable("payments").set({ status: "failed", error: "cancelled: merchant", updated_at: at }).where("order_id", "=", orderId).where("status", "in", ["created", "pending", "failed"]).execute();
    }
    const restocked = await restoreStock(trx, orderId);
    // Once this commits: the customer's mail, and the pages of the products whose units came back.
    await outbox.add(trx, orderMail(orderId, "cancelled"));
    await outbox.add(trx, expireTagsAfterCommit((await productSlugs(trx, restocked)).map((slug) => cacheTags.product(slug))));
  });
  dispatchSoon();
}

/** A clerk moves an order on (Confirmed, Shipped, Delivered) or cancels it. */
export async function setDeliveryStatus(orderId: number, target: Exclude<DeliveryStatus, "Pending">, now = new Date()): Promise<AdminOrderState> {
  const before = await orderState(orderId);
  if (!before) throw new ApiError(404, "Order not found.");
  const at = now.toISOString();
  if (target === DELIVERY.cancelled) {
    if (!ALLOWED_FROM.Cancelled.includes(before.delivery_status as DeliveryStatus)) throw illegal(before.delivery_status, target);
    await merchantCancel(orderId, now);
  } else if (target === DELIVERY.delivered && before.delivery_status === DELIVERY.delivered) {
    // Delivered already: only a cash-on-delivery payment that failed to be recorded is retried.
    if (!(before.payment_type === PAYMENT_TYPE.cod && before.payment_status === PAYMENT.unpaid)) throw illegal(before.delivery_status, target);
  } else {
    if (before.payment_type === PAYMENT_TYPE.online && before.payment_status === PAYMENT.unpaid) {
      // Its stock is held only until the payment deadline; it moves on once the payment arrives.
      throw new ApiError(409, ONLINE_UNPAID);
    }
    const handle = await getDb();
    await writeTransaction(handle, async (trx) => {
      const stamp = target === DELIVERY.confirmed ? { confirmed_at: at } : target === DELIVERY.shipped ? { shipped_at: at } : { delivered_at: at };
      const updated = await trx
        .updateTable("orders")
        .set({ delivery_status: target, updated_at: at, ...stamp })
        .where("id", "=", orderId)
        .where("delivery_status", "in", ALLOWED_FROM[target])
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw illegal(before.delivery_status, target);
      if (target !== DELIVERY.confirmed) {
        await trx.updateTable("order_lines").set({ delivery_status: target }).where("order_id", "=", orderId).where("delivery_status", "!=", DELIVERY.cancelled).execute();
      }
      if (target === DELIVERY.shipped) await outbox.add(trx, orderMail(orderId, "shipped"));
    });
    dispatchSoon();
  }
  if (target === DELIVERY.delivered && before.payment_type === PAYMENT_TYPE.cod) {
    // Cash collected at the door: the order becomes Paid and gets its invoice.
    const { db } = await getDb();
    const order = await db.selectFrom("orders").select(["code", "grand_total", "payment_status"]).where("id", "=", orderId).executeTakeFirstOrThrow();
    if (order.payment_status === PAYMENT.unpaid) {
      // Its payment mail (with the invoice) follows from markOrderPaid.
      await markOrderPaid(orderId, { provider: "cod", providerPaymentId: `cod-${order.code}`, amount: order.grand_total, currency: "INR" }, now);
    }
  }
  return (await orderState(orderId)) as AdminOrderState;
}

export type RefundDecision = Exclude<RefundStatus, "Requested">;

/** Which refund states each decision may follow. */
export const REFUND_ALLOWED_FROM: Record<RefundDecision, readonly RefundStatus[]> = {
  Approved: [REFUND.requested],
  Rejected: [REFUND.requested],
  Refunded: [REFUND.requested, REFUND.approved],
};

/** The back office decides a customer's refund request on one line. */
export async function decideRefund(lineId: number, decision: RefundDecision): Promise<{ id: number; order_id: number; refund_status: string }> {
  const handle = await getDb();
  return writeTransaction(handle, async (trx) => {
    const line = await trx.selectFrom("order_lines").select(["id", "order_id", "refund_status"]).where("id", "=", lineId).executeTakeFirst();
    if (!line) throw new ApiError(404, "Order item not found.");
    const updated = await trx
      .updateTable("order_lines")
      .set({ refund_status: decision })
      .where("id", "=", lineId)
      .where("refund_status", "in", REFUND_ALLOWED_FROM[decision])
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) {
      throw new ApiError(409, line.refund_status ? `A refund that is ${line.refund_status} cannot be marked ${decision}.` : "No refund was requested for this item.");
    }
    if (decision === REFUND.refunded) {
      // Every item's money went back: the order's payment status says so (Paid → Refunded).
      const open = await trx
        .selectFrom("order_lines")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("order_id", "=", line.order_id)
        .where((eb) => eb.or([eb("refund_status", "is", null), eb("refund_status", "!=", REFUND.refunded)]))
        .executeTakeFirstOrThrow();
      if (Number(open.n) === 0) {
        await trx.updateTable("orders").set({ payment_status: PAYMENT.refunded, updated_at: new Date().toISOString() }).where("id", "=", line.order_id).where("payment_status", "=", PAYMENT.paid).execute();
      }
    }
    return { id: line.id, order_id: line.order_id, refund_status: decision };
  });
}
