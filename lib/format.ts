const wholeRupees = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 0 });
const exactRupees = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", minimumFractionDigits: 2 });

/** ₹ in the Indian grouping: 12345600 paise → "₹1,23,456"; paise are shown only when there are some. */
export function formatPaise(paise: number): string {
  const rupees = paise / 100;
  return Number.isInteger(rupees) ? wholeRupees.format(rupees) : exactRupees.format(rupees);
}

/** Same, from rupees (API v2 amounts). */
export function formatRupees(rupees: number): string {
  return formatPaise(Math.round(rupees * 100));
}

const shortDate = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric", timeZone: "Asia/Kolkata" });

export function formatDate(iso: string): string {
  return shortDate.format(new Date(iso));
}

/** Day of month and short month of a date, as on blog cards: { day: "05", month: "Mar" }. */
export function dayAndMonth(iso: string): { day: string; month: string } {
  const d = new Date(iso);
  const parts = new Intl.DateTimeFormat("en-IN", { day: "2-digit", month: "short", timeZone: "Asia/Kolkata" }).formatToParts(d);
  return {
    day: parts.find((p) => p.type === "day")?.value ?? "",
    month: parts.find((p) => p.type === "month")?.value ?? "",
  };
}
