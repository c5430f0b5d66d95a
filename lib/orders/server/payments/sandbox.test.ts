import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/lib/platform/db/connection";
import { migrateToLatest } from "@/lib/platform/db/migrate";

/**
 * The sandbox provider's refunds, on its own books in a migrated SQLite shop: what the back office's
 * refunds will call through the PaymentProvider interface.
 */
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "furnish-sandbox-refund-"));
const previousUrl = process.env.DATABASE_URL;
const SECRETS = { keySecret: "sandbox-key-secret", webhookSecret: "sandbox-webhook-secret" };

beforeAll(async () => {
  const file = path.join(tmp, "shop.db");
  const handle = await openDatabase({ dialect: "sqlite", file });
  await migrateToLatest(handle);
  await handle.close();
  process.env.DATABASE_URL = file;
});

afterAll(async () => {
  const { getDb } = await import("@/lib/platform/db");
  await (await getDb()).close();
  if (previousUrl === undefined) delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = previousUrl;
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function sandbox() {
  const { createSandboxProvider, recordSandboxPayment, SANDBOX_REFUND_MESSAGES } = await import("./sandbox");
  const { getDb } = await import("@/lib/platform/db");
  const provider = createSandboxProvider(SECRETS);
  /** A provider order of `amount` paise and a payment of it with `status`. */
  const paid = async (amount: number, status: "captured" | "failed" = "captured") => {
    const order = await provider.createOrder({ amount, currency: "INR", receipt: "KH260301-7K3QZ" });
    return { orderId: order.id, paymentId: await recordSandboxPayment(order.id, amount, "INR", status) };
  };
  const books = async (paymentId: string) => {
    const { db } = await getDb();
    const refunds = await db.selectFrom("sandbox_refunds").select(["refund_id", "amount", "currency", "status", "reason", "idempotency_key"]).where("payment_id", "=", paymentId).orderBy("id").execute();
    const payment = await db.selectFrom("sandbox_payments").select("status").where("payment_id", "=", paymentId).executeTakeFirstOrThrow();
    return { refunds, status: payment.status };
  };
  return { provider, paid, books, MESSAGES: SANDBOX_REFUND_MESSAGES };
}

describe("the sandbox provider's refunds", () => {
  it("refunds part of a captured payment, then the rest: each refund is in its books, and the payment turns refunded when nothing is left", async () => {
    const { provider, paid, books, MESSAGES } = await sandbox();
    const { paymentId, orderId } = await paid(295_000);

    const first = await provider.refund(paymentId, 100_000, { reason: "Damaged in transit", idempotencyKey: "refund-KH260301-line-1" });
    expect(first).toEqual({ ok: true, refundId: expect.stringMatching(/^rfnd_[A-Za-z0-9]{14}$/), paymentId, amount: 100_000, currency: "INR", status: "processed" });
    expect(await books(paymentId)).toEqual({
      status: "captured",
      refunds: [{ refund_id: first.ok ? first.refundId : "", amount: 100_000, currency: "INR", status: "processed", reason: "Damaged in transit", idempotency_key: "refund-KH260301-line-1" }],
    });
    expect(await provider.paymentState(paymentId)).toMatchObject({ state: "succeeded", providerStatus: "captured", providerOrderId: orderId });

    expect(await provider.refund(paymentId, 195_001, { reason: "Cancelled", idempotencyKey: "refund-KH260301-rest-x" })).toEqual({ ok: false, reason: "refused", message: MESSAGES.tooMuch });
    const rest = await provider.refund(paymentId, 195_000, { reason: "Cancelled", idempotencyKey: "refund-KH260301-rest" });
    expect(rest).toMatchObject({ ok: true, amount: 195_000 });
    const after = await books(paymentId);
    expect(after.status).toBe("refunded");
    expect(after.refunds.map((r) => r.amount)).toEqual([100_000, 195_000]);
    expect(await provider.paymentState(paymentId)).toMatchObject({ state: "refunded", providerStatus: "refunded" });
    expect(await provider.refund(paymentId, 100, { reason: "Again", idempotencyKey: "refund-KH260301-again" })).toEqual({ ok: false, reason: "refused", message: MESSAGES.fullyRefunded });
  });

  it("answers a retry with the same idempotency key with the same refund, once; the key reused for another refund is refused", async () => {
    const { provider, paid, books, MESSAGES } = await sandbox();
    const { paymentId } = await paid(50_000);
    const options = { reason: "Wrong colour", idempotencyKey: "refund-retry-0001" };
    const first = await provider.refund(paymentId, 20_000, options);
    const again = await provider.refund(paymentId, 20_000, options);
    expect(again).toEqual(first);
    expect((await books(paymentId)).refunds).toHaveLength(1);
    expect(await provider.refund(paymentId, 30_000, options)).toEqual({ ok: false, reason: "refused", message: MESSAGES.keyReused });
    const other = await paid(50_000);
    expect(await provider.refund(other.paymentId, 20_000, options)).toEqual({ ok: false, reason: "refused", message: MESSAGES.keyReused });
    expect((await books(other.paymentId)).refunds).toEqual([]);
  });

  it("refuses an unknown payment, a provider order, a failed payment and less than a rupee, and changes nothing", async () => {
    const { provider, paid, books, MESSAGES } = await sandbox();
    const options = (n: number) => ({ reason: "Test", idempotencyKey: `refund-refused-${n}` });
    expect(await provider.refund("pay_AAAAAAAAAAAAAA", 100, options(1))).toEqual({ ok: false, reason: "unknown_payment", message: MESSAGES.unknownPayment });
    const { orderId, paymentId } = await paid(10_000);
    expect(await provider.refund(orderId, 100, options(2))).toEqual({ ok: false, reason: "unknown_payment", message: MESSAGES.unknownPayment });
    const failed = await paid(10_000, "failed");
    expect(await provider.refund(failed.paymentId, 100, options(3))).toEqual({ ok: false, reason: "refused", message: MESSAGES.notCaptured });
    expect(await provider.refund(paymentId, 99, options(4))).toEqual({ ok: false, reason: "refused", message: MESSAGES.tooSmall });
    expect(await provider.refund(paymentId, 1.5, options(5))).toEqual({ ok: false, reason: "refused", message: MESSAGES.tooSmall });
    expect(await books(paymentId)).toEqual({ status: "captured", refunds: [] });
    expect(await books(failed.paymentId)).toEqual({ status: "failed", refunds: [] });
    await expect(provider.refund(paymentId, 100, { reason: "Test", idempotencyKey: "no spaces please" })).rejects.toThrow(RangeError);
  });

  it("reads the browser's return and the webhooks in Razorpay's format, signed with its own secrets", async () => {
    const { provider, paid } = await sandbox();
    const { paymentSignature, hmacHex } = await import("./razorpay-wire");
    const { orderId, paymentId } = await paid(10_000);
    const fields = { razorpay_order_id: orderId, razorpay_payment_id: paymentId, razorpay_signature: paymentSignature(SECRETS.keySecret, orderId, paymentId) };
    expect(provider.verifyReturn(orderId, Object.entries(fields))).toEqual({ kind: "paid", paymentId });
    expect(provider.verifyReturn(orderId, Object.entries({ ...fields, razorpay_signature: paymentSignature("another secret", orderId, paymentId) }))).toEqual({ kind: "bad_signature" });
    const body = JSON.stringify({ event: "payment.failed", payload: { payment: { entity: { id: paymentId, order_id: orderId, amount: 10_000, currency: "INR", error_code: "BAD_REQUEST_ERROR" } } } });
    expect(provider.readWebhook({ rawBody: body, headers: new Headers({ "x-razorpay-signature": hmacHex(SECRETS.webhookSecret, body) }) })).toMatchObject({
      ok: true,
      event: { kind: "failed", providerOrderId: orderId, reason: "BAD_REQUEST_ERROR" },
    });
    expect(provider.readWebhook({ rawBody: body, headers: new Headers({ "x-razorpay-signature": hmacHex(SECRETS.keySecret, body) }) })).toEqual({ ok: false, problem: "bad_signature" });
    expect(provider.checkoutUrl(orderId)).toBe(`/payment/sandbox?order_id=${orderId}`);
    expect(provider.absoluteCallbackUrl).toBe(false);
  });
});
