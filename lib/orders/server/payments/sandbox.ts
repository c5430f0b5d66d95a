import "server-only";
import { createHmac } from "node:crypto";
import { getConfig } from "@/lib/platform/config";
import { getDb } from "@/lib/platform/db";
import { authSecret } from "@/lib/accounts";
import { hmacHex, paymentSignature, randomId, signatureMatches, type CreateOrderInput, type PaymentProvider, type ProviderOrder, type ProviderPayment } from "./provider";

/**
 * The built-in sandbox provider: works with no account and no network, and signs exactly as
 * Razorpay does, so the store's real verification code runs in development and in CI. Its own
 * ledger is the sandbox_payments table: a row per provider order (status 'order', payment_id =
 * the order id) and a row per payment attempt ('captured' | 'failed'), which is what fetchPayment
 * reads back, the way a real provider answers from its own books, not from the store's.
 */
export const SANDBOX_KEY_ID = "sandbox_test_key";
/** Status of a ledger row that records a provider order rather than a payment. */
export const SANDBOX_ORDER_ROW = "order";

export type SandboxSecrets = { keySecret: string; webhookSecret: string };

/** PAYMENTS_SANDBOX_KEY_SECRET / _WEBHOOK_SECRET, or secrets derived from the auth secret (stable per install). */
export async function sandboxSecrets(): Promise<SandboxSecrets> {
  const { payments } = getConfig();
  if (payments.sandboxKeySecret && payments.sandboxWebhookSecret) {
    return { keySecret: payments.sandboxKeySecret, webhookSecret: payments.sandboxWebhookSecret };
  }
  const base = await authSecret((await getDb()).db);
  const derive = (label: string) => createHmac("sha256", base).update(`payments-sandbox:${label}`).digest("base64url");
  return {
    keySecret: payments.sandboxKeySecret ?? derive("key-secret"),
    webhookSecret: payments.sandboxWebhookSecret ?? derive("webhook-secret"),
  };
}

export type SandboxOrder = { id: string; amount: number; currency: string };

/** The sandbox's record of one of its orders, or null. */
export async function sandboxOrder(providerOrderId: string): Promise<SandboxOrder | null> {
  const { db } = await getDb();
  const row = await db
    .selectFrom("sandbox_payments")
    .select(["provider_order_id", "amount", "currency"])
    .where("payment_id", "=", providerOrderId)
    .where("status", "=", SANDBOX_ORDER_ROW)
    .executeTakeFirst();
  return row ? { id: row.provider_order_id, amount: row.amount, currency: row.currency } : null;
}

/** Records a payment attempt in the sandbox's ledger; returns its payment id. */
export async function recordSandboxPayment(providerOrderId: string, amount: number, currency: string, status: "captured" | "failed"): Promise<string> {
  const { db } = await getDb();
  const paymentId = randomId("pay_");
  await db
    .insertInto("sandbox_payments")
    .values({ payment_id: paymentId, provider_order_id: providerOrderId, amount, currency, status, created_at: new Date().toISOString() })
    .execute();
  return paymentId;
}

export function createSandboxProvider(secrets: SandboxSecrets): PaymentProvider {
  return {
    name: "sandbox",
    keyId: SANDBOX_KEY_ID,
    async createOrder(input: CreateOrderInput): Promise<ProviderOrder> {
      const { db } = await getDb();
      const id = randomId("order_");
      await db
        .insertInto("sandbox_payments")
        .values({ payment_id: id, provider_order_id: id, amount: input.amount, currency: input.currency, status: SANDBOX_ORDER_ROW, created_at: new Date().toISOString() })
        .execute();
      return { id, amount: input.amount, currency: input.currency };
    },
    async fetchPayment(paymentId: string): Promise<ProviderPayment | null> {
      const { db } = await getDb();
      const row = await db
        .selectFrom("sandbox_payments")
        .select(["payment_id", "provider_order_id", "amount", "currency", "status"])
        .where("payment_id", "=", paymentId)
        .where("status", "!=", SANDBOX_ORDER_ROW)
        .executeTakeFirst();
      return row ? { id: row.payment_id, order_id: row.provider_order_id, amount: row.amount, currency: row.currency, status: row.status } : null;
    },
    verifyPaymentSignature: (providerOrderId, paymentId, signature) => signatureMatches(paymentSignature(secrets.keySecret, providerOrderId, paymentId), signature),
    verifyWebhookSignature: (rawBody, signature) => signatureMatches(hmacHex(secrets.webhookSecret, rawBody), signature),
  };
}
