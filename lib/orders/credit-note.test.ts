import { describe, expect, it } from "vitest";
import { type CreditableLine, type Credited, creditLines, creditTotals, formatCreditNoteNumber, SHIPPING_KEY, splitCreditTax } from "./credit-note";
import { invoiceFigures } from "./invoice-tax";

/** Invoice lines as the invoice figures them (the same code the tax invoice uses). */
function invoiceOf(intraState: boolean) {
  const { lines } = invoiceFigures(
    { shippingCost: 9900, tax: 0, grandTotal: 3 * 99999 + 50001 + 9900 },
    [
      { description: "Ikat cushion cover", hsn: "6304", quantity: 3, unitPrice: 99999, total: 3 * 99999, discount: 0, gstRate: 5, taxAmount: null },
      { description: "Linen curtain", hsn: "6303", quantity: 1, unitPrice: 50001, total: 50001, discount: 0, gstRate: 18, taxAmount: null },
    ],
    intraState,
    18,
  );
  return lines.map((l, i): CreditableLine => ({ key: l.shipping ? SHIPPING_KEY : i + 1, description: l.description, hsn: l.hsn, quantity: l.quantity, rate: l.rate, total: l.total, tax: l.tax, cgst: l.cgst, sgst: l.sgst, igst: l.igst }));
}

/** Adds what a note credited to what was credited before, as the database sums credit_note_lines. */
function add(credited: Map<number, Credited>, lines: ReturnType<typeof creditLines>): Map<number, Credited> {
  const next = new Map(credited);
  for (const l of lines) {
    const c = next.get(l.key) ?? { quantity: 0, total: 0, cgst: 0, sgst: 0, igst: 0 };
    next.set(l.key, { quantity: c.quantity + l.quantity, total: c.total + l.total, cgst: c.cgst + l.cgst, sgst: c.sgst + l.sgst, igst: c.igst + l.igst });
  }
  return next;
}

describe("credit note numbers", () => {
  it("are CN/{financial year}/{six digits}, at most 16 characters, consecutive", () => {
    expect(formatCreditNoteNumber("26-27", 1)).toBe("CN/26-27/000001");
    expect(formatCreditNoteNumber("26-27", 2)).toBe("CN/26-27/000002");
    expect(formatCreditNoteNumber("27-28", 999_999)).toBe("CN/27-28/999999");
    expect(formatCreditNoteNumber("26-27", 123).length).toBeLessThanOrEqual(16);
    expect(formatCreditNoteNumber("26-27", 1)).toMatch(/^[A-Z0-9/-]{1,16}$/);
  });
  it("refuses serials outside the series and odd years", () => {
    expect(() => formatCreditNoteNumber("26-27", 0)).toThrow(RangeError);
    expect(() => formatCreditNoteNumber("26-27", 1_000_000)).toThrow(RangeError);
    expect(() => formatCreditNoteNumber("2026-27", 1)).toThrow(RangeError);
  });
});

describe("splitCreditTax", () => {
  it("halves the tax as the invoice does, the odd paisa to CGST", () => {
    expect(splitCreditTax(11, { cgst: 100, sgst: 100, igst: 0 }, true)).toEqual({ cgst: 6, sgst: 5, igst: 0 });
    expect(splitCreditTax(11, { cgst: 0, sgst: 0, igst: 100 }, false)).toEqual({ cgst: 0, sgst: 0, igst: 11 });
  });
  it("never credits more of a tax than is left of it", () => {
    expect(splitCreditTax(3, { cgst: 1, sgst: 5, igst: 0 }, true)).toEqual({ cgst: 1, sgst: 2, igst: 0 });
    expect(splitCreditTax(3, { cgst: 5, sgst: 0, igst: 0 }, true)).toEqual({ cgst: 3, sgst: 0, igst: 0 });
    expect(splitCreditTax(9, { cgst: 2, sgst: 2, igst: 0 }, true)).toEqual({ cgst: 2, sgst: 2, igst: 0 });
  });
});

describe("creditLines", () => {
  it("credits pieces of a line: its value and tax in proportion, CGST + SGST as on the invoice", () => {
    const invoice = invoiceOf(true);
    const cushion = invoice[0]!;
    const [one] = creditLines(invoice, new Map(), { kind: "lines", lines: [{ lineId: 1, quantity: 1 }] }, true);
    expect(one).toMatchObject({ key: 1, quantity: 1, rate: 5, total: 99999 });
    expect(one!.tax).toBe(Math.round(cushion.tax / 3));
    expect(one!.cgst + one!.sgst).toBe(one!.tax);
    expect(one!.igst).toBe(0);
    expect(one!.taxable + one!.tax).toBe(one!.total);
  });

  it("credits IGST alone for an inter-state invoice", () => {
    const [one] = creditLines(invoiceOf(false), new Map(), { kind: "lines", lines: [{ lineId: 2, quantity: 1 }] }, false);
    expect(one).toMatchObject({ key: 2, cgst: 0, sgst: 0, rate: 18 });
    expect(one!.igst).toBe(one!.tax);
    expect(one!.tax).toBeGreaterThan(0);
  });

  it("returns of every piece, one at a time, add up to the invoice line exactly", () => {
    for (const intra of [true, false]) {
      const invoice = invoiceOf(intra);
      let credited = new Map<number, Credited>();
      for (let i = 0; i < 3; i++) credited = add(credited, creditLines(invoice, credited, { kind: "lines", lines: [{ lineId: 1, quantity: 1 }] }, intra));
      const line = invoice[0]!;
      expect(credited.get(1)).toEqual({ quantity: 3, total: line.total, cgst: line.cgst, sgst: line.sgst, igst: line.igst });
      // A fourth return of the line credits nothing: there is nothing left of it.
      expect(creditLines(invoice, credited, { kind: "lines", lines: [{ lineId: 1, quantity: 1 }] }, intra)).toEqual([]);
    }
  });

  it("shares an amount between the lines; its tax never exceeds the invoice's, however the amounts are cut", () => {
    for (const intra of [true, false]) {
      const invoice = invoiceOf(intra);
      const grand = invoice.reduce((a, l) => a + l.total, 0);
      let credited = new Map<number, Credited>();
      // Odd partial amounts, then more than is left: the last note takes exactly what is left.
      for (const amount of [333, 1, 12345, 77777, 2, 99999, grand]) {
        const lines = creditLines(invoice, credited, { kind: "amount", amount }, intra);
        const totals = creditTotals(lines);
        expect(totals.taxable + totals.tax).toBe(totals.total);
        credited = add(credited, lines);
        for (const line of invoice) {
          const c = credited.get(line.key);
          if (!c) continue;
          expect(c.total).toBeLessThanOrEqual(line.total);
          expect(c.cgst).toBeLessThanOrEqual(line.cgst);
          expect(c.sgst).toBeLessThanOrEqual(line.sgst);
          expect(c.igst).toBeLessThanOrEqual(line.igst);
        }
      }
      const all = [...credited.values()].reduce((a, c) => ({ total: a.total + c.total, tax: a.tax + c.cgst + c.sgst + c.igst }), { total: 0, tax: 0 });
      expect(all.total).toBe(grand);
      expect(all.tax).toBe(invoice.reduce((a, l) => a + l.tax, 0));
    }
  });

  it("credits the amount asked for, to the paisa, while the invoice has that much left", () => {
    const invoice = invoiceOf(true);
    const lines = creditLines(invoice, new Map(), { kind: "amount", amount: 100050 }, true);
    expect(creditTotals(lines).total).toBe(100050);
    expect(lines.map((l) => l.key)).toEqual([1, 2, SHIPPING_KEY]);
    expect(lines.every((l) => l.quantity === 0)).toBe(true);
  });

  it("keeps an amount to the lines named", () => {
    const lines = creditLines(invoiceOf(true), new Map(), { kind: "amount", amount: 1000, keys: [2] }, true);
    expect(lines.map((l) => [l.key, l.total])).toEqual([[2, 1000]]);
  });
});
