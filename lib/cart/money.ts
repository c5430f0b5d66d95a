/**
 * Money arithmetic in integer paise. Prices in India are tax-inclusive (Legal Metrology rule 6),
 * so GST is never added on top: a price is split into its taxable value and the tax it contains.
 * Every function takes and returns whole paise; rounding happens once, at the named step.
 */

/** Round half up to whole paise (amounts here are never negative). */
const roundPaise = (value: number) => Math.floor(value + 0.5);

/** The GST contained in a tax-inclusive amount at `ratePercent`: amount × rate / (100 + rate). */
export function gstContained(inclusivePaise: number, ratePercent: number): number {
  if (ratePercent <= 0 || inclusivePaise <= 0) return 0;
  // Integer numerator and denominator: exact until the final rounding.
  return roundPaise((inclusivePaise * ratePercent) / (100 + ratePercent));
}

/** The taxable value of a tax-inclusive amount: amount − GST contained. */
export function taxableValue(inclusivePaise: number, ratePercent: number): number {
  return inclusivePaise - gstContained(inclusivePaise, ratePercent);
}

/** `percent` of an amount, rounded down to whole paise (a discount never exceeds what it says). */
export function percentOf(paise: number, percent: number): number {
  return Math.floor((paise * percent) / 100);
}

/** Splits `total` over `weights` in proportion, in whole paise, the remainder to the largest weights first. */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || total <= 0) return weights.map(() => 0);
  const shares = weights.map((w) => Math.floor((total * w) / sum));
  let rest = total - shares.reduce((a, b) => a + b, 0);
  const order = weights.map((w, i) => [w, i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let k = 0; rest > 0; k = (k + 1) % order.length, rest -= 1) {
    const index = order[k]![1];
    shares[index] = shares[index]! + 1;
  }
  return shares;
}
