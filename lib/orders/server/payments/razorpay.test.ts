import Razorpay from "razorpay";
import { validatePaymentVerification, validateWebhookSignature } from "razorpay/dist/utils/razorpay-utils";
import { describe, expect, it } from "vitest";
import { createRazorpayProvider, type RazorpayClient } from "./razorpay";
import { ProviderUnavailable } from "./provider";
import { hmacHex, paymentSignature, randomId, signatureMatches } from "./razorpay-wire";

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

/** A payment.captured webhook as Razorpay sends it (its documentation's sample), byte for byte. */
const CAPTURED_EVENT = {
  body: '{"entity":"event","account_id":"acc_BFQ7uQEaa7j2z7","event":"payment.captured","contains":["payment"],"payload":{"payment":{"entity":{"id":"pay_DESlfW9H8K9uqM","entity":"payment","amount":100,"currency":"INR","status":"captured","order_id":"order_DESlLckIVRkHWj","invoice_id":null,"international":false,"method":"netbanking","amount_refunded":0,"refund_status":null,"captured":true,"description":null,"card_id":null,"bank":"HDFC","wallet":null,"vpa":null,"email":"gaurav.kumar@example.com","contact":"+919876543210","notes":[],"fee":2,"tax":0,"error_code":null,"error_description":null,"created_at":1567674599}}},"created_at":1567674606}',
  // openssl dgst -sha256 -hmac whsec_test_0123456789, and sha256sum of the body.
  signature: "dc4396320bea8a5384be18bbb0a619ea3b92cad25258f63e38d52aa6731f4e54",
  sha256: "cb56ad1c75856e746ce7a6b334461c398a45c89c573818f1291f35f01b5567c6",
};

/** Razorpay's answer to POST /v1/payments/{id}/refund (its documentation's sample). */
const REFUND_ANSWER = {
  id: "rfnd_FP8QHiV938haTz",
  entity: "refund",
  amount: 500100,
  receipt: "Receipt No. 31",
  currency: "INR",
  payment_id: "pay_29QQoUBi66xm2f",
  notes: [],
  acquirer_data: { arn: null },
  created_at: 1597078866,
  batch_id: null,
  status: "processed",
  speed_processed: "normal",
  speed_requested: "normal",
};
const AMOUNT_ERROR = { error: { code: "BAD_REQUEST_ERROR", description: "The amount must be at least INR 1.00", source: "business", step: "payment_initiation", reason: "input_validation_failed", metadata: {}, field: "amount" } };

describe("refund", () => {
  const options = { reason: "Damaged in transit", idempotencyKey: "refund-KH2026ABC-1" };

  it("posts /v1/payments/{id}/refund with the amount, normal speed, the key as receipt and the reason, with X-Refund-Idempotency", async () => {
    const { client, calls } = mockedClient(() => ({ status: 200, data: REFUND_ANSWER }));
    const headers: Record<string, string>[] = [];
    const provider = createRazorpayProvider(KEYS, client, (h) => (headers.push(h), client));
    const result = await provider.refund("pay_29QQoUBi66xm2f", 500100, options);
    expect(result).toEqual({ ok: true, refundId: "rfnd_FP8QHiV938haTz", paymentId: "pay_29QQoUBi66xm2f", amount: 500100, currency: "INR", status: "processed" });
    expect(calls).toEqual([
      { method: "post", url: "/v1/payments/pay_29QQoUBi66xm2f/refund", body: { amount: 500100, speed: "normal", receipt: "refund-KH2026ABC-1", notes: { reason: "Damaged in transit" } } },
    ]);
    expect(headers).toEqual([{ "X-Refund-Idempotency": "refund-KH2026ABC-1" }]);
  });

  it("answers a pending refund as pending, and a failed one as refused", async () => {
    const pending = mockedClient(() => ({ status: 200, data: { ...REFUND_ANSWER, status: "pending" } }));
    expect(await createRazorpayProvider(KEYS, pending.client).refund("pay_29QQoUBi66xm2f", 500100, options)).toMatchObject({ ok: true, status: "pending" });
    const failed = mockedClient(() => ({ status: 200, data: { ...REFUND_ANSWER, status: "failed" } }));
    expect(await createRazorpayProvider(KEYS, failed.client).refund("pay_29QQoUBi66xm2f", 500100, options)).toMatchObject({ ok: false, reason: "refused" });
  });

  it("passes Razorpay's refusals on with its words, and calls a 409, a 5xx or an odd body unavailable", async () => {
    const refused = mockedClient(() => ({ status: 400, data: AMOUNT_ERROR }));
    expect(await createRazorpayProvider(KEYS, refused.client).refund("pay_29QQoUBi66xm2f", 50, options)).toEqual({ ok: false, reason: "refused", message: "The amount must be at least INR 1.00" });
    const inProgress = mockedClient(() => ({ status: 409, data: { error: { code: "BAD_REQUEST_ERROR", description: "Request is already being processed" } } }));
    await expect(createRazorpayProvider(KEYS, inProgress.client).refund("pay_x", 100, options)).rejects.toThrow(ProviderUnavailable);
    const down = mockedClient(() => ({ status: 502, data: {} }));
    await expect(createRazorpayProvider(KEYS, down.client).refund("pay_x", 100, options)).rejects.toThrow(ProviderUnavailable);
    const odd = mockedClient(() => ({ status: 200, data: { refunded: true } }));
    await expect(createRazorpayProvider(KEYS, odd.client).refund("pay_x", 100, options)).rejects.toThrow(ProviderUnavailable);
  });

  it("refuses an idempotency key Razorpay would not take, before calling it", async () => {
    const { client, calls } = mockedClient(() => ({ status: 200, data: REFUND_ANSWER }));
    await expect(createRazorpayProvider(KEYS, client).refund("pay_x", 100, { reason: "r", idempotencyKey: "short" })).rejects.toThrow(RangeError);
    expect(calls).toEqual([]);
  });
});

describe("paymentState", () => {
  it("reads the payment back and says in the store's terms whether the money was taken", async () => {
    for (const [status, state] of [["captured", "succeeded"], ["authorized", "succeeded"], ["refunded", "refunded"], ["failed", "failed"], ["created", "pending"]] as const) {
      const { client } = mockedClient(() => ({ status: 200, data: { id: "pay_29QQoUBi66xm2f", amount: 295000, currency: "INR", status, order_id: "order_9A33XWu170gUtm" } }));
      expect(await createRazorpayProvider(KEYS, client).paymentState("pay_29QQoUBi66xm2f")).toEqual({
        id: "pay_29QQoUBi66xm2f",
        providerOrderId: "order_9A33XWu170gUtm",
        amount: 295000,
        currency: "INR",
        state,
        providerStatus: status,
      });
    }
    const unknown = mockedClient(() => ({ status: 400, data: { error: { code: "BAD_REQUEST_ERROR", description: "The id provided does not exist" } } }));
    expect(await createRazorpayProvider(KEYS, unknown.client).paymentState("pay_nope")).toBeNull();
  });
});

describe("verifyReturn (the fields checkout.js posts to callback_url)", () => {
  const provider = createRazorpayProvider(KEYS, mockedClient(() => ({ status: 500, data: {} })).client);
  const paid = { razorpay_payment_id: PAYMENT_VECTOR.paymentId, razorpay_order_id: PAYMENT_VECTOR.orderId, razorpay_signature: PAYMENT_VECTOR.signature };

  it("accepts a payment signed for the order the store stored, whatever order id the browser posts", () => {
    expect(provider.verifyReturn(PAYMENT_VECTOR.orderId, Object.entries(paid))).toEqual({ kind: "paid", paymentId: PAYMENT_VECTOR.paymentId });
    expect(provider.verifyReturn(PAYMENT_VECTOR.orderId, Object.entries({ ...paid, razorpay_order_id: "order_OTHER00000000" }))).toEqual({ kind: "paid", paymentId: PAYMENT_VECTOR.paymentId });
    expect(provider.verifyReturn("order_OTHER00000000", Object.entries(paid))).toEqual({ kind: "bad_signature" });
    expect(provider.verifyReturn(null, Object.entries(paid))).toEqual({ kind: "unverifiable" });
  });

  it("reads a failure as Razorpay posts it (error[...] form fields), and no payment as a failure", () => {
    const form = new URLSearchParams({
      "error[code]": "BAD_REQUEST_ERROR",
      "error[description]": "Payment failed",
      "error[source]": "customer",
      "error[step]": "payment_authorization",
      "error[reason]": "payment_failed",
      "error[metadata]": '{"payment_id":"pay_29QQoUBi66xm2f","order_id":"order_9A33XWu170gUtm"}',
    });
    expect(provider.verifyReturn(PAYMENT_VECTOR.orderId, form.entries())).toEqual({ kind: "failed", reason: "BAD_REQUEST_ERROR: payment_failed: Payment failed" });
    expect(provider.verifyReturn(PAYMENT_VECTOR.orderId, [])).toEqual({ kind: "failed", reason: "callback without a payment" });
  });

  it("calls fields checkout.js never sends malformed", () => {
    expect(provider.verifyReturn(PAYMENT_VECTOR.orderId, Object.entries({ ...paid, razorpay_payment_id: "../../etc" }))).toEqual({ kind: "malformed" });
    expect(provider.verifyReturn(PAYMENT_VECTOR.orderId, Object.entries({ razorpay_payment_id: 42 }))).toEqual({ kind: "malformed" });
  });
});

describe("readWebhook", () => {
  const provider = createRazorpayProvider(KEYS, mockedClient(() => ({ status: 500, data: {} })).client);
  const signed = (body: string, extra: Record<string, string> = {}) => ({ rawBody: body, headers: new Headers({ "X-Razorpay-Signature": hmacHex(KEYS.webhookSecret, body), ...extra }) });

  it("checks X-Razorpay-Signature over the raw body and reads a recorded payment.captured event", () => {
    const headers = new Headers({ "Content-Type": "application/json", "X-Razorpay-Signature": CAPTURED_EVENT.signature, "X-Razorpay-Event-Id": "HA2zJAMUDQ7vLx" });
    expect(provider.readWebhook({ headers, rawBody: CAPTURED_EVENT.body })).toEqual({
      ok: true,
      eventId: "HA2zJAMUDQ7vLx",
      type: "payment.captured",
      event: { kind: "paid", providerOrderId: "order_DESlLckIVRkHWj", providerPaymentId: "pay_DESlfW9H8K9uqM", amount: 100, currency: "INR" },
    });
    // Without an event id, the delivery is named by the body's digest.
    const noId = provider.readWebhook({ headers: new Headers({ "X-Razorpay-Signature": CAPTURED_EVENT.signature }), rawBody: CAPTURED_EVENT.body });
    expect(noId).toMatchObject({ ok: true, eventId: `body:${CAPTURED_EVENT.sha256}` });
  });

  it("refuses a missing, wrong or re-serialized signature before reading the body", () => {
    expect(provider.readWebhook({ headers: new Headers(), rawBody: CAPTURED_EVENT.body })).toEqual({ ok: false, problem: "bad_signature" });
    const reserialized = JSON.stringify(JSON.parse(CAPTURED_EVENT.body), null, 1);
    expect(provider.readWebhook({ headers: new Headers({ "X-Razorpay-Signature": CAPTURED_EVENT.signature }), rawBody: reserialized })).toEqual({ ok: false, problem: "bad_signature" });
    expect(provider.readWebhook({ headers: new Headers({ "X-Razorpay-Signature": hmacHex(KEYS.keySecret, CAPTURED_EVENT.body) }), rawBody: CAPTURED_EVENT.body })).toEqual({ ok: false, problem: "bad_signature" });
  });

  it("reads order.paid, payment.failed and other events in the store's terms", () => {
    const order = { id: "order_DESlLckIVRkHWj", entity: "order", amount: 100, amount_paid: 100, amount_due: 0, currency: "INR", status: "paid" };
    const payment = { id: "pay_DESlfW9H8K9uqM", entity: "payment", amount: 100, currency: "INR", status: "captured", order_id: order.id };
    const event = (type: string, payload: unknown) => JSON.stringify({ entity: "event", event: type, contains: Object.keys(payload as object), payload, created_at: 1567674606 });
    expect(provider.readWebhook(signed(event("order.paid", { payment: { entity: payment }, order: { entity: order } })))).toMatchObject({
      ok: true,
      event: { kind: "paid", providerOrderId: order.id, providerPaymentId: payment.id, amount: 100, currency: "INR" },
    });
    expect(provider.readWebhook(signed(event("order.paid", { order: { entity: order } })))).toMatchObject({ event: { kind: "paid", providerOrderId: order.id, providerPaymentId: "", amount: 100 } });
    const failed = { ...payment, status: "failed", error_code: "BAD_REQUEST_ERROR", error_description: "Payment was unsuccessful as the bank declined it." };
    expect(provider.readWebhook(signed(event("payment.failed", { payment: { entity: failed } })))).toMatchObject({
      event: { kind: "failed", providerOrderId: order.id, reason: "BAD_REQUEST_ERROR: Payment was unsuccessful as the bank declined it." },
    });
    expect(provider.readWebhook(signed(event("refund.processed", { refund: { entity: { ...REFUND_ANSWER, receipt: "key-of-the-refund" } } })))).toMatchObject({
      ok: true,
      event: { kind: "refund", outcome: "processed", providerRefundId: REFUND_ANSWER.id, providerPaymentId: REFUND_ANSWER.payment_id, amount: REFUND_ANSWER.amount, receipt: "key-of-the-refund" },
    });
    const refused = { ...REFUND_ANSWER, status: "failed", error_code: "BAD_REQUEST_ERROR", error_description: "The bank refused the refund." };
    expect(provider.readWebhook(signed(event("refund.failed", { refund: { entity: refused } })))).toMatchObject({ event: { kind: "refund", outcome: "failed", receipt: "Receipt No. 31", reason: "BAD_REQUEST_ERROR: The bank refused the refund." } });
    expect(provider.readWebhook(signed(event("refund.processed", { refund: { entity: { id: "rfnd_x" } } })))).toMatchObject({ ok: true, event: { kind: "malformed" } });
    expect(provider.readWebhook(signed(event("refund.created", { refund: { entity: REFUND_ANSWER } })))).toMatchObject({ ok: true, event: { kind: "ignored", type: "refund.created" } });
    expect(provider.readWebhook(signed(event("payment.captured", { payment: { entity: { ...payment, order_id: null } } })))).toMatchObject({ ok: true, event: { kind: "malformed" } });
  });

  it("tells a signed body that is not JSON from a signed event without its name", () => {
    expect(provider.readWebhook(signed("not json"))).toEqual({ ok: false, problem: "not_json" });
    expect(provider.readWebhook(signed('{"payload":{}}'))).toEqual({ ok: false, problem: "malformed" });
  });
});
