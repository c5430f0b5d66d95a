import { describe, expect, it } from "vitest";
import { DAY, FLAT150, FREESHIP499, MIGRATION_RATES, WELCOME10, ctx, intBetween, makeRule, prng } from "@/lib/testing/commerce-fixtures";
import { evaluateCoupon, type CouponOutcome, type CouponRule } from "./coupons";
import { gstRateFor } from "./gst";
import { gstContained } from "./money";
import { SHIPPING_DEFAULTS, shippingFee } from "./shipping";
import { computeTotals, type Totals, type TotalsLine } from "./totals";

const STANDARD = shippingFee(SHIPPING_DEFAULTS, "standard"); // ₹99
const EXPRESS = shippingFee(SHIPPING_DEFAULTS, "express"); // ₹249

let nextKey = 1;
const line = (hsn: string | null, unitPrice: number, quantity = 1): TotalsLine => ({ key: nextKey++, unitPrice, quantity, hsn });

const subtotalOf = (lines: readonly TotalsLine[]) => lines.reduce((a, l) => a + l.unitPrice * l.quantity, 0);

/** The coupon as evaluateCoupon gives it for this cart (a new signed-in customer). */
const couponFor = (rule: CouponRule, lines: readonly TotalsLine[], waivableShipping = STANDARD): CouponOutcome =>
  evaluateCoupon(rule, rule.code, ctx({ subtotal: subtotalOf(lines), waivableShipping }));

const totals = (lines: readonly TotalsLine[], opts: { shipping?: number; coupon?: CouponOutcome | null; defaultRate?: number } = {}) =>
  computeTotals({
    lines,
    rates: MIGRATION_RATES,
    defaultRate: opts.defaultRate ?? 18,
    day: DAY,
    shipping: opts.shipping ?? STANDARD,
    coupon: opts.coupon ?? null,
  });

/** Every figure of a Totals, for the whole-paise check. */
const figures = (t: Totals) => [t.subtotal, t.shipping, t.couponDiscount, t.tax, t.total, ...t.lines.flatMap((l) => [l.lineTotal, l.discount, l.gstRate, l.gst])];

function expectWholePaise(t: Totals) {
  for (const figure of figures(t)) expect(Number.isInteger(figure), `${figure} in ${JSON.stringify(t)}`).toBe(true);
}

describe("computeTotals: worked carts", () => {
  it("a ₹2,700 curtain without a coupon is 18%, shipping too", () => {
    const curtain = line("6303", 270000);
    const t = totals([curtain]);
    expect(t).toEqual({
      subtotal: 270000,
      shipping: 9900,
      couponDiscount: 0,
      tax: 41186 + 1510, // 270000 × 18/118, 9900 × 18/118
      total: 279900,
      lines: [{ key: curtain.key, lineTotal: 270000, discount: 0, gstRate: 18, gst: 41186 }],
    });
    expectWholePaise(t);
  });

  it("FLAT150 brings the ₹2,700 curtain under ₹2,625 a piece: 5% on what is paid, shipping at 5%", () => {
    const curtain = line("6303", 270000);
    const coupon = couponFor(FLAT150, [curtain]);
    const t = totals([curtain], { coupon });
    expect(t).toEqual({
      subtotal: 270000,
      shipping: 9900,
      couponDiscount: 15000,
      tax: 12143 + 471, // 255000 × 5/105, 9900 × 5/105
      total: 264900,
      lines: [{ key: curtain.key, lineTotal: 270000, discount: 15000, gstRate: 5, gst: 12143 }],
    });
    expectWholePaise(t);
  });

  it("judges the band on the price a piece after discount, at the paisa", () => {
    const at = line("6303", 277500); // − ₹150 = ₹2,625.00
    const over = line("6303", 277501); // − ₹150 = ₹2,625.01
    expect(totals([at], { coupon: couponFor(FLAT150, [at]) }).lines[0]).toMatchObject({ discount: 15000, gstRate: 5, gst: 12500 });
    expect(totals([over], { coupon: couponFor(FLAT150, [over]) }).lines[0]).toMatchObject({ discount: 15000, gstRate: 18, gst: 40043 });
    // Two curtains: ₹5,400 − ₹150 = ₹2,625 a piece.
    const pair = line("6303", 270000, 2);
    expect(totals([pair]).lines[0]).toMatchObject({ lineTotal: 540000, discount: 0, gstRate: 18, gst: 82373 });
    expect(totals([pair], { coupon: couponFor(FLAT150, [pair]) }).lines[0]).toMatchObject({
      lineTotal: 540000,
      discount: 15000,
      gstRate: 5,
      gst: 25000,
    });
  });

  it("WELCOME10 spreads over the lines in proportion, each taxed at its own rate", () => {
    const cushions = line("6304", 149900, 2);
    const rug = line("5705", 499900);
    const wallpaper = line("4814", 89900, 3);
    const cart = [cushions, rug, wallpaper];
    const t = totals(cart, { coupon: couponFor(WELCOME10, cart) });
    expect(t).toEqual({
      subtotal: 1069400,
      shipping: 9900,
      couponDiscount: 106940,
      // 269820 × 5/105, 449910 × 5/105, 242730 × 18/118, and shipping at the rug's 5%.
      tax: 12849 + 21424 + 37027 + 471,
      total: 1069400 + 9900 - 106940,
      lines: [
        { key: cushions.key, lineTotal: 299800, discount: 29980, gstRate: 5, gst: 12849 },
        { key: rug.key, lineTotal: 499900, discount: 49990, gstRate: 5, gst: 21424 },
        { key: wallpaper.key, lineTotal: 269700, discount: 26970, gstRate: 18, gst: 37027 },
      ],
    });
    expectWholePaise(t);
  });

  it("a flat discount that does not divide evenly still sums exactly", () => {
    const bedsheet = line("6302", 129900);
    const towels = line("6302", 49900, 3);
    const t = totals([bedsheet, towels], { coupon: couponFor(FLAT150, [bedsheet, towels]) });
    // 15000 × 129900/279600 = 6968.88, 15000 × 149700/279600 = 8031.12; the paisa left to the larger line.
    expect(t.lines).toEqual([
      { key: bedsheet.key, lineTotal: 129900, discount: 6968, gstRate: 5, gst: 5854 },
      { key: towels.key, lineTotal: 149700, discount: 8032, gstRate: 5, gst: 6746 },
    ]);
    expect(t.couponDiscount).toBe(15000);
    expect(t.tax).toBe(5854 + 6746 + 471);
    expect(t.total).toBe(279600 + 9900 - 15000);
    expectWholePaise(t);
  });

  it("FREESHIP499 waives standard shipping: the items keep their price and their GST", () => {
    const rug = line("5705", 49900);
    const coupon = couponFor(FREESHIP499, [rug]);
    const t = totals([rug], { coupon });
    expect(t).toEqual({
      subtotal: 49900,
      shipping: 9900,
      couponDiscount: 9900,
      tax: 2376, // 49900 × 5/105, no shipping charged
      total: 49900,
      lines: [{ key: rug.key, lineTotal: 49900, discount: 0, gstRate: 5, gst: 2376 }],
    });
  });

  it("FREESHIP499 with express waives the standard part; GST on the rest at the main line's rate", () => {
    const rug = line("5705", 59900);
    const t = totals([rug], { shipping: EXPRESS, coupon: couponFor(FREESHIP499, [rug]) });
    expect(t).toEqual({
      subtotal: 59900,
      shipping: 24900,
      couponDiscount: 9900,
      tax: 2852 + 714, // 59900 × 5/105, 15000 × 5/105
      total: 59900 + 24900 - 9900,
      lines: [{ key: rug.key, lineTotal: 59900, discount: 0, gstRate: 5, gst: 2852 }],
    });
  });

  it("uses the default rate for a product without an HSN code or with an unknown one", () => {
    const plain = line(null, 100000);
    const odd = line("8517", 100000);
    expect(totals([plain], { defaultRate: 12, shipping: 0 })).toMatchObject({ tax: 10714, lines: [{ gstRate: 12, gst: 10714 }] });
    expect(totals([odd], { defaultRate: 18, shipping: 0 })).toMatchObject({ tax: 15254, lines: [{ gstRate: 18, gst: 15254 }] });
    expect(totals([odd], { defaultRate: 0, shipping: 9900 })).toMatchObject({ tax: 0, total: 109900, lines: [{ gstRate: 0, gst: 0 }] });
  });

  it("taxes shipping at the rate of the line worth most after discount", () => {
    // The cushions line (3 × ₹500) is worth more than the wallpaper roll, though each piece is cheaper.
    const wallpaper = line("4814", 120000);
    const cushions = line("6304", 50000, 3);
    expect(totals([wallpaper, cushions]).tax).toBe(18305 + 7143 + 471);
    // Worth most by line value, not by rate: the wallpaper wins once it is worth more.
    const bigWallpaper = line("4814", 160000);
    expect(totals([bigWallpaper, cushions]).tax).toBe(24407 + 7143 + 1510);
    // A tie goes to the first line.
    const a = line("4814", 100000);
    const b = line("5705", 100000);
    expect(totals([a, b]).tax).toBe(15254 + 4762 + 1510);
    expect(totals([b, a]).tax).toBe(4762 + 15254 + 471);
  });

  it("taxes shipping at the default rate when the cart is empty", () => {
    expect(totals([])).toEqual({ subtotal: 0, shipping: 9900, couponDiscount: 0, tax: 1510, total: 9900, lines: [] });
    expect(totals([], { defaultRate: 5 }).tax).toBe(471);
  });

  it("ignores a coupon that does not apply", () => {
    const rug = line("5705", 50000);
    const refused = couponFor(FLAT150, [rug]);
    expect(refused.ok).toBe(false);
    const t = totals([rug], { coupon: refused });
    expect(t).toEqual(totals([rug]));
    expect(t.couponDiscount).toBe(0);
    expect(t.total).toBe(59900);
  });

  it("a line of no pieces is worth nothing and takes no discount", () => {
    const none = line("6303", 270000, 0);
    const rug = line("5705", 150000);
    const t = totals([none, rug], { coupon: couponFor(FLAT150, [none, rug]) });
    expect(t.lines[0]).toEqual({ key: none.key, lineTotal: 0, discount: 0, gstRate: 5, gst: 0 });
    expect(t.lines[1]).toMatchObject({ lineTotal: 150000, discount: 15000 });
    expect(t.total).toBe(150000 + 9900 - 15000);
  });
});

describe("computeTotals: a coupon never takes off more than there is", () => {
  it("free shipping waives no more than the shipping charged", () => {
    // The coupon was evaluated against the standard fee (₹99) but this cart ships for ₹0.
    const rug = line("5705", 59900);
    const coupon = couponFor(FREESHIP499, [rug]);
    expect(coupon).toMatchObject({ ok: true, discount: 9900 });
    const t = totals([rug], { shipping: 0, coupon });
    expect(t.couponDiscount).toBe(0);
    expect(t.total).toBe(59900);
    expect(t.tax).toBe(2852);
    // And part of a smaller fee.
    const partial = totals([rug], { shipping: 5000, coupon });
    expect(partial.couponDiscount).toBe(5000);
    expect(partial.total).toBe(59900);
  });

  it("an item discount no larger than the subtotal", () => {
    const rug = line("5705", 10000);
    const stale: CouponOutcome = { ok: true, code: "FLAT150", title: FLAT150.title, kind: "flat", discount: 15000 };
    const t = totals([rug], { coupon: stale });
    expect(t.lines[0]).toMatchObject({ discount: 10000, gst: 0 });
    expect(t.couponDiscount).toBe(10000);
    expect(t.total).toBe(9900);
    expect(t.tax).toBe(471);
  });
});

describe("computeTotals: generated carts", () => {
  const CODES = ["6302", "6303", "6304", "9404", "5701", "5702", "5703", "5704", "5705", "5407", "4814", "9401", "9403", "8517", null];
  const RULES: CouponRule[] = [
    WELCOME10,
    FREESHIP499,
    FLAT150,
    makeRule({ code: "SALE15", title: "15% off up to ₹750", kind: "percent", value: 15, maxDiscount: 75000 }),
    makeRule({ code: "FLAT1000", title: "₹1,000 off", kind: "flat", value: 100000 }),
  ];

  it("holds every rule for 500 seeded random carts, in whole paise", () => {
    const rand = prng(0x5eed);
    let switchedBand = 0;
    for (let n = 0; n < 500; n += 1) {
      const lines = Array.from({ length: intBetween(rand, 1, 6) }, () => {
        // Prices cluster around the ₹2,625 band edge a third of the time.
        const price = rand() < 0.33 ? intBetween(rand, 255000, 290000) : intBetween(rand, 100, 1_500_000);
        return line(CODES[intBetween(rand, 0, CODES.length - 1)]!, price, intBetween(rand, 1, 5));
      });
      const express = rand() < 0.3;
      const shipping = express ? EXPRESS : STANDARD;
      const rule = rand() < 0.2 ? null : RULES[intBetween(rand, 0, RULES.length - 1)]!;
      const coupon = rule ? couponFor(rule, lines) : null;
      const defaultRate = rand() < 0.5 ? 18 : 12;
      const t = computeTotals({ lines, rates: MIGRATION_RATES, defaultRate, day: DAY, shipping, coupon });
      const label = JSON.stringify({ n, lines, shipping, coupon });

      expectWholePaise(t);
      expect(t.subtotal, label).toBe(subtotalOf(lines));
      expect(t.shipping).toBe(shipping);
      expect(t.total, label).toBe(t.subtotal + t.shipping - t.couponDiscount);
      expect(t.total).toBeGreaterThanOrEqual(0);
      expect(t.tax).toBeGreaterThanOrEqual(0);
      expect(t.tax).toBeLessThan(t.total === 0 ? 1 : t.total);

      const applied = coupon?.ok ? coupon : null;
      const itemDiscount = t.lines.reduce((a, l) => a + l.discount, 0);
      if (!applied) {
        expect(t.couponDiscount).toBe(0);
        expect(itemDiscount).toBe(0);
      } else if (applied.kind === "free_shipping") {
        expect(t.couponDiscount).toBe(STANDARD);
        expect(itemDiscount).toBe(0);
      } else {
        expect(t.couponDiscount).toBe(applied.discount);
        expect(itemDiscount, label).toBe(applied.discount);
      }

      let principal: { net: number; rate: number } | null = null;
      let linesGst = 0;
      for (const [i, l] of t.lines.entries()) {
        const input = lines[i]!;
        expect(l.key).toBe(input.key);
        expect(l.lineTotal).toBe(input.unitPrice * input.quantity);
        expect(l.discount).toBeGreaterThanOrEqual(0);
        expect(l.discount).toBeLessThanOrEqual(l.lineTotal);
        // In proportion to the line's value, within a paisa (compared without division).
        if (itemDiscount > 0) {
          const exactTimesSubtotal = itemDiscount * l.lineTotal;
          expect(l.discount * t.subtotal).toBeGreaterThan(exactTimesSubtotal - t.subtotal);
          expect(l.discount * t.subtotal).toBeLessThanOrEqual(exactTimesSubtotal + t.subtotal);
        }
        const net = l.lineTotal - l.discount;
        const perPiece = Math.floor(net / input.quantity);
        const rate = gstRateFor(MIGRATION_RATES, input.hsn, perPiece, DAY) ?? defaultRate;
        expect(l.gstRate, label).toBe(rate);
        expect(l.gst, label).toBe(gstContained(net, rate));
        if (rate !== (gstRateFor(MIGRATION_RATES, input.hsn, input.unitPrice, DAY) ?? defaultRate)) switchedBand += 1;
        linesGst += l.gst;
        if (!principal || net > principal.net) principal = { net, rate: l.gstRate };
      }
      const shippingCharged = applied?.kind === "free_shipping" ? shipping - applied.discount : shipping;
      expect(t.tax, label).toBe(linesGst + gstContained(shippingCharged, principal?.rate ?? defaultRate));
    }
    // The generator does reach the case where a discount changes a line's band.
    expect(switchedBand).toBeGreaterThan(0);
  });
});
