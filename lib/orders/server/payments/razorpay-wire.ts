import { createHash, createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { BrowserReturn, PaymentEvent, PaymentProvider, PaymentState, WebhookReading } from "./provider";

/**
 * Razorpay's wire format (Standard Checkout and webhooks), spoken by the Razorpay adapter and by the
 * sandbox, which imitates it so the same checks run in development and CI:
 *
 *  - the checkout posts `razorpay_order_id`, `razorpay_payment_id` and `razorpay_signature` to the
 *    callback_url, or on failure `error[code]`, `error[description]`…; the signature is HMAC-SHA256
 *    hex of `${order_id}|${payment_id}` with the key secret;
 *  - a webhook is signed over its raw body with the webhook secret (header X-Razorpay-Signature) and
 *    names its delivery in X-Razorpay-Event-Id; the events the store acts on are payment.captured,
 *    payment.authorized, order.paid and payment.failed, and refund.processed and refund.failed
 *    (the refund entity: id, payment_id, amount, status, receipt);
 *  - a payment's status is created, authorized, captured, refunded or failed.
 */
export const SIGNATURE_HEADER = "x-razorpay-signature";
export const EVENT_ID_HEADER = "x-razorpay-event-id";

/** A payment as Razorpay's API answers it (the fields the store reads). */
export type RazorpayPayment = { id: string; order_id: string | null; amount: number; currency: string; status: string };

/** A provider that speaks Razorpay's format: the interface, plus Razorpay's own calls and checks. */
export type RazorpayCompatible = PaymentProvider & {
  /** GET /v1/payments/{id} as Razorpay answers it, or null when it has no payment by that id. */
  fetchPayment(paymentId: string): Promise<RazorpayPayment | null>;
  /** HMAC-SHA256 hex of `${providerOrderId}|${paymentId}` with the key secret. */
  verifyPaymentSignature(providerOrderId: string, paymentId: string, signature: string): boolean;
  /** HMAC-SHA256 hex of the raw request body with the webhook secret. */
  verifyWebhookSignature(rawBody: string, signature: string): boolean;
};

/** Statuses of a payment that mean the money was taken (auto-capture follows authorization). */
export const SUCCESSFUL_PAYMENT_STATUSES: ReadonlySet<string> = new Set(["captured", "authorized"]);

export const hmacHex = (secret: string, data: string): string => createHmac("sha256", secret).update(data, "utf8").digest("hex");

/** Compares a sent hex signature with the expected one in constant time (any length, any junk). */
export function signatureMatches(expectedHex: string, sent: string): boolean {
  if (typeof sent !== "string" || !/^[0-9a-f]{64}$/i.test(sent)) return false;
  const a = Buffer.from(expectedHex, "hex");
  const b = Buffer.from(sent.toLowerCase(), "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}

export const paymentSignature = (keySecret: string, providerOrderId: string, paymentId: string) => hmacHex(keySecret, `${providerOrderId}|${paymentId}`);

const ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A Razorpay-like id: the prefix and 14 characters from the CSPRNG ("order_Kx9…"). */
export const randomId = (prefix: string, length = 14) => `${prefix}${Array.from({ length }, () => ID_ALPHABET[randomInt(ID_ALPHABET.length)]).join("")}`;

/** A payment's state in the store's terms, from Razorpay's status. */
export function paymentStateOf(payment: RazorpayPayment): PaymentState {
  const state: PaymentState["state"] = SUCCESSFUL_PAYMENT_STATUSES.has(payment.status)
    ? "succeeded"
    : payment.status === "refunded"
      ? "refunded"
      : payment.status === "failed"
        ? "failed"
        : "pending";
  return { id: payment.id, providerOrderId: payment.order_id, amount: payment.amount, currency: payment.currency, state, providerStatus: payment.status };
}

/* ---------------------------------------------------------------------------------------------
 * The browser's return (callback_url)
 * ------------------------------------------------------------------------------------------- */

const field = z.string().trim().min(1).max(200);
export const callbackFieldsSchema = z.object({
  razorpay_order_id: field.optional(),
  razorpay_payment_id: field.regex(/^[A-Za-z0-9_]+$/).optional(),
  razorpay_signature: field.optional(),
  error: z
    .object({
      code: z.string().max(200).optional(),
      description: z.string().max(1000).optional(),
      reason: z.string().max(200).optional(),
      source: z.string().max(200).optional(),
      step: z.string().max(200).optional(),
      metadata: z.string().max(2000).optional(),
    })
    .optional(),
});
export type CallbackFields = z.infer<typeof callbackFieldsSchema>;

/** Form fields `error[code]`, `error[description]`… (how Razorpay posts a failure) → `{ error: {…} }`. */
export function callbackFieldsFrom(entries: Iterable<[string, unknown]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const error: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    const nested = /^error\[([a-z_]+)\]$/.exec(key);
    if (nested) error[nested[1] as string] = typeof value === "string" ? value : JSON.stringify(value);
    else if (key === "error" && value && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) error[k] = typeof v === "string" ? v : JSON.stringify(v);
    } else out[key] = value;
  }
  if (Object.keys(error).length) out.error = error;
  return out;
}

/**
 * Reads the checkout's post: a failure with what the checkout said, or a payment whose signature is
 * checked against the provider order the store stored (the posted razorpay_order_id is ignored).
 */
export function readCheckoutReturn(keySecret: string, providerOrderId: string | null, entries: Iterable<[string, unknown]>): BrowserReturn {
  const fields = callbackFieldsSchema.safeParse(callbackFieldsFrom(entries));
  if (!fields.success) return { kind: "malformed" };
  const f = fields.data;
  if (!f.razorpay_payment_id || !f.razorpay_signature) {
    const reason = f.error ? [f.error.code, f.error.reason, f.error.description].filter(Boolean).join(": ") : "callback without a payment";
    return { kind: "failed", reason };
  }
  if (!providerOrderId) return { kind: "unverifiable" };
  if (!signatureMatches(paymentSignature(keySecret, providerOrderId, f.razorpay_payment_id), f.razorpay_signature)) return { kind: "bad_signature" };
  return { kind: "paid", paymentId: f.razorpay_payment_id };
}

/* ---------------------------------------------------------------------------------------------
 * Webhooks
 * ------------------------------------------------------------------------------------------- */

const paymentEntity = z.object({
  id: z.string().min(1).max(100),
  order_id: z.string().min(1).max(100).nullish(),
  amount: z.number().int().nonnegative(),
  currency: z.string().min(3).max(3),
  status: z.string().max(40).optional(),
  error_code: z.string().max(200).nullish(),
  error_description: z.string().max(1000).nullish(),
});
const orderEntity = z.object({
  id: z.string().min(1).max(100),
  amount: z.number().int().nonnegative(),
  amount_paid: z.number().int().nonnegative().optional(),
  currency: z.string().min(3).max(3),
});
const webhookEnvelope = z.object({ event: z.string().min(1).max(100), payload: z.record(z.string(), z.unknown()).optional() });
const paymentPayload = z.object({ payment: z.object({ entity: paymentEntity }), order: z.object({ entity: orderEntity }).optional() });
const orderPaidPayload = z.object({ payment: z.object({ entity: paymentEntity }).optional(), order: z.object({ entity: orderEntity }) });

const refundEntity = z.object({
  id: z.string().min(1).max(100),
  payment_id: z.string().min(1).max(100),
  amount: z.number().int().nonnegative(),
  currency: z.string().min(3).max(3).optional(),
  status: z.string().max(40).optional(),
  receipt: z.string().max(100).nullish(),
  error_code: z.string().max(200).nullish(),
  error_description: z.string().max(1000).nullish(),
});
const refundPayload = z.object({ refund: z.object({ entity: refundEntity }) });
const REFUND_EVENTS: Record<string, "processed" | "failed"> = { "refund.processed": "processed", "refund.failed": "failed" };

const PAID_EVENTS = new Set(["payment.captured", "payment.authorized", "order.paid"]);

/** An event's payload in the store's terms. */
export function eventOf(type: string, payload: unknown): PaymentEvent {
  if (PAID_EVENTS.has(type)) {
    if (type === "order.paid") {
      const p = orderPaidPayload.safeParse(payload);
      if (!p.success) return { kind: "malformed" };
      const pay = p.data.payment?.entity;
      const order = p.data.order.entity;
      return pay
        ? { kind: "paid", providerOrderId: order.id, providerPaymentId: pay.id, amount: pay.amount, currency: pay.currency }
        : { kind: "paid", providerOrderId: order.id, providerPaymentId: "", amount: order.amount_paid ?? 0, currency: order.currency };
    }
    const p = paymentPayload.safeParse(payload);
    if (!p.success || !p.data.payment.entity.order_id) return { kind: "malformed" };
    const pay = p.data.payment.entity;
    return { kind: "paid", providerOrderId: pay.order_id as string, providerPaymentId: pay.id, amount: pay.amount, currency: pay.currency };
  }
  if (type === "payment.failed") {
    const p = paymentPayload.safeParse(payload);
    if (!p.success) return { kind: "malformed" };
    const pay = p.data.payment.entity;
    return { kind: "failed", providerOrderId: pay.order_id ?? null, reason: [pay.error_code, pay.error_description].filter(Boolean).join(": ") || "payment failed" };
  }
  const outcome = REFUND_EVENTS[type];
  if (outcome) {
    const p = refundPayload.safeParse(payload);
    if (!p.success) return { kind: "malformed" };
    const r = p.data.refund.entity;
    const reason = [r.error_code, r.error_description].filter(Boolean).join(": ") || (outcome === "failed" ? "refund failed" : "");
    return { kind: "refund", outcome, providerRefundId: r.id, providerPaymentId: r.payment_id, amount: r.amount, receipt: r.receipt ?? null, reason };
  }
  return { kind: "ignored", type };
}

/**
 * Checks a webhook's X-Razorpay-Signature over exactly the raw body before reading anything from
 * it, then reads its event. The delivery is named by X-Razorpay-Event-Id, or, without one, by a
 * digest of the body.
 */
export function readWebhookRequest(webhookSecret: string, headers: Headers, rawBody: string): WebhookReading {
  const signature = headers.get(SIGNATURE_HEADER) ?? "";
  if (!signature || !signatureMatches(hmacHex(webhookSecret, rawBody), signature)) return { ok: false, problem: "bad_signature" };
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return { ok: false, problem: "not_json" };
  }
  const envelope = webhookEnvelope.safeParse(body);
  if (!envelope.success) return { ok: false, problem: "malformed" };
  const sentId = headers.get(EVENT_ID_HEADER)?.trim();
  const eventId = sentId && sentId.length <= 100 ? sentId : `body:${createHash("sha256").update(rawBody).digest("hex")}`;
  return { ok: true, eventId, type: envelope.data.event, event: eventOf(envelope.data.event, envelope.data.payload) };
}
