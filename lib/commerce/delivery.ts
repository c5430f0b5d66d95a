/**
 * Delivery dates by PIN code (pure: no database, no clock of its own).
 *
 * How a date is worked out:
 *  - "Today" is the calendar date in India (IST, UTC+5:30, no daylight saving) at the moment of
 *    the check, whatever the time zone of the server or the browser.
 *  - Business days are Monday to Saturday; Sundays are skipped. Public holidays are not known
 *    here and are not skipped.
 *  - Counting starts the day after today: "in 3 business days" is the third Monday-to-Saturday day
 *    after today. There is no cut-off hour; an order at 23:59 counts the same as one at 09:00.
 *  - A delivery takes the dispatch days of the product (settings: in stock 2-3, made to order
 *    20-25 = 4-5 weeks, express dispatch 1 for in-stock items) plus the transit days of the PIN's
 *    zone for the shipping method (table delivery_zones). Made-to-order pieces keep their 4-5
 *    weeks with express too: only the transit gets shorter.
 *  - The earliest date adds the minimums, the latest the maximums; shoppers are told the latest
 *    ("Delivery by Fri, 28 Nov"), a promise the store can keep.
 */
import type { Availability } from "../db/schema";
import { IST_OFFSET_MS, MONTHS } from "../format";
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
 * policy excludes (spec §9): never served, whatever rows delivery_zones holds.
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
 * Estimates.
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

export type DeliveryEstimate = {
  method: ShippingMethod;
  /** ISO dates (YYYY-MM-DD) in India. */
  earliest: string;
  latest: string;
};

/** Earliest and latest delivery dates of a product to a zone; null when it is out of stock. */
export function estimateDelivery(availability: Availability, zone: ZoneDays, config: ShippingConfig, method: ShippingMethod, now: Date): DeliveryEstimate | null {
  if (availability === "out_of_stock") return null;
  const dispatch = dispatchDays(availability, method, config);
  const transit = transitDays(zone, method);
  const today = indiaDay(now);
  return {
    method,
    earliest: isoDay(addBusinessDays(today, dispatch.min + transit.min)),
    latest: isoDay(addBusinessDays(today, dispatch.max + transit.max)),
  };
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
 * The answer for a product of this availability to a PIN whose zone is `zone` (null: no active
 * zone covers the PIN, or it is an APO/FPO PIN).
 */
export function deliveryAnswer(availability: Availability, zone: ZoneDays | null, config: ShippingConfig, now: Date): DeliveryAnswer {
  if (!zone) return { serviceable: false, message: NOT_SERVED_MESSAGE };
  const standard = estimateDelivery(availability, zone, config, "standard", now);
  const express = estimateDelivery(availability, zone, config, "express", now);
  if (!standard) return { serviceable: true, zone: zone.name, message: OUT_OF_STOCK_MESSAGE, date: null, express: null };
  return {
    serviceable: true,
    zone: zone.name,
    message: `Delivery by ${formatDeliveryDate(standard.latest)}`,
    date: standard.latest,
    // Shown only when it is sooner: a date no earlier than standard's is not worth the extra fee.
    express: express && express.latest < standard.latest ? { message: `Express delivery by ${formatDeliveryDate(express.latest)}`, date: express.latest } : null,
  };
}

/** The fewest and most transit days over the zones, per method; null when there is no zone. */
export function transitSpan(zones: readonly ZoneDays[]): { standard: DayRange; express: DayRange } | null {
  if (zones.length === 0) return null;
  const span = (pick: (z: ZoneDays) => DayRange): DayRange => ({
    min: Math.min(...zones.map((z) => pick(z).min)),
    max: Math.max(...zones.map((z) => pick(z).max)),
  });
  return { standard: span((z) => z.standard), express: span((z) => z.express) };
}
