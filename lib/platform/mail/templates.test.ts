import { describe, expect, it } from "vitest";
import type { MailBrand } from "./index";
import { inboxReplyMail, passwordResetMail, signInCodeMail } from "./templates";

const brand: MailBrand = { name: "Kesar Home", logoUrl: "https://shop.example/media/brand/logo-header.webp", siteUrl: "https://shop.example", contactEmail: "care@kesarhome.in", contactPhone: "9810012345", address: "14 Shahpur Jat, New Delhi 110049" };

describe("mail templates", () => {
  it("put the code in the subject, the text and the HTML, signed with the shop's name and logo", () => {
    const mail = signInCodeMail(brand, "a@b.in", "042517", "Aditi");
    expect(mail.subject).toBe("Your Kesar Home sign-in code: 042517");
    expect(mail.text).toContain("042517");
    expect(mail.text).toContain("expires in 10 minutes");
    expect(mail.text).toContain("+91 9810012345");
    expect(mail.html).toContain('<img src="https://shop.example/media/brand/logo-header.webp" alt="Kesar Home"');
    expect(mail.html).toContain("042517");
  });
  it("escape what came from a customer or the settings", () => {
    const mail = passwordResetMail({ ...brand, name: 'Kesar <b>"Home"</b>' }, "a@b.in", "https://shop.example/reset-password?token=abc&x=1", "<script>alert(1)</script>");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(mail.html).toContain("Kesar &lt;b&gt;&quot;Home&quot;&lt;/b&gt;");
    expect(mail.html).toContain('href="https://shop.example/reset-password?token=abc&amp;x=1"');
    expect(mail.text).toContain("https://shop.example/reset-password?token=abc&x=1");
  });

  it("send an inbox reply as staff wrote it, paragraph by paragraph, with the shopper's message quoted and escaped", () => {
    const mail = inboxReplyMail(brand, "s@b.in", "Re: Lined?", "Namaste Arjun,\n\nYes, lined <b>cotton</b>.\n\nRegards", { at: "2026-05-01T06:30:00Z", message: "<script>alert(1)</script>" });
    expect(mail.subject).toBe("Re: Lined?");
    expect(mail.text.startsWith("Namaste Arjun,\n\nYes, lined <b>cotton</b>.\n\nRegards\n\nOn 1 May 2026")).toBe(true);
    expect(mail.text).toContain("<script>alert(1)</script>");
    expect(mail.html).toContain("Yes, lined &lt;b&gt;cotton&lt;/b&gt;.");
    expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(mail.html).not.toContain("<script>");
  });
});
