import { describe, expect, it } from "vitest";
import { businessSettingsSchema } from "./settings-schemas";

describe("the business settings' input", () => {
  it("normalises a phone to its 10 digits and numbers to their text", () => {
    expect(businessSettingsSchema.parse({ contact_phone: "+91 98111 22233", return_window_days: 10, restocking_fee_percent: "5" })).toEqual({ contact_phone: "9811122233", return_window_days: "10", restocking_fee_percent: "5" });
  });

  it("takes https links and the shop's own paths, and clears a social link with an empty string", () => {
    expect(businessSettingsSchema.parse({ instagram_link: "https://www.instagram.com/kesarhome", facebook_link: "", topbar_banner_link: "/festive-collection" })).toMatchObject({ facebook_link: "" });
  });

  it("refuses each wrong field with its own message", () => {
    const result = businessSettingsSchema.safeParse({
      contact_phone: "12345",
      instagram_link: "javascript:alert(1)",
      twitter_link: "http://x.com/kesar",
      topbar_banner_link: "//evil.example",
      return_window_days: 120,
      restocking_fee_percent: -1,
      website_name: "",
      contact_email: "nobody",
      colour: "red",
    });
    expect(result.success).toBe(false);
    const fields = new Set(result.error?.issues.map((i) => String(i.path[0] ?? "")));
    for (const f of ["contact_phone", "instagram_link", "twitter_link", "topbar_banner_link", "return_window_days", "restocking_fee_percent", "website_name", "contact_email"]) expect(fields, f).toContain(f);
  });

  it("refuses an empty change", () => {
    expect(businessSettingsSchema.safeParse({}).success).toBe(false);
  });
});
