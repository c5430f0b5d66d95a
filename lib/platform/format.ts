// Prices and dates are formatted by hand rather than with Intl: creating the en-IN currency and
// Asia/Kolkata date formatters loads ICU data, which took ~20 ms of a phone's start-up on every
// page that shows a price (a long task Lighthouse counts as blocking). Hand formatting also gives
// the server and every browser the same text ("Sep", never "Sept"), so hydration always matches.

/** Indian digit grouping of a whole number: 1234567 → "12,34,567". */
function groupIndian(whole: number): string {
  const digits = String(whole);
  if (digits.length <= 3) return digits;
  let head = digits.slice(0, -3);
  const groups: string[] = [];
  while (head.length > 2) {
    groups.unshift(head.slice(-2));
    head = head.slice(0, -2);
  }
  if (head) groups.unshift(head);
  return `${groups.join(",")},${digits.slice(-3)}`;
}

/**
 * A count with its noun: "1 product", "9 products", "0 products", "1,25,000 products" (Indian
 * grouping). English needs only one and other; `other` defaults to `one` with an "s".
 */
export function formatCount(count: number, one: string, other = `${one}s`): string {
  return `${groupIndian(count)} ${count === 1 ? one : other}`;
}

/** ₹ in the Indian grouping: 12345600 paise → "₹1,23,456"; paise are shown only when there are some. */
export function formatPaise(paise: number): string {
  const total = Math.round(Math.abs(paise));
  const sign = paise < 0 && total > 0 ? "-" : "";
  const rest = total % 100;
  return `${sign}₹${groupIndian(Math.floor(total / 100))}${rest ? `.${String(rest).padStart(2, "0")}` : ""}`;
}

/** Same, from rupees (API v2 amounts). */
export function formatRupees(rupees: number): string {
  return formatPaise(Math.round(rupees * 100));
}

export const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;
/** India Standard Time is UTC+5:30 all year (no daylight saving). */
export const IST_OFFSET_MS = 330 * 60_000;

/**
 * Day, month and year of an instant in India time; null when the text is not a date. A bad
 * timestamp in one row must not print "NaN undefined NaN" on a page, nor throw and take the whole
 * page down with it, so callers leave the date out instead.
 */
function indiaDate(iso: string | null | undefined): { day: number; month: string; year: number } | null {
  const time = typeof iso === "string" ? Date.parse(iso) : NaN;
  if (!Number.isFinite(time)) return null;
  const d = new Date(time + IST_OFFSET_MS);
  // Date.parse accepts years past what a Date can hold once shifted; those are not dates either.
  if (Number.isNaN(d.getTime())) return null;
  return { day: d.getUTCDate(), month: MONTHS[d.getUTCMonth()] ?? "", year: d.getUTCFullYear() };
}

/** A date as shoppers in India write it: "5 Mar 2026"; "" when `iso` is not a date. */
export function formatDate(iso: string | null | undefined): string {
  const date = indiaDate(iso);
  return date ? `${date.day} ${date.month} ${date.year}` : "";
}

/**
 * Day of month and short month of a date, as on blog cards: { day: "05", month: "Mar" }; null
 * when `iso` is not a date (the card then shows no date badge).
 */
export function dayAndMonth(iso: string | null | undefined): { day: string; month: string } | null {
  const date = indiaDate(iso);
  return date ? { day: String(date.day).padStart(2, "0"), month: date.month } : null;
}
