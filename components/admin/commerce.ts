import type { AdminCoupon } from "@/lib/cart";
import type { CouponState } from "@/lib/cart/commerce-admin";
import { formatRupees } from "@/lib/platform/format";
import type { Tone } from "./ui";

/** How the commerce pages word a coupon (server components only: AdminCoupon is a type). */

export const COUPON_STATE_TONES: Record<CouponState, Tone> = { active: "green", scheduled: "blue", expired: "amber", inactive: "grey" };

/** "10% off (at most ₹500)", "₹200 off", "Free shipping". */
export function couponOffer(c: Pick<AdminCoupon, "kind" | "value" | "max_discount">): string {
  if (c.kind === "percent") return `${c.value}% off${c.max_discount !== null ? ` (at most ${formatRupees(c.max_discount)})` : ""}`;
  if (c.kind === "flat") return `${formatRupees(c.value)} off`;
  return "Free shipping";
}

/** The rules besides the offer, in a few words. */
export function couponRules(c: AdminCoupon): string {
  const rules = [c.min_order > 0 ? `orders from ${formatRupees(c.min_order)}` : null, c.first_order_only ? "first order only" : null, c.per_customer_limit !== null ? `${c.per_customer_limit} per customer` : null].filter(Boolean);
  return rules.length ? rules.join(" · ") : "—";
}

/** An instant in India's time, "1 Dec 2026, 10:00 am". */
export const istDateTime = (iso: string) => new Date(iso).toLocaleString("en-IN", { timeZone: "Asia/Kolkata", dateStyle: "medium", timeStyle: "short" });
