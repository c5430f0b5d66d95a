import type { CouponOutcome } from "./coupons";
import { gstRateFor, type GstRate } from "./gst";
import { allocate, gstContained } from "./money";

export type TotalsLine = { key: number; unitPrice: number; quantity: number; hsn: string | null };

export type LineTax = { key: number; lineTotal: number; discount: number; gstRate: number; gst: number };

export type Totals = {
  /** Σ unit price × quantity, paise (tax-inclusive). */
  subtotal: number;
  /** Shipping fee of the chosen method before any coupon, paise. */
  shipping: number;
  /** What the coupon takes off (items, or the waived shipping), paise. */
  couponDiscount: number;
  /** GST contained in the total (goods after discount, and shipping), paise. */
  tax: number;
  /** subtotal + shipping − couponDiscount, paise. */
  total: number;
  lines: LineTax[];
};

/**
 * A cart's figures, all in paise and all exact: an item discount is spread over the lines in
 * proportion to their value, each line's GST rate is looked up at its per-piece price after that
 * discount (the ₹2,500 band of chapter 63 depends on it), and the GST a line contains is
 * rounded once per line. Shipping is taxed at the rate of the cart's most valuable line, the
 * principal supply of a composite supply (CGST Act s.8).
 */
export function computeTotals(input: {
  lines: readonly TotalsLine[];
  rates: readonly GstRate[];
  defaultRate: number;
  day: string;
  shipping: number;
  coupon: CouponOutcome | null;
}): Totals {
  const lineTotals = input.lines.map((l) => l.unitPrice * l.quantity);
  const subtotal = lineTotals.reduce((a, b) => a + b, 0);
  const coupon = input.coupon?.ok ? input.coupon : null;
  // A coupon takes off at most what there is: the shipping it waives, or the items' value.
  const freeShipping = coupon?.kind === "free_shipping";
  const couponDiscount = coupon ? Math.max(Math.min(coupon.discount, freeShipping ? input.shipping : subtotal), 0) : 0;
  const itemDiscount = freeShipping ? 0 : couponDiscount;
  const shares = allocate(itemDiscount, lineTotals);
  const lines: LineTax[] = input.lines.map((l, i) => {
    const net = lineTotals[i]! - shares[i]!;
    const perPiece = l.quantity > 0 ? Math.floor(net / l.quantity) : 0;
    const gstRate = gstRateFor(input.rates, l.hsn, perPiece, input.day) ?? input.defaultRate;
    return { key: l.key, lineTotal: lineTotals[i]!, discount: shares[i]!, gstRate, gst: gstContained(net, gstRate) };
  });
  const shippingCharged = freeShipping ? input.shipping - couponDiscount : input.shipping;
  let principal: LineTax | undefined;
  for (const line of lines) if (!principal || line.lineTotal - line.discount > principal.lineTotal - principal.discount) principal = line;
  const shippingGst = gstContained(shippingCharged, principal?.gstRate ?? input.defaultRate);
  const tax = lines.reduce((a, l) => a + l.gst, 0) + shippingGst;
  return { subtotal, shipping: input.shipping, couponDiscount, tax, total: subtotal + input.shipping - couponDiscount, lines };
}
