/**
 * Amounts in words as Indian invoices and cheques write them, in the Indian numbering system
 * (thousand, lakh, crore): 1,23,45,678.50 → "Rupees One Crore Twenty-Three Lakh Forty-Five
 * Thousand Six Hundred Seventy-Eight and Fifty Paise Only".
 */

const ONES = [
  "Zero", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
  "Eleven", "Twelve", "Thirteen", "Fourteen", "Fifteen", "Sixteen", "Seventeen", "Eighteen", "Nineteen",
] as const;
const TENS = ["", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"] as const;

/** 0–99: "Seventy-Eight". */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const tens = TENS[Math.floor(n / 10)]!;
  return n % 10 ? `${tens}-${ONES[n % 10]}` : tens;
}

/** 1–999: "Six Hundred Seventy-Eight". */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (hundreds) parts.push(`${ONES[hundreds]} Hundred`);
  if (rest) parts.push(belowHundred(rest));
  return parts.join(" ");
}

/**
 * A whole number in words with Indian grouping; above 99 crore the crores are themselves
 * written in words ("One Hundred Crore"). 0 → "Zero".
 */
export function integerInWords(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`not a whole number of at least 0: ${value}`);
  if (value === 0) return ONES[0];
  const crore = Math.floor(value / 10_000_000);
  const lakh = Math.floor((value % 10_000_000) / 100_000);
  const thousand = Math.floor((value % 100_000) / 1000);
  const rest = value % 1000;
  const parts: string[] = [];
  if (crore) parts.push(`${integerInWords(crore)} Crore`);
  if (lakh) parts.push(`${belowHundred(lakh)} Lakh`);
  if (thousand) parts.push(`${belowHundred(thousand)} Thousand`);
  if (rest) parts.push(belowThousand(rest));
  return parts.join(" ");
}

/** Paise (an integer) in words: 1234567850 → "Rupees One Crore … and Fifty Paise Only". */
export function paiseInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`not an amount in paise: ${paise}`);
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  if (rupees === 0 && rest > 0) return `${belowHundred(rest)} Paise Only`;
  const words = `Rupees ${integerInWords(rupees)}`;
  return rest ? `${words} and ${belowHundred(rest)} Paise Only` : `${words} Only`;
}
