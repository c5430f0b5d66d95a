import "server-only";
import Razorpay from "razorpay";
import { z } from "zod";
import { assertIdempotencyKey, ProviderUnavailable, type CreateOrderInput, type ProviderOrder, type RefundOptions, type RefundResult } from "./provider";
import { hmacHex, paymentSignature, paymentStateOf, readCheckoutReturn, readWebhookRequest, signatureMatches, type RazorpayCompatible, type RazorpayPayment } from "./razorpay-wire";

/**
 * Razorpay Standard Checkout through the `razorpay` npm package: a server-side order per store
 * order (orders.create), the browser's checkout.js opened with it, the payment read back
 * (payments.fetch) so its amount, currency and order are re-checked against the store's order, and
 * refunds (payments.refund: POST /v1/payments/{id}/refund, with the X-Refund-Idempotency header).
 * Signatures are checked with the same formula as the package's validatePaymentVerification and
 * validateWebhookSignature, in constant time (./razorpay-wire.ts).
 */
export type RazorpayKeys = { keyId: string; keySecret: string; webhookSecret: string };

/** The part of the Razorpay client the adapter uses (the package's instance fits it). */
export type RazorpayClient = {
  orders: { create(params: Record<string, unknown>): Promise<unknown> };
  payments: {
    fetch(paymentId: string): Promise<unknown>;
    refund(paymentId: string, params: Record<string, unknown>): Promise<unknown>;
  };
};

/** A client that sends these headers with every request: the package takes headers per client, not per call. */
export type RazorpayClientWithHeaders = (headers: Record<string, string>) => RazorpayClient;

const orderAnswer = z.object({ id: z.string().min(1), amount: z.coerce.number().int(), currency: z.string().min(3) });
const paymentAnswer = z.object({
  id: z.string().min(1),
  order_id: z.string().nullish(),
  amount: z.coerce.number().int(),
  currency: z.string().min(3),
  status: z.string().min(1),
});
const refundAnswer = z.object({
  id: z.string().min(1),
  payment_id: z.string().min(1),
  amount: z.coerce.number().int(),
  currency: z.string().min(3),
  status: z.enum(["pending", "processed", "failed"]),
});

/** Razorpay's client rejects with `{statusCode, error:{code, description}}`, or a plain Error without a response. */
function statusOf(error: unknown): number | null {
  if (error && typeof error === "object" && "statusCode" in error && typeof error.statusCode === "number") return error.statusCode;
  return null;
}

function errorText(error: unknown): string {
  if (error && typeof error === "object" && "error" in error && error.error && typeof error.error === "object" && "description" in error.error) {
    return String(error.error.description);
  }
  return error instanceof Error ? error.message : "unknown error";
}

export type RazorpayProvider = RazorpayCompatible & { readonly name: "razorpay" };

export function createRazorpayProvider(keys: RazorpayKeys, client?: RazorpayClient, clientWithHeaders?: RazorpayClientWithHeaders): RazorpayProvider {
  const connect = (headers?: Record<string, string>) => new Razorpay({ key_id: keys.keyId, key_secret: keys.keySecret, headers }) as unknown as RazorpayClient;
  const api = client ?? connect();
  // A client given (a test's) serves the refunds too unless one for headers is given as well.
  const withHeaders = clientWithHeaders ?? (client ? () => client : connect);

  const fetchPayment = async (paymentId: string): Promise<RazorpayPayment | null> => {
    let answer: unknown;
    try {
      answer = await api.payments.fetch(paymentId);
    } catch (error) {
      const status = statusOf(error);
      // An id Razorpay does not know is a 400 BAD_REQUEST_ERROR ("The id provided does not exist").
      if (status === 400 || status === 404) return null;
      throw new ProviderUnavailable("razorpay", `payments.fetch failed: ${status ?? "-"} ${errorText(error)}`);
    }
    const parsed = paymentAnswer.safeParse(answer);
    if (!parsed.success) throw new ProviderUnavailable("razorpay", "payments.fetch answered an unexpected body");
    const p = parsed.data;
    return { id: p.id, order_id: p.order_id ?? null, amount: p.amount, currency: p.currency, status: p.status };
  };

  return {
    name: "razorpay",
    keyId: keys.keyId,
    // checkout.js posts to callback_url from Razorpay's own page.
    absoluteCallbackUrl: true,
    async createOrder(input: CreateOrderInput): Promise<ProviderOrder> {
      const params: Record<string, unknown> = {
        amount: input.amount,
        currency: input.currency,
        receipt: input.receipt.slice(0, 40),
        notes: Object.fromEntries(Object.entries(input.notes ?? {}).slice(0, 15).map(([k, v]) => [k.slice(0, 256), v.slice(0, 256)])),
      };
      let answer: unknown;
      try {
        answer = await api.orders.create(params);
      } catch (error) {
        throw new ProviderUnavailable("razorpay", `orders.create failed: ${statusOf(error) ?? "-"} ${errorText(error)}`);
      }
      const parsed = orderAnswer.safeParse(answer);
      if (!parsed.success) throw new ProviderUnavailable("razorpay", "orders.create answered an unexpected body");
      return { id: parsed.data.id, amount: parsed.data.amount, currency: parsed.data.currency };
    },
    checkoutUrl: () => null,
    verifyReturn: (providerOrderId, fields) => readCheckoutReturn(keys.keySecret, providerOrderId, fields),
    readWebhook: ({ headers, rawBody }) => readWebhookRequest(keys.webhookSecret, headers, rawBody),
    async paymentState(paymentId) {
      const payment = await fetchPayment(paymentId);
      return payment ? paymentStateOf(payment) : null;
    },
    async refund(paymentId: string, amount: number, options: RefundOptions): Promise<RefundResult> {
      assertIdempotencyKey(options.idempotencyKey);
      const params = { amount, speed: "normal", receipt: options.idempotencyKey.slice(0, 40), notes: { reason: options.reason.slice(0, 256) } };
      let answer: unknown;
      try {
        answer = await withHeaders({ "X-Refund-Idempotency": options.idempotencyKey }).payments.refund(paymentId, params);
      } catch (error) {
        const status = statusOf(error);
        // 400: Razorpay refuses (unknown id, not captured, more than was paid, a key reused for another refund).
        // 409: the same key is still being processed, so a retry is right; 5xx and no answer: the same.
        if (status === 400 || status === 404) return { ok: false, reason: "refused", message: errorText(error) };
        throw new ProviderUnavailable("razorpay", `payments.refund failed: ${status ?? "-"} ${errorText(error)}`);
      }
      const parsed = refundAnswer.safeParse(answer);
      if (!parsed.success) throw new ProviderUnavailable("razorpay", "payments.refund answered an unexpected body");
      const r = parsed.data;
      if (r.status === "failed") return { ok: false, reason: "refused", message: `Razorpay could not process refund ${r.id}.` };
      return { ok: true, refundId: r.id, paymentId: r.payment_id, amount: r.amount, currency: r.currency, status: r.status };
    },
    fetchPayment,
    verifyPaymentSignature: (providerOrderId, paymentId, signature) => signatureMatches(paymentSignature(keys.keySecret, providerOrderId, paymentId), signature),
    verifyWebhookSignature: (rawBody, signature) => signatureMatches(hmacHex(keys.webhookSecret, rawBody), signature),
  };
}
