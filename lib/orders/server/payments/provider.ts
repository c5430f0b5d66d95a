/**
 * One interface for every online payment provider, in the store's own terms. Each provider owns its
 * wire format: the fields its checkout posts back to the store, its signatures and headers, its
 * webhook events, its payment states and its refund call. The payment service (./service.ts) speaks
 * only this interface; Razorpay's shapes live in ./razorpay-wire.ts and its adapters.
 *
 *  createOrder ─► the browser pays on the provider's checkout ─► verifyReturn (the browser's post,
 *  signed) and readWebhook (the provider's event, signed) ─► paymentState re-reads the payment
 *  ─► later, refund.
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

/** The provider's order for one store order: every payment attempt of that order pays it. */
export type ProviderOrder = { id: string; amount: number; currency: string };

/** What the browser brought back from the provider's checkout, read and checked by the provider. */
export type BrowserReturn =
  /** A payment of the store's provider order, its signature checked (the payment itself is not yet read). */
  | { kind: "paid"; paymentId: string }
  /** The checkout reported a failure (or no payment); `reason` is what it said ("" when nothing). */
  | { kind: "failed"; reason: string }
  /** A payment whose signature does not match the store's provider order. */
  | { kind: "bad_signature" }
  /** A payment was claimed but the store has no provider order to check it against. */
  | { kind: "unverifiable" }
  /** Fields the provider's checkout never sends. */
  | { kind: "malformed" };

/** A payment as the provider's books have it. */
export type PaymentState = {
  id: string;
  providerOrderId: string | null;
  /** Paise the provider took. */
  amount: number;
  currency: string;
  /** succeeded: the money is taken (captured, or authorized with automatic capture). */
  state: "succeeded" | "pending" | "failed" | "refunded";
  /** The provider's own word for it ("captured"), for records and logs. */
  providerStatus: string;
};

/** A webhook event, in the store's terms. */
export type PaymentEvent =
  | { kind: "paid"; providerOrderId: string; providerPaymentId: string; amount: number; currency: string }
  | { kind: "failed"; providerOrderId: string | null; reason: string }
  /** A refund the provider finished (refund.processed) or gave up (refund.failed). `receipt`: what the store sent as the refund's receipt. */
  | { kind: "refund"; outcome: "processed" | "failed"; providerRefundId: string; providerPaymentId: string; amount: number; receipt: string | null; reason: string }
  /** A known event whose payload is not what the provider sends. */
  | { kind: "malformed" }
  /** An event the store does not act on. */
  | { kind: "ignored"; type: string };

export type WebhookReading =
  | { ok: false; problem: "bad_signature" | "not_json" | "malformed" }
  /** `eventId` identifies the delivery for deduplication (the provider's id, else a digest of the body). */
  | { ok: true; eventId: string; type: string; event: PaymentEvent };

export type RefundOptions = {
  /** Why the money goes back (kept with the refund at the provider). */
  reason: string;
  /** The same key asks for the same refund again (a retry) and never refunds twice: 10 to 64 of [A-Za-z0-9_-]. */
  idempotencyKey: string;
};

export type RefundResult =
  | { ok: true; refundId: string; paymentId: string; amount: number; currency: string; status: "processed" | "pending" }
  /** The provider refused: an unknown payment, or one it cannot refund (not captured, already refunded, too much, a key reused for another refund). */
  | { ok: false; reason: "unknown_payment" | "refused"; message: string };

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Public key the browser's checkout is opened with. */
  readonly keyId: string;
  /** Whether the checkout posts back from the provider's own site, so its callback URL must be absolute. */
  readonly absoluteCallbackUrl: boolean;
  createOrder(input: CreateOrderInput): Promise<ProviderOrder>;
  /** The provider's own payment page for an order, or null when its checkout opens inside the store's page. */
  checkoutUrl(providerOrderId: string): string | null;
  /**
   * Reads the fields the browser posted back from the checkout (form or JSON pairs) and checks a
   * payment's signature against `providerOrderId`, the provider order the STORE stored for its order
   * (never one the browser posted).
   */
  verifyReturn(providerOrderId: string | null, fields: Iterable<[string, unknown]>): BrowserReturn;
  /** Checks a webhook's signature over its raw body, then reads its event. */
  readWebhook(request: { headers: Headers; rawBody: string }): WebhookReading;
  /** The provider's record of a payment, or null when it has none by that id. */
  paymentState(paymentId: string): Promise<PaymentState | null>;
  /** Gives back `amount` paise of a captured payment (all of it or part), once per idempotency key. */
  refund(paymentId: string, amount: number, options: RefundOptions): Promise<RefundResult>;
}

/** A provider failed or could not be reached; the customer (or the caller) may try again. */
export class ProviderUnavailable extends Error {
  constructor(readonly provider: ProviderName, readonly detail: string) {
    super(`${provider}: ${detail}`);
    this.name = "ProviderUnavailable";
  }
}

/** Refund idempotency keys as Razorpay takes them (X-Refund-Idempotency), for every provider. */
export function assertIdempotencyKey(key: string): void {
  if (!/^[A-Za-z0-9_-]{10,64}$/.test(key)) throw new RangeError("A refund's idempotency key must be 10 to 64 letters, digits, hyphens or underscores.");
}
