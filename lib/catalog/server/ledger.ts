import { sql } from "kysely";
import type { Db, Dialect } from "../../platform/db/connection";
import type { Actor } from "../../platform/actor";
import type { Availability } from "../../platform/db/schema";
import { STOCK_REASON, type StockReason } from "../stock";

// The ledger's writer without server-only or cache imports (relative imports only), so the demo
// seed (lib/seed) writes stock through it as the store does; ./stock.ts is its server API.

/**
 * The stock ledger's one writer (docs/architecture.md, "Stock"). Every change of a product's or a
 * variant's stock — a sale, a cancel, an expiry, a revival, a staff adjustment — goes through
 * moveStock, in the caller's transaction:
 *  - the products are locked in product-id order, then their variants in (product id, variant id)
 *    order (PostgreSQL: SELECT … ORDER BY … FOR UPDATE; SQLite's BEGIN IMMEDIATE already
 *    serializes writers), so two transactions moving the same stock never wait on each other in a
 *    cycle, whatever order their lines are in;
 *  - every take is checked against the locked stock before anything is written: stock never goes
 *    below zero, and a sale or revival takes only from a product or variant on sale from stock
 *    (in_stock); one shortage refuses the whole call (StockShortage) with nothing written;
 *  - each variant, then each product, changes by one relative conditional update (stock_quantity +
 *    delta), never by writing back a value read earlier; a variant's availability follows its
 *    stock, a product's follows its stock or, when it has variants, the best of its variants';
 *  - one stock_movements row per move says why, and for which order line or whom.
 * A product with variants moves by the sum of its variants' moves, so the rows of a variant sum to
 * its stock_quantity, and the rows of a product (with or without a variant) to the product's.
 */

export type StockMove = {
  productId: number;
  /** The variant whose stock moves; null or absent for a product without variants. */
  variantId?: number | null;
  /** Units in (+) or out (−); never 0. */
  delta: number;
  reason: StockReason;
  actor: Actor;
  actorId?: number | null;
  orderId?: number | null;
  orderLineId?: number | null;
  note?: string | null;
};

/** What a lock is taken on: a product, or one variant of it. */
export type StockItem = { productId: number; variantId?: number | null };

/** A product whose stock moved, as the pages that show it need to know. */
export type MovedProduct = { id: number; slug: string; stock: number; availability: Availability; availabilityChanged: boolean };

/** A take that would leave less than nothing (or sell what is not on sale from stock). */
export class StockShortage extends Error {
  constructor(
    readonly productId: number,
    /** Units there are to take (0 when the product or variant is not on sale from stock). */
    readonly available: number,
    /** The variant short of stock, when it is one. */
    readonly variantId: number | null = null,
  ) {
    super(`product ${productId}${variantId ? ` variant ${variantId}` : ""}: only ${available} in stock`);
    this.name = "StockShortage";
  }
}

/** Reasons that sell stock: only from a product on sale from stock. */
const SELLING: ReadonlySet<StockReason> = new Set([STOCK_REASON.sale, STOCK_REASON.revival]);

/** availability from the stock after the move and the made-to-order flag (lib/catalog/display.ts availabilityOf). */
const availabilityAfter = (delta: number) =>
  sql<Availability>`case when stock_quantity + ${delta} <= 0 then 'out_of_stock' when made_to_order = 1 then 'made_to_order' else 'in_stock' end`;

/**
 * A product with variants: the best availability of its variants (lib/catalog/variants.ts
 * groupAvailability), read from the variants as they are in this transaction.
 */
export const productAvailabilitySql = () =>
  sql<Availability>`case when exists (select 1 from product_variants v where v.product_id = products.id and v.availability = 'in_stock') then 'in_stock' when exists (select 1 from product_variants v where v.product_id = products.id and v.availability = 'made_to_order') then 'made_to_order' else 'out_of_stock' end`;

type LockedRow = { id: number; stock_quantity: number; availability: Availability };
type LockedProduct = LockedRow & { variant_count: number };
type LockedVariant = LockedRow & { product_id: number };
export type LockedStock = { products: Map<number, LockedProduct>; variants: Map<number, LockedVariant> };

const itemOf = (item: number | StockItem): StockItem => (typeof item === "number" ? { productId: item } : item);

/**
 * Locks these products in product-id order, then the variants named among them in (product id,
 * variant id) order (PostgreSQL: SELECT … ORDER BY … FOR UPDATE; SQLite's BEGIN IMMEDIATE holds
 * the write lock already), and answers their stock and availability. A transaction that will
 * move their stock and, before that, writes rows referring to them (an order's lines: PostgreSQL
 * takes a KEY SHARE lock on each product and variant such a row names) locks them first: two
 * checkouts that had both taken KEY SHARE and then each asked FOR UPDATE would wait on each other
 * for ever (PostgreSQL ends one with a deadlock error).
 */
export async function lockProducts(trx: Db, dialect: Dialect, items: readonly (number | StockItem)[]): Promise<LockedStock> {
  const wanted = items.map(itemOf);
  const ids = [...new Set(wanted.map((i) => i.productId))].sort((a, b) => a - b);
  const variantIds = [...new Set(wanted.flatMap((i) => (i.variantId ? [i.variantId] : [])))];
  const out: LockedStock = { products: new Map(), variants: new Map() };
  if (!ids.length) return out;
  const forUpdate = sql.raw(dialect === "postgres" ? " for update" : "");
  const products = await sql<LockedProduct>`select id, stock_quantity, availability, variant_count from products where id in (${sql.join(ids)}) order by id${forUpdate}`.execute(trx);
  for (const r of products.rows) out.products.set(Number(r.id), { ...r, id: Number(r.id), stock_quantity: Number(r.stock_quantity), variant_count: Number(r.variant_count) });
  if (variantIds.length) {
    const variants = await sql<LockedVariant>`select id, product_id, stock_quantity, availability from product_variants where id in (${sql.join(variantIds)}) order by product_id, id${forUpdate}`.execute(trx);
    for (const r of variants.rows) out.variants.set(Number(r.id), { ...r, id: Number(r.id), product_id: Number(r.product_id), stock_quantity: Number(r.stock_quantity) });
  }
  return out;
}

/**
 * Applies `moves` in the caller's transaction (see the top of this file). Throws StockShortage,
 * having written nothing, when a take cannot be met; answers the products that moved.
 */
export async function moveStock(trx: Db, dialect: Dialect, moves: readonly StockMove[], now = new Date()): Promise<MovedProduct[]> {
  const real = moves.filter((m) => m.delta !== 0);
  if (!real.length) return [];
  // Summed per product (its own stock, or its variant's) and per variant.
  type Sum = { productId: number; variantId: number | null; delta: number; selling: boolean };
  const sums = new Map<string, Sum>();
  for (const m of real) {
    if (!Number.isInteger(m.delta)) throw new RangeError(`A stock move is a whole number of units, not ${m.delta}.`);
    const variantId = m.variantId ?? null;
    const key = `${m.productId}:${variantId ?? 0}`;
    const sum = sums.get(key) ?? { productId: m.productId, variantId, delta: 0, selling: false };
    sum.delta += m.delta;
    sum.selling ||= SELLING.has(m.reason) && m.delta < 0;
    sums.set(key, sum);
  }
  const ordered = [...sums.values()].sort((a, b) => a.productId - b.productId || (a.variantId ?? 0) - (b.variantId ?? 0));
  const current = await lockProducts(trx, dialect, ordered);
  for (const s of ordered) {
    const product = current.products.get(s.productId);
    if (!product) throw new StockShortage(s.productId, 0, s.variantId);
    // A product sold by variant moves through its variants only; a variant belongs to its product.
    const row = s.variantId === null ? (product.variant_count ? undefined : product) : current.variants.get(s.variantId);
    if (!row || ("product_id" in row && row.product_id !== s.productId)) throw new StockShortage(s.productId, 0, s.variantId);
    if (s.selling && row.availability !== "in_stock") throw new StockShortage(s.productId, 0, s.variantId);
    if (s.delta < 0 && row.stock_quantity + s.delta < 0) throw new StockShortage(s.productId, Math.max(0, row.stock_quantity), s.variantId);
  }
  // Variants first (a product's availability is read from them), then each product by its total.
  const byProduct = new Map<number, number>();
  for (const s of ordered) {
    byProduct.set(s.productId, (byProduct.get(s.productId) ?? 0) + s.delta);
    if (s.variantId === null || s.delta === 0) continue;
    let update = trx
      .updateTable("product_variants")
      .set({ stock_quantity: sql<number>`stock_quantity + ${s.delta}`, availability: availabilityAfter(s.delta), updated_at: now.toISOString() })
      .where("id", "=", s.variantId);
    // Re-checked by the database: the lock above makes it hold, this makes it so.
    if (s.delta < 0) update = update.where("stock_quantity", ">=", -s.delta);
    const done = await update.executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) throw new StockShortage(s.productId, 0, s.variantId);
  }
  const moved: MovedProduct[] = [];
  for (const [id, delta] of byProduct) {
    const before = current.products.get(id)!;
    const variants = before.variant_count > 0;
    if (delta === 0 && !variants) continue;
    let update = trx
      .updateTable("products")
      // updated_at moves with the stock: the search index follows the catalog by it (a sale that
      // empties a product takes it out of In Stock on every instance within a second), as it does
      // for a variant's row above.
      .set({ stock_quantity: sql<number>`stock_quantity + ${delta}`, availability: variants ? productAvailabilitySql() : availabilityAfter(delta), updated_at: now.toISOString() })
      .where("id", "=", id);
    if (delta < 0) update = update.where("stock_quantity", ">=", -delta);
    const row = await update.returning(["id", "slug", "stock_quantity", "availability"]).executeTakeFirst();
    if (!row) throw new StockShortage(id, 0);
    moved.push({ id: row.id, slug: row.slug, stock: row.stock_quantity, availability: row.availability, availabilityChanged: row.availability !== before.availability });
  }
  const at = now.toISOString();
  await trx
    .insertInto("stock_movements")
    .values(
      real.map((m) => ({
        product_id: m.productId,
        variant_id: m.variantId ?? null,
        delta: m.delta,
        reason: m.reason,
        order_id: m.orderId ?? null,
        order_line_id: m.orderLineId ?? null,
        actor: m.actor,
        actor_id: m.actorId ?? null,
        note: m.note ?? null,
        created_at: at,
      })),
    )
    .execute();
  return moved;
}
