import { describe, expect, it } from "vitest";
import {
  addBusinessDays,
  deliveryAnswer,
  estimateDelivery,
  formatDeliveryDate,
  indiaDay,
  isArmyPostalPin,
  isoDay,
  NOT_SERVED_MESSAGE,
  OUT_OF_STOCK_MESSAGE,
  parsePin,
  transitSpan,
  type ZoneDays,
} from "./delivery";
import { SHIPPING_DEFAULTS, shippingConfigFrom } from "./shipping";

/** The default North zone (Delhi): standard 2-4, express 1-1 transit days. */
const DELHI: ZoneDays = { name: "North", standard: { min: 2, max: 4 }, express: { min: 1, max: 1 } };
const config = SHIPPING_DEFAULTS;
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

describe("delivery estimates", () => {
  const monday = ist("2025-11-24T10:00");

  it("adds in-stock dispatch (2-3) and the zone's standard transit (2-4)", () => {
    expect(estimateDelivery("in_stock", DELHI, config, "standard", monday)).toEqual({ method: "standard", earliest: "2025-11-28", latest: "2025-12-02" });
  });

  it("sends express in 1 day of dispatch plus express transit", () => {
    expect(estimateDelivery("in_stock", DELHI, config, "express", monday)).toEqual({ method: "express", earliest: "2025-11-26", latest: "2025-11-26" });
  });

  it("keeps the 4-5 weeks of making for made-to-order pieces, express included", () => {
    expect(estimateDelivery("made_to_order", DELHI, config, "standard", monday)).toEqual({ method: "standard", earliest: "2025-12-19", latest: "2025-12-27" });
    expect(estimateDelivery("made_to_order", DELHI, config, "express", monday)?.latest).toBe("2025-12-24");
  });

  it("has no date for an out-of-stock product", () => {
    expect(estimateDelivery("out_of_stock", DELHI, config, "standard", monday)).toBeNull();
  });

  it("moves a day later at midnight India time", () => {
    expect(estimateDelivery("in_stock", DELHI, config, "standard", new Date("2025-11-27T18:29:00Z"))?.latest).toBe("2025-12-05");
    expect(estimateDelivery("in_stock", DELHI, config, "standard", new Date("2025-11-27T18:30:00Z"))?.latest).toBe("2025-12-06");
  });

  it("starts counting on Monday for an order on Sunday", () => {
    expect(estimateDelivery("in_stock", DELHI, config, "standard", ist("2025-11-30T12:00"))?.latest).toBe("2025-12-08");
  });

  it("follows the dispatch settings", () => {
    const faster = shippingConfigFrom({ dispatch_days_in_stock: "1", dispatch_days_made_to_order: "10-12" });
    expect(estimateDelivery("in_stock", DELHI, faster, "standard", monday)?.latest).toBe("2025-11-29");
    // 12 + 4 = 16 business days: two weeks (12) to Mon 8 Dec, then four more.
    expect(estimateDelivery("made_to_order", DELHI, faster, "standard", monday)?.latest).toBe("2025-12-12");
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
