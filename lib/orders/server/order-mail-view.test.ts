import { describe, expect, it } from "vitest";
import { decodeOrderMailRef, encodeOrderMailRef } from "../mail-facts";
import { SAMPLE_BRAND, SAMPLE_TRACKING_URL, sampleOrderMail, sampleOrderMails } from "./order-mail-samples";
import { renderOrderMailMessage } from "./order-mail-view";

/** The text a reader sees in the HTML: tags gone, entities decoded, spaces collapsed (for checks only). */
const visible = (html: string) =>
  html
    .replace(/<div[^>]*data-skip-in-text[^>]*>[\s\S]*?<\/div><\/div>/, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");

const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));

describe("order mails (React Email)", () => {
  it("every kind shows the code, the lines with variant, quantity and price, the totals with GST, the address and a button to the order, in HTML and in text", async () => {
    for (const { name, mail } of sampleOrderMails()) {
      const message = await renderOrderMailMessage(mail, SAMPLE_BRAND);
      const html = visible(message.html);
      for (const part of [html, message.text]) {
        expect(part, name).toContain("KH-20261126-4127");
        expect(part, name).toContain("Ikat Cushion Cover");
        expect(part, name).toContain("16 x 16 in / Indigo");
        expect(part, name).toContain("₹2,400");
        expect(part, name).toContain("₹3,968.10");
        expect(part, name).toContain("Includes GST of ₹211.05".slice(part === html ? 0 : 9)); // the text says "(includes GST of …)"
        expect(part, name).toContain("Shipping");
        expect(part, name).toContain("₹99");
        expect(part, name).toContain("Coupon (WELCOME10)");
        expect(part, name).toContain("−₹429.90");
        expect(part, name).toContain("B-42, Second Floor, Hauz Khas Enclave");
        expect(part, name).toContain("New Delhi, Delhi 110016");
        expect(part, name).toContain("Hello Aditi Sharma,");
        // The footer: the shop's address and how to reach it.
        expect(part, name).toContain("14 Shahpur Jat, Near Asiad Village");
        expect(part, name).toContain("care@kesarhome.in");
        expect(part, name).toContain("+91 9810012345");
      }
      expect(hrefs(message.html), name).toContain("https://shop.example/order-details/4127");
      expect(html, name).toContain("View your order");
      expect(message.text, name).toContain("View your order: https://shop.example/order-details/4127");
      expect(message.text, name).toContain("2 × Ikat Cushion Cover (Set of 2) (16 x 16 in / Indigo) — ₹2,400");
      expect(message.to).toBe("aditi@example.com");
    }
  });

  it("the HTML is built for mail clients: no external CSS or script, tables, at most 600 px wide, every image with alt text and an absolute URL", async () => {
    for (const { name, mail } of sampleOrderMails()) {
      const { html } = await renderOrderMailMessage(mail, SAMPLE_BRAND);
      expect(html, name).not.toMatch(/<link\b/i);
      expect(html, name).not.toMatch(/<style\b/i);
      expect(html, name).not.toMatch(/<script\b/i);
      expect(html, name).not.toMatch(/class="/);
      expect(html, name).toContain('role="presentation"');
      const widths = [...html.matchAll(/(?:max-width|[^-]width):\s*(\d+)px/g), ...html.matchAll(/\swidth="(\d+)"/g)].map((m) => Number(m[1]));
      expect(widths.length, name).toBeGreaterThan(0);
      expect(Math.max(...widths), name).toBeLessThanOrEqual(600);
      expect(html, name).toMatch(/max-width:560px/);
      const images = [...html.matchAll(/<img\b[^>]*>/g)].map((m) => m[0]);
      expect(images.length, name).toBe(1 + mail.lines.length); // the logo and each line's photo
      for (const img of images) {
        expect(img, name).toMatch(/\salt="[^"]+"/);
        expect(img, name).toMatch(/\ssrc="https:\/\/[^"]+"/);
      }
      expect(images[0]).toContain('alt="Kesar Home"');
      expect(images[0]).toContain('src="https://shop.example/media/brand/logo-header.webp"');
      expect(images.some((i) => i.includes('alt="Ikat Cushion Cover (Set of 2), 16 x 16 in / Indigo"') && i.includes('src="https://shop.example/media/products/ikat-cushion-cover-set-of-2-1.webp"'))).toBe(true);
    }
  });

  it("keeps the subjects and sentences the order mails had, and says what each kind is about", async () => {
    const mails = Object.fromEntries(await Promise.all(sampleOrderMails().map(async ({ name, mail }) => [name, await renderOrderMailMessage(mail, SAMPLE_BRAND)] as const)));
    const subject = (name: string) => mails[name]!.subject;
    expect(subject("placed")).toBe("Order KH-20261126-4127 placed");
    expect(subject("paid")).toBe("Payment received for order KH-20261126-4127");
    expect(subject("shipped")).toBe("Order KH-20261126-4127 shipped");
    expect(subject("delivered")).toBe("Order KH-20261126-4127 delivered");
    expect(subject("cancelled")).toBe("Order KH-20261126-4127 cancelled");
    expect(subject("expired")).toBe("Order KH-20261126-4127 cancelled: payment not received");
    expect(subject("refunded")).toBe("Refund processed for order KH-20261126-4127");
    expect(subject("return-requested")).toBe("Return requested for order KH-20261126-4127");
    expect(subject("return-declined")).toBe("Return declined for order KH-20261126-4127");
    expect(subject("return-picked-up")).toBe("Return pickup booked for order KH-20261126-4127");
    expect(subject("return-sent")).toBe("Please send your return for order KH-20261126-4127");

    expect(mails["placed"]!.text).toContain("We will confirm it as soon as your payment is received.");
    expect(mails["placed"]!.text).toContain("Estimated delivery: by Tue, 2 Dec.");
    expect(mails["placed-cod"]!.text).toContain("Please keep ₹3,968.10 ready to pay in cash when it is delivered.");
    expect(mails["placed-cod"]!.text).not.toContain("payment is received");
    expect(mails["paid"]!.text).toContain("We have received your payment of ₹3,968.10 for order KH-20261126-4127. Your order is confirmed.");
    expect(mails["paid"]!.text).toContain("Your GST invoice is attached.");
    expect(mails["cancelled"]!.text).toContain("Your order KH-20261126-4127 has been cancelled.");
    expect(mails["cancelled"]!.text).not.toContain("Estimated delivery");
    expect(mails["expired"]!.text).toContain("We did not receive the payment for your order KH-20261126-4127 in time");
    expect(mails["delivered"]!.text).toContain("Your order KH-20261126-4127 has been delivered.");
    expect(mails["delivered"]!.text).toContain("Status: Delivered");
  });

  it("a shipped mail names the courier and AWB and has a tracking button; without a shipment it gives the estimate, and a COD order says what to pay", async () => {
    const shipped = await renderOrderMailMessage(sampleOrderMail("shipped", { shipment: { carrier: "Delhivery", awb: "1490812736541", trackingUrl: SAMPLE_TRACKING_URL, status: "In transit" } }), SAMPLE_BRAND);
    expect(visible(shipped.html)).toContain("Courier Delhivery");
    expect(visible(shipped.html)).toContain("AWB 1490812736541");
    expect(visible(shipped.html)).toContain("Track your parcel");
    expect(hrefs(shipped.html)).toContain(SAMPLE_TRACKING_URL);
    expect(shipped.text).toContain(`Track your parcel: ${SAMPLE_TRACKING_URL}`);
    expect(shipped.text).toContain("Courier: Delhivery\nAWB: 1490812736541\nStatus: In transit");
    expect(shipped.text).toContain("Your order KH-20261126-4127 is on its way.");

    const bare = sampleOrderMail("shipped");
    const cod = await renderOrderMailMessage({ ...bare, order: { ...bare.order, paymentType: "cash_on_delivery" } }, SAMPLE_BRAND);
    expect(cod.text).toContain("Estimated delivery: by Tue, 2 Dec");
    expect(cod.text).not.toContain("Track your parcel");
    expect(cod.text).toContain("Please keep ₹3,968.10 ready to pay in cash at delivery.");
  });

  it("a refund mail gives the amount, method and reference; each return step says where the return is", async () => {
    const refunded = await renderOrderMailMessage(sampleOrderMail("refunded", { refund: { amount: 120000, method: "upi", reference: "UTR 412233" } }), SAMPLE_BRAND);
    expect(refunded.text).toContain("We have refunded ₹1,200 for your order KH-20261126-4127 by UPI.");
    expect(refunded.text).toContain("Amount refunded: ₹1,200\nMethod: UPI\nReference: UTR 412233");
    expect(visible(refunded.html)).toContain("Reference UTR 412233");
    // An invoiced order's refund names its GST credit note, in the facts and in the text.
    const credited = await renderOrderMailMessage(sampleOrderMail("refunded", { refund: { amount: 120000, method: "original", reference: null, creditNote: "CN/26-27/000007" } }), SAMPLE_BRAND);
    expect(credited.text).toContain("GST credit note: CN/26-27/000007");
    expect(credited.text).toContain("GST credit note CN/26-27/000007 is issued for it; you can download it from your order's page.");
    expect(visible(credited.html)).toContain("GST credit note CN/26-27/000007");

    const byName = Object.fromEntries(sampleOrderMails().map(({ name, mail }) => [name, mail]));
    const text = async (name: string) => (await renderOrderMailMessage(byName[name]!, SAMPLE_BRAND)).text;
    expect(await text("return-requested")).toContain("Your reason: The colour is much darker than the photos.");
    expect(await text("return-approved")).toContain("Your return for order KH-20261126-4127 has been approved.");
    expect(await text("return-declined")).toContain("Reason: The photos show the cover was used and washed.");
    expect(await text("return-picked-up")).toContain("A courier will pick up your return for order KH-20261126-4127.");
    expect(await text("return-sent")).toContain("Please send your return for order KH-20261126-4127 back to us");
    expect(await text("return-received")).toContain("We have received your return for order KH-20261126-4127.");
    // A return about one line lists that line; its refund is the refund mail above, not a return step.
    const returnReceived = await text("return-received");
    expect(returnReceived).not.toContain("Table Cloth");
    expect(returnReceived).toContain("Order totals (every item):\nSubtotal: ₹4,299");
    expect(sampleOrderMails().map((m) => m.name)).not.toContain("return-refunded");
  });

  it("escapes what came from a customer or the settings", async () => {
    const mail = sampleOrderMail("return", { return: { state: "requested", reason: "<script>alert(1)</script>", lineId: null } });
    const message = await renderOrderMailMessage({ ...mail, customerName: "<b>Aditi</b>" }, { ...SAMPLE_BRAND, name: 'Kesar "<Home>"' });
    expect(message.html).not.toContain("<script>");
    expect(message.html).not.toContain("<b>Aditi</b>");
    expect(message.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(message.text).toContain("Your reason: <script>alert(1)</script>");
  });

  it("without a logo the shop's name heads the mail, and a line without a photo has no image", async () => {
    const mail = sampleOrderMail("placed");
    const message = await renderOrderMailMessage({ ...mail, lines: [mail.lines[0]!, { ...mail.lines[1]!, imageUrl: null }] }, { ...SAMPLE_BRAND, logoUrl: null });
    const images = [...message.html.matchAll(/<img\b[^>]*>/g)].map((m) => m[0]);
    expect(images).toHaveLength(1);
    expect(images[0]).toContain("ikat-cushion-cover-set-of-2-1.webp");
    expect(visible(message.html).trim().startsWith("Kesar Home")).toBe(true);
  });
});

describe("the facts an order mail's outbox event carries", () => {
  it("travel flat in the event and come back whole", () => {
    const facts = { shipment: { carrier: "Delhivery", awb: "149", trackingUrl: "https://t.example/149", status: "Shipped" }, refund: { amount: 5000, method: "original" as const, reference: null } };
    const ref = encodeOrderMailRef(7, "shipped", facts);
    expect(Object.values(ref).every((v) => v === null || typeof v === "string" || typeof v === "number")).toBe(true);
    expect(decodeOrderMailRef(ref)).toEqual({ orderId: 7, kind: "shipped", facts });
    expect(decodeOrderMailRef({ orderId: 7, kind: "placed" })).toEqual({ orderId: 7, kind: "placed", facts: {} });
  });

  it("refuse a kind without the facts it needs, a tracking link that is not http(s), and what is not an order mail", () => {
    expect(() => encodeOrderMailRef(7, "refunded")).toThrow(/refund's amount and method/);
    expect(() => encodeOrderMailRef(7, "return")).toThrow(/return's state/);
    expect(() => encodeOrderMailRef(7, "shipped", { shipment: { carrier: "X", awb: "1", trackingUrl: "javascript:alert(1)", status: null } })).toThrow(/http\(s\) URL/);
    expect(() => decodeOrderMailRef({ orderId: 7, kind: "lost" })).toThrow(/not an order mail/);
    expect(() => decodeOrderMailRef({ orderId: "7", kind: "placed" })).toThrow(/not an order mail/);
  });
});
