import { describe, expect, it } from "vitest";
import { applyPaymentSwitch, paymentsSwitchSchema } from "@/lib/orders/payment-settings";
import { couponCreateSchema, couponState, couponWholeSchema, gstRateCreateSchema, overlapMessage, overlappingZone, rangesOverlap, shippingSettingRows, shippingSettingsOf, shippingSettingsSchema, zoneCreateSchema } from "./commerce-admin";
import { COUPON_FIELDS, formObject, formValues, istLocal } from "./commerce-forms";
import { gstRateFor, gstRowFor } from "./gst";
import { SHIPPING_DEFAULTS, shippingConfigFrom } from "./shipping";

const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.map(String).join("."), i.message]));

describe("a coupon's rules", () => {
  const base = { code: "diwali10", title: "Diwali", kind: "percent", value: 10 };

  it("takes a coupon with only its code, title, kind and value, code in capitals, the rest none", () => {
    const parsed = couponCreateSchema.parse(base);
    expect(parsed).toEqual({ code: "DIWALI10", title: "Diwali", kind: "percent", value: 10, min_order: 0, max_discount: null, first_order_only: false, active: true, starts_at: null, ends_at: null, usage_limit: null, per_customer_limit: null });
  });

  it("refuses a percent outside 1-100, a flat of nothing, a free shipping with a value, a cap on a flat", () => {
    expect(errorsOf(couponCreateSchema.safeParse({ ...base, value: 0 }))).toEqual({ value: "A percent coupon takes 1 to 100 (whole percent)." });
    expect(errorsOf(couponCreateSchema.safeParse({ ...base, value: 101 }))).toEqual({ value: "A percent coupon takes 1 to 100 (whole percent)." });
    expect(errorsOf(couponCreateSchema.safeParse({ ...base, value: 12.5 }))).toEqual({ value: "A percent coupon takes 1 to 100 (whole percent)." });
    expect(errorsOf(couponCreateSchema.safeParse({ ...base, kind: "flat", value: 0 }))).toEqual({ value: "An amount-off coupon takes more than ₹0." });
    expect(errorsOf(couponCreateSchema.safeParse({ ...base, kind: "flat", value: 199.999 }))).toEqual({ value: "Value has at most two decimals (paise)." });
    expect(errorsOf(couponCreateSchema.safeParse({ ...base, kind: "free_shipping", value: 5 }))).toEqual({ value: "A free-shipping coupon takes no value (0): it waives the standard fee." });
    expect(errorsOf(couponCreateSchema.safeParse({ ...base, kind: "flat", value: 200, max_discount: 100 }))).toEqual({ max_discount: "Only a percent coupon has a maximum discount." });
    expect(couponCreateSchema.safeParse({ ...base, kind: "flat", value: 199.5 }).success).toBe(true);
  });

  it("refuses an end not after the start, a per-customer limit above the whole limit, a bad code or date", () => {
    expect(errorsOf(couponCreateSchema.safeParse({ ...base, starts_at: "2026-12-10", ends_at: "2026-12-01" }))).toEqual({ ends_at: "The end must be after the start." });
    expect(errorsOf(couponCreateSchema.safeParse({ ...base, usage_limit: 5, per_customer_limit: 6 }))).toEqual({ per_customer_limit: "The per-customer limit cannot be above the usage limit." });
    const bad = errorsOf(couponCreateSchema.safeParse({ ...base, code: "no spaces", starts_at: "tomorrow", usage_limit: 0 }));
    expect(Object.keys(bad).sort()).toEqual(["code", "starts_at", "usage_limit"]);
    expect(errorsOf(couponCreateSchema.safeParse({ ...base, colour: "red" }))).toHaveProperty("");
  });

  it("reads a day as midnight in India, and a datetime with its zone", () => {
    const parsed = couponCreateSchema.parse({ ...base, starts_at: "2026-12-01", ends_at: "2026-12-31T23:59:00+05:30" });
    expect(parsed.starts_at).toBe("2026-11-30T18:30:00.000Z");
    expect(parsed.ends_at).toBe("2026-12-31T18:29:00.000Z");
  });

  it("checks an edited coupon whole: a kind changed to percent needs a percent value", () => {
    const saved = couponCreateSchema.parse({ ...base, kind: "flat", value: 500 });
    expect(errorsOf(couponWholeSchema.safeParse({ ...saved, kind: "percent" }))).toEqual({ value: "A percent coupon takes 1 to 100 (whole percent)." });
  });

  it("says how a coupon stands now", () => {
    const now = new Date("2026-11-26T00:00:00Z");
    expect(couponState({ active: false, startsAt: null, endsAt: null }, now)).toBe("inactive");
    expect(couponState({ active: true, startsAt: "2026-12-01T00:00:00Z", endsAt: null }, now)).toBe("scheduled");
    expect(couponState({ active: true, startsAt: null, endsAt: "2026-11-25T00:00:00Z" }, now)).toBe("expired");
    expect(couponState({ active: true, startsAt: "2026-11-01T00:00:00Z", endsAt: "2026-12-01T00:00:00Z" }, now)).toBe("active");
  });
});

describe("delivery zones", () => {
  const zones = [
    { id: 1, name: "North", pinFrom: 110000, pinTo: 199999 },
    { id: 2, name: "South", pinFrom: 600000, pinTo: 699999 },
  ];

  it("overlap when they share a PIN, ends included", () => {
    expect(rangesOverlap({ pinFrom: 100000, pinTo: 110000 }, zones[0]!)).toBe(true);
    expect(rangesOverlap({ pinFrom: 100000, pinTo: 109999 }, zones[0]!)).toBe(false);
    expect(overlappingZone({ pinFrom: 650000, pinTo: 700500 }, zones)).toEqual(zones[1]);
    expect(overlappingZone({ pinFrom: 200000, pinTo: 599999 }, zones)).toBeNull();
  });

  it("allow a zone wholly inside another (Ladakh in the North) or around it, never the same range twice", () => {
    expect(overlappingZone({ pinFrom: 194101, pinTo: 194999 }, zones)).toBeNull();
    expect(overlappingZone({ pinFrom: 110000, pinTo: 199999 }, zones)).toEqual(zones[0]);
    expect(overlappingZone({ pinFrom: 100000, pinTo: 299999 }, zones)).toBeNull();
    expect(overlappingZone({ pinFrom: 190000, pinTo: 200500 }, zones)).toEqual(zones[0]);
  });

  it("a zone never overlaps itself when edited, and the refusal names the other zone", () => {
    expect(overlappingZone({ id: 1, pinFrom: 110000, pinTo: 150000 }, zones)).toBeNull();
    expect(overlapMessage(zones[1]!)).toBe('These PINs cross the active zone "South" (600000–699999): a zone may lie wholly inside another, but not partly over it or on the same range. Change the range or deactivate that zone first.');
  });

  it("refuses a range backwards, a PIN of five digits, more fewest days than most", () => {
    const result = zoneCreateSchema.safeParse({ name: "Test", pin_from: 200000, pin_to: 199999, standard_days: { min: 5, max: 3 }, express_days: { min: 1, max: 2 } });
    expect(errorsOf(result)).toEqual({ pin_to: "The last PIN cannot be below the first.", "standard_days.max": "Standard transit: the fewest days cannot be more than the most." });
    expect(Object.keys(errorsOf(zoneCreateSchema.safeParse({ name: "", pin_from: 11000, pin_to: "x", standard_days: 3, express_days: { min: -1, max: 1 } }))).sort()).toEqual(["express_days.min", "name", "pin_from", "pin_to", "standard_days"]);
  });
});

describe("shipping figures", () => {
  it("are stored as the cart's settings and read back the same", () => {
    const input = shippingSettingsSchema.parse({ standard_fee: 149.5, express_extra_fee: 200, dispatch_days_in_stock: { min: 2, max: 3 }, dispatch_days_made_to_order: { min: 15, max: 20 }, dispatch_days_express: { min: 1, max: 1 }, gst_default_rate: 5 });
    const rows = shippingSettingRows(input);
    expect(rows).toEqual({ shipping_standard_fee: "149.50", shipping_express_extra_fee: "200", dispatch_days_in_stock: "2-3", dispatch_days_made_to_order: "15-20", dispatch_days_express: "1", gst_default_rate: "5" });
    const config = shippingConfigFrom(rows);
    expect(config.standardFee).toBe(14950);
    expect(shippingSettingsOf(config)).toEqual(input);
    expect(shippingSettingsOf(SHIPPING_DEFAULTS).standard_fee).toBe(99);
  });

  it("refuse a negative fee, a rate above 40, a backwards range", () => {
    const result = shippingSettingsSchema.safeParse({ standard_fee: -1, express_extra_fee: 0, dispatch_days_in_stock: { min: 4, max: 3 }, dispatch_days_made_to_order: { min: 1, max: 2 }, dispatch_days_express: { min: 1, max: 1 }, gst_default_rate: 41 });
    expect(Object.keys(errorsOf(result)).sort()).toEqual(["dispatch_days_in_stock.max", "gst_default_rate", "standard_fee"]);
  });
});

describe("the GST rate table", () => {
  it("names the row that decides, by the rule the invoice uses", () => {
    const rates = [
      { id: 1, hsnPrefix: "6302", maxTaxableValue: 250000, ratePercent: 5, effectiveFrom: "2025-09-22" },
      { id: 2, hsnPrefix: "6302", maxTaxableValue: null, ratePercent: 18, effectiveFrom: "2025-09-22" },
      { id: 3, hsnPrefix: "63", maxTaxableValue: null, ratePercent: 12, effectiveFrom: "2017-07-01" },
    ];
    expect(gstRowFor(rates, "63021000", 200000, "2026-01-01")?.id).toBe(1);
    expect(gstRowFor(rates, "63021000", 300000, "2026-01-01")?.id).toBe(2);
    expect(gstRowFor(rates, "63021000", 300000, "2025-01-01")?.id).toBe(3);
    expect(gstRowFor(rates, "9403", 100, "2026-01-01")).toBeNull();
    expect(gstRateFor(rates, "63021000", 300000, "2026-01-01")).toBe(18);
  });

  it("refuses a prefix of one digit, a rate of 41, a day that does not exist", () => {
    expect(Object.keys(errorsOf(gstRateCreateSchema.safeParse({ hsn_prefix: "6", rate_percent: 41, effective_from: "2026-02-30" }))).sort()).toEqual(["effective_from", "hsn_prefix", "rate_percent"]);
    expect(gstRateCreateSchema.parse({ hsn_prefix: "940490", rate_percent: 5, effective_from: "2026-04-01" })).toEqual({ hsn_prefix: "940490", max_taxable_value: null, rate_percent: 5, effective_from: "2026-04-01", note: null });
  });
});

describe("the payment providers' switch", () => {
  it("keeps the providers turned off", () => {
    expect(applyPaymentSwitch([], { cod: false })).toEqual(["cod"]);
    expect(applyPaymentSwitch(["cod", "sandbox"], { cod: true })).toEqual(["sandbox"]);
    expect(paymentsSwitchSchema.safeParse({ enabled: {} }).success).toBe(false);
    expect(paymentsSwitchSchema.safeParse({ enabled: { paypal: true } }).success).toBe(false);
  });
});

describe("the commerce forms", () => {
  it("turn a posted coupon form into the API's JSON, and a coupon back into the form", () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ code: "new10", title: "New", kind: "percent", value: "10", min_order: "", max_discount: "", starts_at: "2026-12-01T10:00", ends_at: "", usage_limit: "", per_customer_limit: "1", active: "on" })) form.set(k, v);
    const body = formObject(form, COUPON_FIELDS);
    expect(body).toEqual({ code: "new10", title: "New", kind: "percent", value: 10, max_discount: null, starts_at: "2026-12-01T10:00:00+05:30", ends_at: null, usage_limit: null, per_customer_limit: 1, first_order_only: false, active: true });
    const coupon = couponCreateSchema.parse(body);
    expect(coupon.starts_at).toBe("2026-12-01T04:30:00.000Z");
    expect(formValues(coupon, COUPON_FIELDS)).toMatchObject({ code: "NEW10", value: "10", starts_at: "2026-12-01T10:00", max_discount: "", active: true, first_order_only: false });
    expect(istLocal(null)).toBe("");
  });
});
