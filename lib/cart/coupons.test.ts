import { describe, expect, it } from "vitest";
import { FLAT150, FREESHIP499, NOW, WELCOME10, ctx, intBetween, makeRule, prng } from "@/lib/testing/commerce-fixtures";
import { COUPON_MESSAGES, evaluateCoupon, minimumMessage, type CouponOutcome } from "./coupons";

const discountOf = (outcome: CouponOutcome) => {
  if (!outcome.ok) throw new Error(`expected the coupon to apply, got: ${outcome.message}`);
  return outcome.discount;
};
const messageOf = (outcome: CouponOutcome) => (outcome.ok ? `applied (${outcome.discount})` : outcome.message);

const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000).toISOString();

describe("the demo coupons", () => {
  it("WELCOME10 takes 10% off a new customer's first order, rounded down", () => {
    expect(evaluateCoupon(WELCOME10, "WELCOME10", ctx({ subtotal: 123456 }))).toEqual({
      ok: true,
      code: "WELCOME10",
      title: "10% off your first order",
      kind: "percent",
      discount: 12345, // 12345.6
    });
    expect(discountOf(evaluateCoupon(WELCOME10, "WELCOME10", ctx({ subtotal: 99999 })))).toBe(9999);
    expect(discountOf(evaluateCoupon(WELCOME10, "WELCOME10", ctx({ subtotal: 9 })))).toBe(0);
    expect(discountOf(evaluateCoupon(WELCOME10, "WELCOME10", ctx({ subtotal: 1_000_000 })))).toBe(100000);
  });

  it("WELCOME10 asks a guest to sign in, and refuses a customer who has ordered", () => {
    expect(evaluateCoupon(WELCOME10, "WELCOME10", ctx({ signedIn: false }))).toEqual({
      ok: false,
      code: "WELCOME10",
      message: COUPON_MESSAGES.signIn,
    });
    expect(messageOf(evaluateCoupon(WELCOME10, "WELCOME10", ctx({ hasOrders: true })))).toBe(COUPON_MESSAGES.firstOrder);
    expect(COUPON_MESSAGES.signIn).toBe("Please log in to use this coupon: it is for your first order.");
    expect(COUPON_MESSAGES.firstOrder).toBe("This coupon is only for your first order.");
  });

  it("FREESHIP499 waives the standard shipping fee from ₹499.00, not from ₹498.99", () => {
    expect(evaluateCoupon(FREESHIP499, "FREESHIP499", ctx({ subtotal: 49900 }))).toEqual({
      ok: true,
      code: "FREESHIP499",
      title: "Free shipping above ₹499",
      kind: "free_shipping",
      discount: 9900,
    });
    expect(discountOf(evaluateCoupon(FREESHIP499, "FREESHIP499", ctx({ subtotal: 49900, waivableShipping: 12345 })))).toBe(12345);
    expect(discountOf(evaluateCoupon(FREESHIP499, "FREESHIP499", ctx({ subtotal: 49900, signedIn: false, hasOrders: false })))).toBe(9900);
    expect(discountOf(evaluateCoupon(FREESHIP499, "FREESHIP499", ctx({ subtotal: 49900, hasOrders: true })))).toBe(9900);
    expect(evaluateCoupon(FREESHIP499, "FREESHIP499", ctx({ subtotal: 49899 }))).toEqual({
      ok: false,
      code: "FREESHIP499",
      message: "This coupon needs a cart of ₹499 or more. Add ₹0.01 more to use it.",
    });
  });

  it("FLAT150 takes ₹150 off from ₹1,000.00, not from ₹999.99", () => {
    expect(evaluateCoupon(FLAT150, "FLAT150", ctx({ subtotal: 100000 }))).toEqual({
      ok: true,
      code: "FLAT150",
      title: "Flat ₹150 off on ₹1,000 and above",
      kind: "flat",
      discount: 15000,
    });
    expect(discountOf(evaluateCoupon(FLAT150, "FLAT150", ctx({ subtotal: 5_000_000 })))).toBe(15000);
    expect(discountOf(evaluateCoupon(FLAT150, "FLAT150", ctx({ subtotal: 100000, signedIn: false })))).toBe(15000);
    expect(messageOf(evaluateCoupon(FLAT150, "FLAT150", ctx({ subtotal: 99999 })))).toBe(
      "This coupon needs a cart of ₹1,000 or more. Add ₹0.01 more to use it.",
    );
    expect(messageOf(evaluateCoupon(FLAT150, "FLAT150", ctx({ subtotal: 99900 })))).toBe(
      "This coupon needs a cart of ₹1,000 or more. Add ₹1 more to use it.",
    );
  });

  it("a flat discount never exceeds the subtotal", () => {
    const flat = makeRule({ code: "FLAT500", title: "₹500 off", kind: "flat", value: 50000 });
    expect(discountOf(evaluateCoupon(flat, "FLAT500", ctx({ subtotal: 29900 })))).toBe(29900);
    expect(discountOf(evaluateCoupon(flat, "FLAT500", ctx({ subtotal: 50000 })))).toBe(50000);
    expect(discountOf(evaluateCoupon(flat, "FLAT500", ctx({ subtotal: 50001 })))).toBe(50000);
    const negative = makeRule({ code: "ODD", title: "Odd", kind: "flat", value: -100 });
    expect(discountOf(evaluateCoupon(negative, "ODD", ctx()))).toBe(0);
  });
});

describe("coupon rules", () => {
  it("treats a missing or inactive coupon as unknown, echoing the code as typed", () => {
    expect(evaluateCoupon(null, "nope", ctx())).toEqual({ ok: false, code: "nope", message: COUPON_MESSAGES.unknown });
    expect(evaluateCoupon({ ...FLAT150, active: false }, "flat150", ctx())).toEqual({
      ok: false,
      code: "flat150",
      message: "This coupon code is not valid.",
    });
  });

  it("is not active yet before starts_at, and applies from that instant", () => {
    expect(messageOf(evaluateCoupon({ ...FLAT150, startsAt: minutes(1) }, "FLAT150", ctx()))).toBe(COUPON_MESSAGES.notYet);
    expect(messageOf(evaluateCoupon({ ...FLAT150, startsAt: "2027-01-01T00:00:00.000Z" }, "FLAT150", ctx()))).toBe(
      "This coupon is not active yet.",
    );
    expect(discountOf(evaluateCoupon({ ...FLAT150, startsAt: NOW.toISOString() }, "FLAT150", ctx()))).toBe(15000);
    expect(discountOf(evaluateCoupon({ ...FLAT150, startsAt: minutes(-1) }, "FLAT150", ctx()))).toBe(15000);
  });

  it("has expired after ends_at, and applies up to that instant", () => {
    expect(messageOf(evaluateCoupon({ ...FLAT150, endsAt: minutes(-1) }, "FLAT150", ctx()))).toBe(COUPON_MESSAGES.expired);
    expect(COUPON_MESSAGES.expired).toBe("This coupon has expired.");
    expect(discountOf(evaluateCoupon({ ...FLAT150, endsAt: NOW.toISOString() }, "FLAT150", ctx()))).toBe(15000);
    expect(discountOf(evaluateCoupon({ ...FLAT150, startsAt: minutes(-60), endsAt: minutes(60) }, "FLAT150", ctx()))).toBe(15000);
  });

  it("is used up once usage_limit orders have used it", () => {
    const limited = { ...FLAT150, usageLimit: 100 };
    expect(discountOf(evaluateCoupon(limited, "FLAT150", ctx({ usedTotal: 99 })))).toBe(15000);
    expect(messageOf(evaluateCoupon(limited, "FLAT150", ctx({ usedTotal: 100 })))).toBe(COUPON_MESSAGES.usedUp);
    expect(messageOf(evaluateCoupon(limited, "FLAT150", ctx({ usedTotal: 101, signedIn: false })))).toBe(
      "This coupon has reached its usage limit.",
    );
    expect(messageOf(evaluateCoupon({ ...FLAT150, usageLimit: 0 }, "FLAT150", ctx()))).toBe(COUPON_MESSAGES.usedUp);
  });

  it("is used by you once a signed-in customer reaches per_customer_limit", () => {
    const once = { ...FLAT150, perCustomerLimit: 1 };
    expect(discountOf(evaluateCoupon(once, "FLAT150", ctx({ usedByCustomer: 0 })))).toBe(15000);
    expect(messageOf(evaluateCoupon(once, "FLAT150", ctx({ usedByCustomer: 1 })))).toBe(COUPON_MESSAGES.usedByYou);
    expect(COUPON_MESSAGES.usedByYou).toBe("You have already used this coupon.");
    const twice = { ...FLAT150, perCustomerLimit: 2 };
    expect(discountOf(evaluateCoupon(twice, "FLAT150", ctx({ usedByCustomer: 1 })))).toBe(15000);
    expect(messageOf(evaluateCoupon(twice, "FLAT150", ctx({ usedByCustomer: 2 })))).toBe(COUPON_MESSAGES.usedByYou);
    // A guest has no orders of their own to count.
    expect(discountOf(evaluateCoupon(once, "FLAT150", ctx({ signedIn: false, usedByCustomer: 0 })))).toBe(15000);
  });

  it("caps a percent discount at max_discount", () => {
    const capped = makeRule({ code: "SALE20", title: "20% off up to ₹500", kind: "percent", value: 20, maxDiscount: 50000 });
    expect(discountOf(evaluateCoupon(capped, "SALE20", ctx({ subtotal: 100000 })))).toBe(20000);
    expect(discountOf(evaluateCoupon(capped, "SALE20", ctx({ subtotal: 250000 })))).toBe(50000);
    expect(discountOf(evaluateCoupon(capped, "SALE20", ctx({ subtotal: 250005 })))).toBe(50000);
    expect(discountOf(evaluateCoupon(capped, "SALE20", ctx({ subtotal: 1_000_000 })))).toBe(50000);
    expect(discountOf(evaluateCoupon(capped, "SALE20", ctx({ subtotal: 249999 })))).toBe(49999); // 49999.8, down
  });

  it("keeps a percent between 0 and 100", () => {
    const over = makeRule({ code: "ALL", title: "All", kind: "percent", value: 150 });
    expect(discountOf(evaluateCoupon(over, "ALL", ctx({ subtotal: 123456 })))).toBe(123456);
    const under = makeRule({ code: "NONE", title: "None", kind: "percent", value: -10 });
    expect(discountOf(evaluateCoupon(under, "NONE", ctx({ subtotal: 123456 })))).toBe(0);
  });

  it("asks for something in the cart first", () => {
    for (const rule of [WELCOME10, FREESHIP499, FLAT150]) {
      expect(evaluateCoupon(rule, rule.code, ctx({ subtotal: 0 }))).toEqual({
        ok: false,
        code: rule.code,
        message: "Add something to your cart before applying a coupon.",
      });
    }
    // Before the sign-in and minimum messages, which would not help with an empty cart.
    expect(messageOf(evaluateCoupon(WELCOME10, "WELCOME10", ctx({ subtotal: 0, signedIn: false })))).toBe(COUPON_MESSAGES.emptyCart);
    expect(messageOf(evaluateCoupon(FLAT150, "FLAT150", ctx({ subtotal: 0 })))).toBe(COUPON_MESSAGES.emptyCart);
  });

  it("says an unknown or out-of-date code before anything about the cart or the customer", () => {
    const guestEmpty = ctx({ subtotal: 0, signedIn: false, hasOrders: true, usedTotal: 5, usedByCustomer: 5 });
    expect(messageOf(evaluateCoupon({ ...WELCOME10, active: false }, "WELCOME10", guestEmpty))).toBe(COUPON_MESSAGES.unknown);
    expect(messageOf(evaluateCoupon({ ...WELCOME10, startsAt: minutes(5) }, "WELCOME10", guestEmpty))).toBe(COUPON_MESSAGES.notYet);
    expect(messageOf(evaluateCoupon({ ...WELCOME10, endsAt: minutes(-5) }, "WELCOME10", guestEmpty))).toBe(COUPON_MESSAGES.expired);
  });

  it("gives whole-paise discounts, never more than the subtotal, for generated carts", () => {
    const rand = prng(499);
    const rules = [
      WELCOME10,
      FREESHIP499,
      FLAT150,
      makeRule({ code: "P7", title: "7%", kind: "percent", value: 7, maxDiscount: 33333 }),
      makeRule({ code: "P33", title: "33%", kind: "percent", value: 33 }),
    ];
    for (let i = 0; i < 400; i += 1) {
      const rule = rules[i % rules.length]!;
      const subtotal = intBetween(rand, 1, 3_000_000);
      const outcome = evaluateCoupon(rule, rule.code, ctx({ subtotal }));
      if (subtotal < rule.minSubtotal) {
        expect(outcome.ok).toBe(false);
        continue;
      }
      const discount = discountOf(outcome);
      expect(Number.isInteger(discount)).toBe(true);
      expect(discount).toBeGreaterThanOrEqual(0);
      if (rule.kind !== "free_shipping") expect(discount).toBeLessThanOrEqual(subtotal);
      if (rule.kind === "percent") {
        expect(discount * 100).toBeLessThanOrEqual(subtotal * rule.value);
        if (rule.maxDiscount !== null) expect(discount).toBeLessThanOrEqual(rule.maxDiscount);
      }
    }
  });
});

describe("minimumMessage", () => {
  it("says the minimum and the shortfall in rupees with Indian grouping", () => {
    expect(minimumMessage(100000, 99900)).toBe("This coupon needs a cart of ₹1,000 or more. Add ₹1 more to use it.");
    expect(minimumMessage(100000, 0)).toBe("This coupon needs a cart of ₹1,000 or more. Add ₹1,000 more to use it.");
    expect(minimumMessage(49900, 25050)).toBe("This coupon needs a cart of ₹499 or more. Add ₹248.50 more to use it.");
    expect(minimumMessage(10_000_000, 1)).toBe("This coupon needs a cart of ₹1,00,000 or more. Add ₹99,999.99 more to use it.");
    expect(minimumMessage(2_500_000_00, 50_000_00)).toBe("This coupon needs a cart of ₹25,00,000 or more. Add ₹24,50,000 more to use it.");
  });

  it("is what evaluateCoupon says below the minimum", () => {
    const rule = makeRule({ code: "BIG", title: "Big", kind: "flat", value: 100000, minSubtotal: 1_234_567_00 });
    expect(messageOf(evaluateCoupon(rule, "BIG", ctx({ subtotal: 34_567_00 })))).toBe(minimumMessage(1_234_567_00, 34_567_00));
    expect(minimumMessage(1_234_567_00, 34_567_00)).toBe(
      "This coupon needs a cart of ₹12,34,567 or more. Add ₹12,00,000 more to use it.",
    );
  });
});
