import { describe, expect, it } from "vitest";
import { SHIPPING_DEFAULTS, parseDayRange, parseRupees, shippingConfigFrom, shippingFee, type ShippingConfig } from "./shipping";

const FALLBACK = { min: 7, max: 9 };

describe("parseDayRange", () => {
  it.each([
    ["5-10", { min: 5, max: 10 }],
    ["5–10", { min: 5, max: 10 }], // en dash
    [" 5 - 10 ", { min: 5, max: 10 }],
    ["3", { min: 3, max: 3 }],
    ["0", { min: 0, max: 0 }],
    ["4-4", { min: 4, max: 4 }],
    ["20-25", { min: 20, max: 25 }],
    ["100-999", { min: 100, max: 999 }],
  ])("reads %j", (text, range) => {
    expect(parseDayRange(text, FALLBACK)).toEqual(range);
  });

  it.each([undefined, "", " ", "10-5", "5-", "-5", "5 to 10", "1000", "5-1000", "5.5", "2-3 days", "a-b", "5--10", "5,10"])(
    "falls back on %j",
    (text) => {
      expect(parseDayRange(text, FALLBACK)).toBe(FALLBACK);
    },
  );
});

describe("parseRupees", () => {
  it.each([
    ["99", 9900],
    ["0", 0],
    ["99.5", 9950],
    ["99.50", 9950],
    ["99.05", 9905],
    ["0.01", 1],
    [" 150 ", 15000],
    ["1500", 150000],
    ["9999999.99", 999999999],
    ["007", 700],
  ])("reads ₹%s as %i paise", (text, paise) => {
    const got = parseRupees(text, -1);
    expect(got).toBe(paise);
    expect(Number.isInteger(got)).toBe(true);
  });

  it.each([undefined, "", "  ", "-5", "99.", ".5", "99.999", "1,500", "₹99", "Rs 99", "12345678", "1e3", "ninety", "99.5.0"])(
    "falls back on %j",
    (text) => {
      expect(parseRupees(text, 4242)).toBe(4242);
    },
  );

  it("gives whole paise for every two-decimal amount", () => {
    const wrong: string[] = [];
    for (let paise = 0; paise <= 20000; paise += 1) {
      const text = `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, "0")}`;
      if (parseRupees(text, -1) !== paise) wrong.push(text);
    }
    expect(wrong).toEqual([]);
  });
});

describe("shippingConfigFrom", () => {
  it("gives the defaults when nothing is set", () => {
    expect(shippingConfigFrom({})).toEqual(SHIPPING_DEFAULTS);
    expect(SHIPPING_DEFAULTS).toEqual({
      standardFee: 9900,
      expressExtraFee: 15000,
      dispatchInStock: { min: 3, max: 3 },
      dispatchMadeToOrder: { min: 20, max: 25 },
      dispatchExpress: { min: 1, max: 1 },
      gstDefaultRate: 18,
    });
  });

  it("reads every setting", () => {
    expect(
      shippingConfigFrom({
        shipping_standard_fee: "79",
        shipping_express_extra_fee: "199.50",
        dispatch_days_in_stock: "1",
        dispatch_days_made_to_order: "15-20",
        dispatch_days_express: "0-1",
        gst_default_rate: "12",
        unrelated_setting: "x",
      }),
    ).toEqual({
      standardFee: 7900,
      expressExtraFee: 19950,
      dispatchInStock: { min: 1, max: 1 },
      dispatchMadeToOrder: { min: 15, max: 20 },
      dispatchExpress: { min: 0, max: 1 },
      gstDefaultRate: 12,
    } satisfies ShippingConfig);
  });

  it("keeps the default for each setting that does not parse", () => {
    expect(
      shippingConfigFrom({
        shipping_standard_fee: "-10",
        shipping_express_extra_fee: "lots",
        dispatch_days_in_stock: "soon",
        dispatch_days_made_to_order: undefined,
        dispatch_days_express: "1-",
        gst_default_rate: "12.5",
      }),
    ).toEqual(SHIPPING_DEFAULTS);
  });

  it("accepts a free standard rate and a 0% default GST rate", () => {
    const config = shippingConfigFrom({ shipping_standard_fee: "0", gst_default_rate: "0" });
    expect(config.standardFee).toBe(0);
    expect(config.gstDefaultRate).toBe(0);
  });

  it.each([undefined, "", "  ", "-1", "101", "12.5", "abc", "NaN", "Infinity"])("keeps the default GST rate for %j", (text) => {
    expect(shippingConfigFrom({ gst_default_rate: text }).gstDefaultRate).toBe(18);
  });

  it.each([
    ["5", 5],
    [" 28 ", 28],
    ["100", 100],
  ])("reads the default GST rate %j", (text, rate) => {
    expect(shippingConfigFrom({ gst_default_rate: text }).gstDefaultRate).toBe(rate);
  });
});

describe("shippingFee", () => {
  it("charges the standard rate, and express as standard plus the extra", () => {
    expect(shippingFee(SHIPPING_DEFAULTS, "standard")).toBe(9900);
    expect(shippingFee(SHIPPING_DEFAULTS, "express")).toBe(24900);
    const config = shippingConfigFrom({ shipping_standard_fee: "49.99", shipping_express_extra_fee: "100.01" });
    expect(shippingFee(config, "standard")).toBe(4999);
    expect(shippingFee(config, "express")).toBe(15000);
    const free = shippingConfigFrom({ shipping_standard_fee: "0", shipping_express_extra_fee: "0" });
    expect(shippingFee(free, "standard")).toBe(0);
    expect(shippingFee(free, "express")).toBe(0);
  });

  it("is whole paise and express never cheaper than standard", () => {
    for (let paise = 0; paise <= 100000; paise += 777) {
      const rupees = `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, "0")}`;
      const config = shippingConfigFrom({ shipping_standard_fee: rupees, shipping_express_extra_fee: rupees });
      const standard = shippingFee(config, "standard");
      const express = shippingFee(config, "express");
      expect(Number.isInteger(standard) && Number.isInteger(express)).toBe(true);
      expect(standard).toBe(paise);
      expect(express).toBe(2 * paise);
    }
  });
});
