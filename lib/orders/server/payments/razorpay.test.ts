import Razorpay from "razorpay";
import { validatePaymentVerification, validateWebhookSignature } from "razorpay/dist/utils/razorpay-utils";
import { describe, expect, it } from "vitest";
import { createRazorpayProvider, type RazorpayClient } from "./razorpay";
import { hmacHex, paymentSignature, ProviderUnavailable, randomId, signatureMatches } from "./provider";

const KEYS = { keyId: "rzp_test_1DP5mmOlF5G5ag", keySecret: "EnLs21M47BllR3X8PSFtjtbd", webhookSecret: "whsec_test_0123456789" };

// Computed with openssl (`printf … | openssl dgst -sha256 -hmac <secret>`), independently of the code under test.
const PAYMENT_VECTOR = {
  orderId: "order_9A33XWu170gUtm",
  paymentId: "pay_29QQoUBi66xm2f",
  signature: "972592aed892074d7fb0c0bb8ee7dd8736eb02d3c281fc503cf6fd8d3af443df",
};
const WEBHOOK_VECTOR = { body: '{"event":"payment.captured","payload":{}}', signature: "a570fa6c447594ead5261eeff9a25df213a977de57944a3f1dbec252905505a5" };

type Call = { method: "get" | "post"; url: string; body: unknown };

/**
 * The real `razorpay` client with its HTTP layer (an axios instance at `api.rq`) replaced: the
 * adapter's calls go through the package's own resources and come out here, with no network.
 */
function mockedClient(answer: (call: Call) => { status: number; data: unknown }) {
  const client = new Razorpay({ key_id: KEYS.keyId, key_secret: KEYS.keySecret });
  const calls: Call[] = [];
  const respond = (call: Call) => {
    calls.push(call);
    const { status, data } = answer(call);
    // How axios fails on a non-2xx answer (the package reads err.response).
    return status < 300 ? Promise.resolve({ status, data }) : Promise.reject(Object.assign(new Error(`HTTP ${status}`), { response: { status, data } }));
  };
  (client as unknown as { api: { rq: unknown } }).api.rq = {
    get: (url: string, config?: { params?: unknown }) => respond({ method: "get", url, body: config?.params }),
    post: (url: string, body: unknown) => respond({ method: "post", url, body }),
  };
  return { client: client as unknown as RazorpayClient, calls };
}

describe("signatures (Razorpay's formulas)", () => {
  const provider = createRazorpayProvider(KEYS, mockedClient(() => ({ status: 500, data: {} })).client);

  it("accepts the payment signature of a known vector: HMAC-SHA256 hex of order_id|payment_id with the key secret", () => {
    expect(paymentSignature(KEYS.keySecret, PAYMENT_VECTOR.orderId, PAYMENT_VECTOR.paymentId)).toBe(PAYMENT_VECTOR.signature);
    expect(provider.verifyPaymentSignature(PAYMENT_VECTOR.orderId, PAYMENT_VECTOR.paymentId, PAYMENT_VECTOR.signature)).toBe(true);
    expect(provider.verifyPaymentSignature(PAYMENT_VECTOR.orderId, PAYMENT_VECTOR.paymentId, PAYMENT_VECTOR.signature.toUpperCase())).toBe(true);
    // The package's own check agrees.
    expect(validatePaymentVerification({ order_id: PAYMENT_VECTOR.orderId, payment_id: PAYMENT_VECTOR.paymentId }, PAYMENT_VECTOR.signature, KEYS.keySecret)).toBe(true);
  });

  it("refuses a payment signature made for another order, another payment, another secret, or junk", () => {
    expect(provider.verifyPaymentSignature("order_OTHER00000000", PAYMENT_VECTOR.paymentId, PAYMENT_VECTOR.signature)).toBe(false);
    expect(provider.verifyPaymentSignature(PAYMENT_VECTOR.orderId, "pay_OTHER000000000", PAYMENT_VECTOR.signature)).toBe(false);
    expect(provider.verifyPaymentSignature(PAYMENT_VECTOR.orderId, PAYMENT_VECTOR.paymentId, paymentSignature("another-secret", PAYMENT_VECTOR.orderId, PAYMENT_VECTOR.paymentId))).toBe(false);
    // The webhook secret does not sign payments.
    expect(provider.verifyPaymentSignature(PAYMENT_VECTOR.orderId, PAYMENT_VECTOR.paymentId, paymentSignature(KEYS.webhookSecret, PAYMENT_VECTOR.orderId, PAYMENT_VECTOR.paymentId))).toBe(false);
    for (const junk of ["", "abc", PAYMENT_VECTOR.signature.slice(0, 63), `${PAYMENT_VECTOR.signature}00`, "z".repeat(64)]) {
      expect(provider.verifyPaymentSignature(PAYMENT_VECTOR.orderId, PAYMENT_VECTOR.paymentId, junk)).toBe(false);
    }
  });

  it("checks webhooks over the raw body with the webhook secret (a known vector), not the key secret", () => {
    expect(provider.verifyWebhookSignature(WEBHOOK_VECTOR.body, WEBHOOK_VECTOR.signature)).toBe(true);
    expect(validateWebhookSignature(WEBHOOK_VECTOR.body, WEBHOOK_VECTOR.signature, KEYS.webhookSecret)).toBe(true);
    // The same JSON re-serialized with a space is another body.
    expect(provider.verifyWebhookSignature('{"event": "payment.captured","payload":{}}', WEBHOOK_VECTOR.signature)).toBe(false);
    expect(provider.verifyWebhookSignature(WEBHOOK_VECTOR.body, hmacHex(KEYS.keySecret, WEBHOOK_VECTOR.body))).toBe(false);
  });

  it("signatureMatches tolerates any input without throwing", () => {
    expect(signatureMatches(PAYMENT_VECTOR.signature, undefined as unknown as string)).toBe(false);
    expect(signatureMatches(PAYMENT_VECTOR.signature, "💥".repeat(32))).toBe(false);
  });

  it("makes Razorpay-like ids: the prefix and 14 letters or digits", () => {
    const ids = new Set(Array.from({ length: 200 }, () => randomId("order_")));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^order_[A-Za-z0-9]{14}$/);
  });
});

describe("createOrder", () => {
  it("posts /v1/orders with the amount in paise, INR, the order code as receipt and the notes; maps the answer", async () => {
    const { client, calls } = mockedClient(() => ({
      status: 200,
      data: { id: "order_Kx9pQ2mZ4tY7wB", entity: "order", amount: 295000, amount_paid: 0, currency: "INR", receipt: "KH2026ABC", status: "created", attempts: 0 },
    }));
    const provider = createRazorpayProvider(KEYS, client);
    const order = await provider.createOrder({ amount: 295000, currency: "INR", receipt: "KH2026ABC", notes: { order_code: "KH2026ABC", order_id: "17" } });
    expect(order).toEqual({ id: "order_Kx9pQ2mZ4tY7wB", amount: 295000, currency: "INR" });
    expect(calls).toEqual([{ method: "post", url: "/v1/orders", body: { amount: 295000, currency: "INR", receipt: "KH2026ABC", notes: { order_code: "KH2026ABC", order_id: "17" } } }]);
    expect(provider.name).toBe("razorpay");
    expect(provider.keyId).toBe(KEYS.keyId);
  });

  it("cuts the receipt to Razorpay's 40 characters and keeps at most 15 notes", async () => {
    const { client, calls } = mockedClient(() => ({ status: 200, data: { id: "order_A", amount: 100, currency: "INR" } }));
    const notes = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, `v${i}`]));
    await createRazorpayProvider(KEYS, client).createOrder({ amount: 100, currency: "INR", receipt: "R".repeat(60), notes });
    const body = calls[0]?.body as { receipt: string; notes: Record<string, string> };
    expect(body.receipt).toBe("R".repeat(40));
    expect(Object.keys(body.notes)).toHaveLength(15);
  });

  it("turns an API error or an unexpected body into ProviderUnavailable", async () => {
    const failing = mockedClient(() => ({ status: 401, data: { error: { code: "BAD_REQUEST_ERROR", description: "Authentication failed" } } }));
    await expect(createRazorpayProvider(KEYS, failing.client).createOrder({ amount: 100, currency: "INR", receipt: "R" })).rejects.toThrow(ProviderUnavailable);
    const odd = mockedClient(() => ({ status: 200, data: { nothing: true } }));
    await expect(createRazorpayProvider(KEYS, odd.client).createOrder({ amount: 100, currency: "INR", receipt: "R" })).rejects.toThrow(ProviderUnavailable);
  });
});

describe("fetchPayment", () => {
  it("gets /v1/payments/{id} and maps id, order_id, amount, currency and status", async () => {
    const { client, calls } = mockedClient(() => ({
      status: 200,
      data: { id: "pay_29QQoUBi66xm2f", entity: "payment", amount: 295000, currency: "INR", status: "captured", order_id: "order_9A33XWu170gUtm", method: "upi", captured: true },
    }));
    const payment = await createRazorpayProvider(KEYS, client).fetchPayment("pay_29QQoUBi66xm2f");
    expect(payment).toEqual({ id: "pay_29QQoUBi66xm2f", order_id: "order_9A33XWu170gUtm", amount: 295000, currency: "INR", status: "captured" });
    expect(calls[0]).toMatchObject({ method: "get", url: "/v1/payments/pay_29QQoUBi66xm2f" });
  });

  it("answers null for a payment id Razorpay does not know (400), and fails loudly on other errors", async () => {
    const unknown = mockedClient(() => ({ status: 400, data: { error: { code: "BAD_REQUEST_ERROR", description: "The id provided does not exist" } } }));
    expect(await createRazorpayProvider(KEYS, unknown.client).fetchPayment("pay_nope")).toBeNull();
    const down = mockedClient(() => ({ status: 503, data: { error: { code: "SERVER_ERROR", description: "down" } } }));
    await expect(createRazorpayProvider(KEYS, down.client).fetchPayment("pay_x")).rejects.toThrow(ProviderUnavailable);
  });
});
