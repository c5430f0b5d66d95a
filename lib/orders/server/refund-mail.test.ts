import { describe, expect, it } from "vitest";
import { refundMailFacts } from "./refund-mail";

describe("refundMailFacts", () => {
  const order = { id: 42, code: "KH-2611-0042", customerName: "Meera Iyer" };

  it("says how much went back, where, the reference and the credit note", () => {
    const facts = refundMailFacts(order, { amount: 99_950, method: "original", reference: "rfnd_Kx9Ab", creditNoteNumber: "CN/26-27/000007" });
    expect(facts.subject).toBe("Refund of ₹999.50 for order KH-2611-0042");
    expect(facts.orderPath).toBe("/order-details/42");
    expect(facts.lines).toEqual([
      "We have refunded ₹999.50 for your order KH-2611-0042, to the card, UPI or bank account you paid with; your bank may take 5–7 working days to show it.",
      "Refund reference: rfnd_Kx9Ab.",
      "GST credit note CN/26-27/000007 is issued for it; you can download it from your order's page.",
    ]);
  });

  it("names a transfer as one, and leaves out what is not there", () => {
    const facts = refundMailFacts(order, { amount: 50_000, method: "upi", reference: null, creditNoteNumber: null });
    expect(facts.lines).toEqual(["We have refunded ₹500 for your order KH-2611-0042, by UPI transfer."]);
    expect(facts).toMatchObject({ amount: 50_000, amountText: "₹500", reference: null, creditNoteNumber: null });
  });
});
