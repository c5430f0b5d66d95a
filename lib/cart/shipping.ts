/**
 * Shipping methods and their settings (business settings, rupees and business days). How long a
 * delivery takes is not a setting of its own: it is the dispatch days below plus the transit days
 * of the delivery zones, worked out in ./delivery.ts for every promise the shop shows.
 */
export const SHIPPING_METHODS = ["standard", "express"] as const;
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];

export type DayRange = { min: number; max: number };

export type ShippingConfig = {
  /** Standard flat rate, paise. */
  standardFee: number;
  /** Express costs the standard rate plus this, paise. */
  expressExtraFee: number;
  /** Business days before dispatch. */
  dispatchInStock: DayRange;
  dispatchMadeToOrder: DayRange;
  dispatchExpress: DayRange;
  /** Rate (%) for a product whose HSN code matches no row of gst_rates. */
  gstDefaultRate: number;
};

export const SHIPPING_DEFAULTS: ShippingConfig = {
  standardFee: 9900,
  expressExtraFee: 15000,
  dispatchInStock: { min: 3, max: 3 },
  dispatchMadeToOrder: { min: 20, max: 25 },
  dispatchExpress: { min: 1, max: 1 },
  gstDefaultRate: 18,
};

/** "5-10" → {min 5, max 10}; "3" → {3, 3}; anything else → the fallback. */
export function parseDayRange(text: string | undefined, fallback: DayRange): DayRange {
  const m = /^\s*(\d{1,3})\s*(?:[-–]\s*(\d{1,3}))?\s*$/.exec(text ?? "");
  if (!m) return fallback;
  const min = Number(m[1]);
  const max = m[2] === undefined ? min : Number(m[2]);
  return max >= min ? { min, max } : fallback;
}

/** "99" or "99.50" rupees → paise; anything else (or negative) → the fallback. */
export function parseRupees(text: string | undefined, fallback: number): number {
  const m = /^\s*(\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(text ?? "");
  if (!m) return fallback;
  return Number(m[1]) * 100 + Number((m[2] ?? "0").padEnd(2, "0"));
}

export function shippingConfigFrom(settings: Record<string, string | undefined>): ShippingConfig {
  const d = SHIPPING_DEFAULTS;
  const rate = Number(settings.gst_default_rate);
  return {
    standardFee: parseRupees(settings.shipping_standard_fee, d.standardFee),
    expressExtraFee: parseRupees(settings.shipping_express_extra_fee, d.expressExtraFee),
    dispatchInStock: parseDayRange(settings.dispatch_days_in_stock, d.dispatchInStock),
    dispatchMadeToOrder: parseDayRange(settings.dispatch_days_made_to_order, d.dispatchMadeToOrder),
    dispatchExpress: parseDayRange(settings.dispatch_days_express, d.dispatchExpress),
    gstDefaultRate: Number.isInteger(rate) && rate >= 0 && rate <= 100 && settings.gst_default_rate?.trim() ? rate : d.gstDefaultRate,
  };
}

/** The fee of a method, paise. */
export const shippingFee = (config: ShippingConfig, method: ShippingMethod) =>
  method === "express" ? config.standardFee + config.expressExtraFee : config.standardFee;
