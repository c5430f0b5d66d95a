/**
 * Delivery dates and promises (pure: no database, no clock of its own). Every delivery promise
 * the shop shows, on the product page, in the cart, at checkout, on the order and in its mails,
 * in product JSON-LD and on the policy pages, is worked out here from two sources only: the
 * dispatch settings and the delivery zones.
 *
 * How a date is worked out:
 *  - "Today" is the calendar date in India (IST, UTC+5:30, no daylight saving) at the moment of
 *    the check, whatever the time zone of the server or the browser.
 *  - Business days are Monday to Saturday; Sundays are skipped. Public holidays are not known
 *    here and are not skipped.
 *  - Counting starts the day after today: "in 3 business days" is the third Monday-to-Saturday day
 *    after today. There is no cut-off hour; an order at 23:59 counts the same as one at 09:00.
 *  - A delivery takes the dispatch days of the product (settings dispatch_days_in_stock,
 *    dispatch_days_made_to_order, dispatch_days_express) plus the transit days of the PIN's zone
 *    for the shipping method (table delivery_zones). Made-to-order pieces keep their making time
 *    with express too: only the transit gets shorter.
 *  - The earliest date adds the minimums, the latest the maximums; shoppers are told the latest
 *    ("Delivery by Fri, 28 Nov"), a promise the store can keep. Without a PIN they are told the
 *    span over every served zone ("Delivery in 5-10 business days").
 */
import type { Availability } from "@/lib/platform/db/schema";
import { IST_OFFSET_MS, MONTHS } from "@/lib/platform/format";
import type { DayRange, ShippingConfig, ShippingMethod } from "./shipping";

export const INVALID_PIN_MESSAGE = "Enter a valid 6-digit PIN code.";
export const NOT_SERVED_MESSAGE = "We do not deliver to this PIN code yet";
export const OUT_OF_STOCK_MESSAGE = "This product is out of stock.";

/**
 * A PIN code as shoppers type it ("110001", " 110 001 "), as its six digits; null when it is not
 * one: exactly six digits, the first 1-9 (no Indian PIN starts with 0).
 */
export function parsePin(input: string): string | null {
  const m = /^\s*([1-9]\d{2})\s?(\d{3})\s*$/.exec(input);
  return m ? `${m[1]}${m[2]}` : null;
}

/**
 * PIN codes of region 9 belong to the Army Postal Service (APO/FPO addresses), which the shipping
 * policy excludes (docs/storefront.md): never served, whatever rows delivery_zones holds.
 */
export const isArmyPostalPin = (pin: string) => pin.startsWith("9");

/** The transit business days of one delivery zone per shipping method. */
export type ZoneDays = { name: string; standard: DayRange; express: DayRange };

/* ---------------------------------------------------------------------------------------------
 * Calendar days in India, counted as whole days since 1970-01-01 (a Thursday).
 * ------------------------------------------------------------------------------------------- */

const DAY_MS = 86_400_000;
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;

/** The calendar day in India at the instant `now`. */
export const indiaDay = (now: Date): number => Math.floor((now.getTime() + IST_OFFSET_MS) / DAY_MS);

const isSunday = (day: number) => new Date(day * DAY_MS).getUTCDay() === 0;

/** The `count`-th business day (Monday to Saturday) after `day`; `day` itself when count is 0. */
export function addBusinessDays(day: number, count: number): number {
  let d = day;
  for (let left = Math.max(0, Math.floor(count)); left > 0; ) {
    d += 1;
    if (!isSunday(d)) left -= 1;
  }
  return d;
}

/** A day as ISO "YYYY-MM-DD". */
export const isoDay = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** "2025-11-28" → "Fri, 28 Nov"; "" when the text is not such a date. */
export function formatDeliveryDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return "";
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (Number.isNaN(date.getTime()) || isoDay(date.getTime() / DAY_MS) !== iso) return "";
  return `${WEEKDAYS[date.getUTCDay()]}, ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`;
}

/* ---------------------------------------------------------------------------------------------
 * The delivery promise: the one place where dispatch settings and zones become days, dates and
 * the words the shop shows (product page, cart, checkout, order and its mails, JSON-LD, policies).
 * ------------------------------------------------------------------------------------------- */

/**
 * Business days before a product leaves the warehouse: made to order always takes its making
 * time; an in-stock (or restocked) item goes out faster when the shopper pays for express.
 */
export function dispatchDays(availability: Availability, method: ShippingMethod, config: ShippingConfig): DayRange {
  if (availability === "made_to_order") return config.dispatchMadeToOrder;
  return method === "express" ? config.dispatchExpress : config.dispatchInStock;
}

export const transitDays = (zone: ZoneDays, method: ShippingMethod): DayRange => (method === "express" ? zone.express : zone.standard);

/** The fewest and most transit days over the zones, per method; null when there is no zone. */
export function transitSpan(zones: readonly ZoneDays[]): { standard: DayRange; express: DayRange } | null {
  if (zones.length === 0) return null;
  const span = (pick: (z: ZoneDays) => DayRange): DayRange => ({
    min: Math.min(...zones.map((z) => pick(z).min)),
    max: Math.max(...zones.map((z) => pick(z).max)),
  });
  return { standard: span((z) => z.standard), express: span((z) => z.express) };
}

/** Business days of one promise: before dispatch, in transit, and in all (counted from today). */
export type PromiseDays = { dispatch: DayRange; transit: DayRange; total: DayRange };

/**
 * The days a parcel of products of these availabilities takes by this method to these zones
 * (one zone: a known PIN's; several: all that the shop serves, when the PIN is not known).
 * One parcel leaves when its slowest piece is ready, so dispatch is the latest over the pieces;
 * transit is the fewest to the most days over the zones. Out-of-stock pieces cannot be sent and
 * count for nothing; null when nothing can be sent or no zone is served.
 */
export function promiseDays(availabilities: readonly Availability[], zones: readonly ZoneDays[], config: ShippingConfig, method: ShippingMethod): PromiseDays | null {
  const sendable = availabilities.filter((a) => a !== "out_of_stock");
  const span = transitSpan(zones);
  if (sendable.length === 0 || !span) return null;
  const pieces = sendable.map((a) => dispatchDays(a, method, config));
  const dispatch = { min: Math.max(...pieces.map((d) => d.min)), max: Math.max(...pieces.map((d) => d.max)) };
  const transit = span[method];
  return { dispatch, transit, total: { min: dispatch.min + transit.min, max: dispatch.max + transit.max } };
}

/** "5-10 business days", "3 business days", "1 business day". */
export function businessDaysText(range: DayRange): string {
  const unit = (n: number) => (n === 1 ? "business day" : "business days");
  return range.min === range.max ? `${range.min} ${unit(range.min)}` : `${range.min}-${range.max} ${unit(range.max)}`;
}

/** Business days in a week: Monday to Saturday. */
export const BUSINESS_DAYS_PER_WEEK = 6;

/**
 * A long range in weeks, for making times ("20-25" business days → "4-5 weeks"): whole weeks of
 * six business days, rounded up, so the words never promise less time than the days.
 */
export function weeksText(range: DayRange): string {
  const weeks = (days: number) => Math.max(1, Math.ceil(days / BUSINESS_DAYS_PER_WEEK));
  const [min, max] = [weeks(range.min), weeks(range.max)];
  const unit = max === 1 ? "week" : "weeks";
  return min === max ? `${max} ${unit}` : `${min}-${max} ${unit}`;
}

/** Where a promise is made to: the zone of a known PIN, or every zone the shop serves. */
export type PromiseScope = { zone: ZoneDays } | { zones: readonly ZoneDays[] };

export type DeliveryPromise = {
  method: ShippingMethod;
  days: PromiseDays;
  /** ISO dates (YYYY-MM-DD) in India: today plus the fewest and the most days. */
  earliest: string;
  latest: string;
  /**
   * What shoppers are told after "Delivery": for a PIN the latest date, a promise the store can
   * keep ("by Fri, 28 Nov"); without one the span of days ("in 5-10 business days").
   */
  phrase: string;
  /** "Delivery by Fri, 28 Nov" or "Delivery in 5-10 business days". */
  text: string;
};

/**
 * The delivery promise for products of these availabilities by one method, to a PIN's zone or
 * over every served zone; null when nothing can be sent there (see promiseDays).
 */
export function deliveryPromise(availabilities: readonly Availability[], scope: PromiseScope, config: ShippingConfig, method: ShippingMethod, now: Date): DeliveryPromise | null {
  const forPin = "zone" in scope;
  const days = promiseDays(availabilities, forPin ? [scope.zone] : scope.zones, config, method);
  if (!days) return null;
  const today = indiaDay(now);
  const earliest = isoDay(addBusinessDays(today, days.total.min));
  const latest = isoDay(addBusinessDays(today, days.total.max));
  const phrase = forPin ? `by ${formatDeliveryDate(latest)}` : `in ${businessDaysText(days.total)}`;
  return { method, days, earliest, latest, phrase, text: `Delivery ${phrase}` };
}

export type DeliveryDate = { message: string; date: string };

/** What the "Check delivery" box answers for one product and PIN. */
export type DeliveryAnswer =
  | { serviceable: false; message: string }
  | {
      serviceable: true;
      zone: string;
      message: string;
      /** The latest standard delivery date (ISO); null when the product is out of stock. */
      date: string | null;
      /** Express delivery, when the product can be sent (not when it is out of stock). */
      express: DeliveryDate | null;
    };

/**
 * Express is worth offering only when it is sooner: a promise no earlier than standard's is not
 * worth the extra fee.
 */
export const expressIsSooner = (standard: DeliveryPromise, express: DeliveryPromise | null): express is DeliveryPromise =>
  express !== null && express.days.total.max < standard.days.total.max;

/**
 * The answer for a product of this availability to a PIN whose zone is `zone` (null: no active
 * zone covers the PIN, or it is an APO/FPO PIN).
 */
export function deliveryAnswer(availability: Availability, zone: ZoneDays | null, config: ShippingConfig, now: Date): DeliveryAnswer {
  if (!zone) return { serviceable: false, message: NOT_SERVED_MESSAGE };
  const standard = deliveryPromise([availability], { zone }, config, "standard", now);
  const express = deliveryPromise([availability], { zone }, config, "express", now);
  if (!standard) return { serviceable: true, zone: zone.name, message: OUT_OF_STOCK_MESSAGE, date: null, express: null };
  return {
    serviceable: true,
    zone: zone.name,
    message: standard.text,
    date: standard.latest,
    express: expressIsSooner(standard, express) ? { message: `Express delivery ${express.phrase}`, date: express.latest } : null,
  };
}

/** The promises of one product over every served zone, as its page shows them before a PIN is given. */
export function productPromise(availability: Availability, zones: readonly ZoneDays[], config: ShippingConfig, now: Date): { standard: string; express: string | null } | null {
  const standard = deliveryPromise([availability], { zones }, config, "standard", now);
  if (!standard) return null;
  const express = deliveryPromise([availability], { zones }, config, "express", now);
  return { standard: standard.text, express: expressIsSooner(standard, express) ? `Express delivery ${express.phrase}` : null };
}

/**
 * Every figure the policy pages state, from the same rules: making (dispatch) time, transit time
 * after dispatch, and delivery in all, per kind of piece and method. `delivery` is null when no
 * zone is served.
 */
export type DeliveryFacts = {
  dispatch: { inStock: DayRange; madeToOrder: DayRange; inStockExpress: DayRange };
  delivery: {
    transit: Record<ShippingMethod, DayRange>;
    inStock: Record<ShippingMethod, DayRange>;
    madeToOrder: Record<ShippingMethod, DayRange>;
  } | null;
};

export function deliveryFacts(zones: readonly ZoneDays[], config: ShippingConfig): DeliveryFacts {
  const dispatch = { inStock: dispatchDays("in_stock", "standard", config), madeToOrder: dispatchDays("made_to_order", "standard", config), inStockExpress: dispatchDays("in_stock", "express", config) };
  const days = (availability: Availability, method: ShippingMethod) => promiseDays([availability], zones, config, method);
  const [inStock, inStockExpress, madeToOrder, madeToOrderExpress] = [days("in_stock", "standard"), days("in_stock", "express"), days("made_to_order", "standard"), days("made_to_order", "express")];
  if (!inStock || !inStockExpress || !madeToOrder || !madeToOrderExpress) return { dispatch, delivery: null };
  return {
    dispatch,
    delivery: {
      transit: { standard: inStock.transit, express: inStockExpress.transit },
      inStock: { standard: inStock.total, express: inStockExpress.total },
      madeToOrder: { standard: madeToOrder.total, express: madeToOrderExpress.total },
    },
  };
}
