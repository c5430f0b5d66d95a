import { sql } from "kysely";
import type { Db, Dialect } from "../../platform/db/connection";
import type { Actor } from "../../platform/actor";
import { ApiError } from "../../platform/errors";
import { discountPercent } from "../display";
import { STOCK_REASON, type StockReason } from "../stock";
import { groupFigures, isSizeOption, variantAvailability, variantLabel, variantSlug } from "../variants";
import { lockProducts, type MovedProduct, moveStock, productAvailabilitySql, type StockMove } from "./ledger";

/**
 * The rows of a product's variants, written in the caller's transaction: the one writer of
 * product_options, product_option_values, product_variants and product_variant_values, used by
 * the back office's service (./variants.ts) and by the demo seed (lib/seed), so both leave the
 * same rows. No cache or Next.js import here, for the seed's sake.
 *
 * What it keeps true, in the same transaction as the change:
 *  - a variant's stock moves only through the ledger (moveStock): a new variant's first stock is a
 *    movement, a removed variant's stock leaves by one, and a product that becomes sold by
 *    variant writes off its own stock (its variants' movements bring the new total in);
 *  - a product with variants carries their figures: stock (moveStock sums it), the best
 *    availability, the lowest price with its list price and discount;
 *  - its Size filter values are its variants' sizes (options named Size or Length,
 *    lib/catalog/variants.ts SIZE_OPTIONS), so the listing's Size filter finds it by any of them;
 *  - a variant that was ever ordered is never deleted (its order lines keep pointing at it).
 */

export type VariantSpec = {
  sku: string;
  /** The value of each option, by option name. */
  values: Record<string, string>;
  /** Paise. */
  price: number;
  /** Compare-at (list) price, paise. */
  listPrice: number;
  /** Units in stock when the variant is new; not used for an existing variant. */
  initialStock: number;
  madeToOrder: boolean;
  photo: string | null;
};

export type VariantSetSpec = { options: { name: string; values: string[] }[]; variants: VariantSpec[] };

export type VariantWriteContext = {
  actor: Actor;
  actorId?: number | null;
  now: Date;
  /** The ledger reason of a new variant's first stock: 'adjustment' (the back office) or 'initial' (the seed). */
  newStockReason?: StockReason;
  newStockNote?: string;
};

export const VARIANT_WRITE_MESSAGES = {
  productGone: "Product not found.",
  skuTaken: (sku: string) => `SKU ${sku} belongs to another product or variant.`,
  ordered: (label: string) => `${label} has been ordered, so it stays: set its stock to 0 instead of removing it.`,
} as const;

export type WrittenVariant = { id: number; sku: string; label: string; slug: string };

const lower = (s: string) => s.toLowerCase();

/**
 * Replaces a product's options and variants with `spec` (variants matched by SKU, options by
 * name, values by text, each without regard to case) in the caller's write transaction. Throws
 * ApiError 404 (no product) or 409 (a SKU of another product or variant; a removed variant that
 * was ordered) having written nothing the caller keeps (the caller's transaction rolls back).
 * Answers the variants in their order and the products whose stock moved (for the page refresh).
 */
export async function writeVariantSet(trx: Db, dialect: Dialect, productId: number, spec: VariantSetSpec, ctx: VariantWriteContext): Promise<{ variants: WrittenVariant[]; moved: MovedProduct[] }> {
  const at = ctx.now.toISOString();
  const existing = await trx.selectFrom("product_variants").select(["id", "sku", "label", "stock_quantity"]).where("product_id", "=", productId).orderBy("id").execute();
  const locked = await lockProducts(trx, dialect, [productId, ...existing.map((v) => ({ productId, variantId: v.id }))]);
  const product = locked.products.get(productId);
  if (!product) throw new ApiError(404, VARIANT_WRITE_MESSAGES.productGone);

  // A SKU is one thing in the shop: no other product's variant, and no product, carries it.
  const skus = spec.variants.map((v) => lower(v.sku));
  if (skus.length) {
    const [variantClash, productClash] = await Promise.all([
      trx.selectFrom("product_variants").select("sku").where(sql<string>`lower(sku)`, "in", skus).where("product_id", "!=", productId).executeTakeFirst(),
      trx.selectFrom("products").select("sku").where(sql<string>`lower(sku)`, "in", skus).executeTakeFirst(),
    ]);
    const clash = variantClash?.sku ?? productClash?.sku;
    if (clash) throw new ApiError(409, VARIANT_WRITE_MESSAGES.skuTaken(clash));
  }

  const bySku = new Map(existing.map((v) => [lower(v.sku), v]));
  const kept = new Set(skus);
  const removed = existing.filter((v) => !kept.has(lower(v.sku)));
  if (removed.length) {
    const ordered = await trx.selectFrom("order_lines").select("variant_id").where("variant_id", "in", removed.map((v) => v.id)).executeTakeFirst();
    if (ordered) throw new ApiError(409, VARIANT_WRITE_MESSAGES.ordered(removed.find((v) => v.id === ordered.variant_id)?.label ?? "This variant"));
  }

  const moved: MovedProduct[] = [];
  const move = async (moves: StockMove[]) => {
    if (moves.length) moved.push(...(await moveStock(trx, dialect, moves, ctx.now)));
  };
  const staff = { actor: ctx.actor, actorId: ctx.actorId ?? null };
  // A removed variant's stock leaves through the ledger before its row goes.
  await move(removed.filter((v) => v.stock_quantity > 0).map((v) => ({ productId, variantId: v.id, delta: -v.stock_quantity, reason: STOCK_REASON.adjustment, note: `variant ${v.label} removed`, ...staff })));
  if (removed.length) await trx.deleteFrom("product_variants").where("id", "in", removed.map((v) => v.id)).execute();

  const sold = spec.variants.length > 0;
  // A product becoming sold by variant: its own stock is written off, its variants' comes in below.
  if (sold && product.variant_count === 0 && product.stock_quantity !== 0) {
    await move([{ productId, delta: -product.stock_quantity, reason: STOCK_REASON.adjustment, note: "stock now kept per variant", ...staff }]);
  }
  await trx.updateTable("products").set({ variant_count: spec.variants.length, updated_at: at }).where("id", "=", productId).execute();

  // Options and their values, matched by name and text (a new spelling renames).
  const valueIds = new Map<string, Map<string, number>>();
  const options = await trx.selectFrom("product_options").select(["id", "name"]).where("product_id", "=", productId).execute();
  const wantedOptions = new Set(spec.options.map((o) => lower(o.name)));
  const goneOptions = options.filter((o) => !wantedOptions.has(lower(o.name)));
  if (goneOptions.length) await trx.deleteFrom("product_options").where("id", "in", goneOptions.map((o) => o.id)).execute();
  for (const [position, o] of spec.options.entries()) {
    let optionId = options.find((e) => lower(e.name) === lower(o.name))?.id;
    if (optionId === undefined) {
      optionId = (await trx.insertInto("product_options").values({ product_id: productId, name: o.name, position }).returning("id").executeTakeFirstOrThrow()).id;
    } else {
      await trx.updateTable("product_options").set({ name: o.name, position }).where("id", "=", optionId).execute();
    }
    const values = await trx.selectFrom("product_option_values").select(["id", "value"]).where("option_id", "=", optionId).execute();
    const wantedValues = new Set(o.values.map(lower));
    const goneValues = values.filter((v) => !wantedValues.has(lower(v.value)));
    if (goneValues.length) await trx.deleteFrom("product_option_values").where("id", "in", goneValues.map((v) => v.id)).execute();
    const ids = new Map<string, number>();
    for (const [valuePosition, value] of o.values.entries()) {
      let valueId = values.find((v) => lower(v.value) === lower(value))?.id;
      if (valueId === undefined) {
        valueId = (await trx.insertInto("product_option_values").values({ option_id: optionId, value, position: valuePosition }).returning("id").executeTakeFirstOrThrow()).id;
      } else {
        await trx.updateTable("product_option_values").set({ value, position: valuePosition }).where("id", "=", valueId).execute();
      }
      ids.set(value, valueId);
    }
    valueIds.set(o.name, ids);
  }

  // Labels and slugs are unique per product: kept variants step aside first, so two may swap.
  const keptRows = existing.filter((v) => kept.has(lower(v.sku)));
  if (keptRows.length) {
    await trx
      .updateTable("product_variants")
      .set({ label: sql<string>`'~' || cast(id as text)`, slug: sql<string>`'~' || cast(id as text)` })
      .where("id", "in", keptRows.map((v) => v.id))
      .execute();
  }
  const written: WrittenVariant[] = [];
  const newStock: StockMove[] = [];
  for (const [position, v] of spec.variants.entries()) {
    const values = spec.options.map((o) => v.values[o.name] ?? "");
    const label = variantLabel(values);
    const slug = variantSlug(label);
    const common = {
      sku: v.sku,
      label,
      slug,
      price: v.price,
      list_price: Math.max(v.listPrice, v.price),
      discount_percent: discountPercent(Math.max(v.listPrice, v.price), v.price),
      made_to_order: v.madeToOrder ? 1 : 0,
      photo: v.photo,
      position,
      updated_at: at,
    };
    const before = bySku.get(lower(v.sku));
    let id: number;
    if (before) {
      id = before.id;
      await trx
        .updateTable("product_variants")
        .set({ ...common, availability: sql`case when stock_quantity <= 0 then 'out_of_stock' when ${common.made_to_order} = 1 then 'made_to_order' else 'in_stock' end` })
        .where("id", "=", id)
        .execute();
      await trx.deleteFrom("product_variant_values").where("variant_id", "=", id).execute();
    } else {
      id = (await trx.insertInto("product_variants").values({ ...common, product_id: productId, stock_quantity: 0, availability: variantAvailability(0, v.madeToOrder), created_at: at }).returning("id").executeTakeFirstOrThrow()).id;
      if (v.initialStock > 0) {
        newStock.push({ productId, variantId: id, delta: v.initialStock, reason: ctx.newStockReason ?? STOCK_REASON.adjustment, note: ctx.newStockNote ?? `first stock of ${label}`, ...staff });
      }
    }
    const links = spec.options.map((o) => ({ variant_id: id, option_value_id: valueIds.get(o.name)?.get(v.values[o.name] ?? "") ?? -1 }));
    if (links.some((l) => l.option_value_id < 0)) throw new ApiError(422, `${v.sku} names a value that is not one of its options'.`);
    if (links.length) await trx.insertInto("product_variant_values").values(links).execute();
    written.push({ id, sku: v.sku, label, slug });
  }
  await move(newStock);
  // Cart lines keep the label they show and are told apart by: a renamed variant's lines follow it.
  if (keptRows.length) {
    const ids = keptRows.map((v) => v.id);
    await trx.updateTable("cart_lines").set({ variant: sql<string>`'~' || cast(variant_id as text)` }).where("variant_id", "in", ids).execute();
    await trx
      .updateTable("cart_lines")
      .set({ variant: (eb) => eb.selectFrom("product_variants as v").select("v.label").whereRef("v.id", "=", "cart_lines.variant_id") })
      .where("variant_id", "in", ids)
      .execute();
  }

  // The product's own figures: the lowest price, the best availability (its stock is the ledger's).
  if (sold) {
    const figures = groupFigures(spec.variants.map((v) => ({ price: v.price, listPrice: Math.max(v.listPrice, v.price), stock: 0, availability: "in_stock" as const })))!;
    await trx
      .updateTable("products")
      .set({ price: figures.price, list_price: figures.listPrice, discount_percent: discountPercent(figures.listPrice, figures.price), availability: productAvailabilitySql() })
      .where("id", "=", productId)
      .execute();
  } else if (product.variant_count > 0) {
    await trx
      .updateTable("products")
      .set({ availability: sql`case when stock_quantity <= 0 then 'out_of_stock' when made_to_order = 1 then 'made_to_order' else 'in_stock' end` })
      .where("id", "=", productId)
      .execute();
  }
  await syncVariantSizes(trx, productId, spec);
  return { variants: written, moved };
}

/**
 * The product's Size filter values become its variants' sizes (the values of its options named
 * Size or Length), each an attribute value of Size (made when new), so the listing's Size filter
 * (lib/catalog/server/catalog.ts) finds the product by any of them. A product without such an
 * option keeps the Size it has.
 */
async function syncVariantSizes(trx: Db, productId: number, spec: VariantSetSpec): Promise<void> {
  const sizes = [...new Set(spec.options.filter((o) => isSizeOption(o.name)).flatMap((o) => o.values))];
  if (!sizes.length) return;
  let attribute = await trx.selectFrom("attributes").select("id").where("name", "=", "Size").executeTakeFirst();
  if (!attribute) {
    const last = await trx.selectFrom("attributes").select((eb) => eb.fn.max<number>("sort_order").as("n")).executeTakeFirst();
    attribute = await trx.insertInto("attributes").values({ name: "Size", sort_order: Number(last?.n ?? 0) + 1 }).returning("id").executeTakeFirstOrThrow();
  }
  const known = await trx.selectFrom("attribute_values").select(["id", "value"]).where("attribute_id", "=", attribute.id).execute();
  const ids: number[] = [];
  for (const size of sizes) {
    let id = known.find((k) => lower(k.value) === lower(size))?.id;
    if (id === undefined) id = (await trx.insertInto("attribute_values").values({ attribute_id: attribute.id, value: size }).returning("id").executeTakeFirstOrThrow()).id;
    ids.push(id);
  }
  await trx
    .deleteFrom("product_attribute_values")
    .where("product_id", "=", productId)
    .where("attribute_value_id", "in", (eb) => eb.selectFrom("attribute_values").select("id").where("attribute_id", "=", attribute.id))
    .execute();
  await trx
    .insertInto("product_attribute_values")
    .values([...new Set(ids)].map((id) => ({ product_id: productId, attribute_value_id: id })))
    .execute();
}
