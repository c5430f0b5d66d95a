import "server-only";
import { clampPage } from "../rules";
import { audit, type StaffActor } from "@/lib/platform/audit";
import { getDb } from "@/lib/platform/db";
import { ApiError } from "@/lib/platform/errors";
import { illegalMove, type OrderTransitionName, REFUND_DECISIONS } from "../lifecycle";
import { ACTOR, DELIVERY, type DeliveryStatus, ORDER_MESSAGES, PAYMENT, PAYMENT_ROW, PAYMENT_TYPE, type PaymentStatus, type PaymentType, REFUND, type RefundStatus } from "../status";
import { orderTransaction } from "./after-commit";
import { recordRefund, type RefundInput } from "./refunds";
import { applyTransition, type Change, lockOrder } from "./transition";
import { deliverOpenShipment } from "./shipping/service";
import type { OrderListQuery } from "../admin-list";
import { all, filtersOf } from "./order-admin-list";

/**
 * The back office's order calls (app/api/v2/admin, a staff session or API token): staff move an
 * order on, decide a line's refund claim; every change through applyTransition (./transition.ts)
 * by the table in ../lifecycle.ts, so two clerks (or a clerk and the payment-deadline sweep) never
 * both apply one change, and an illegal change is a 409 with a message that leaves the order as it
 * was. Their events carry actor "staff" and the staff member's user id, and each change writes its
 * audit row (lib/platform/audit.ts) in the same transaction.
 */

export const ADMIN_PER_PAGE = 20;

/** The order's states as the audit log shows them. */
const orderStates = (o: { delivery_status: string; payment_status: string }) => ({ delivery_status: o.delivery_status, payment_status: o.payment_status });

export type AdminOrderRow = {
  id: number;
  code: string;
  user_id: number;
  customer_email: string | null;
  date: string;
  grand_total: number;
  delivery_status: DeliveryStatus;
  payment_status: PaymentStatus;
  payment_type: PaymentType;
  refund_due: boolean;
};

/**
 * Every customer's orders, newest first, by the back-office list's filters and search (the same
 * conditions as /admin/orders and the CSV export: ./order-admin-list.ts filtersOf), counted exactly.
 */
export async function adminListOrders(query: OrderListQuery, requestedPage: number): Promise<{ orders: AdminOrderRow[]; page: number; lastPage: number; total: number; perPage: number }> {
  const { db, dialect } = await getDb();
  const where = all(filtersOf(query, dialect));
  const count = db.selectFrom("orders as o").select((eb) => eb.fn.countAll<number>().as("n")).where(where);
  const total = Number((await count.executeTakeFirstOrThrow()).n);
  const { page, lastPage } = clampPage(requestedPage, total, ADMIN_PER_PAGE);
  const rows = db
    .selectFrom("orders as o")
    .leftJoin("users as u", "u.id", "o.user_id")
    .select(["o.id", "o.code", "o.user_id", "u.email as customer_email", "o.created_at as date", "o.grand_total", "o.delivery_status", "o.payment_status", "o.payment_type"])
    .select((eb) => eb.exists(eb.selectFrom("payments as p").select("p.id").whereRef("p.order_id", "=", "o.id").where("p.status", "=", PAYMENT_ROW.refundDue)).as("refund_due"))
    .where(where)
    .orderBy("o.created_at", "desc")
    .orderBy("o.id", "desc")
    .limit(ADMIN_PER_PAGE)
    .offset((page - 1) * ADMIN_PER_PAGE);
  const orders = (await rows.execute()).map((o) => ({ ...o, refund_due: Boolean(o.refund_due) }));
  return { orders, page, lastPage, total, perPage: ADMIN_PER_PAGE };
}

export type AdminOrderState = {
  id: number;
  code: string;
  delivery_status: DeliveryStatus;
  payment_status: PaymentStatus;
  payment_type: PaymentType;
  refund_due: boolean;
  invoice_number: string | null;
  /** Paise paid on the order's payment row, and given back of it so far. */
  paid_amount: number;
  refunded_amount: number;
};

export async function adminOrderState(orderId: number): Promise<AdminOrderState | null> {
  const { db } = await getDb();
  const o = await db.selectFrom("orders").select(["id", "code", "delivery_status", "payment_status", "payment_type"]).where("id", "=", orderId).executeTakeFirst();
  if (!o) return null;
  const invoice = await db.selectFrom("invoices").select("number").where("order_id", "=", orderId).executeTakeFirst();
  const payment = await db.selectFrom("payments").select(["status", "amount", "refunded_amount"]).where("order_id", "=", orderId).orderBy("id").executeTakeFirst();
  const taken = payment && ([PAYMENT_ROW.paid, PAYMENT_ROW.refundDue, PAYMENT_ROW.refunded, PAYMENT_ROW.closed] as string[]).includes(payment.status);
  return {
    ...o,
    refund_due: payment?.status === PAYMENT_ROW.refundDue,
    invoice_number: invoice?.number ?? null,
    paid_amount: taken ? payment.amount : 0,
    refunded_amount: payment?.refunded_amount ?? 0,
  };
}

export type AdminTarget = Exclude<DeliveryStatus, "Pending" | "Returned">;

/** The transition each target of POST /admin/orders/{id}/status names. */
const BY_TARGET: Record<AdminTarget, OrderTransitionName> = {
  [DELIVERY.confirmed]: "confirm",
  [DELIVERY.shipped]: "ship",
  [DELIVERY.delivered]: "deliver",
  [DELIVERY.cancelled]: "staff_cancel",
};

/**
 * A clerk moves an order on (Confirmed, Shipped, Delivered) or cancels it, in one transaction. A
 * Cash on Delivery order marked Delivered also collects its cash (`collect_cash`: Paid, invoice,
 * the paid mail); marked Delivered again while its cash is unrecorded, it only collects.
 */
export async function setDeliveryStatus(orderId: number, target: AdminTarget, actor: StaffActor, now = new Date()): Promise<AdminOrderState> {
  const handle = await getDb();
  await orderTransaction(handle, async (trx, after) => {
    const change: Change = { trx, dialect: handle.dialect, now, actor: ACTOR.staff, actorId: actor.userId, note: null, after };
    const order = await lockOrder(trx, handle.dialect, orderId);
    if (!order) throw new ApiError(404, ORDER_MESSAGES.notFound);
    const cashDue = order.payment_type === PAYMENT_TYPE.cod && order.payment_status === PAYMENT.unpaid;
    if (target === DELIVERY.delivered && order.delivery_status === DELIVERY.delivered) {
      if (!cashDue) throw new ApiError(409, illegalMove(DELIVERY.delivered, DELIVERY.delivered));
    } else {
      await applyTransition(change, { machine: "order", name: BY_TARGET[target], orderId });
      // Its parcel, if one was booked, is delivered with it.
      if (target === DELIVERY.delivered) await deliverOpenShipment(change, orderId);
    }
    if (target === DELIVERY.delivered && cashDue) {
      await applyTransition(change, { machine: "order", name: "collect_cash", orderId, payment: { provider_payment_id: `cod-${order.code}` } });
    }
    const moved = await trx.selectFrom("orders").select(["delivery_status", "payment_status"]).where("id", "=", orderId).executeTakeFirstOrThrow();
    await audit(trx, actor, { action: "order.status", entityType: "order", entityId: orderId, before: { code: order.code, ...orderStates(order) }, after: orderStates(moved) }, now);
  });
  return (await adminOrderState(orderId)) as AdminOrderState;
}

export type RefundDecision = Exclude<RefundStatus, "Requested">;

/**
 * The back office decides a customer's claim on one line: Approved or Rejected (line transitions
 * approve_refund, reject_refund), or Refunded, which gives the line's money back: a refund is
 * recorded (./refunds.ts) with its amount — the line's value after its share of the coupon unless
 * told otherwise — method and reference, and the line follows in the same transaction.
 */
export async function decideRefund(
  lineId: number,
  decision: RefundDecision,
  actor: StaffActor,
  money?: { refund: Omit<RefundInput, "lineId" | "amount"> & { amount?: number }; idempotencyKey: string },
  now = new Date(),
): Promise<{ id: number; order_id: number; refund_status: RefundStatus; refund?: Awaited<ReturnType<typeof recordRefund>> }> {
  const handle = await getDb();
  const line = await handle.db.selectFrom("order_lines").select(["id", "order_id", "total", "discount"]).where("id", "=", lineId).executeTakeFirst();
  if (!line) throw new ApiError(404, "Order item not found.");
  if (decision === REFUND.refunded) {
    if (!money) throw new ApiError(422, "A refund needs its method (original, bank_transfer, upi or cash) and an Idempotency-Key header.");
    const amount = money.refund.amount ?? line.total - (line.discount ?? 0);
    const refund = await recordRefund(line.order_id, { ...money.refund, amount, lineId }, money.idempotencyKey, actor, now);
    return { id: line.id, order_id: line.order_id, refund_status: REFUND.refunded, refund };
  }
  const outcome = await orderTransaction(handle, async (trx, after) => {
    const change: Change = { trx, dialect: handle.dialect, now, actor: ACTOR.staff, actorId: actor.userId, note: null, after };
    await lockOrder(trx, handle.dialect, line.order_id);
    const before = await trx.selectFrom("order_lines").select("refund_status").where("id", "=", lineId).executeTakeFirstOrThrow();
    const moved = await applyTransition(change, { machine: "line", name: REFUND_DECISIONS[decision], lineId });
    await audit(trx, actor, { action: "refund.decide", entityType: "order_line", entityId: lineId, before: { order_id: line.order_id, refund_status: before.refund_status }, after: { refund_status: decision } }, now);
    return moved;
  });
  return { id: outcome.id, order_id: outcome.orderId, refund_status: decision };
}
