import { describe, expect, it } from "vitest";
import { outboxText } from "./index";

describe("outboxText", () => {
  it("keeps a mail's text as it is when nothing is attached", () => {
    expect(outboxText({ to: "a@example.com", subject: "Hi", text: "Hello", html: "<p>Hello</p>" })).toBe("Hello");
    expect(outboxText({ to: "a@example.com", subject: "Hi", text: "Hello", html: "", attachments: [] })).toBe("Hello");
  });

  it("notes each attachment's name, type and size after the text", () => {
    const text = outboxText({
      to: "a@example.com",
      subject: "Payment received",
      text: "We have received your payment.",
      html: "",
      attachments: [{ filename: "invoice-KH-26-27-000001.pdf", content: Buffer.alloc(2048), contentType: "application/pdf" }],
    });
    expect(text).toBe("We have received your payment.\n\n[Attachment: invoice-KH-26-27-000001.pdf (application/pdf, 2048 bytes)]");
  });
});
