/**
 * The demo catalog's variants, where a furnishing shop has them: curtains by length (5, 7, 9 ft),
 * bedsheets single, double and king, rugs by size. An entry of ./catalog.ts with `variants` is
 * sold by variant; its prices follow the size from the entry's own (which is its `size`'s), its
 * stock is split between them (most in the entry's own size) unless the entry says, and each
 * variant shows one of the product's photos. Written through the catalog's own writer
 * (lib/catalog/server/variant-rows.ts), so the rows, the ledger and the Size filter are what the
 * back office would leave.
 */
import type { Db, DbHandle } from "../platform/db/connection";
import { writeVariantSet, type VariantSetSpec } from "../catalog/server/variant-rows";
import { PRODUCTS, productSlug, type ProductEntry, variantPrices } from "./catalog";
import { SEED_EPOCH } from "./content";
import { productPhotos } from "./images";

/** The entry's stock split between its sizes: about half in its own size, the rest shared by the others. */
export function stockSplit(entry: ProductEntry, values: readonly string[]): number[] {
  const own = values.indexOf(entry.size);
  if (own < 0) return values.map((_, i) => Math.floor(entry.stock / values.length) + (i < entry.stock % values.length ? 1 : 0));
  const mine = Math.ceil(entry.stock / 2);
  const others = values.length - 1;
  const rest = entry.stock - mine;
  let k = 0;
  return values.map((_, i) => (i === own ? mine : Math.floor(rest / others) + (k++ < rest % others ? 1 : 0)));
}

/** The variant set of an entry, or null when it is not sold by variant. `sku` is the product's. */
export function variantPlan(entry: ProductEntry, sku: string): VariantSetSpec | null {
  const plan = entry.variants;
  if (!plan) return null;
  const photos = productPhotos(entry);
  const stock = plan.stock ?? stockSplit(entry, plan.values);
  return {
    options: [{ name: plan.option, values: [...plan.values] }],
    variants: variantPrices(entry).map(({ value, price, mrp }, i) => ({
        sku: `${sku}-${value.replace(/[^A-Za-z0-9]+/g, "").toUpperCase()}`,
        values: { [plan.option]: value },
        price: price * 100,
        listPrice: mrp * 100,
        initialStock: stock[i] ?? 0,
        madeToOrder: entry.mto === true,
        photo: photos[i % Math.max(photos.length, 1)]?.path ?? null,
      })),
  };
}

/**
 * Gives every base product with a plan its variants, once: a product that has options already
 * (a second seed, or a shop that changed them) is left alone. A product the seed has just made
 * has no stock of its own (seedProducts writes 0 for these), so its stock enters the ledger as
 * its variants' 'initial' movements; an older demo database's product writes its own stock off
 * first (an adjustment), so its ledger sums to its stock either way.
 */
export async function seedVariants(trx: Db, dialect: DbHandle["dialect"]): Promise<number> {
  const planned = PRODUCTS.filter((e) => e.variants);
  if (!planned.length) return 0;
  const rows = await trx
    .selectFrom("products as p")
    .select(["p.id", "p.slug", "p.sku", "p.variant_count"])
    .where("p.slug", "in", planned.map(productSlug))
    .where((eb) => eb.not(eb.exists(eb.selectFrom("product_options as o").select("o.id").whereRef("o.product_id", "=", "p.id"))))
    .execute();
  const bySlug = new Map(rows.map((r) => [r.slug, r]));
  let done = 0;
  for (const entry of planned) {
    const row = bySlug.get(productSlug(entry));
    if (!row || row.variant_count > 0) continue;
    const spec = variantPlan(entry, row.sku);
    if (!spec) continue;
    await writeVariantSet(trx, dialect, row.id, spec, { actor: "system", now: new Date(SEED_EPOCH), newStockReason: "initial", newStockNote: "seeded stock" });
    done += 1;
  }
  return done;
}
