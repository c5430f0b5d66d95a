import { describe, expect, it } from "vitest";
import {
  addBusinessDays,
  businessDaysText,
  deliveryAnswer,
  deliveryFacts,
  deliveryPromise,
  formatDeliveryDate,
  indiaDay,
  isArmyPostalPin,
  isoDay,
  NOT_SERVED_MESSAGE,
  OUT_OF_STOCK_MESSAGE,
  parsePin,
  productPromise,
  promiseDays,
  transitSpan,
  weeksText,
  type ZoneDays,
} from "./delivery";
import { SHIPPING_DEFAULTS, shippingConfigFrom } from "./shipping";

/** The default North zone (Delhi): standard 2-4, express 1-1 transit days. */
const DELHI: ZoneDays = { name: "North", standard: { min: 2, max: 4 }, express: { min: 1, max: 1 } };
/** The rules under test, with ready-to-ship dispatch of 2-3 days (the default is 3) so minimum and maximum differ. */
const config = { ...SHIPPING_DEFAULTS, dispatchInStock: { min: 2, max: 3 } };
/** An instant given as India time, e.g. ist("2025-11-24T10:00"). */
const ist = (local: string) => new Date(`${local}:00+05:30`);
const day = (iso: string) => indiaDay(ist(`${iso}T12:00`));
const weekday = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();

describe("PIN codes", () => {
  it.each([
    ["110001", "110001"],
    [" 110001 ", "110001"],
    ["110 001", "110001"],
    ["560034", "560034"],
    ["908056", "908056"],
  ])("takes %j as %j", (input, pin) => {
    expect(parsePin(input)).toBe(pin);
  });

  it.each(["", "12345", "1234567", "012345", "abc", "12ab", "11O001", "110-001", "110  001", "١١٠٠٠١", "110001\n1"])("refuses %j", (input) => {
    expect(parsePin(input)).toBeNull();
  });

  it("knows region 9 as the Army Postal Service (APO/FPO)", () => {
    expect(isArmyPostalPin("908056")).toBe(true);
    expect(isArmyPostalPin("110001")).toBe(false);
    expect(isArmyPostalPin("899999")).toBe(false);
  });
});

describe("days in India", () => {
  it("changes the date at midnight India time, not UTC", () => {
    expect(isoDay(indiaDay(new Date("2025-11-27T18:29:59.999Z")))).toBe("2025-11-27");
    expect(isoDay(indiaDay(new Date("2025-11-27T18:30:00.000Z")))).toBe("2025-11-28");
    // 01:00 UTC on the 28th is already 06:30 on the 28th in India.
    expect(isoDay(indiaDay(new Date("2025-11-28T01:00:00Z")))).toBe("2025-11-28");
  });

  it("counts Monday to Saturday and skips Sundays", () => {
    const friday = day("2025-11-28");
    expect(isoDay(addBusinessDays(friday, 0))).toBe("2025-11-28");
    expect(isoDay(addBusinessDays(friday, 1))).toBe("2025-11-29");
    expect(isoDay(addBusinessDays(friday, 2))).toBe("2025-12-01");
    expect(isoDay(addBusinessDays(day("2025-11-29"), 1))).toBe("2025-12-01");
    expect(isoDay(addBusinessDays(day("2025-11-30"), 1))).toBe("2025-12-01");
    // Six business days make a week.
    expect(isoDay(addBusinessDays(day("2025-12-01"), 6))).toBe("2025-12-08");
    expect(isoDay(addBusinessDays(day("2025-12-01"), 24))).toBe("2025-12-29");
  });

  it("never lands on a Sunday", () => {
    for (let start = day("2025-12-01"); start < day("2025-12-15"); start++) {
      for (let n = 1; n <= 40; n++) expect(weekday(isoDay(addBusinessDays(start, n)))).not.toBe(0);
    }
  });

  it("formats a delivery date as 'Fri, 28 Nov'", () => {
    expect(formatDeliveryDate("2025-11-28")).toBe("Fri, 28 Nov");
    expect(formatDeliveryDate("2026-01-05")).toBe("Mon, 5 Jan");
    expect(formatDeliveryDate("2025-02-30")).toBe("");
    expect(formatDeliveryDate("28-11-2025")).toBe("");
  });
});

describe("delivery promises to a PIN's zone", () => {
  const monday = ist("2025-11-24T10:00");
  const at = (availability: "in_stock" | "made_to_order" | "out_of_stock", method: "standard" | "express", now = monday, cfg = config) =>
    deliveryPromise([availability], { zone: DELHI }, cfg, method, now);

  it("adds in-stock dispatch (2-3) and the zone's standard transit (2-4), and promises the latest date", () => {
    expect(at("in_stock", "standard")).toEqual({
      method: "standard",
      days: { dispatch: { min: 2, max: 3 }, transit: { min: 2, max: 4 }, total: { min: 4, max: 7 } },
      earliest: "2025-11-28",
      latest: "2025-12-02",
      phrase: "by Tue, 2 Dec",
      text: "Delivery by Tue, 2 Dec",
    });
  });

  it("sends express in 1 day of dispatch plus express transit", () => {
    expect(at("in_stock", "express")).toMatchObject({ earliest: "2025-11-26", latest: "2025-11-26", text: "Delivery by Wed, 26 Nov" });
  });

  it("keeps the making time of made-to-order pieces, express included", () => {
    expect(at("made_to_order", "standard")).toMatchObject({ earliest: "2025-12-19", latest: "2025-12-27" });
    expect(at("made_to_order", "express")?.latest).toBe("2025-12-24");
  });

  it("has no promise for an out-of-stock product", () => {
    expect(at("out_of_stock", "standard")).toBeNull();
  });

  it("moves a day later at midnight India time", () => {
    expect(at("in_stock", "standard", new Date("2025-11-27T18:29:00Z"))?.latest).toBe("2025-12-05");
    expect(at("in_stock", "standard", new Date("2025-11-27T18:30:00Z"))?.latest).toBe("2025-12-06");
  });

  it("starts counting on Monday for an order on Sunday", () => {
    expect(at("in_stock", "standard", ist("2025-11-30T12:00"))?.latest).toBe("2025-12-08");
  });

  it("follows the dispatch settings", () => {
    const faster = shippingConfigFrom({ dispatch_days_in_stock: "1", dispatch_days_made_to_order: "10-12" });
    expect(at("in_stock", "standard", monday, faster)?.latest).toBe("2025-11-29");
    // 12 + 4 = 16 business days: two weeks (12) to Mon 8 Dec, then four more.
    expect(at("made_to_order", "standard", monday, faster)?.latest).toBe("2025-12-12");
  });

  it("waits for the slowest piece of a cart: one made-to-order line holds the parcel", () => {
    const cart = deliveryPromise(["in_stock", "made_to_order", "out_of_stock"], { zone: DELHI }, config, "standard", monday);
    expect(cart).toEqual(at("made_to_order", "standard"));
    expect(deliveryPromise(["out_of_stock"], { zone: DELHI }, config, "standard", monday)).toBeNull();
    expect(deliveryPromise([], { zone: DELHI }, config, "standard", monday)).toBeNull();
  });
});

describe("delivery promises without a PIN: the span over the served zones", () => {
  const monday = ist("2025-11-24T10:00");
  const EAST: ZoneDays = { name: "East", standard: { min: 5, max: 7 }, express: { min: 2, max: 2 } };

  it("runs from the nearest zone's fewest days to the farthest zone's most", () => {
    expect(promiseDays(["in_stock"], [DELHI, EAST], config, "standard")).toEqual({ dispatch: { min: 2, max: 3 }, transit: { min: 2, max: 7 }, total: { min: 4, max: 10 } });
    expect(deliveryPromise(["in_stock"], { zones: [DELHI, EAST] }, config, "standard", monday)).toMatchObject({ phrase: "in 4-10 business days", text: "Delivery in 4-10 business days" });
    expect(deliveryPromise(["in_stock"], { zones: [DELHI, EAST] }, config, "express", monday)?.text).toBe("Delivery in 2-3 business days");
    expect(deliveryPromise(["made_to_order"], { zones: [DELHI, EAST] }, config, "standard", monday)?.text).toBe("Delivery in 22-32 business days");
  });

  it("is the PIN's promise in days when there is one zone, and nothing when none is served", () => {
    const pin = deliveryPromise(["in_stock"], { zone: DELHI }, config, "standard", monday);
    const span = deliveryPromise(["in_stock"], { zones: [DELHI] }, config, "standard", monday);
    expect(span?.days).toEqual(pin?.days);
    expect([span?.earliest, span?.latest]).toEqual([pin?.earliest, pin?.latest]);
    expect(deliveryPromise(["in_stock"], { zones: [] }, config, "standard", monday)).toBeNull();
  });

  it("changes with a zone's days and with the dispatch settings", () => {
    const slower: ZoneDays = { ...EAST, standard: { min: 6, max: 12 } };
    expect(deliveryPromise(["in_stock"], { zones: [DELHI, slower] }, config, "standard", monday)?.text).toBe("Delivery in 4-15 business days");
    const settings = shippingConfigFrom({ dispatch_days_in_stock: "1-2" });
    expect(deliveryPromise(["in_stock"], { zones: [DELHI, EAST] }, settings, "standard", monday)?.text).toBe("Delivery in 3-9 business days");
  });

  it("gives a product page its standard promise and a sooner express one", () => {
    expect(productPromise("in_stock", [DELHI, EAST], config, monday)).toEqual({ standard: "Delivery in 4-10 business days", express: "Express delivery in 2-3 business days" });
    const slowExpress: ZoneDays = { ...DELHI, express: DELHI.standard };
    // A made-to-order piece whose zone's express transit is no faster: express is not worth its fee.
    expect(productPromise("made_to_order", [slowExpress], config, monday)).toEqual({ standard: "Delivery in 22-29 business days", express: null });
    expect(productPromise("out_of_stock", [DELHI], config, monday)).toBeNull();
  });

  it("gives the policy pages every figure from the same rules", () => {
    expect(deliveryFacts([DELHI, EAST], config)).toEqual({
      dispatch: { inStock: { min: 2, max: 3 }, madeToOrder: { min: 20, max: 25 }, inStockExpress: { min: 1, max: 1 } },
      delivery: {
        transit: { standard: { min: 2, max: 7 }, express: { min: 1, max: 2 } },
        inStock: { standard: { min: 4, max: 10 }, express: { min: 2, max: 3 } },
        madeToOrder: { standard: { min: 22, max: 32 }, express: { min: 21, max: 27 } },
      },
    });
    // No zone served: the making times still hold, there is no delivery to promise.
    expect(deliveryFacts([], config)).toEqual({ dispatch: deliveryFacts([DELHI], config).dispatch, delivery: null });
  });
});

describe("promise words", () => {
  it("says business days, singular for one", () => {
    expect(businessDaysText({ min: 4, max: 10 })).toBe("4-10 business days");
    expect(businessDaysText({ min: 3, max: 3 })).toBe("3 business days");
    expect(businessDaysText({ min: 1, max: 1 })).toBe("1 business day");
    expect(businessDaysText({ min: 0, max: 1 })).toBe("0-1 business day");
  });

  it("says whole weeks of six business days, rounded up so they never promise less", () => {
    expect(weeksText({ min: 20, max: 25 })).toBe("4-5 weeks");
    expect(weeksText({ min: 24, max: 24 })).toBe("4 weeks");
    expect(weeksText({ min: 25, max: 30 })).toBe("5 weeks");
    expect(weeksText({ min: 10, max: 12 })).toBe("2 weeks");
    expect(weeksText({ min: 1, max: 6 })).toBe("1 week");
    expect(weeksText({ min: 30, max: 36 })).toBe("5-6 weeks");
  });
});

describe("the Check delivery answer", () => {
  const monday = ist("2025-11-24T10:00");

  it("gives the latest standard date and a sooner express date", () => {
    expect(deliveryAnswer("in_stock", DELHI, config, monday)).toEqual({
      serviceable: true,
      zone: "North",
      message: "Delivery by Tue, 2 Dec",
      date: "2025-12-02",
      express: { message: "Express delivery by Wed, 26 Nov", date: "2025-11-26" },
    });
  });

  it("offers no express when it would not be sooner", () => {
    const slow: ZoneDays = { ...DELHI, express: DELHI.standard };
    expect(deliveryAnswer("made_to_order", slow, config, monday)).toMatchObject({ serviceable: true, date: "2025-12-27", express: null });
  });

  it("says a PIN without a zone is not served", () => {
    expect(deliveryAnswer("in_stock", null, config, monday)).toEqual({ serviceable: false, message: NOT_SERVED_MESSAGE });
  });

  it("says an out-of-stock product is out of stock, without a date", () => {
    expect(deliveryAnswer("out_of_stock", DELHI, config, monday)).toEqual({ serviceable: true, zone: "North", message: OUT_OF_STOCK_MESSAGE, date: null, express: null });
  });
});

describe("transit span over zones", () => {
  it("takes the fewest and most days per method", () => {
    const far: ZoneDays = { name: "East", standard: { min: 5, max: 7 }, express: { min: 2, max: 2 } };
    expect(transitSpan([DELHI, far])).toEqual({ standard: { min: 2, max: 7 }, express: { min: 1, max: 2 } });
    expect(transitSpan([])).toBeNull();
  });
});
