import "server-only";
import Razorpay from "razorpay";
import { z } from "zod";
import { hmacHex, paymentSignature, ProviderUnavailable, signatureMatches, type CreateOrderInput, type PaymentProvider, type ProviderOrder, type ProviderPayment } from "./provider";

/**
 * Razorpay Standard Checkout through the `razorpay` npm package: a server-side order per store
 * order (orders.create), the browser's checkout.js opened with it, and the payment read back
 * (payments.fetch) so its amount, currency and order are re-checked against the store's order.
 * Signatures are checked here with the same formula as the package's validatePaymentVerification
 * and validateWebhookSignature, in constant time.
 */
export type RazorpayKeys = { keyId: string; keySecret: string; webhookSecret: string };

/** The part of the Razorpay client the adapter uses (the package's instance fits it). */
export type RazorpayClient = {
  orders: { create(params: Record<string, unknown>): Promise<unknown> };
  payments: { fetch(paymentId: string): Promise<unknown> };
};

const orderAnswer = z.object({ id: z.string().min(1), amount: z.coerce.number().int(), currency: z.string().min(3) });
const paymentAnswer = z.object({
  id: z.string().min(1),
  order_id: z.string().nullish(),
  amount: z.coerce.number().int(),
  currency: z.string().min(3),
  status: z.string().min(1),
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

export function createRazorpayProvider(keys: RazorpayKeys, client: RazorpayClient = new Razorpay({ key_id: keys.keyId, key_secret: keys.keySecret }) as unknown as RazorpayClient): PaymentProvider {
  return {
    name: "razorpay",
    keyId: keys.keyId,
    async createOrder(input: CreateOrderInput): Promise<ProviderOrder> {
      const params: Record<string, unknown> = {
        amount: input.amount,
        currency: input.currency,
        receipt: input.receipt.slice(0, 40),
        notes: Object.fromEntries(Object.entries(input.notes ?? {}).slice(0, 15).map(([k, v]) => [k.slice(0, 256), v.slice(0, 256)])),
      };
      let answer: unknown;
      try {
        answer = await client.orders.create(params);
      } catch (error) {
        throw new ProviderUnavailable("razorpay", `orders.create failed: ${statusOf(error) ?? "-"} ${errorText(error)}`);
      }
      const parsed = orderAnswer.safeParse(answer);
      if (!parsed.success) throw new ProviderUnavailable("razorpay", "orders.create answered an unexpected body");
      return { id: parsed.data.id, amount: parsed.data.amount, currency: parsed.data.currency };
    },
    async fetchPayment(paymentId: string): Promise<ProviderPayment | null> {
      let answer: unknown;
      try {
        answer = await client.payments.fetch(paymentId);
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
    },
    verifyPaymentSignature: (providerOrderId, paymentId, signature) => signatureMatches(paymentSignature(keys.keySecret, providerOrderId, paymentId), signature),
    verifyWebhookSignature: (rawBody, signature) => signatureMatches(hmacHex(keys.webhookSecret, rawBody), signature),
  };
}
