import { describe, expect, it } from "vitest";
import { displayPhone } from "../contact";
import { faqItems } from "./faqs";
import { DEFAULT_RESTOCKING_FEE_PERCENT, DEFAULT_RETURN_WINDOW_DAYS, POLICY_SLUGS, policyDocument, policyFacts } from "./policies";

const settings = { website_name: "Kesar Home", company_name: "Kesar Furnishing Company", return_window_days: "14", restocking_fee_percent: "15", contact_email: "care@kesarhome.in", contact_phone: "9810012345" };

const allText = (slug: (typeof POLICY_SLUGS)[number], s: Record<string, string> = settings) => {
  const doc = policyDocument(slug, policyFacts(s, displayPhone));
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
    const f = policyFacts({ return_window_days: "soon", restocking_fee_percent: "" }, displayPhone);
    expect(f.returnWindowDays).toBe(DEFAULT_RETURN_WINDOW_DAYS);
    expect(f.restockingFeePercent).toBe(DEFAULT_RESTOCKING_FEE_PERCENT);
    expect(allText("return-policy", {})).not.toMatch(/undefined|NaN/);
  });

  it("state the fixed facts of the spec", () => {
    expect(allText("warranty-policy")).toMatch(/12 months[^.]*materials and workmanship/);
    const shipping = allText("shipping-policy");
    for (const fact of ["5-10 business days", "2-3 business days", "extra fee", "4-5 weeks", "within India only", "P.O. box", "APO/FPO", "within 7 days of delivery"]) {
      expect(shipping, fact).toContain(fact);
    }
    expect(allText("return-policy")).toContain("within 7 business days");
    const terms = allText("terms-conditions");
    for (const fact of ["18 years of age or over", "arbitration", "Delhi", "laws of India"]) expect(terms, fact).toContain(fact);
    expect(allText("privacy-policy")).toContain("18 or over");
    expect(allText("shipping-policy")).toContain("+91 98100 12345");
  });

  it("give the FAQ 8 questions that agree with the settings", () => {
    const items = faqItems(policyFacts(settings, displayPhone));
    expect(items).toHaveLength(8);
    expect(new Set(items.map((i) => i.question)).size).toBe(8);
    expect(items.find((i) => i.question.includes("return"))?.answer).toContain("within 14 days of delivery; a restocking fee of 15%");
  });
});
