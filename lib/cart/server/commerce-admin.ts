import "server-only";
import { sql } from "kysely";
import { audit, changedFields, type StaffActor } from "@/lib/platform/audit";
import { expireTags } from "@/lib/platform/cache";
import { cacheTags } from "@/lib/platform/cache-manifest";
import { getDb, type Db, type DbHandle } from "@/lib/platform/db";
import { writeTransaction } from "@/lib/platform/db/transaction";
import { ApiError } from "@/lib/platform/errors";
import { DELIVERY } from "@/lib/orders/status";
import {
  COUPONS_PER_PAGE,
  couponState,
  couponWholeSchema,
  gstDuplicateMessage,
  overlapMessage,
  overlappingZone,
  shippingSettingRows,
  shippingSettingsOf,
  toPaise,
  toRupees,
  zoneWholeSchema,
  type CouponInput,
  type CouponListQuery,
  type CouponPatch,
  type CouponState,
  type GstRateInput,
  type GstRatePatch,
  type PinRange,
  type ShippingSettingsInput,
  type ZoneInput,
  type ZonePatch,
} from "../commerce-admin";
import { deliveryAnswer, type DeliveryAnswer } from "../delivery";
import { gstRowFor, type GstRate } from "../gst";
import { shippingConfigFrom } from "../shipping";
import { findDeliveryZone } from "./delivery";

/**
 * The back office's commerce settings (docs/back-office.md "Coupons, shipping, zones, GST and
 * payments"): coupons with their usage, the shipping figures (business settings), delivery zones
 * and the GST rate table. Every change asks nothing of its own about permissions (the route or the
 * server action has asked can()), writes its audit row in its own transaction, and expires the
 * cache tags of what the storefront caches (settings, delivery zones) once it has committed.
 * Coupons and the rate table are read uncached by the cart and checkout, so a change counts from
 * the next request.
 */

export const COMMERCE_MESSAGES = {
  couponNotFound: "Coupon not found.",
  codeTaken: (code: string) => `A coupon with the code ${code} exists already (codes are the same in any case).`,
  codeUsed: (uses: number) => `This coupon was used by ${uses} order${uses === 1 ? "" : "s"}: its code cannot change. Make a new coupon instead.`,
  deleteUsed: (uses: number) => `This coupon was used by ${uses} order${uses === 1 ? "" : "s"}, so it is kept for their records: deactivate it instead.`,
  zoneNotFound: "Delivery zone not found.",
  gstNotFound: "GST rate not found.",
} as const;

function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || (typeof message === "string" && message.includes("UNIQUE constraint failed"));
}

const fieldError = (field: string, message: string) => new ApiError(422, message, { [field]: [message] });

/** Whole-object validation of a row as it would be saved (a PATCH merged into the stored row). */
function checkWhole<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } } }, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[issue.path.length ? issue.path.map(String).join(".") : "_"] ??= []).push(issue.message);
  throw new ApiError(422, result.error.issues[0]?.message ?? "The given data was invalid.", errors);
}

/* ---------------------------------------------------------------------------------------------
 * Coupons
 * ------------------------------------------------------------------------------------------- */

/** A coupon as the admin API and pages show it: money in rupees, value a percent or rupees. */
export type AdminCoupon = CouponInput & {
  id: number;
  state: CouponState;
  /** Orders that used the code, cancelled ones left out. */
  uses: number;
  /** The discount those orders were given, rupees. */
  discount_given: number;
  /** Every order that names the code, cancelled too (a coupon with any is never deleted). */
  orders_total: number;
  created_at: string;
};

type CouponRow = {
  id: number;
  code: string;
  title: string;
  kind: CouponInput["kind"];
  value: number;
  min_order: number;
  max_discount: number | null;
  first_order_only: number;
  active: number;
  starts_at: string | null;
  ends_at: string | null;
  usage_limit: number | null;
  per_customer_limit: number | null;
  created_at: string;
};

const COUPON_COLUMNS = ["id", "code", "title", "kind", "value", "min_order", "max_discount", "first_order_only", "active", "starts_at", "ends_at", "usage_limit", "per_customer_limit", "created_at"] as const;

/** The coupon's fields in the API's terms (what a PATCH merges into). */
function couponInputOf(r: CouponRow): CouponInput {
  return {
    code: r.code,
    title: r.title,
    kind: r.kind,
    value: r.kind === "flat" ? toRupees(r.value) : r.kind === "percent" ? r.value : 0,
    min_order: toRupees(r.min_order),
    max_discount: r.max_discount === null ? null : toRupees(r.max_discount),
    first_order_only: r.first_order_only === 1,
    active: r.active === 1,
    starts_at: r.starts_at,
    ends_at: r.ends_at,
    usage_limit: r.usage_limit,
    per_customer_limit: r.per_customer_limit,
  };
}

/** The columns a coupon's fields are stored in (paise). */
function couponColumns(c: CouponInput) {
  return {
    code: c.code,
    title: c.title,
    kind: c.kind,
    value: c.kind === "flat" ? toPaise(c.value) : c.kind === "percent" ? c.value : 0,
    min_order: toPaise(c.min_order),
    max_discount: c.max_discount === null ? null : toPaise(c.max_discount),
    first_order_only: c.first_order_only ? 1 : 0,
    active: c.active ? 1 : 0,
    starts_at: c.starts_at,
    ends_at: c.ends_at,
    usage_limit: c.usage_limit,
    per_customer_limit: c.per_customer_limit,
  } as const;
}

type Usage = { uses: number; discount: number; total: number };

/** Uses of these codes: orders not cancelled and their discount, and every order naming them. */
async function usageOf(db: Db, codes: readonly string[]): Promise<Map<string, Usage>> {
  const out = new Map<string, Usage>();
  if (codes.length === 0) return out;
  const rows = await db
    .selectFrom("orders")
    .select((eb) => [
      sql<string>`upper(coupon_code)`.as("code"),
      eb.fn.countAll<number>().as("total"),
      sql<number>`sum(case when delivery_status <> ${DELIVERY.cancelled} then 1 else 0 end)`.as("uses"),
      sql<number>`sum(case when delivery_status <> ${DELIVERY.cancelled} then coupon_discount else 0 end)`.as("discount"),
    ])
    .where(sql<string>`upper(coupon_code)`, "in", codes.map((c) => c.toUpperCase()))
    .groupBy(sql`upper(coupon_code)`)
    .execute();
  for (const r of rows) out.set(r.code, { uses: Number(r.uses ?? 0), discount: Number(r.discount ?? 0), total: Number(r.total) });
  return out;
}

function adminCoupon(r: CouponRow, usage: Usage | undefined, now: Date): AdminCoupon {
  const input = couponInputOf(r);
  return {
    id: r.id,
    ...input,
    state: couponState({ active: input.active, startsAt: r.starts_at, endsAt: r.ends_at }, now),
    uses: usage?.uses ?? 0,
    discount_given: toRupees(usage?.discount ?? 0),
    orders_total: usage?.total ?? 0,
    created_at: r.created_at,
  };
}

export type CouponPage = { items: AdminCoupon[]; page: number; lastPage: number; perPage: number; total: number };

/** GET /admin/coupons: newest first, filtered by state now and by part of the code or title. */
export async function listCoupons(query: CouponListQuery, now = new Date()): Promise<CouponPage> {
  const { db } = await getDb();
  const at = now.toISOString();
  let q = db.selectFrom("coupons");
  if (query.q) {
    const like = `%${query.q.toUpperCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    q = q.where((eb) => eb.or([eb(sql`upper(code)`, "like", sql`${like} escape '\\'`), eb(sql`upper(title)`, "like", sql`${like} escape '\\'`)]));
  }
  if (query.status === "inactive") q = q.where("active", "=", 0);
  if (query.status === "scheduled") q = q.where("active", "=", 1).where("starts_at", ">", at);
  if (query.status === "expired") q = q.where("active", "=", 1).where("ends_at", "<", at).where((eb) => eb.or([eb("starts_at", "is", null), eb("starts_at", "<=", at)]));
  if (query.status === "active")
    q = q
      .where("active", "=", 1)
      .where((eb) => eb.or([eb("starts_at", "is", null), eb("starts_at", "<=", at)]))
      .where((eb) => eb.or([eb("ends_at", "is", null), eb("ends_at", ">=", at)]));
  const total = Number((await q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  const lastPage = Math.max(1, Math.ceil(total / COUPONS_PER_PAGE));
  const rows = (await q
    .select(COUPON_COLUMNS)
    .orderBy("id", "desc")
    .limit(COUPONS_PER_PAGE)
    .offset((query.page - 1) * COUPONS_PER_PAGE)
    .execute()) as CouponRow[];
  const usage = await usageOf(db, rows.map((r) => r.code));
  return { items: rows.map((r) => adminCoupon(r, usage.get(r.code.toUpperCase()), now)), page: query.page, lastPage, perPage: COUPONS_PER_PAGE, total };
}

async function couponRow(db: Db, id: number): Promise<CouponRow | undefined> {
  return (await db.selectFrom("coupons").select(COUPON_COLUMNS).where("id", "=", id).executeTakeFirst()) as CouponRow | undefined;
}

export async function getCoupon(id: number, now = new Date()): Promise<AdminCoupon> {
  const { db } = await getDb();
  const row = await couponRow(db, id);
  if (!row) throw new ApiError(404, COMMERCE_MESSAGES.couponNotFound);
  return adminCoupon(row, (await usageOf(db, [row.code])).get(row.code.toUpperCase()), now);
}

async function codeTaken(db: Db, code: string, exceptId: number | null): Promise<boolean> {
  let q = db.selectFrom("coupons").select("id").where(sql<string>`upper(code)`, "=", code.toUpperCase());
  if (exceptId !== null) q = q.where("id", "!=", exceptId);
  return Boolean(await q.executeTakeFirst());
}

async function inTransaction<T>(handle: DbHandle, work: (trx: Db) => Promise<T>, onUnique: () => ApiError): Promise<T> {
  try {
    return await writeTransaction(handle, work);
  } catch (error) {
    if (isUniqueViolation(error)) throw onUnique();
    throw error;
  }
}

/** POST /admin/coupons: a coupon whose code no other has, in any case. */
export async function createCoupon(actor: StaffActor, input: CouponInput, now = new Date()): Promise<AdminCoupon> {
  const handle = await getDb();
  const id = await inTransaction(
    handle,
    async (trx) => {
      if (await codeTaken(trx, input.code, null)) throw fieldError("code", COMMERCE_MESSAGES.codeTaken(input.code));
      const row = await trx
        .insertInto("coupons")
        .values({ ...couponColumns(input), created_at: now.toISOString() })
        .returning("id")
        .executeTakeFirstOrThrow();
      await audit(trx, actor, { action: "coupon.create", entityType: "coupon", entityId: row.id, after: { ...input } }, now);
      return row.id;
    },
    () => fieldError("code", COMMERCE_MESSAGES.codeTaken(input.code)),
  );
  return getCoupon(id, now);
}

/** PATCH /admin/coupons/{id}: the coupon as it would be saved is checked whole; a used coupon keeps its code. */
export async function updateCoupon(actor: StaffActor, id: number, patch: CouponPatch, now = new Date()): Promise<AdminCoupon> {
  const handle = await getDb();
  await inTransaction(
    handle,
    async (trx) => {
      const row = await couponRow(trx, id);
      if (!row) throw new ApiError(404, COMMERCE_MESSAGES.couponNotFound);
      const before = couponInputOf(row);
      const merged = { ...before, ...patch };
      // A kind changed to free shipping has no value, nor a maximum, unless they were sent.
      if (patch.kind && patch.kind !== before.kind) {
        if (patch.value === undefined) merged.value = patch.kind === "free_shipping" ? 0 : merged.value;
        if (patch.max_discount === undefined && patch.kind !== "percent") merged.max_discount = null;
      }
      const next = checkWhole<CouponInput>(couponWholeSchema, merged);
      if (next.code !== row.code) {
        // Orders name their coupon by its code: a used coupon keeps it, or its uses would be lost.
        const usage = (await usageOf(trx, [row.code])).get(row.code.toUpperCase());
        if (next.code !== row.code.toUpperCase() && usage && usage.total > 0) throw fieldError("code", COMMERCE_MESSAGES.codeUsed(usage.total));
        if (await codeTaken(trx, next.code, id)) throw fieldError("code", COMMERCE_MESSAGES.codeTaken(next.code));
      }
      const change = changedFields(before, next);
      if (!change) return;
      await trx.updateTable("coupons").set(couponColumns(next)).where("id", "=", id).execute();
      await audit(trx, actor, { action: next.active === before.active || next.active ? "coupon.update" : "coupon.deactivate", entityType: "coupon", entityId: id, ...change }, now);
    },
    () => fieldError("code", COMMERCE_MESSAGES.codeTaken(patch.code ?? "")),
  );
  return getCoupon(id, now);
}

/** DELETE /admin/coupons/{id}: only a coupon no order names; a used one is deactivated instead (409 says so). */
export async function deleteCoupon(actor: StaffActor, id: number, now = new Date()): Promise<void> {
  const handle = await getDb();
  await writeTransaction(handle, async (trx) => {
    const row = await couponRow(trx, id);
    if (!row) throw new ApiError(404, COMMERCE_MESSAGES.couponNotFound);
    const usage = (await usageOf(trx, [row.code])).get(row.code.toUpperCase());
    if (usage && usage.total > 0) throw new ApiError(409, COMMERCE_MESSAGES.deleteUsed(usage.total));
    await trx.deleteFrom("coupons").where("id", "=", id).execute();
    await audit(trx, actor, { action: "coupon.delete", entityType: "coupon", entityId: id, before: { ...couponInputOf(row) } }, now);
  });
}

/* ---------------------------------------------------------------------------------------------
 * Shipping figures (business settings)
 * ------------------------------------------------------------------------------------------- */

async function settingsMap(db: Db, keys: readonly string[]): Promise<Record<string, string | undefined>> {
  const rows = await db.selectFrom("business_settings").select(["type", "value"]).where("type", "in", [...keys]).execute();
  return Object.fromEntries(rows.map((r) => [r.type, r.value ?? undefined]));
}

/** The business settings keys of the shipping figures. */
const shippingKeys = () => Object.keys(shippingSettingRows(shippingSettingsOf()));

/** GET /admin/settings/shipping: the figures as the cart reads them now (uncached here), in rupees and days. */
export async function shippingSettings(): Promise<ShippingSettingsInput> {
  const { db } = await getDb();
  return shippingSettingsOf(shippingConfigFrom(await settingsMap(db, shippingKeys())));
}

/**
 * PUT /admin/settings/shipping: every figure; the business settings rows lib/cart/shipping.ts
 * reads, then the settings' cache tag expires, so the product page, cart and checkout follow at once.
 */
export async function updateShippingSettings(actor: StaffActor, input: ShippingSettingsInput, now = new Date()): Promise<ShippingSettingsInput> {
  const handle = await getDb();
  const changed = await writeTransaction(handle, async (trx) => {
    const before = shippingSettingsOf(shippingConfigFrom(await settingsMap(trx, shippingKeys())));
    const change = changedFields(before as unknown as Record<string, unknown>, input as unknown as Record<string, unknown>);
    if (!change) return false;
    const at = now.toISOString();
    for (const [type, value] of Object.entries(shippingSettingRows(input))) {
      await trx
        .insertInto("business_settings")
        .values({ type, value, updated_at: at })
        .onConflict((oc) => oc.column("type").doUpdateSet({ value, updated_at: at }))
        .execute();
    }
    await audit(trx, actor, { action: "settings.update", entityType: "settings", entityId: "shipping", ...change }, now);
    return true;
  });
  if (changed) expireTags([cacheTags.settings]);
  return shippingSettings();
}

/* ---------------------------------------------------------------------------------------------
 * Delivery zones
 * ------------------------------------------------------------------------------------------- */

export type AdminZone = ZoneInput & { id: number; created_at: string };

type ZoneRow = { id: number; name: string; pin_from: number; pin_to: number; standard_days_min: number; standard_days_max: number; express_days_min: number; express_days_max: number; active: number; created_at: string };
const ZONE_COLUMNS = ["id", "name", "pin_from", "pin_to", "standard_days_min", "standard_days_max", "express_days_min", "express_days_max", "active", "created_at"] as const;

function zoneInputOf(r: ZoneRow): ZoneInput {
  return {
    name: r.name,
    pin_from: Number(r.pin_from),
    pin_to: Number(r.pin_to),
    standard_days: { min: Number(r.standard_days_min), max: Number(r.standard_days_max) },
    express_days: { min: Number(r.express_days_min), max: Number(r.express_days_max) },
    active: r.active === 1,
  };
}
const adminZone = (r: ZoneRow): AdminZone => ({ id: r.id, ...zoneInputOf(r), created_at: r.created_at });

const zoneColumns = (z: ZoneInput) => ({
  name: z.name,
  pin_from: z.pin_from,
  pin_to: z.pin_to,
  standard_days_min: z.standard_days.min,
  standard_days_max: z.standard_days.max,
  express_days_min: z.express_days.min,
  express_days_max: z.express_days.max,
  active: z.active ? 1 : 0,
});

/** GET /admin/delivery-zones: every zone, active first, by their first PIN. */
export async function listZones(): Promise<AdminZone[]> {
  const { db } = await getDb();
  const rows = (await db.selectFrom("delivery_zones").select(ZONE_COLUMNS).orderBy("active", "desc").orderBy("pin_from").orderBy("id").execute()) as ZoneRow[];
  return rows.map(adminZone);
}

export async function getZone(id: number): Promise<AdminZone> {
  const { db } = await getDb();
  const row = (await db.selectFrom("delivery_zones").select(ZONE_COLUMNS).where("id", "=", id).executeTakeFirst()) as ZoneRow | undefined;
  if (!row) throw new ApiError(404, COMMERCE_MESSAGES.zoneNotFound);
  return adminZone(row);
}

/**
 * The zones' writes take turns: SQLite's write lock already serializes them; on PostgreSQL a
 * lock on the table (one that writers of it conflict with, readers do not) makes the overlap check
 * and the write one step, so two crossing zones saved at once cannot both pass.
 */
async function lockZones(trx: Db, handle: DbHandle) {
  if (handle.dialect === "postgres") await sql`lock table delivery_zones in share row exclusive mode`.execute(trx);
}

async function refuseOverlap(trx: Db, zone: ZoneInput, id: number | null) {
  if (!zone.active) return;
  const others = (await trx.selectFrom("delivery_zones").select(["id", "name", "pin_from", "pin_to"]).where("active", "=", 1).orderBy("pin_from").execute()).map(
    (r): PinRange => ({ id: r.id, name: r.name, pinFrom: Number(r.pin_from), pinTo: Number(r.pin_to) }),
  );
  const other = overlappingZone({ id: id ?? undefined, pinFrom: zone.pin_from, pinTo: zone.pin_to }, others);
  if (other) throw new ApiError(422, overlapMessage(other), { pin_from: [overlapMessage(other)] });
}

/** POST /admin/delivery-zones: refused when its PINs cross another active zone's (one inside another is allowed). */
export async function createZone(actor: StaffActor, input: ZoneInput, now = new Date()): Promise<AdminZone> {
  const handle = await getDb();
  const id = await writeTransaction(handle, async (trx) => {
    await lockZones(trx, handle);
    await refuseOverlap(trx, input, null);
    const row = await trx
      .insertInto("delivery_zones")
      .values({ ...zoneColumns(input), created_at: now.toISOString() })
      .returning("id")
      .executeTakeFirstOrThrow();
    await audit(trx, actor, { action: "delivery_zone.create", entityType: "delivery_zone", entityId: row.id, after: { ...input } }, now);
    return row.id;
  });
  expireTags([cacheTags.deliveryZones]);
  return getZone(id);
}

/** PATCH /admin/delivery-zones/{id}: an edit, or {active: false} to stop serving its PINs. */
export async function updateZone(actor: StaffActor, id: number, patch: ZonePatch, now = new Date()): Promise<AdminZone> {
  const handle = await getDb();
  const changed = await writeTransaction(handle, async (trx) => {
    await lockZones(trx, handle);
    const row = (await trx.selectFrom("delivery_zones").select(ZONE_COLUMNS).where("id", "=", id).executeTakeFirst()) as ZoneRow | undefined;
    if (!row) throw new ApiError(404, COMMERCE_MESSAGES.zoneNotFound);
    const before = zoneInputOf(row);
    const next = checkWhole<ZoneInput>(zoneWholeSchema, { ...before, ...patch });
    const change = changedFields(before, next);
    if (!change) return false;
    await refuseOverlap(trx, next, id);
    await trx.updateTable("delivery_zones").set(zoneColumns(next)).where("id", "=", id).execute();
    await audit(trx, actor, { action: before.active && !next.active ? "delivery_zone.deactivate" : "delivery_zone.update", entityType: "delivery_zone", entityId: id, ...change }, now);
    return true;
  });
  if (changed) expireTags([cacheTags.deliveryZones]);
  return getZone(id);
}

export type PinCheck = { pin: string; zone: string | null; in_stock: DeliveryAnswer; made_to_order: DeliveryAnswer };

/** The zone a PIN falls in and the promise it gets (the storefront's own rule, lib/cart/delivery.ts). */
export async function checkPin(pin: string, now = new Date()): Promise<PinCheck> {
  const { db } = await getDb();
  const [zone, settings] = await Promise.all([findDeliveryZone(pin), settingsMap(db, shippingKeys())]);
  const config = shippingConfigFrom(settings);
  return { pin, zone: zone?.name ?? null, in_stock: deliveryAnswer("in_stock", zone, config, now), made_to_order: deliveryAnswer("made_to_order", zone, config, now) };
}

/* ---------------------------------------------------------------------------------------------
 * The GST rate table
 * ------------------------------------------------------------------------------------------- */

export type AdminGstRate = GstRateInput & { id: number };
type GstRow = { id: number; hsn_prefix: string; max_taxable_value: number | null; rate_percent: number; effective_from: string; note: string | null };
const GST_COLUMNS = ["id", "hsn_prefix", "max_taxable_value", "rate_percent", "effective_from", "note"] as const;

const gstInputOf = (r: GstRow): GstRateInput => ({
  hsn_prefix: r.hsn_prefix,
  max_taxable_value: r.max_taxable_value === null ? null : toRupees(Number(r.max_taxable_value)),
  rate_percent: Number(r.rate_percent),
  effective_from: r.effective_from,
  note: r.note,
});
const adminGst = (r: GstRow): AdminGstRate => ({ id: r.id, ...gstInputOf(r) });
const gstColumns = (g: GstRateInput) => ({ hsn_prefix: g.hsn_prefix, max_taxable_value: g.max_taxable_value === null ? null : toPaise(g.max_taxable_value), rate_percent: g.rate_percent, effective_from: g.effective_from, note: g.note });

/** GET /admin/gst-rates: by prefix, newest effective date first, then bands from the lowest. */
export async function listGstRates(): Promise<AdminGstRate[]> {
  const { db } = await getDb();
  const rows = (await db.selectFrom("gst_rates").select(GST_COLUMNS).orderBy("hsn_prefix").orderBy("effective_from", "desc").orderBy(sql`max_taxable_value is null`).orderBy("max_taxable_value").orderBy("id").execute()) as GstRow[];
  return rows.map(adminGst);
}

async function gstRow(db: Db, id: number) {
  return (await db.selectFrom("gst_rates").select(GST_COLUMNS).where("id", "=", id).executeTakeFirst()) as GstRow | undefined;
}

export async function getGstRate(id: number): Promise<AdminGstRate> {
  const { db } = await getDb();
  const row = await gstRow(db, id);
  if (!row) throw new ApiError(404, COMMERCE_MESSAGES.gstNotFound);
  return adminGst(row);
}

/** The rate table's writes take turns, as the zones' do, so the duplicate check holds. */
async function lockGst(trx: Db, handle: DbHandle) {
  if (handle.dialect === "postgres") await sql`lock table gst_rates in share row exclusive mode`.execute(trx);
}

async function refuseDuplicate(trx: Db, g: GstRateInput, id: number | null) {
  const bound = g.max_taxable_value === null ? null : toPaise(g.max_taxable_value);
  let q = trx.selectFrom("gst_rates").select("id").where("hsn_prefix", "=", g.hsn_prefix).where("effective_from", "=", g.effective_from);
  q = bound === null ? q.where("max_taxable_value", "is", null) : q.where("max_taxable_value", "=", bound);
  if (id !== null) q = q.where("id", "!=", id);
  if (await q.executeTakeFirst()) {
    const message = gstDuplicateMessage(g.hsn_prefix, g.max_taxable_value, g.effective_from);
    throw new ApiError(422, message, { hsn_prefix: [message] });
  }
}

/**
 * POST /admin/gst-rates. The rate table decides the rate of what is sold from now on; an order
 * keeps the rate and tax stored on its lines when it was placed, so invoices already issued never
 * change (lib/orders/invoice-tax.ts reads the line's own rate).
 */
export async function createGstRate(actor: StaffActor, input: GstRateInput, now = new Date()): Promise<AdminGstRate> {
  const handle = await getDb();
  const id = await writeTransaction(handle, async (trx) => {
    await lockGst(trx, handle);
    await refuseDuplicate(trx, input, null);
    const row = await trx.insertInto("gst_rates").values(gstColumns(input)).returning("id").executeTakeFirstOrThrow();
    await audit(trx, actor, { action: "gst_rate.create", entityType: "gst_rate", entityId: row.id, after: { ...input } }, now);
    return row.id;
  });
  return getGstRate(id);
}

export async function updateGstRate(actor: StaffActor, id: number, patch: GstRatePatch, now = new Date()): Promise<AdminGstRate> {
  const handle = await getDb();
  await writeTransaction(handle, async (trx) => {
    await lockGst(trx, handle);
    const row = await gstRow(trx, id);
    if (!row) throw new ApiError(404, COMMERCE_MESSAGES.gstNotFound);
    const before = gstInputOf(row);
    const next: GstRateInput = { ...before, ...patch };
    const change = changedFields(before, next);
    if (!change) return;
    await refuseDuplicate(trx, next, id);
    await trx.updateTable("gst_rates").set(gstColumns(next)).where("id", "=", id).execute();
    await audit(trx, actor, { action: "gst_rate.update", entityType: "gst_rate", entityId: id, ...change }, now);
  });
  return getGstRate(id);
}

export async function deleteGstRate(actor: StaffActor, id: number, now = new Date()): Promise<void> {
  const handle = await getDb();
  await writeTransaction(handle, async (trx) => {
    const row = await gstRow(trx, id);
    if (!row) throw new ApiError(404, COMMERCE_MESSAGES.gstNotFound);
    await trx.deleteFrom("gst_rates").where("id", "=", id).execute();
    await audit(trx, actor, { action: "gst_rate.delete", entityType: "gst_rate", entityId: id, before: { ...gstInputOf(row) } }, now);
  });
}

export type GstLookup = {
  hsn: string;
  price: number;
  date: string;
  rate_percent: number;
  /** The row that decides it; null: none matches, and the shop's default rate applies. */
  row: AdminGstRate | null;
  default_rate: boolean;
};

/** What the cart, checkout and invoice would charge: gstRowFor on the table, else the shop's default rate. */
export async function lookupGstRate(hsn: string, pricePaise: number, date: string): Promise<GstLookup> {
  const { db } = await getDb();
  const [rows, settings] = await Promise.all([db.selectFrom("gst_rates").select(GST_COLUMNS).execute() as Promise<GstRow[]>, settingsMap(db, shippingKeys())]);
  const rates: (GstRate & { row: GstRow })[] = rows.map((r) => ({ hsnPrefix: r.hsn_prefix, maxTaxableValue: r.max_taxable_value === null ? null : Number(r.max_taxable_value), ratePercent: Number(r.rate_percent), effectiveFrom: r.effective_from, row: r }));
  const found = gstRowFor(rates, hsn, pricePaise, date);
  const defaultRate = shippingConfigFrom(settings).gstDefaultRate;
  return { hsn, price: toRupees(pricePaise), date, rate_percent: found ? found.ratePercent : defaultRate, row: found ? adminGst(found.row) : null, default_rate: !found };
}
