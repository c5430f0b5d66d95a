/**
 * The Idempotency-Key of one checkout attempt. Place Order sends it; the server answers a repeated
 * key with the order it already placed (200, Idempotent-Replayed) instead of placing a second one.
 *
 * One attempt = one cart (its lines and quantities) with one set of choices (address, billing,
 * shipping, payment, GSTIN). The key is kept in sessionStorage with a fingerprint of the attempt:
 * a double click, a retry after a lost answer or a reload of the tab sends the same key again,
 * while a change of the cart or of a choice starts a new attempt with a new key. It is forgotten
 * once an order is placed, so the next purchase in the same tab gets its own.
 */

export const CHECKOUT_KEY_STORAGE = "kesar:checkout-attempt";

/** What makes two submits "the same attempt". */
export type CheckoutAttempt = {
  userId: number;
  lines: { id: number; quantity: number }[];
  addressId: number;
  billingAddressId: number | null;
  shippingMethod: string;
  paymentMethod: string;
  gstin: string | null;
};

type Stored = { fingerprint: string; key: string };

export function attemptFingerprint(a: CheckoutAttempt): string {
  const lines = [...a.lines].sort((x, y) => x.id - y.id).map((l) => `${l.id}x${l.quantity}`);
  return JSON.stringify([a.userId, lines, a.addressId, a.billingAddressId, a.shippingMethod, a.paymentMethod, a.gstin ?? ""]);
}

/** A fresh key: a random UUID (36 characters of [0-9a-f-], inside the server's 16–64 [A-Za-z0-9_-]). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  // Pages served over plain HTTP on a LAN address have no randomUUID; 16 random bytes in hex.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null; // storage disabled: keys then live for this page only
  }
}

let memory: Stored | null = null;

function read(): Stored | null {
  const s = storage();
  if (!s) return memory;
  try {
    const parsed = JSON.parse(s.getItem(CHECKOUT_KEY_STORAGE) ?? "null") as Partial<Stored> | null;
    return parsed && typeof parsed.fingerprint === "string" && typeof parsed.key === "string" ? { fingerprint: parsed.fingerprint, key: parsed.key } : null;
  } catch {
    return null;
  }
}

function write(value: Stored | null) {
  memory = value;
  const s = storage();
  if (!s) return;
  try {
    if (value) s.setItem(CHECKOUT_KEY_STORAGE, JSON.stringify(value));
    else s.removeItem(CHECKOUT_KEY_STORAGE);
  } catch {
    // quota or privacy mode: the in-memory copy still serves this page
  }
}

/** The key of this attempt: the stored one when the attempt is unchanged, otherwise a new one. */
export function idempotencyKeyFor(attempt: CheckoutAttempt): string {
  const fingerprint = attemptFingerprint(attempt);
  const stored = read();
  if (stored && stored.fingerprint === fingerprint) return stored.key;
  const key = newIdempotencyKey();
  write({ fingerprint, key });
  return key;
}

/** After an order was placed: the next checkout is a new attempt. */
export function forgetIdempotencyKey(): void {
  write(null);
}
