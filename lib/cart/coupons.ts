import { formatPaise } from "@/lib/platform/format";
import { percentOf } from "./money";

export type CouponKind = "percent" | "flat" | "free_shipping";

/** A coupons row as the rules read it. Money in paise; `value` is a percent for "percent". */
export type CouponRule = {
  code: string;
  title: string;
  kind: CouponKind;
  value: number;
  /** Minimum cart subtotal (inclusive), paise. */
  minSubtotal: number;
  /** Cap on a percent discount, paise; null = none. */
  maxDiscount: number | null;
  firstOrderOnly: boolean;
  active: boolean;
  startsAt: string | null;
  endsAt: string | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
};

export type CouponContext = {
  /** Cart subtotal, paise (tax-inclusive prices × quantities). */
  subtotal: number;
  /** Shipping fee a free-shipping coupon waives (the standard rate), paise. */
  waivableShipping: number;
  signedIn: boolean;
  /** The customer has placed an order before (cancelled ones count as not placed). */
  hasOrders: boolean;
  /** Orders that used the code, all customers (not cancelled). */
  usedTotal: number;
  /** Orders of this customer that used the code (not cancelled). */
  usedByCustomer: number;
  now: Date;
};

export type CouponOutcome =
  | { ok: true; code: string; title: string; kind: CouponKind; discount: number }
  | { ok: false; code: string; message: string };

export const COUPON_MESSAGES = {
  unknown: "This coupon code is not valid.",
  notYet: "This coupon is not active yet.",
  expired: "This coupon has expired.",
  signIn: "Please log in to use this coupon: it is for your first order.",
  firstOrder: "This coupon is only for your first order.",
  usedUp: "This coupon has reached its usage limit.",
  usedByYou: "You have already used this coupon.",
  emptyCart: "Add something to your cart before applying a coupon.",
} as const;

export const minimumMessage = (min: number, subtotal: number) =>
  `This coupon needs a cart of ${formatPaise(min)} or more. Add ${formatPaise(min - subtotal)} more to use it.`;

/**
 * Whether a coupon applies to a cart now, and what it takes off (paise). A percent discount is
 * rounded down and capped by max_discount; a flat one never exceeds the subtotal; free shipping
 * takes off the standard shipping fee. Pure: the caller reads the counts from the database.
 */
export function evaluateCoupon(rule: CouponRule | null, code: string, ctx: CouponContext): CouponOutcome {
  const fail = (message: string): CouponOutcome => ({ ok: false, code, message });
  if (!rule || !rule.active) return fail(COUPON_MESSAGES.unknown);
  const at = ctx.now.getTime();
  if (rule.startsAt && Date.parse(rule.startsAt) > at) return fail(COUPON_MESSAGES.notYet);
  if (rule.endsAt && Date.parse(rule.endsAt) < at) return fail(COUPON_MESSAGES.expired);
  if (ctx.subtotal <= 0) return fail(COUPON_MESSAGES.emptyCart);
  if (rule.firstOrderOnly && !ctx.signedIn) return fail(COUPON_MESSAGES.signIn);
  if (rule.firstOrderOnly && ctx.hasOrders) return fail(COUPON_MESSAGES.firstOrder);
  if (rule.usageLimit !== null && ctx.usedTotal >= rule.usageLimit) return fail(COUPON_MESSAGES.usedUp);
  if (rule.perCustomerLimit !== null && ctx.signedIn && ctx.usedByCustomer >= rule.perCustomerLimit) return fail(COUPON_MESSAGES.usedByYou);
  if (ctx.subtotal < rule.minSubtotal) return fail(minimumMessage(rule.minSubtotal, ctx.subtotal));
  let discount: number;
  if (rule.kind === "percent") {
    discount = percentOf(ctx.subtotal, Math.min(Math.max(rule.value, 0), 100));
    if (rule.maxDiscount !== null) discount = Math.min(discount, rule.maxDiscount);
  } else if (rule.kind === "flat") {
    discount = Math.min(Math.max(rule.value, 0), ctx.subtotal);
  } else {
    discount = ctx.waivableShipping;
  }
  return { ok: true, code: rule.code, title: rule.title, kind: rule.kind, discount };
}
