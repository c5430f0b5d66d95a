import "server-only";
import { createHmac } from "node:crypto";
import { authSecret } from "@/lib/accounts";
import { getConfig } from "@/lib/platform/config";
import { getDb } from "@/lib/platform/db";
import { writeTransaction } from "@/lib/platform/db/transaction";
import { log } from "@/lib/platform/log";
import { assertIdempotencyKey, type CreateOrderInput, type ProviderOrder, type RefundOptions, type RefundResult } from "./provider";
import { hmacHex, paymentSignature, paymentStateOf, randomId, readCheckoutReturn, readWebhookRequest, signatureMatches, type RazorpayCompatible, type RazorpayPayment } from "./razorpay-wire";

/**
 * The built-in sandbox provider: works with no account and no network, and speaks Razorpay's wire
 * format (./razorpay-wire.ts), so the store's real verification code runs in development and in CI.
 * Its own books are two tables, read back the way a real provider answers from its own books, not
 * from the store's:
 *  - sandbox_payments: a row per provider order (status 'order', payment_id = the order id) and a
 *    row per payment attempt ('captured' | 'failed', and 'refunded' once refunded in full);
 *  - sandbox_refunds: a row per refund, with its idempotency key.
 */
export const SANDBOX_KEY_ID = "sandbox_test_key";
/** Status of a ledger row that records a provider order rather than a payment. */
export const SANDBOX_ORDER_ROW = "order";

/** The sandbox's test payment page for one of its orders (what Razorpay's checkout is for real payments). */
export const sandboxCheckoutPath = (providerOrderId: string) => `/payment/sandbox?order_id=${encodeURIComponent(providerOrderId)}`;

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

/** What the sandbox answers for refunds it cannot make, in Razorpay's words where Razorpay has them. */
export const SANDBOX_REFUND_MESSAGES = {
  unknownPayment: "The id provided does not exist",
  notCaptured: "Only a captured payment can be refunded.",
  fullyRefunded: "The payment has been fully refunded already",
  tooSmall: "The amount must be at least INR 1.00",
  tooMuch: "The total refund amount is greater than the refund payment amount",
  keyReused: "Different request with the same idempotency key has already been processed.",
} as const;

/**
 * A test of "kill -9 during a provider refund refunds once" (app/api/v2/_tests/refund-crash.api.test.ts):
 * with SANDBOX_TEST_HOLD_REFUND=before the sandbox's refund call never returns before it records
 * anything (the provider never got the request), with =after never after it recorded the refund
 * (the provider made it, the store never heard), so the test can SIGKILL the server mid-call. Read
 * from the environment only, so no request can set it; ignored by a store served over https (as
 * OUTBOX_TEST_CRASH_AFTER_COMMIT is).
 */
async function holdForTest(point: "before" | "after", key: string): Promise<void> {
  if (process.env.SANDBOX_TEST_HOLD_REFUND !== point || getConfig().siteUrl.startsWith("https://")) return;
  log.warn({ point, idempotencyKey: key }, "SANDBOX_TEST_HOLD_REFUND: the sandbox refund call holds until the process is killed");
  await new Promise<never>(() => undefined);
}

/**
 * Refunds a captured sandbox payment in one transaction: the refund is a sandbox_refunds row, and a
 * payment refunded in full turns 'refunded'. The same idempotency key answers the refund it made
 * (a retry); with another payment or amount it is refused. On PostgreSQL the payment's row is
 * locked first, so two refunds of one payment never both fit under its amount.
 */
async function refundSandboxPayment(paymentId: string, amount: number, options: RefundOptions): Promise<RefundResult> {
  assertIdempotencyKey(options.idempotencyKey);
  await holdForTest("before", options.idempotencyKey);
  const refused = (message: string): RefundResult => ({ ok: false, reason: "refused", message });
  const handle = await getDb();
  const answer = await writeTransaction(handle, async (trx): Promise<RefundResult> => {
    let query = trx.selectFrom("sandbox_payments").select(["payment_id", "amount", "currency", "status"]).where("payment_id", "=", paymentId).where("status", "!=", SANDBOX_ORDER_ROW);
    if (handle.dialect === "postgres") query = query.forUpdate();
    const payment = await query.executeTakeFirst();
    const earlier = await trx.selectFrom("sandbox_refunds").select(["refund_id", "payment_id", "amount", "currency"]).where("idempotency_key", "=", options.idempotencyKey).executeTakeFirst();
    if (earlier) {
      if (earlier.payment_id !== paymentId || earlier.amount !== amount) return refused(SANDBOX_REFUND_MESSAGES.keyReused);
      return { ok: true, refundId: earlier.refund_id, paymentId, amount, currency: earlier.currency, status: "processed" } as const;
    }
    if (!payment) return { ok: false, reason: "unknown_payment", message: SANDBOX_REFUND_MESSAGES.unknownPayment } as const;
    if (payment.status === "refunded") return refused(SANDBOX_REFUND_MESSAGES.fullyRefunded);
    if (payment.status !== "captured") return refused(SANDBOX_REFUND_MESSAGES.notCaptured);
    if (!Number.isInteger(amount) || amount < 100) return refused(SANDBOX_REFUND_MESSAGES.tooSmall);
    const before = await trx.selectFrom("sandbox_refunds").select((eb) => eb.fn.coalesce(eb.fn.sum<number>("amount"), eb.lit(0)).as("total")).where("payment_id", "=", paymentId).executeTakeFirstOrThrow();
    const refunded = Number(before.total);
    if (refunded + amount > payment.amount) return refused(SANDBOX_REFUND_MESSAGES.tooMuch);
    const refundId = randomId("rfnd_");
    await trx
      .insertInto("sandbox_refunds")
      .values({
        refund_id: refundId,
        payment_id: paymentId,
        amount,
        currency: payment.currency,
        status: "processed",
        reason: options.reason.slice(0, 500),
        idempotency_key: options.idempotencyKey,
        created_at: new Date().toISOString(),
      })
      .execute();
    if (refunded + amount === payment.amount) {
      await trx.updateTable("sandbox_payments").set({ status: "refunded" }).where("payment_id", "=", paymentId).where("status", "=", "captured").execute();
    }
    return { ok: true, refundId, paymentId, amount, currency: payment.currency, status: "processed" } as const;
  });
  await holdForTest("after", options.idempotencyKey);
  return answer;
}

export type SandboxProvider = RazorpayCompatible & { readonly name: "sandbox" };

export function createSandboxProvider(secrets: SandboxSecrets): SandboxProvider {
  const fetchPayment = async (paymentId: string): Promise<RazorpayPayment | null> => {
    const { db } = await getDb();
    const row = await db
      .selectFrom("sandbox_payments")
      .select(["payment_id", "provider_order_id", "amount", "currency", "status"])
      .where("payment_id", "=", paymentId)
      .where("status", "!=", SANDBOX_ORDER_ROW)
      .executeTakeFirst();
    return row ? { id: row.payment_id, order_id: row.provider_order_id, amount: row.amount, currency: row.currency, status: row.status } : null;
  };
  return {
    name: "sandbox",
    keyId: SANDBOX_KEY_ID,
    // The sandbox's payment page is the store's own, so a path works whatever host the shopper reached the store by.
    absoluteCallbackUrl: false,
    async createOrder(input: CreateOrderInput): Promise<ProviderOrder> {
      const { db } = await getDb();
      const id = randomId("order_");
      await db
        .insertInto("sandbox_payments")
        .values({ payment_id: id, provider_order_id: id, amount: input.amount, currency: input.currency, status: SANDBOX_ORDER_ROW, created_at: new Date().toISOString() })
        .execute();
      return { id, amount: input.amount, currency: input.currency };
    },
    checkoutUrl: sandboxCheckoutPath,
    verifyReturn: (providerOrderId, fields) => readCheckoutReturn(secrets.keySecret, providerOrderId, fields),
    readWebhook: ({ headers, rawBody }) => readWebhookRequest(secrets.webhookSecret, headers, rawBody),
    async paymentState(paymentId) {
      const payment = await fetchPayment(paymentId);
      return payment ? paymentStateOf(payment) : null;
    },
    refund: refundSandboxPayment,
    fetchPayment,
    verifyPaymentSignature: (providerOrderId, paymentId, signature) => signatureMatches(paymentSignature(secrets.keySecret, providerOrderId, paymentId), signature),
    verifyWebhookSignature: (rawBody, signature) => signatureMatches(hmacHex(secrets.webhookSecret, rawBody), signature),
  };
}
