import "server-only";
import { sql } from "kysely";
import { deliveryAnswer, isArmyPostalPin, type DeliveryAnswer, type ZoneDays } from "../delivery";
import { getDb } from "@/lib/platform/db";
import { cacheTags } from "@/lib/platform/cache-manifest";
import { cachedRead } from "@/lib/platform/cache";
import { getProductBySlug } from "@/lib/catalog";
import { getShippingConfig } from "./shipping";

type ZoneRow = {
  name: string;
  standard_days_min: number;
  standard_days_max: number;
  express_days_min: number;
  express_days_max: number;
};

const zoneDays = (row: ZoneRow): ZoneDays => ({
  name: row.name,
  standard: { min: Number(row.standard_days_min), max: Number(row.standard_days_max) },
  express: { min: Number(row.express_days_min), max: Number(row.express_days_max) },
});

const ZONE_COLUMNS = ["name", "standard_days_min", "standard_days_max", "express_days_min", "express_days_max"] as const;

/**
 * The delivery zone of a PIN code (six digits, already validated): the active row of
 * delivery_zones whose range holds it; when several do, the narrowest, so a merchant can give a
 * part of a region its own transit days with one more row. APO/FPO PINs (region 9) have none.
 *
 * Not cached on purpose: it is one lookup on the (pin_from, pin_to) index of a table of a few
 * rows, and merchants change serviceable ranges with SQL (docs/storefront.md, "Delivery check"), which no
 * cache tag would hear of; an uncached read makes such a change count from the next check.
 */
export async function findDeliveryZone(pin: string): Promise<ZoneDays | null> {
  if (isArmyPostalPin(pin)) return null;
  const n = Number(pin);
  const { db } = await getDb();
  const row = await db
    .selectFrom("delivery_zones")
    .select(ZONE_COLUMNS)
    .where("active", "=", 1)
    .where("pin_from", "<=", n)
    .where("pin_to", ">=", n)
    .orderBy(sql`pin_to - pin_from`)
    .orderBy("id")
    .executeTakeFirst();
  return row ? zoneDays(row) : null;
}

/**
 * Every active zone, read now: the cart's promise without a PIN (the span over the zones) counts
 * from the next read after a merchant's change, like a PIN's check does.
 */
export async function readActiveZones(): Promise<ZoneDays[]> {
  const { db } = await getDb();
  const rows = await db.selectFrom("delivery_zones").select(ZONE_COLUMNS).where("active", "=", 1).orderBy("id").execute();
  return rows.map(zoneDays);
}

/**
 * The active zones for cached pages (the product page's promise and JSON-LD, the policy pages,
 * the FAQ): cached like those pages (tag delivery-zones, hourly), since they are regenerated
 * hourly themselves.
 */
export function getActiveZones(): Promise<ZoneDays[]> {
  return cachedRead("getActiveZones", [], [cacheTags.deliveryZones], readActiveZones);
}

/**
 * The "Check delivery" answer for a published product and a PIN (six digits, already validated);
 * null when there is no such product.
 */
export async function checkDelivery(slug: string, pin: string, now: Date = new Date()): Promise<DeliveryAnswer | null> {
  const product = await getProductBySlug(slug);
  if (!product) return null;
  const [zone, config] = await Promise.all([findDeliveryZone(pin), getShippingConfig()]);
  return deliveryAnswer(product.availability, zone, config, now);
}
