import "server-only";
import { getDb } from "@/lib/platform/db";
import { ApiError } from "@/lib/platform/errors";
import { providerByName } from "./index";
import { recordSandboxPayment, sandboxOrder, sandboxSecrets } from "./sandbox";
import { EVENT_ID_HEADER, hmacHex, paymentSignature, randomId, SIGNATURE_HEADER } from "./razorpay-wire";

/**
 * The sandbox's "bank": what Razorpay's checkout does when the customer pays or gives up. It
 * records the attempt in the sandbox's ledger, answers the fields the browser then posts to the
 * store's callback_url (signed with the key secret, exactly as Razorpay signs them), and prepares
 * the webhook event the provider sends the store a moment later (signed over its raw body with
 * the webhook secret).
 */
export const SANDBOX_MESSAGES = {
  off: "The sandbox payment provider is switched off.",
  unknownOrder: "Unknown sandbox order.",
} as const;

export type SandboxWebhook = { rawBody: string; headers: Headers };
export type SandboxPayResult = { paymentId: string; fields: Record<string, string>; webhook: SandboxWebhook };

export async function sandboxPay(providerOrderId: string, outcome: "success" | "failure", amountOverride?: number): Promise<SandboxPayResult> {
  if (!(await providerByName("sandbox"))) throw new ApiError(404, SANDBOX_MESSAGES.off);
  const order = await sandboxOrder(providerOrderId);
  if (!order) throw new ApiError(404, SANDBOX_MESSAGES.unknownOrder);
  const secrets = await sandboxSecrets();
  const amount = amountOverride ?? order.amount;
  const status = outcome === "success" ? "captured" : "failed";
  const paymentId = await recordSandboxPayment(order.id, amount, order.currency, status);
  const createdAt = Math.floor(Date.now() / 1000);
  const entity: Record<string, unknown> = {
    id: paymentId,
    entity: "payment",
    amount,
    currency: order.currency,
    status,
    order_id: order.id,
    method: "upi",
    captured: status === "captured",
    created_at: createdAt,
  };
  let fields: Record<string, string>;
  if (outcome === "success") {
    fields = { razorpay_order_id: order.id, razorpay_payment_id: paymentId, razorpay_signature: paymentSignature(secrets.keySecret, order.id, paymentId) };
  } else {
    Object.assign(entity, { error_code: "BAD_REQUEST_ERROR", error_description: "Payment failed (sandbox: Fail payment was chosen).", error_reason: "payment_failed" });
    fields = {
      "error[code]": "BAD_REQUEST_ERROR",
      "error[description]": "Payment failed (sandbox: Fail payment was chosen).",
      "error[source]": "customer",
      "error[step]": "payment_authorization",
      "error[reason]": "payment_failed",
      "error[metadata]": JSON.stringify({ payment_id: paymentId, order_id: order.id }),
    };
  }
  const rawBody = JSON.stringify({
    entity: "event",
    account_id: "acc_sandbox",
    event: outcome === "success" ? "payment.captured" : "payment.failed",
    contains: ["payment"],
    payload: { payment: { entity } },
    created_at: createdAt,
  });
  const headers = new Headers({
    "content-type": "application/json",
    [SIGNATURE_HEADER]: hmacHex(secrets.webhookSecret, rawBody),
    [EVENT_ID_HEADER]: randomId("evt_"),
  });
  return { paymentId, fields, webhook: { rawBody, headers } };
}

export type SandboxCheckout = { orderCode: string; paymentStatus: string; amount: number };

/**
 * What the sandbox's test payment page shows for one of its provider orders: the store's order and
 * the amount the sandbox was asked for. Null when the sandbox is switched off, or the provider order
 * is unknown to the sandbox or to the store.
 */
export async function sandboxCheckout(providerOrderId: string): Promise<SandboxCheckout | null> {
  if (!(await providerByName("sandbox"))) return null;
  const ledger = await sandboxOrder(providerOrderId);
  if (!ledger) return null;
  const { db } = await getDb();
  const order = await db
    .selectFrom("payments as p")
    .innerJoin("orders as o", "o.id", "p.order_id")
    .select(["o.code", "o.payment_status"])
    .where("p.provider", "=", "sandbox")
    .where("p.provider_order_id", "=", providerOrderId)
    .executeTakeFirst();
  if (!order) return null;
  return { orderCode: order.code, paymentStatus: order.payment_status, amount: ledger.amount };
}
