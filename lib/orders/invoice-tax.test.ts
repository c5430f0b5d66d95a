import { describe, expect, it } from "vitest";
import { DAY, MIGRATION_RATES, prng, intBetween } from "@/lib/testing/commerce-fixtures";
import type { CouponOutcome } from "@/lib/cart/coupons";
import { invoiceFigures, SHIPPING_DESCRIPTION, splitGst, type InvoiceSourceLine } from "./invoice-tax";
import { computeTotals, type TotalsLine } from "@/lib/cart/totals";

describe("splitGst", () => {
  it("halves an even tax and gives the odd paisa to CGST, so the halves always add up", () => {
    expect(splitGst(4500)).toEqual({ cgst: 2250, sgst: 2250 });
    expect(splitGst(4501)).toEqual({ cgst: 2251, sgst: 2250 });
    expect(splitGst(1)).toEqual({ cgst: 1, sgst: 0 });
    expect(splitGst(0)).toEqual({ cgst: 0, sgst: 0 });
    for (let tax = 0; tax < 500; tax += 1) {
      const { cgst, sgst } = splitGst(tax);
      expect(cgst + sgst).toBe(tax);
      expect(Math.abs(cgst - sgst)).toBeLessThanOrEqual(1);
    }
  });
});

/** An order as checkout stores it: computeTotals' figures on the order and its lines. */
function placed(cart: Array<{ hsn: string | null; unitPrice: number; quantity: number }>, shipping: number, coupon: CouponOutcome | null) {
  const lines: TotalsLine[] = cart.map((l, i) => ({ key: i, ...l }));
  const t = computeTotals({ lines, rates: MIGRATION_RATES, defaultRate: 18, day: DAY, shipping, coupon });
  const source: InvoiceSourceLine[] = cart.map((l, i) => ({
    description: `Item ${i + 1}`,
    hsn: l.hsn,
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    total: l.unitPrice * l.quantity,
    discount: t.lines[i]!.discount,
    gstRate: t.lines[i]!.gstRate,
    taxAmount: t.lines[i]!.gst,
  }));
  return { order: { shippingCost: shipping, tax: t.tax, grandTotal: t.total }, source };
}

describe("invoiceFigures", () => {
  it("splits every line into CGST and SGST within the seller's state, shipping included", () => {
    const { order, source } = placed([{ hsn: "6303", unitPrice: 270000, quantity: 1 }, { hsn: "6304", unitPrice: 89900, quantity: 3 }], 9900, null);
    const { lines, totals } = invoiceFigures(order, source, true, 18);
    expect(lines.map((l) => l.description)).toEqual(["Item 1", "Item 2", SHIPPING_DESCRIPTION]);
    const curtain = lines[0]!;
    expect(curtain).toMatchObject({ hsn: "6303", rate: 18, gross: 270000, discount: 0, tax: 41186, taxable: 228814, igst: 0 });
    expect(curtain.cgst + curtain.sgst).toBe(curtain.tax);
    // Shipping goes at the rate of the most valuable line (the ₹2,700 curtain: 18%).
    expect(lines[2]).toMatchObject({ shipping: true, rate: 18, gross: 9900, tax: 1510, taxable: 8390, hsn: "6303" });
    expect(totals.igst).toBe(0);
    expect(totals.cgst + totals.sgst).toBe(order.tax);
    expect(totals.taxable + totals.tax).toBe(order.grandTotal);
    expect(totals.grandTotal).toBe(order.grandTotal);
  });

  it("charges IGST alone between states", () => {
    const { order, source } = placed([{ hsn: "6302", unitPrice: 149900, quantity: 2 }], 9900, null);
    const { lines, totals } = invoiceFigures(order, source, false, 18);
    for (const line of lines) expect(line).toMatchObject({ cgst: 0, sgst: 0, igst: line.tax });
    expect(totals.igst).toBe(order.tax);
    expect(totals.taxable + totals.tax).toBe(order.grandTotal);
  });

  it("shows a free-shipping coupon as the shipping line's discount", () => {
    const coupon: CouponOutcome = { ok: true, code: "FREESHIP", title: "Free shipping", kind: "free_shipping", discount: 9900 };
    const { order, source } = placed([{ hsn: "6304", unitPrice: 49900, quantity: 1 }], 9900, coupon);
    const { lines, totals } = invoiceFigures(order, source, true, 18);
    expect(lines[1]).toMatchObject({ shipping: true, gross: 9900, discount: 9900, taxable: 0, tax: 0, total: 0 });
    expect(totals.grandTotal).toBe(49900);
  });

  it("adds up to the order's grand total and tax for any cart and coupon", () => {
    const random = prng(10);
    const hsns = ["6303", "6302", "5705", "9403", "4814", null];
    for (let run = 0; run < 300; run += 1) {
      const cart = Array.from({ length: intBetween(random, 1, 5) }, () => ({ hsn: hsns[intBetween(random, 0, hsns.length - 1)]!, unitPrice: intBetween(random, 100, 400000), quantity: intBetween(random, 1, 4) }));
      const shipping = [0, 9900, 24900][intBetween(random, 0, 2)]!;
      const kind = intBetween(random, 0, 2);
      const coupon: CouponOutcome | null = kind === 0 ? null : kind === 1 ? { ok: true, code: "FLAT", title: "Flat", kind: "flat", discount: intBetween(random, 100, 50000) } : { ok: true, code: "SHIP", title: "Ship", kind: "free_shipping", discount: shipping };
      const { order, source } = placed(cart, shipping, coupon);
      for (const intra of [true, false]) {
        const { lines, totals } = invoiceFigures(order, source, intra, 18);
        expect(totals.taxable + totals.tax).toBe(order.grandTotal);
        expect(totals.tax).toBe(order.tax);
        expect(totals.cgst + totals.sgst + totals.igst).toBe(order.tax);
        for (const line of lines) {
          expect(line.taxable).toBeGreaterThanOrEqual(0);
          expect(line.gross - line.discount).toBe(line.total);
        }
      }
    }
  });

  it("computes a line's GST from its rate when the order did not store it", () => {
    const { lines } = invoiceFigures({ shippingCost: 0, tax: 45000, grandTotal: 295000 }, [{ description: "Sofa", hsn: "9401", quantity: 1, unitPrice: 295000, total: 295000, discount: null, gstRate: null, taxAmount: null }], true, 18);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ rate: 18, tax: 45000, taxable: 250000, cgst: 22500, sgst: 22500 });
  });
});
