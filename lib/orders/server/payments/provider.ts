import { createHmac, randomInt, timingSafeEqual } from "node:crypto";

/**
 * One interface for every online payment provider. The shapes are Razorpay's (Standard
 * Checkout): the store creates a provider order for the amount, the browser pays it, and the
 * provider hands back `razorpay_order_id`, `razorpay_payment_id` and `razorpay_signature`; the
 * store checks the signature against the provider order id IT stored, then asks the provider for
 * the payment to re-check the amount and currency. Webhooks are signed over the raw body with a
 * separate secret.
 */
export type ProviderName = "sandbox" | "razorpay";
export const PROVIDER_NAMES = ["sandbox", "razorpay"] as const satisfies readonly ProviderName[];

export type CreateOrderInput = {
  /** Paise, a positive integer. */
  amount: number;
  currency: "INR";
  /** The store's order code (at most 40 characters). */
  receipt: string;
  /** Up to 15 key-value pairs kept with the provider order. */
  notes?: Record<string, string>;
};

export type ProviderOrder = { id: string; amount: number; currency: string };

/** A payment as the provider reports it: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed'. */
export type ProviderPayment = { id: string; order_id: string | null; amount: number; currency: string; status: string };

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Public key the browser's checkout is opened with. */
  readonly keyId: string;
  createOrder(input: CreateOrderInput): Promise<ProviderOrder>;
  /** The provider's record of a payment, or null when it has none by that id. */
  fetchPayment(paymentId: string): Promise<ProviderPayment | null>;
  /** HMAC-SHA256 hex of `${providerOrderId}|${paymentId}` with the key secret. */
  verifyPaymentSignature(providerOrderId: string, paymentId: string, signature: string): boolean;
  /** HMAC-SHA256 hex of the raw request body with the webhook secret. */
  verifyWebhookSignature(rawBody: string, signature: string): boolean;
}

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

/** A provider failed or could not be reached; the customer may try again. */
export class ProviderUnavailable extends Error {
  constructor(readonly provider: ProviderName, readonly detail: string) {
    super(`${provider}: ${detail}`);
    this.name = "ProviderUnavailable";
  }
}
