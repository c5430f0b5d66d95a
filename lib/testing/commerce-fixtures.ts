import type { CouponContext, CouponRule } from "../cart/coupons";
import type { GstRate } from "../cart/gst";
import { mulberry32 } from "../seed/prng";

/**
 * Test data for the unit tests of the money rules of lib/cart and lib/orders: the gst_rates rows
 * migration 003 inserts, the demo coupons the seed inserts, and a small seeded PRNG so the generated carts are the same
 * on every run (a failure can be replayed).
 */

/** Notification 9/2025-CT(Rate), as in lib/platform/db/migrations/003_cart.ts. */
export const RATES_FROM = "2025-09-22";

const band = (hsnPrefix: string, maxTaxableValue: number | null, ratePercent: number): GstRate => ({
  hsnPrefix,
  maxTaxableValue,
  ratePercent,
  effectiveFrom: RATES_FROM,
});

/** The rows of migration 003, in the same order. */
export const MIGRATION_RATES: readonly GstRate[] = [
  band("6302", 250000, 5),
  band("6302", null, 18),
  band("6303", 250000, 5),
  band("6303", null, 18),
  band("6304", 250000, 5),
  band("6304", null, 18),
  band("9404", 250000, 5),
  band("9404", null, 18),
  band("5701", null, 5),
  band("5702", null, 5),
  band("5703", null, 5),
  band("5704", null, 5),
  band("5705", null, 5),
  band("5407", null, 5),
  band("4814", null, 18),
  band("9401", null, 18),
  band("9403", null, 18),
];

/** A day the rates are in force. */
export const DAY = "2026-03-01";

const rule = (over: Partial<CouponRule> & Pick<CouponRule, "code" | "title" | "kind" | "value">): CouponRule => ({
  minSubtotal: 0,
  maxDiscount: null,
  firstOrderOnly: false,
  active: true,
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  perCustomerLimit: null,
  ...over,
});

/** The demo coupons (lib/seed/content.ts) as coupons rows. */
export const WELCOME10 = rule({ code: "WELCOME10", title: "10% off your first order", kind: "percent", value: 10, firstOrderOnly: true });
export const FREESHIP499 = rule({ code: "FREESHIP499", title: "Free shipping above ₹499", kind: "free_shipping", value: 0, minSubtotal: 49900 });
export const FLAT150 = rule({ code: "FLAT150", title: "Flat ₹150 off on ₹1,000 and above", kind: "flat", value: 15000, minSubtotal: 100000 });

export const makeRule = rule;

export const NOW = new Date("2026-03-01T10:00:00.000Z");

/** A signed-in customer without orders, nothing used, standard shipping ₹99. */
export const ctx = (over: Partial<CouponContext> = {}): CouponContext => ({
  subtotal: 100000,
  waivableShipping: 9900,
  signedIn: true,
  hasOrders: false,
  usedTotal: 0,
  usedByCustomer: 0,
  now: NOW,
  ...over,
});

/** A seeded PRNG, uniform in [0, 1): the seed's mulberry32 (lib/seed/prng.ts). */
export const prng = (seed: number): (() => number) => mulberry32(seed).next;

/** A whole number in [min, max] from `rand`. */
export const intBetween = (rand: () => number, min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
