import { describe, expect, it } from "vitest";
import { FAQ_TEMPLATES } from "@/lib/platform/db/migrations/019_content_admin";
import { faqFacts, faqFromRow, faqItems, fillFacts, unknownPlaceholders } from "./faqs";
import type { PolicyFacts } from "./policies";

const facts = (delivery: boolean): PolicyFacts => ({
  websiteName: "Kesar Home",
  companyName: "Kesar Furnishing Company",
  returnWindowDays: 9,
  restockingFeePercent: 12,
  email: "care@kesarhome.in",
  phone: "+91 98100 12345",
  address: "Shahpur Jat",
  delivery: {
    dispatch: { inStock: { min: 2, max: 3 }, inStockExpress: { min: 1, max: 1 }, madeToOrder: { min: 20, max: 25 } },
    delivery: delivery ? { transit: { standard: { min: 2, max: 7 }, express: { min: 1, max: 3 } }, inStock: { standard: { min: 4, max: 10 }, express: { min: 2, max: 4 } }, madeToOrder: { standard: { min: 22, max: 32 }, express: { min: 21, max: 28 } } } : null,
  } as PolicyFacts["delivery"],
});

describe("the FAQ table's seed", () => {
  it("reads as the generated questions did, with the shop's facts filled in", () => {
    for (const delivery of [true, false]) {
      const f = facts(delivery);
      expect(FAQ_TEMPLATES.map((row) => faqFromRow(row, faqFacts(f)))).toEqual(faqItems(f));
    }
  });

  it("names only placeholders it knows", () => {
    for (const row of FAQ_TEMPLATES) expect(unknownPlaceholders(row.answer)).toEqual([]);
    expect(unknownPlaceholders("Within {return_window_days} days, {refund_window}.")).toEqual(["refund_window"]);
    expect(fillFacts("{return_window_days} days, {nope}", { return_window_days: "9" })).toBe("9 days, {nope}");
  });
});
