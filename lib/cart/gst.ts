import { taxableValue } from "./money";

/** One row of the rate table (gst_rates). */
export type GstRate = {
  hsnPrefix: string;
  /** Upper bound of the band: taxable value of one piece, paise; null = no bound. */
  maxTaxableValue: number | null;
  ratePercent: number;
  /** YYYY-MM-DD */
  effectiveFrom: string;
};

/**
 * The GST rate of one piece of an HSN code sold at `unitPrice` (paise, tax-inclusive) on `day`
 * (YYYY-MM-DD): the rows of the longest matching prefix in force on that day (the latest
 * effective date wins), then the first band whose bound the piece's taxable value fits. A
 * band's bound is on the taxable value at that band's own rate, as the notification words it
 * ("sale value not exceeding ₹2,500 per piece"): ₹2,625 inclusive is ₹2,500 + 5%.
 * Returns null when no row matches (the caller uses the shop's default rate).
 */
export function gstRateFor(rates: readonly GstRate[], hsn: string | null, unitPrice: number, day: string): number | null {
  return gstRowFor(rates, hsn, unitPrice, day)?.ratePercent ?? null;
}

/**
 * The row of the rate table that decides a piece's rate (gstRateFor's rule, which the cart,
 * checkout and so the invoices use): the back office's lookup shows it. null when no row matches.
 */
export function gstRowFor<R extends GstRate>(rates: readonly R[], hsn: string | null, unitPrice: number, day: string): R | null {
  const code = (hsn ?? "").replace(/\s+/g, "");
  if (!code) return null;
  const matching = rates.filter((r) => code.startsWith(r.hsnPrefix) && r.effectiveFrom <= day);
  if (matching.length === 0) return null;
  const longest = Math.max(...matching.map((r) => r.hsnPrefix.length));
  const ofPrefix = matching.filter((r) => r.hsnPrefix.length === longest);
  const latest = ofPrefix.reduce((a, r) => (r.effectiveFrom > a ? r.effectiveFrom : a), "");
  const bands = ofPrefix
    .filter((r) => r.effectiveFrom === latest)
    .sort((a, b) => (a.maxTaxableValue ?? Infinity) - (b.maxTaxableValue ?? Infinity));
  for (const band of bands) {
    if (band.maxTaxableValue === null || taxableValue(unitPrice, band.ratePercent) <= band.maxTaxableValue) return band;
  }
  return bands[bands.length - 1]!;
}
