import { INVOICE_NUMBER_MAX } from "./invoice-number";
import { splitGst } from "./invoice-tax";

/**
 * GST credit notes (CGST Act s.34, CGST Rule 53(1A)), pure and in integer paise: the number, and
 * what a refund or a return credits per invoice line. Every figure is bounded by what the invoice
 * charged less what earlier credit notes credited, per line and per tax (CGST, SGST, IGST), so the
 * notes of an order never credit more tax than its invoice charged, however the refunds were cut.
 *
 *  - a return of `q` of a line's `Q` pieces credits q/Q of the line's value and of its tax (rounded
 *    to the paisa); the last pieces credit exactly what is left, so the pieces add up to the line;
 *  - an amount (a partial refund with no pieces, or the whole of what was paid) is shared between
 *    the lines in proportion to what is left of each (largest remainder), each share carrying the
 *    tax it is the same fraction of; a share that takes all that is left takes all its tax too;
 *  - the tax of a credit is split as the invoice split it: CGST + SGST (halves, the odd paisa to
 *    CGST, never beyond what is left of either) or IGST.
 */

/** Credit note numbers: a series of their own, "CN/26-27/000001" (15 characters; Rule 53(1A)(b) allows 16). */
export const CREDIT_NOTE_PREFIX = "CN";

export function formatCreditNoteNumber(year: string, serial: number): string {
  if (!/^\d{2}-\d{2}$/.test(year) || !Number.isInteger(serial) || serial < 1 || serial > 999_999) throw new RangeError(`no credit note number for ${year} #${serial}`);
  const number = `${CREDIT_NOTE_PREFIX}/${year}/${String(serial).padStart(6, "0")}`;
  if (number.length > INVOICE_NUMBER_MAX) throw new RangeError(`credit note number ${number} is longer than ${INVOICE_NUMBER_MAX} characters`);
  return number;
}

/** The key of the shipping line (goods lines are keyed by their order line id). */
export const SHIPPING_KEY = 0;

/** One invoice line as the invoice charged it. */
export type CreditableLine = {
  /** The order line's id; SHIPPING_KEY for the shipping charges. */
  key: number;
  description: string;
  hsn: string;
  /** Pieces; null for shipping. */
  quantity: number | null;
  rate: number;
  /** taxable + tax. */
  total: number;
  tax: number;
  cgst: number;
  sgst: number;
  igst: number;
};

/** What earlier credit notes credited of one invoice line. */
export type Credited = { quantity: number; total: number; cgst: number; sgst: number; igst: number };

export const NOTHING_CREDITED: Credited = { quantity: 0, total: 0, cgst: 0, sgst: 0, igst: 0 };

export type CreditRequest =
  /** Pieces of goods lines given back (a return, or a refund per line). */
  | { kind: "lines"; lines: readonly { lineId: number; quantity: number }[] }
  /** Paise, shared between the lines (`keys`: only these lines). */
  | { kind: "amount"; amount: number; keys?: readonly number[] };

export type CreditLine = {
  key: number;
  description: string;
  hsn: string;
  /** Pieces credited (0 for a share of an amount that leaves pieces of the line uncredited). */
  quantity: number;
  rate: number;
  taxable: number;
  tax: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
};

export type CreditTotals = { taxable: number; cgst: number; sgst: number; igst: number; tax: number; total: number };

type Left = { quantity: number; total: number; tax: number; cgst: number; sgst: number; igst: number };

function leftOf(line: CreditableLine, done: Credited): Left {
  const cgst = Math.max(line.cgst - done.cgst, 0);
  const sgst = Math.max(line.sgst - done.sgst, 0);
  const igst = Math.max(line.igst - done.igst, 0);
  return { quantity: Math.max((line.quantity ?? 0) - done.quantity, 0), total: Math.max(line.total - done.total, 0), tax: cgst + sgst + igst, cgst, sgst, igst };
}

/** Splits a credit's tax as the invoice did, never beyond what is left of each tax. */
export function splitCreditTax(tax: number, left: Pick<Left, "cgst" | "sgst" | "igst">, intraState: boolean): { cgst: number; sgst: number; igst: number } {
  if (!intraState) return { cgst: 0, sgst: 0, igst: Math.min(tax, left.igst) };
  const capped = Math.min(tax, left.cgst + left.sgst);
  // Halves as the invoice splits them, moved by a paisa where one of the two has less left.
  const cgst = Math.min(Math.max(splitGst(capped).cgst, capped - left.sgst), left.cgst);
  return { cgst, sgst: capped - cgst, igst: 0 };
}

function credit(line: CreditableLine, left: Left, total: number, tax: number, quantity: number, intraState: boolean): CreditLine | null {
  if (total <= 0) return null;
  const split = splitCreditTax(Math.min(tax, total), left, intraState);
  const credited = split.cgst + split.sgst + split.igst;
  return { key: line.key, description: line.description, hsn: line.hsn, quantity, rate: line.rate, taxable: total - credited, tax: credited, ...split, total };
}

/** What a return or a refund credits, per invoice line, given what earlier notes credited. */
export function creditLines(invoice: readonly CreditableLine[], credited: ReadonlyMap<number, Credited>, request: CreditRequest, intraState: boolean): CreditLine[] {
  const out: CreditLine[] = [];
  if (request.kind === "lines") {
    const wanted = new Map<number, number>();
    for (const l of request.lines) if (l.lineId !== SHIPPING_KEY && l.quantity > 0) wanted.set(l.lineId, (wanted.get(l.lineId) ?? 0) + Math.floor(l.quantity));
    for (const line of invoice) {
      const asked = wanted.get(line.key);
      if (!asked || line.quantity === null || line.quantity <= 0) continue;
      const left = leftOf(line, credited.get(line.key) ?? NOTHING_CREDITED);
      const q = Math.min(asked, left.quantity);
      if (q <= 0) continue;
      const last = q === left.quantity;
      const total = last ? left.total : Math.min(Math.round((line.total * q) / line.quantity), left.total);
      const tax = last ? left.tax : Math.min(Math.round((line.tax * q) / line.quantity), left.tax);
      const made = credit(line, left, total, tax, q, intraState);
      if (made) out.push(made);
    }
    return out;
  }
  const eligible = invoice
    .filter((l) => !request.keys || request.keys.includes(l.key))
    .map((line) => ({ line, left: leftOf(line, credited.get(line.key) ?? NOTHING_CREDITED) }))
    .filter((e) => e.left.total > 0);
  const available = eligible.reduce((a, e) => a + e.left.total, 0);
  const amount = Math.min(Math.max(Math.floor(request.amount), 0), available);
  if (amount <= 0) return out;
  // Largest remainder: each line's share of the amount, in proportion to what is left of it.
  const shares = eligible.map((e) => {
    const exact = (amount * e.left.total) / available;
    return { ...e, share: Math.floor(exact), rest: exact - Math.floor(exact) };
  });
  let spare = amount - shares.reduce((a, s) => a + s.share, 0);
  for (const s of [...shares].sort((a, b) => b.rest - a.rest || a.line.key - b.line.key)) {
    if (spare <= 0) break;
    if (s.share < s.left.total) {
      s.share += 1;
      spare -= 1;
    }
  }
  for (const { line, left, share } of shares) {
    const all = share === left.total;
    const tax = all ? left.tax : Math.min(Math.round((left.tax * share) / left.total), left.tax);
    const made = credit(line, left, share, tax, all ? left.quantity : 0, intraState);
    if (made) out.push(made);
  }
  return out;
}

export function creditTotals(lines: readonly CreditLine[]): CreditTotals {
  const sum = (pick: (l: CreditLine) => number) => lines.reduce((a, l) => a + pick(l), 0);
  return { taxable: sum((l) => l.taxable), cgst: sum((l) => l.cgst), sgst: sum((l) => l.sgst), igst: sum((l) => l.igst), tax: sum((l) => l.tax), total: sum((l) => l.total) };
}

/** The credit note as issued and stored (credit_notes.data): what its PDF shows. */
export type CreditNoteData = {
  number: string;
  issuedAt: string;
  date: string;
  reason: string;
  orderCode: string;
  invoice: { number: string; date: string };
  seller: { name: string; address: string; gstin: string | null; state: string; stateCode: string | null };
  recipient: { name: string; lines: string[]; state: string; stateCode: string | null; gstin: string | null };
  delivery: { name: string; lines: string[]; state: string; stateCode: string | null };
  placeOfSupply: string;
  intraState: boolean;
  lines: CreditLine[];
  totals: CreditTotals;
  amountInWords: string;
  signature: string;
};
