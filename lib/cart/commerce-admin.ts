import { z } from "@/lib/platform/zod";
import { SHIPPING_DEFAULTS, type ShippingConfig } from "./shipping";

/**
 * The back office's commerce settings as rules and payloads (docs/back-office.md "Coupons,
 * shipping, zones, GST and payments"; the reads and changes are ./server/commerce-admin.ts). Pure
 * (zod only): the admin pages check their forms and read their URLs with the same schemas the admin
 * API answers 422 with, a message per field. Money is in rupees here, as API v2 speaks it; the
 * services store paise.
 */

const PAGE_MESSAGE = "The page must be a whole number from 1.";
const pageParam = z
  .string()
  .regex(/^\d{1,6}$/, { error: PAGE_MESSAGE })
  .transform(Number)
  .refine((n) => n >= 1, { error: PAGE_MESSAGE })
  .optional()
  .transform((n) => n ?? 1);

const searchParam = z.string().trim().max(100, "Search is too long (at most 100 characters).").optional().transform((v) => (v ? v : undefined));

/** C0/C1 controls and bidi overrides. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} is too long (at most ${max} characters).`)
    .refine((v) => !CONTROL.test(v), `${label} contains characters that are not allowed.`);

const rupeesField = (label: string, max = 10_000_000) =>
  z
    .number({ error: `${label} must be a number of rupees.` })
    .min(0, `${label} cannot be below zero.`)
    .max(max, `${label} is too large (at most ₹${max.toLocaleString("en-IN")}).`)
    .multipleOf(0.01, `${label} has at most two decimals (paise).`);

/** Rupees (API) → paise (database). */
export const toPaise = (rupees: number) => Math.round(rupees * 100);
/** Paise → rupees. */
export const toRupees = (paise: number) => paise / 100;

/** The id of a row in a path (/coupons/{id}, /delivery-zones/{id}, /gst-rates/{id}). */
export const rowIdParam = (what: string) =>
  z.object({
    id: z
      .string()
      .regex(/^\d{1,10}$/, { error: `${what} not found.` })
      .transform(Number)
      .refine((id) => id >= 1 && id <= 2_147_483_647, { error: `${what} not found.` }),
  });

/* ---------------------------------------------------------------------------------------------
 * Coupons: every rule lib/cart/coupons.ts enforces
 * ------------------------------------------------------------------------------------------- */

export const COUPON_KINDS = ["percent", "flat", "free_shipping"] as const;
export const COUPON_KIND_LABELS: Record<(typeof COUPON_KINDS)[number], string> = { percent: "Percent off", flat: "Amount off (₹)", free_shipping: "Free shipping" };

/** How a coupon stands now: switched off, not started, past its end, or usable. */
export const COUPON_STATES = { active: "Active", scheduled: "Scheduled", expired: "Expired", inactive: "Deactivated" } as const;
export type CouponState = keyof typeof COUPON_STATES;

export function couponState(c: { active: boolean; startsAt: string | null; endsAt: string | null }, now: Date): CouponState {
  if (!c.active) return "inactive";
  if (c.startsAt && Date.parse(c.startsAt) > now.getTime()) return "scheduled";
  if (c.endsAt && Date.parse(c.endsAt) < now.getTime()) return "expired";
  return "active";
}

export const COUPON_CODE_MESSAGE = "A code is 3 to 30 letters, digits, - or _ (shoppers type it; it is kept in capitals).";
const couponCode = z
  .string({ error: COUPON_CODE_MESSAGE })
  .trim()
  .regex(/^[A-Za-z0-9_-]{3,30}$/, COUPON_CODE_MESSAGE)
  .transform((v) => v.toUpperCase());

const DATE_MESSAGE = "A date and time such as 2026-12-01T00:00:00+05:30, or a day such as 2026-12-01 (midnight in India).";
/** An instant as ISO text ("2026-12-01T10:00:00Z", or a day, taken as midnight in India); null: none. */
const instant = z
  .union([z.string(), z.null()], { error: DATE_MESSAGE })
  .transform((v, ctx) => {
    if (v === null || v.trim() === "") return null;
    const s = v.trim();
    const day = /^\d{4}-\d{2}-\d{2}$/.test(s) ? `${s}T00:00:00+05:30` : s;
    const ms = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(day) ? Date.parse(day) : Number.NaN;
    if (Number.isNaN(ms)) {
      ctx.addIssue({ code: "custom", message: DATE_MESSAGE });
      return z.NEVER;
    }
    return new Date(ms).toISOString();
  });

const countLimit = (label: string) =>
  z
    .number({ error: `${label} must be a whole number of orders, or empty for no limit.` })
    .int(`${label} must be a whole number of orders.`)
    .min(1, `${label} is at least 1 (empty: no limit).`)
    .max(1_000_000, `${label} is at most 1,000,000.`)
    .nullable();

/** A coupon's fields as the admin API takes them (money in rupees; value: percent or rupees). */
const couponFields = z.object({
  code: couponCode,
  title: text("Title", 100),
  kind: z.enum(COUPON_KINDS, { error: "Kind is percent, flat or free_shipping." }),
  /** Percent (1-100) for percent, rupees for flat, 0 for free shipping. */
  value: z.number({ error: "Value must be a number." }).min(0, "Value cannot be below zero.").max(10_000_000, "Value is too large."),
  min_order: rupeesField("Minimum order"),
  max_discount: rupeesField("Maximum discount").nullable(),
  first_order_only: z.boolean({ error: "first_order_only is true or false." }),
  active: z.boolean({ error: "active is true or false." }),
  starts_at: instant,
  ends_at: instant,
  usage_limit: countLimit("Usage limit"),
  per_customer_limit: countLimit("Per-customer limit"),
});

export type CouponInput = z.output<typeof couponFields>;

/** The rules between fields, for a new coupon and for an edited one as it would be saved. */
function couponRules(c: CouponInput, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  if (c.kind === "percent" && (!Number.isInteger(c.value) || c.value < 1 || c.value > 100)) issue("value", "A percent coupon takes 1 to 100 (whole percent).");
  if (c.kind === "flat") {
    if (c.value <= 0) issue("value", "An amount-off coupon takes more than ₹0.");
    else if (Math.abs(c.value * 100 - Math.round(c.value * 100)) > 1e-6) issue("value", "Value has at most two decimals (paise).");
    else if (c.value > 1_000_000) issue("value", "An amount-off coupon takes at most ₹10,00,000.");
  }
  if (c.kind === "free_shipping" && c.value !== 0) issue("value", "A free-shipping coupon takes no value (0): it waives the standard fee.");
  if (c.max_discount !== null && c.kind !== "percent") issue("max_discount", "Only a percent coupon has a maximum discount.");
  if (c.max_discount !== null && c.max_discount <= 0) issue("max_discount", "A maximum discount is more than ₹0 (empty: none).");
  if (c.starts_at && c.ends_at && Date.parse(c.ends_at) <= Date.parse(c.starts_at)) issue("ends_at", "The end must be after the start.");
  if (c.usage_limit !== null && c.per_customer_limit !== null && c.per_customer_limit > c.usage_limit) issue("per_customer_limit", "The per-customer limit cannot be above the usage limit.");
}

/** POST /admin/coupons: a new coupon; the optional fields default to none (no minimum, no limits, no dates, active). */
export const couponCreateSchema = z
  .object({
    ...couponFields.shape,
    value: couponFields.shape.value.optional().transform((v) => v ?? 0),
    min_order: couponFields.shape.min_order.optional().transform((v) => v ?? 0),
    max_discount: couponFields.shape.max_discount.optional().transform((v) => v ?? null),
    first_order_only: couponFields.shape.first_order_only.optional().transform((v) => v ?? false),
    active: couponFields.shape.active.optional().transform((v) => v ?? true),
    starts_at: instant.optional().transform((v) => v ?? null),
    ends_at: instant.optional().transform((v) => v ?? null),
    usage_limit: couponFields.shape.usage_limit.optional().transform((v) => v ?? null),
    per_customer_limit: couponFields.shape.per_customer_limit.optional().transform((v) => v ?? null),
  })
  .strict()
  .superRefine(couponRules);

/** PATCH /admin/coupons/{id}: the fields to change; the coupon as it would be saved is checked again with couponRules. */
export const couponPatchSchema = couponFields
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: "Send at least one field to change." });
export type CouponPatch = z.output<typeof couponPatchSchema>;

/** The whole coupon as it would be saved after a PATCH, checked with the same rules. */
export const couponWholeSchema = couponFields.superRefine(couponRules);

export const COUPONS_PER_PAGE = 50;

/** GET /admin/coupons?status=&q=&page= (q: part of the code or the title). */
export const couponListQuerySchema = z.object({
  status: z.enum(Object.keys(COUPON_STATES) as [CouponState, ...CouponState[]], { error: "status is active, scheduled, expired or inactive." }).optional(),
  q: searchParam,
  page: pageParam,
});
export type CouponListQuery = z.output<typeof couponListQuerySchema>;

/* ---------------------------------------------------------------------------------------------
 * Shipping: the business settings lib/cart/shipping.ts reads
 * ------------------------------------------------------------------------------------------- */

const days = (label: string) => z.number({ error: `${label} must be a whole number of business days.` }).int(`${label} must be a whole number of business days.`).min(0, `${label} cannot be below 0.`).max(365, `${label} is at most 365.`);
const dayRange = (label: string) =>
  z
    .object({ min: days(`${label}: the fewest days`), max: days(`${label}: the most days`) }, { error: `${label} is {min, max} business days.` })
    .strict()
    .refine((r) => r.min <= r.max, { message: `${label}: the fewest days cannot be more than the most.`, path: ["max"] });

/**
 * GST slabs of goods since 22 Sep 2025 (Notification 9/2025-CT(Rate)); 12 and 28 were slabs before
 * it and stay valid for rows in force before that day. A rate is any whole percent from 0 to 40
 * (decision 0055): the pages mark one off these slabs, they do not refuse it.
 */
export const GST_SLABS = [0, 5, 18, 40] as const;
export const GST_MAX_RATE = 40;
const GST_RATE_MESSAGE = `A GST rate is a whole percent from 0 to ${GST_MAX_RATE}.`;
const gstRate = z.number({ error: GST_RATE_MESSAGE }).int(GST_RATE_MESSAGE).min(0, GST_RATE_MESSAGE).max(GST_MAX_RATE, GST_RATE_MESSAGE);
export const isGstSlab = (rate: number) => (GST_SLABS as readonly number[]).includes(rate);

/** PUT /admin/settings/shipping: every shipping figure at once (rupees and business days). */
export const shippingSettingsSchema = z
  .object({
    standard_fee: rupeesField("Standard fee", 100_000),
    express_extra_fee: rupeesField("Express extra fee", 100_000),
    dispatch_days_in_stock: dayRange("Dispatch, in stock"),
    dispatch_days_made_to_order: dayRange("Dispatch, made to order"),
    dispatch_days_express: dayRange("Dispatch, express"),
    gst_default_rate: gstRate,
  })
  .strict();
export type ShippingSettingsInput = z.output<typeof shippingSettingsSchema>;

/** The business settings keys the shipping figures are stored under (lib/cart/shipping.ts reads them). */
export const SHIPPING_SETTING_KEYS = {
  standard_fee: "shipping_standard_fee",
  express_extra_fee: "shipping_express_extra_fee",
  dispatch_days_in_stock: "dispatch_days_in_stock",
  dispatch_days_made_to_order: "dispatch_days_made_to_order",
  dispatch_days_express: "dispatch_days_express",
  gst_default_rate: "gst_default_rate",
} as const satisfies Record<keyof ShippingSettingsInput, string>;

/** "99" or "99.5" as stored: rupees with at most two decimals. */
const rupeesText = (paise: number) => (paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2));
const rangeText = (r: { min: number; max: number }) => (r.min === r.max ? String(r.min) : `${r.min}-${r.max}`);

/** The settings rows a shipping form saves, as lib/cart/shipping.ts parses them back. */
export function shippingSettingRows(input: ShippingSettingsInput): Record<string, string> {
  return {
    [SHIPPING_SETTING_KEYS.standard_fee]: rupeesText(toPaise(input.standard_fee)),
    [SHIPPING_SETTING_KEYS.express_extra_fee]: rupeesText(toPaise(input.express_extra_fee)),
    [SHIPPING_SETTING_KEYS.dispatch_days_in_stock]: rangeText(input.dispatch_days_in_stock),
    [SHIPPING_SETTING_KEYS.dispatch_days_made_to_order]: rangeText(input.dispatch_days_made_to_order),
    [SHIPPING_SETTING_KEYS.dispatch_days_express]: rangeText(input.dispatch_days_express),
    [SHIPPING_SETTING_KEYS.gst_default_rate]: String(input.gst_default_rate),
  };
}

/** The shipping config as the API and the form show it (rupees). */
export function shippingSettingsOf(config: ShippingConfig = SHIPPING_DEFAULTS): ShippingSettingsInput {
  return {
    standard_fee: toRupees(config.standardFee),
    express_extra_fee: toRupees(config.expressExtraFee),
    dispatch_days_in_stock: config.dispatchInStock,
    dispatch_days_made_to_order: config.dispatchMadeToOrder,
    dispatch_days_express: config.dispatchExpress,
    gst_default_rate: config.gstDefaultRate,
  };
}

/* ---------------------------------------------------------------------------------------------
 * Delivery zones: PIN ranges and transit days
 * ------------------------------------------------------------------------------------------- */

const PIN_MESSAGE = "A PIN is 6 digits, not starting with 0.";
const pin = z.number({ error: PIN_MESSAGE }).int(PIN_MESSAGE).min(100000, PIN_MESSAGE).max(999999, PIN_MESSAGE);

const zoneFields = z.object({
  name: text("Name", 120),
  pin_from: pin,
  pin_to: pin,
  standard_days: dayRange("Standard transit"),
  express_days: dayRange("Express transit"),
  active: z.boolean({ error: "active is true or false." }),
});
export type ZoneInput = z.output<typeof zoneFields>;

function zoneRules(z0: ZoneInput, ctx: z.RefinementCtx) {
  if (z0.pin_from > z0.pin_to) ctx.addIssue({ code: "custom", path: ["pin_to"], message: "The last PIN cannot be below the first." });
}

/** POST /admin/delivery-zones (active unless said). */
export const zoneCreateSchema = z
  .object({ ...zoneFields.shape, active: zoneFields.shape.active.optional().transform((v) => v ?? true) })
  .strict()
  .superRefine(zoneRules);
/** PATCH /admin/delivery-zones/{id}: the fields to change; checked whole again before saving. */
export const zonePatchSchema = zoneFields
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: "Send at least one field to change." });
export type ZonePatch = z.output<typeof zonePatchSchema>;
export const zoneWholeSchema = zoneFields.superRefine(zoneRules);

/** A zone's PIN range. */
export type PinRange = { id: number; name: string; pinFrom: number; pinTo: number };

/** Whether two PIN ranges share a PIN (ends included). */
export const rangesOverlap = (a: { pinFrom: number; pinTo: number }, b: { pinFrom: number; pinTo: number }) => a.pinFrom <= b.pinTo && b.pinFrom <= a.pinTo;

/** Whether one range lies wholly inside the other without being the same range (a part of a region, as Ladakh in the North). */
export const rangesNest = (a: { pinFrom: number; pinTo: number }, b: { pinFrom: number; pinTo: number }) =>
  !(a.pinFrom === b.pinFrom && a.pinTo === b.pinTo) && ((a.pinFrom >= b.pinFrom && a.pinTo <= b.pinTo) || (b.pinFrom >= a.pinFrom && b.pinTo <= a.pinTo));

/**
 * The first of `others` (active zones, not `range` itself) that `range` crosses: shares a PIN with
 * it while neither lies wholly inside the other, or has the very same range. A zone inside another
 * is allowed: the narrower one serves its PINs (findDeliveryZone), so every PIN has one answer.
 */
export function overlappingZone(range: { id?: number; pinFrom: number; pinTo: number }, others: readonly PinRange[]): PinRange | null {
  return others.find((o) => o.id !== range.id && rangesOverlap(range, o) && !rangesNest(range, o)) ?? null;
}

export const overlapMessage = (other: PinRange) =>
  `These PINs cross the active zone "${other.name}" (${other.pinFrom}–${other.pinTo}): a zone may lie wholly inside another, but not partly over it or on the same range. Change the range or deactivate that zone first.`;

/** GET /admin/delivery-zones/check?pin=: the zone and the promise a PIN gets. */
export const pinCheckSchema = z.object({ pin: z.string({ error: "Enter a valid 6-digit PIN code." }).trim().regex(/^[1-9]\d{5}$/, "Enter a valid 6-digit PIN code.") });

/* ---------------------------------------------------------------------------------------------
 * The GST rate table
 * ------------------------------------------------------------------------------------------- */

const HSN_PREFIX_MESSAGE = "An HSN prefix is 2 to 8 digits.";
const ISO_DAY_MESSAGE = "A day as YYYY-MM-DD.";
const isoDay = z
  .string({ error: ISO_DAY_MESSAGE })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, ISO_DAY_MESSAGE)
  .refine((d) => {
    const t = new Date(`${d}T00:00:00Z`);
    return !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === d;
  }, "That day does not exist.");

const gstFields = z.object({
  hsn_prefix: z.string({ error: HSN_PREFIX_MESSAGE }).trim().regex(/^\d{2,8}$/, HSN_PREFIX_MESSAGE),
  /** Upper bound of the band: the taxable value of one piece in rupees; null: no bound. */
  max_taxable_value: rupeesField("The band's bound").refine((v) => v > 0, "The band's bound is more than ₹0 (empty: no bound).").nullable(),
  rate_percent: gstRate,
  effective_from: isoDay,
  note: z
    .string({ error: "The note is text." })
    .trim()
    .max(200, "The note is too long (at most 200 characters).")
    .refine((v) => !CONTROL.test(v), "The note contains characters that are not allowed.")
    .nullable()
    .transform((v) => (v ? v : null)),
});
export type GstRateInput = z.output<typeof gstFields>;

export const gstRateCreateSchema = z
  .object({
    ...gstFields.shape,
    max_taxable_value: gstFields.shape.max_taxable_value.optional().transform((v) => v ?? null),
    note: gstFields.shape.note.optional().transform((v) => v ?? null),
  })
  .strict();
export const gstRatePatchSchema = gstFields
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: "Send at least one field to change." });
export type GstRatePatch = z.output<typeof gstRatePatchSchema>;

export const gstDuplicateMessage = (prefix: string, bound: number | null, day: string) =>
  `There is already a row for HSN ${prefix}, ${bound === null ? "no bound" : `up to ₹${bound.toLocaleString("en-IN")}`}, from ${day}: edit that one.`;

/** GET /admin/gst-rates/lookup?hsn=&price=&date=: the rate the invoice would use, and the row that decides it. */
export const gstLookupSchema = z.object({
  hsn: z.string({ error: "Enter an HSN code (2 to 8 digits)." }).trim().regex(/^\d{2,8}$/, "Enter an HSN code (2 to 8 digits)."),
  price: z
    .string({ error: "Enter the price of one piece in rupees, GST included." })
    .trim()
    .regex(/^\d{1,8}(\.\d{1,2})?$/, "Enter the price of one piece in rupees, GST included.")
    .transform(Number),
  date: isoDay.optional(),
});
