/**
 * GST invoice numbers (CGST Rule 46(b)): a consecutive serial, unique per financial year, at most
 * 16 characters of letters, digits, "-" and "/". Ours: {prefix}/{yy-yy}/{serial, 6 digits}, for
 * example KH/26-27/000123 (15 characters).
 */

export const INVOICE_NUMBER_MAX = 16;

const IST_OFFSET_MS = 330 * 60_000;

/** The Indian financial year (1 April – 31 March, in IST) of a moment, as "26-27". */
export function financialYear(at: Date): string {
  const ist = new Date(at.getTime() + IST_OFFSET_MS);
  const year = ist.getUTCFullYear();
  const start = ist.getUTCMonth() >= 3 ? year : year - 1;
  const two = (n: number) => String(n % 100).padStart(2, "0");
  return `${two(start)}-${two(start + 1)}`;
}

/** A prefix is 1–3 capital letters or digits; anything else falls back to "INV". */
export function invoicePrefix(raw: string | undefined): string {
  const value = (raw ?? "").trim().toUpperCase();
  return /^[A-Z0-9]{1,3}$/.test(value) ? value : "INV";
}

export function formatInvoiceNumber(prefix: string, year: string, serial: number): string {
  const number = `${invoicePrefix(prefix)}/${year}/${String(serial).padStart(6, "0")}`;
  if (number.length > INVOICE_NUMBER_MAX) throw new Error(`invoice number ${number} is longer than ${INVOICE_NUMBER_MAX} characters`);
  return number;
}
