import "server-only";
import { sql } from "kysely";
import type { Db, Dialect } from "@/lib/platform/db";
import type { Actor } from "@/lib/platform/actor";
import type { Availability } from "@/lib/platform/db/schema";
import { cacheTags } from "@/lib/platform/cache-manifest";
import { expireTagsAfterCommit, type OutboxEvent } from "@/lib/platform/outbox";
import { STOCK_REASON, type StockReason } from "../stock";

/**
 * The stock ledger's one writer (docs/architecture.md, "Stock"). Every change of a product's
 * stock — a sale, a cancel, an expiry, a revival, a staff adjustment — goes through moveStock, in
 * the caller's transaction:
 *  - the products are locked in product-id order (PostgreSQL: one SELECT … ORDER BY id FOR UPDATE;
 *    SQLite's BEGIN IMMEDIATE already serializes writers), so two transactions moving the same
 *    products never wait on each other in a cycle, whatever order their lines are in;
 *  - every take is checked against the locked stock before anything is written: stock never goes
 *    below zero, and a sale or revival takes only from a product on sale from stock (in_stock);
 *    one shortage refuses the whole call (StockShortage) with nothing written;
 *  - each product then changes by one relative conditional update (stock_quantity + delta), never by
 *    writing back a value read earlier, and its availability follows its stock;
 *  - one stock_movements row per move says why, and for which order line or whom.
 * The rows of a product therefore sum to its stock_quantity.
 */

export type StockMove = {
  productId: number;
  /** Units in (+) or out (−); never 0. */
  delta: number;
  reason: StockReason;
  actor: Actor;
  actorId?: number | null;
  orderId?: number | null;
  orderLineId?: number | null;
  note?: string | null;
};

/** A product whose stock moved, as the pages that show it need to know. */
export type MovedProduct = { id: number; slug: string; stock: number; availability: Availability; availabilityChanged: boolean };

/** A take that would leave less than nothing (or sell what is not on sale from stock). */
export class StockShortage extends Error {
  constructor(
    readonly productId: number,
    /** Units there are to take (0 when the product is not on sale from stock). */
    readonly available: number,
  ) {
    super(`product ${productId}: only ${available} in stock`);
    this.name = "StockShortage";
  }
}

/** Reasons that sell stock: only from a product on sale from stock. */
const SELLING: ReadonlySet<StockReason> = new Set([STOCK_REASON.sale, STOCK_REASON.revival]);

/** availability from the stock after the move and the made-to-order flag (lib/catalog/display.ts availabilityOf). */
const availabilityAfter = (delta: number) =>
  sql<Availability>`case when stock_quantity + ${delta} <= 0 then 'out_of_stock' when made_to_order = 1 then 'made_to_order' else 'in_stock' end`;

/**
 * Locks these products in product-id order (PostgreSQL: SELECT … ORDER BY id FOR UPDATE; SQLite's
 * BEGIN IMMEDIATE holds the write lock already) and answers their stock and availability. A
 * transaction that will move their stock and, before that, writes rows referring to them (an
 * order's lines: PostgreSQL takes a KEY SHARE lock on each product such a row names) locks them
 * first: two checkouts that had both taken KEY SHARE and then each asked FOR UPDATE would wait on
 * each other for ever (PostgreSQL ends one with a deadlock error).
 */
export async function lockProducts(trx: Db, dialect: Dialect, productIds: readonly number[]): Promise<Map<number, { id: number; stock_quantity: number; availability: Availability }>> {
  const ids = [...new Set(productIds)].sort((a, b) => a - b);
  if (!ids.length) return new Map();
  const locked = await sql<{ id: number; stock_quantity: number; availability: Availability }>`select id, stock_quantity, availability from products where id in (${sql.join(ids)}) order by id${sql.raw(dialect === "postgres" ? " for update" : "")}`.execute(trx);
  return new Map(locked.rows.map((r) => [Number(r.id), r]));
}

/**
 * Applies `moves` in the caller's transaction (see the top of this file). Throws StockShortage,
 * having written nothing, when a take cannot be met; answers the products that moved.
 */
export async function moveStock(trx: Db, dialect: Dialect, moves: readonly StockMove[], now = new Date()): Promise<MovedProduct[]> {
  const real = moves.filter((m) => m.delta !== 0);
  if (!real.length) return [];
  const byProduct = new Map<number, { delta: number; selling: boolean }>();
  for (const m of real) {
    if (!Number.isInteger(m.delta)) throw new RangeError(`A stock move is a whole number of units, not ${m.delta}.`);
    const sum = byProduct.get(m.productId) ?? { delta: 0, selling: false };
    sum.delta += m.delta;
    sum.selling ||= SELLING.has(m.reason) && m.delta < 0;
    byProduct.set(m.productId, sum);
  }
  const ids = [...byProduct.keys()].sort((a, b) => a - b);
  const current = await lockProducts(trx, dialect, ids);
  for (const id of ids) {
    const { delta, selling } = byProduct.get(id)!;
    const row = current.get(id);
    if (!row) throw new StockShortage(id, 0);
    if (selling && row.availability !== "in_stock") throw new StockShortage(id, 0);
    if (delta < 0 && row.stock_quantity + delta < 0) throw new StockShortage(id, Math.max(0, row.stock_quantity));
  }
  const moved: MovedProduct[] = [];
  for (const id of ids) {
    const { delta } = byProduct.get(id)!;
    if (delta === 0) continue;
    let update = trx
      .updateTable("products")
      .set({ stock_quantity: sql<number>`stock_quantity + ${delta}`, availability: availabilityAfter(delta) })
      .where("id", "=", id);
    // Re-checked by the database: the lock above makes it hold, this makes it so.
    if (delta < 0) update = update.where("stock_quantity", ">=", -delta);
    const row = await update.returning(["id", "slug", "stock_quantity", "availability"]).executeTakeFirst();
    if (!row) throw new StockShortage(id, 0);
    moved.push({ id: row.id, slug: row.slug, stock: row.stock_quantity, availability: row.availability, availabilityChanged: row.stock_quantity - delta <= 0 !== row.stock_quantity <= 0 });
  }
  const at = now.toISOString();
  await trx
    .insertInto("stock_movements")
    .values(
      real.map((m) => ({
        product_id: m.productId,
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

/** What the ledger says a product's stock is (the sum of its movements). */
export async function ledgerStock(db: Db, productId: number): Promise<number> {
  const row = await db.selectFrom("stock_movements").select((eb) => eb.fn.sum<number>("delta").as("n")).where("product_id", "=", productId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * The outbox event that refreshes, once the transaction that moved their stock has committed, the
 * pages and reads that show these products (each product's page; the listings too when a product
 * sold out or came back); null when nothing moved. Every path that moves stock writes it in its
 * transaction (lib/orders/server/after-commit.ts for the order paths).
 */
export function productRefreshEvent(products: readonly Pick<MovedProduct, "slug" | "availabilityChanged">[]): OutboxEvent | null {
  if (!products.length) return null;
  const slugs = [...new Set(products.map((p) => p.slug))];
  const listings = products.some((p) => p.availabilityChanged);
  return expireTagsAfterCommit([...slugs.map((slug) => cacheTags.product(slug)), ...(listings ? [cacheTags.products] : [])]);
}
