import { describe, expect, it } from "vitest";
import type { ZoneDays } from "@/lib/cart/delivery";
import { displayPhone } from "@/lib/platform/phone";
import { faqItems } from "./faqs";
import { DEFAULT_RESTOCKING_FEE_PERCENT, DEFAULT_RETURN_WINDOW_DAYS, NO_DELIVERY, POLICY_SLUGS, policyDocument, policyFacts } from "./policies";

const settings = { website_name: "Kesar Home", company_name: "Kesar Furnishing Company", return_window_days: "14", restocking_fee_percent: "15", contact_email: "care@kesarhome.in", contact_phone: "9810012345" };

/** Two of the default zones (North and East): 2-7 standard and 1-2 express transit days between them. */
const ZONES: ZoneDays[] = [
  { name: "North", standard: { min: 2, max: 4 }, express: { min: 1, max: 1 } },
  { name: "East", standard: { min: 5, max: 7 }, express: { min: 2, max: 2 } },
];

const allText = (slug: (typeof POLICY_SLUGS)[number], s: Record<string, string> = settings, zones: ZoneDays[] = ZONES) => {
  const doc = policyDocument(slug, policyFacts(s, displayPhone, zones));
  return [doc.title, doc.description, doc.intro, ...doc.summary, ...doc.sections.flatMap((x) => [x.heading, ...(x.paragraphs ?? []), ...(x.items ?? [])])].join("\n");
};

describe("policy texts", () => {
  it("take the return window and restocking fee from the settings", () => {
    const text = allText("return-policy");
    expect(text).toContain("within 14 days of delivery");
    expect(text).toContain("restocking fee of 15%");
    expect(text).not.toMatch(/\{|\}|return_window|restocking_fee_percent|undefined|NaN/);
  });

  it("fall back to the defaults, never a placeholder, when the settings are missing or broken", () => {
    const f = policyFacts({ return_window_days: "soon", restocking_fee_percent: "" }, displayPhone, ZONES);
    expect(f.returnWindowDays).toBe(DEFAULT_RETURN_WINDOW_DAYS);
    expect(f.restockingFeePercent).toBe(DEFAULT_RESTOCKING_FEE_PERCENT);
    expect(allText("return-policy", {})).not.toMatch(/undefined|NaN/);
  });

  it("state the fixed facts of the spec", () => {
    expect(allText("warranty-policy")).toMatch(/12 months[^.]*materials and workmanship/);
    const shipping = allText("shipping-policy");
    for (const fact of ["extra fee", "within India only", "P.O. box", "APO/FPO", "within 7 days of delivery"]) {
      expect(shipping, fact).toContain(fact);
    }
    expect(allText("return-policy")).toContain("within 7 business days");
    const terms = allText("terms-conditions");
    for (const fact of ["18 years of age or over", "arbitration", "Delhi", "laws of India"]) expect(terms, fact).toContain(fact);
    expect(allText("privacy-policy")).toContain("18 or over");
    expect(allText("shipping-policy")).toContain("+91 98100 12345");
  });

  it("state the delivery times the zones and dispatch settings give, as the product page, cart and checkout do: with the defaults, the spec's 5-10 and 2-3 business days and 4-5 weeks", () => {
    const shipping = allText("shipping-policy");
    for (const fact of [
      "Order processing: 4-5 weeks for made-to-order pieces, 3 business days for ready-to-ship pieces.",
      "Standard shipping: 2-7 business days after dispatch.",
      "Express shipping: 1-2 business days after dispatch, for an extra fee.",
      "Ready-to-ship pieces arrive in 5-10 business days by standard shipping, or 2-3 business days by express.",
      "Made-to-order pieces arrive in 22-32 business days by standard shipping, or 21-27 business days by express.",
      "20-25 business days",
    ]) {
      expect(shipping, fact).toContain(fact);
    }
    expect(allText("terms-conditions")).toContain("Made-to-order pieces take 4-5 weeks of order processing before they ship.");
    const faq = faqItems(policyFacts(settings, displayPhone, ZONES)).find((i) => i.question.includes("How long"))?.answer;
    expect(faq).toContain("Made-to-order pieces need 4-5 weeks of order processing; ready-to-ship pieces leave us in 3 business days.");
    expect(faq).toContain("standard shipping takes 2-7 business days, and express shipping takes 1-2 business days");
  });

  it("change when a zone's days or a dispatch setting change: no number is written in", () => {
    const slowerZones = [ZONES[0]!, { ...ZONES[1]!, standard: { min: 5, max: 12 }, express: { min: 3, max: 4 } }];
    const changed = { ...settings, dispatch_days_in_stock: "1-2", dispatch_days_made_to_order: "30-36", dispatch_days_express: "2" };
    const shipping = allText("shipping-policy", changed, slowerZones);
    for (const fact of [
      "Order processing: 5-6 weeks for made-to-order pieces, 1-2 business days for ready-to-ship pieces.",
      "Standard shipping: 2-12 business days after dispatch.",
      "Express shipping: 1-4 business days after dispatch, for an extra fee.",
      "Ready-to-ship pieces arrive in 3-14 business days by standard shipping, or 3-6 business days by express.",
      "Made-to-order pieces arrive in 32-48 business days by standard shipping, or 31-40 business days by express.",
    ]) {
      expect(shipping, fact).toContain(fact);
    }
    expect(shipping).not.toMatch(/4-5 weeks|2-7 business|5-10 business/);
    expect(allText("terms-conditions", changed, slowerZones)).toContain("take 5-6 weeks of order processing");
    expect(faqItems(policyFacts(changed, displayPhone, slowerZones)).find((i) => i.question.includes("How long"))?.answer).toContain("standard shipping takes 2-12 business days, and express shipping takes 1-4 business days");
  });

  it("say deliveries are paused, not a made-up time, when no zone is served", () => {
    const shipping = allText("shipping-policy", settings, []);
    expect(shipping).toContain(NO_DELIVERY);
    expect(shipping).toContain("4-5 weeks for made-to-order pieces");
    expect(shipping).not.toMatch(/undefined|NaN|null/);
  });

  it("give the FAQ 8 questions that agree with the settings", () => {
    const items = faqItems(policyFacts(settings, displayPhone, ZONES));
    expect(items).toHaveLength(8);
    expect(new Set(items.map((i) => i.question)).size).toBe(8);
    expect(items.find((i) => i.question.includes("return"))?.answer).toContain("within 14 days of delivery; a restocking fee of 15%");
  });
});
