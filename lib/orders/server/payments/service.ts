import "server-only";
import { z } from "zod";
import { getConfig } from "@/lib/platform/config";
import { getDb } from "@/lib/platform/db";
import { writeTransaction } from "@/lib/platform/db/transaction";
import { ApiError } from "@/lib/platform/errors";
import { markOrderPaid, sweepExpiredOrders, type PaidOutcome } from "../order-state";
import { ACTOR, DELIVERY, ORDER_MESSAGES, PAYMENT, PAYMENT_ROW, PAYMENT_TYPE } from "../../status";
import { afterCommit, orderTransaction } from "../after-commit";
import { applyTransition, lockOrder, OPEN_PAYMENT } from "../transition";
import { getSiteSettings } from "@/lib/platform/settings";
import { activeProviderName, providerByName } from "./index";
import { ProviderUnavailable, type PaymentEvent, type PaymentProvider, type ProviderName, type WebhookReading } from "./provider";
import { log } from "@/lib/platform/log";
import { refundFromProvider } from "../refunds";
import { noticePaymentFailed } from "../staff-notices";

/**
 * Online payment of an order, whichever provider takes it (./index.ts), through the provider
 * interface only (./provider.ts: each provider reads and checks its own fields, headers and events):
 *
 *  start ─► one provider order per store order (reused by every retry) ─► the browser pays
 *        ─► callback (the browser, signed) and/or webhook (the provider, signed) ─► markOrderPaid
 *
 * Nothing the browser sends is trusted: the callback's signature is checked against the provider
 * order id the store stored (never the one posted back), and the payment is read back from the
 * provider to re-check its order, amount, currency and status. Webhooks are checked over their
 * raw body and deduplicated by event id; markOrderPaid records a payment once however often and in
 * whatever order it is reported, and a failure reported after a success changes nothing.
 */
export const PAYMENT_MESSAGES = {
  alreadyPaid: "This order is already paid.",
  expired: "This order has expired and its items were released. Please place a new order.",
  notOnline: "This order is paid by Cash on Delivery.",
  unavailable: "Online payment is not available right now. Please try again later.",
  providerDown: "The payment service could not be reached. Please try again in a moment.",
  badSignature: "Invalid webhook signature.",
  unknownProvider: "Unknown payment provider.",
} as const;

export const DEFAULT_SHOP_NAME = "Kesar Home";

/** Where the browser lands after paying: the payment response page (docs/storefront.md, "Payments"). */
export const paymentResponsePath = (ok: boolean, code: string | null) =>
  `/payment-response?response=${ok ? 1 : 0}${code ? `&order=${encodeURIComponent(code)}` : ""}`;

export const callbackPath = (code: string) => `/api/v2/payments/callback?order=${encodeURIComponent(code)}`;

/** Order codes as the store makes them; anything else is not looked up. */
export const orderCodeSchema = z.string().trim().regex(/^[A-Za-z0-9_-]{1,64}$/);

/**
 * Records a failed payment attempt the provider signed (a webhook's payment.failed, or the
 * provider's own record read back after a signed return): transition `fail` of the order's open
 * payment rows, unless the order's payment already went through. Nothing the browser posts
 * unsigned ever gets here.
 */
async function recordFailure(orderId: number, reason: string, now = new Date()): Promise<void> {
  const handle = await getDb();
  await orderTransaction(handle, async (trx, after) => {
    const order = await lockOrder(trx, handle.dialect, orderId);
    if (!order || order.payment_status !== PAYMENT.unpaid) return;
    const rows = await trx.selectFrom("payments").select("id").where("order_id", "=", orderId).where("status", "in", OPEN_PAYMENT).orderBy("id").execute();
    for (const row of rows) {
      await applyTransition({ trx, dialect: handle.dialect, now, actor: ACTOR.provider, note: reason.slice(0, 500), after }, { machine: "payment", name: "fail", paymentId: row.id, set: { error: reason.slice(0, 500) } });
    }
    // Once per failed attempt: a report of it again finds no open row and tells nobody.
    if (rows.length) await noticePaymentFailed(trx, after, { id: order.id, code: order.code, grandTotal: order.grand_total }, reason, now);
  });
}

/** markOrderPaid, where a concurrent report of the same payment (its 409) counts as paid if the order is now Paid. */
async function recordPaid(orderId: number, report: Parameters<typeof markOrderPaid>[1]): Promise<PaidOutcome> {
  try {
    return await markOrderPaid(orderId, report);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 409) throw error;
    const { db } = await getDb();
    const order = await db.selectFrom("orders").select("payment_status").where("id", "=", orderId).executeTakeFirst();
    if (order?.payment_status === PAYMENT.paid) return { kind: "paid", orderId, invoiceNumber: "", firstTime: false };
    throw error;
  }
}

/* ---------------------------------------------------------------------------------------------
 * Start (or retry) the payment of an order
 * ------------------------------------------------------------------------------------------- */

/** What the browser opens the provider's checkout with (POST /payments/start presents it). */
export type PaymentStart = {
  provider: ProviderName;
  /** The provider's public key for its checkout. */
  keyId: string;
  providerOrderId: string;
  /** Paise. */
  amount: number;
  currency: "INR";
  /** The shop's name, shown by the provider's checkout. */
  name: string;
  description: string;
  prefill: { name: string; email: string; contact: string };
  /** Where the browser posts the provider's answer. */
  callbackUrl: string;
  /** The provider's own payment page, when it has one (the sandbox's); null for a checkout opened in the page. */
  checkoutUrl: string | null;
};

type PaymentRow = { id: number; provider: string; provider_order_id: string | null };

/** The order's online payment row, made when placement did not make one (one row per order). */
async function paymentRowOf(userId: number, orderId: number, provider: ProviderName, amount: number): Promise<PaymentRow> {
  const handle = await getDb();
  const existing = await handle.db.selectFrom("payments").select(["id", "provider", "provider_order_id"]).where("order_id", "=", orderId).orderBy("id").executeTakeFirst();
  if (existing) return existing;
  return writeTransaction(handle, async (trx) => {
    // Serializes two first starts of the same order (SQLite: the transaction's write lock).
    if (handle.dialect === "postgres") await trx.selectFrom("orders").select("id").where("id", "=", orderId).forUpdate().executeTakeFirst();
    const again = await trx.selectFrom("payments").select(["id", "provider", "provider_order_id"]).where("order_id", "=", orderId).orderBy("id").executeTakeFirst();
    if (again) return again;
    const now = new Date();
    const at = now.toISOString();
    const row = await trx
      .insertInto("payments")
      .values({ order_id: orderId, provider, reference: null, amount, status: PAYMENT_ROW.created, created_at: at, currency: "INR", updated_at: at })
      .returning(["id", "provider", "provider_order_id"])
      .executeTakeFirstOrThrow();
    await applyTransition({ trx, dialect: handle.dialect, now, actor: ACTOR.customer, actorId: userId, after: afterCommit() }, { machine: "payment", name: "create", paymentId: row.id });
    return row;
  });
}

function unavailable(error: unknown): never {
  if (error instanceof ProviderUnavailable) {
    log.error({ err: error }, "payment provider call failed");
    throw new ApiError(503, PAYMENT_MESSAGES.providerDown);
  }
  throw error;
}

/**
 * POST /payments/start: the browser's checkout parameters for the customer's own unpaid online
 * order. The first call creates the provider order and stores its id by a conditional update;
 * every later call (Retry Payment, a double click, ten tabs at once) gets that same provider order.
 */
export async function startPayment(userId: number, orderId: number, now = new Date()): Promise<PaymentStart> {
  await sweepExpiredOrders(now);
  const { db } = await getDb();
  const order = await db
    .selectFrom("orders as o")
    .innerJoin("users as u", "u.id", "o.user_id")
    .select(["o.id", "o.code", "o.grand_total", "o.payment_type", "o.payment_status", "o.delivery_status", "o.cancel_reason", "o.payment_provider", "o.shipping_name", "o.shipping_phone", "o.shipping_email", "u.email"])
    .where("o.id", "=", orderId)
    .where("o.user_id", "=", userId)
    .executeTakeFirst();
  if (!order) throw new ApiError(404, ORDER_MESSAGES.notFound);
  if (order.payment_type !== PAYMENT_TYPE.online) throw new ApiError(409, PAYMENT_MESSAGES.notOnline);
  if (order.payment_status !== PAYMENT.unpaid) throw new ApiError(409, PAYMENT_MESSAGES.alreadyPaid);
  if (order.delivery_status === DELIVERY.cancelled) {
    throw new ApiError(409, order.cancel_reason === "payment_timeout" ? PAYMENT_MESSAGES.expired : ORDER_MESSAGES.alreadyCancelled);
  }
  if (order.delivery_status !== DELIVERY.pending) throw new ApiError(409, PAYMENT_MESSAGES.alreadyPaid);

  const existing = await db.selectFrom("payments").select(["provider"]).where("order_id", "=", order.id).orderBy("id").executeTakeFirst();
  const providerName = order.payment_provider ?? (existing && existing.provider !== "cod" ? existing.provider : null) ?? activeProviderName();
  const provider = await providerByName(providerName);
  if (!provider) throw new ApiError(409, PAYMENT_MESSAGES.unavailable);

  const payment = await paymentRowOf(userId, order.id, provider.name, order.grand_total);
  let providerOrderId = payment.provider_order_id;
  if (!providerOrderId) {
    const created = await provider
      .createOrder({ amount: order.grand_total, currency: "INR", receipt: order.code.slice(0, 40), notes: { order_code: order.code, order_id: String(order.id) } })
      .catch(unavailable);
    if (created.amount !== order.grand_total || created.currency !== "INR") {
      log.error({ provider: provider.name, providerOrder: created.id, amount: created.amount, currency: created.currency, expected: order.grand_total }, "payment provider answered another amount");
      throw new ApiError(503, PAYMENT_MESSAGES.providerDown);
    }
    // Two starts at once may both create a provider order; only the first one stored is used
    // (the other is never paid, and the provider lets it expire).
    const stored = await db
      .updateTable("payments")
      .set({ provider_order_id: created.id, provider: provider.name, currency: "INR", updated_at: new Date().toISOString() })
      .where("id", "=", payment.id)
      .where("provider_order_id", "is", null)
      .executeTakeFirst();
    if (Number(stored.numUpdatedRows) === 1) {
      providerOrderId = created.id;
    } else {
      const row = await db.selectFrom("payments").select("provider_order_id").where("id", "=", payment.id).executeTakeFirstOrThrow();
      providerOrderId = row.provider_order_id as string;
    }
  }

  const shopName = (await getSiteSettings()).website_name || DEFAULT_SHOP_NAME;
  return {
    provider: provider.name,
    keyId: provider.keyId,
    providerOrderId,
    amount: order.grand_total,
    currency: "INR",
    name: shopName,
    description: `Order ${order.code}`,
    prefill: { name: order.shipping_name, email: order.email || order.shipping_email, contact: order.shipping_phone },
    // A checkout on the provider's own site posts back to the site's address; one on the store's
    // own page takes a path, which works whatever host the shopper reached the store by.
    callbackUrl: provider.absoluteCallbackUrl ? `${getConfig().siteUrl}${callbackPath(order.code)}` : callbackPath(order.code),
    checkoutUrl: provider.checkoutUrl(providerOrderId),
  };
}

/* ---------------------------------------------------------------------------------------------
 * The browser's return (callback_url)
 * ------------------------------------------------------------------------------------------- */

export type CallbackOutcome = { ok: boolean; code: string | null };

/**
 * The browser comes back from the payment with the provider's fields for OUR order `orderCode`.
 * No session is needed: the signature is the proof. Success only when the signature matches the
 * provider order the store stored for this order, and the provider confirms a captured (or
 * authorized) payment of this order for the order's amount in INR.
 */
export async function handleCallback(orderCode: string, fields: Iterable<[string, unknown]>, now = new Date()): Promise<CallbackOutcome> {
  const code = orderCodeSchema.safeParse(orderCode);
  if (!code.success) return { ok: false, code: null };
  // Every failure lands on the same page for a code that exists and one that does not.
  const failed: CallbackOutcome = { ok: false, code: code.data };
  await sweepExpiredOrders(now);
  const { db } = await getDb();
  const order = await db.selectFrom("orders").select(["id", "code", "payment_status", "payment_type", "delivery_status"]).where("code", "=", code.data).executeTakeFirst();
  if (!order || order.payment_type !== PAYMENT_TYPE.online) return failed;
  const payment = await db.selectFrom("payments").select(["provider", "provider_order_id"]).where("order_id", "=", order.id).orderBy("id").executeTakeFirst();
  // Only the order's own provider can read what its checkout posted.
  const provider = await providerByName(payment?.provider);
  if (!provider || !payment?.provider_order_id) return failed;
  const answer = provider.verifyReturn(payment.provider_order_id, fields);
  // Malformed fields, a failure the browser reports, a bad signature: none of it is signed by the
  // provider, so none of it changes the payment (the signed webhook reports real failures).
  if (answer.kind !== "paid") return failed;
  if (order.payment_status !== PAYMENT.unpaid) {
    // Already recorded (the webhook came first, or the page was posted twice).
    return { ok: order.delivery_status !== DELIVERY.cancelled, code: order.code };
  }
  let reported;
  try {
    reported = await provider.paymentState(answer.paymentId);
  } catch (error) {
    if (!(error instanceof ProviderUnavailable)) throw error;
    // The webhook will still record the payment when the provider confirms it.
    log.error({ err: error }, "payment provider call failed");
    return failed;
  }
  if (!reported || reported.providerOrderId !== payment.provider_order_id) return failed;
  if (reported.state !== "succeeded") {
    // The provider's own books, read with the store's credentials, say the payment failed.
    if (reported.state === "failed") await recordFailure(order.id, `provider reports ${reported.providerStatus} for ${reported.providerOrderId}`);
    return failed;
  }
  const outcome = await recordPaid(order.id, { provider: provider.name, providerPaymentId: reported.id, amount: reported.amount, currency: reported.currency });
  return { ok: outcome.kind === "paid", code: order.code };
}

/* ---------------------------------------------------------------------------------------------
 * Webhooks
 * ------------------------------------------------------------------------------------------- */

/** What a webhook that cannot be read is answered, by what was wrong with it (400). */
const WEBHOOK_PROBLEMS: Record<Extract<WebhookReading, { ok: false }>["problem"], string> = {
  bad_signature: PAYMENT_MESSAGES.badSignature,
  not_json: "Request body is not valid JSON.",
  malformed: "Malformed event.",
};

export type WebhookOutcome = { status: number; message: string };

/** The store's order whose stored provider order is `providerOrderId`. */
async function orderByProviderOrder(provider: ProviderName, providerOrderId: string) {
  const { db } = await getDb();
  return db
    .selectFrom("payments as p")
    .innerJoin("orders as o", "o.id", "p.order_id")
    .select(["o.id", "o.payment_status"])
    .where("p.provider", "=", provider)
    .where("p.provider_order_id", "=", providerOrderId)
    .executeTakeFirst();
}

async function applyEvent(provider: PaymentProvider, event: PaymentEvent): Promise<WebhookOutcome> {
  if (event.kind === "malformed") return { status: 400, message: "Malformed event payload." };
  if (event.kind === "ignored") return { status: 200, message: "Event ignored." };
  if (event.kind === "refund") return refundFromProvider(provider.name, event);
  if (event.kind === "paid") {
    const order = await orderByProviderOrder(provider.name, event.providerOrderId);
    if (!order) return { status: 200, message: "No order for this event." };
    const outcome = await recordPaid(order.id, { provider: provider.name, providerPaymentId: event.providerPaymentId, amount: event.amount, currency: event.currency });
    return { status: 200, message: `Recorded: ${outcome.kind}.` };
  }
  const order = event.providerOrderId ? await orderByProviderOrder(provider.name, event.providerOrderId) : undefined;
  if (!order) return { status: 200, message: "No order for this event." };
  // A failure reported after (or while) a success changes nothing: recordFailure checks Un-Paid.
  await recordFailure(order.id, event.reason);
  return { status: 200, message: "Recorded: failed." };
}

/**
 * POST /payments/{provider}/webhook. The provider checks the signature over the raw body before
 * anything is read from it (readWebhook) and names the delivery; an event id already seen is answered 200 and changes nothing. An event whose
 * handling fails is forgotten again, so the provider's retry is handled.
 */
export async function handleWebhook(providerName: string, rawBody: string, headers: Headers): Promise<WebhookOutcome> {
  const provider = await providerByName(providerName);
  if (!provider) return { status: 404, message: PAYMENT_MESSAGES.unknownProvider };
  const reading = provider.readWebhook({ headers, rawBody });
  if (!reading.ok) return { status: 400, message: WEBHOOK_PROBLEMS[reading.problem] };
  const { eventId } = reading;

  const { db } = await getDb();
  const inserted = await db
    .insertInto("payment_events")
    .values({ provider: provider.name, event_id: eventId, event_type: reading.type, received_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(["provider", "event_id"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!inserted) return { status: 200, message: "Duplicate event." };
  try {
    const outcome = await applyEvent(provider, reading.event);
    if (outcome.status >= 400) await forgetEvent(provider.name, eventId);
    return outcome;
  } catch (error) {
    await forgetEvent(provider.name, eventId);
    log.error({ err: error }, "payment webhook handling failed");
    return { status: 503, message: "The event could not be recorded now. Please retry." };
  }
}

async function forgetEvent(provider: ProviderName, eventId: string): Promise<void> {
  const { db } = await getDb();
  await db.deleteFrom("payment_events").where("provider", "=", provider).where("event_id", "=", eventId).execute();
}
