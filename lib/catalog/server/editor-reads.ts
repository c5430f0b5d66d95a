import "server-only";
import { getDb } from "@/lib/platform/db";
import { getConfig } from "@/lib/platform/config";
import { getSiteSettings } from "@/lib/platform/settings";
import type { GstRate } from "@/lib/cart/gst";
import { shippingConfigFrom } from "@/lib/cart/shipping";
import { readVariants } from "./catalog";

/** What the product editor offers to choose from: categories, the shop's attributes, the GST rate table. */
export type EditorChoices = {
  categories: { id: number; name: string }[];
  attributeNames: string[];
  /** Every attribute with its values (by name, in order): the editor's picker offers these. */
  attributes: { id: number; name: string; values: string[] }[];
  gstRates: GstRate[];
  gstDefaultRate: number;
  /** The storefront's address and name, for the search-result preview. */
  origin: string;
  shopName: string;
};

/** One variant as the editor's grid shows it: its values by option, and whether it is made to order. */
export type EditorVariant = { sku: string; label: string; values: Record<string, string>; price: number; listPrice: number; stockQuantity: number; madeToOrder: boolean; photo: string | null };

/** The editor's choices, read per request (the back office is never cached). */
export async function editorChoices(): Promise<EditorChoices> {
  const { db } = await getDb();
  const [categories, attributes, values, rates, settings] = await Promise.all([
    db.selectFrom("categories as c").leftJoin("categories as p", "p.id", "c.parent_id").select(["c.id", "c.name", "p.name as parent"]).orderBy("p.sort_order").orderBy("c.sort_order").orderBy("c.name").execute(),
    db.selectFrom("attributes").select(["id", "name"]).orderBy("sort_order").orderBy("id").execute(),
    db.selectFrom("attribute_values").select(["attribute_id", "value"]).orderBy("value").orderBy("id").execute(),
    db.selectFrom("gst_rates").select(["hsn_prefix", "max_taxable_value", "rate_percent", "effective_from"]).execute(),
    getSiteSettings(),
  ]);
  return {
    categories: categories.map((c) => ({ id: c.id, name: c.parent ? `${c.parent} › ${c.name}` : c.name })).sort((a, b) => a.name.localeCompare(b.name)),
    attributeNames: attributes.map((a) => a.name),
    attributes: attributes.map((a) => ({ id: a.id, name: a.name, values: values.filter((v) => v.attribute_id === a.id).map((v) => v.value) })),
    gstRates: rates.map((r) => ({ hsnPrefix: r.hsn_prefix, maxTaxableValue: r.max_taxable_value, ratePercent: r.rate_percent, effectiveFrom: r.effective_from })),
    gstDefaultRate: shippingConfigFrom(settings).gstDefaultRate,
    origin: getConfig().siteUrl,
    shopName: settings.website_name?.trim() || "Kesar Home",
  };
}

/** A product's options and variants for the editor's grid (its variant values by option name). */
export async function editorVariants(productId: number): Promise<{ options: { name: string; values: string[] }[]; variants: EditorVariant[] }> {
  const { db } = await getDb();
  const [read, flags] = await Promise.all([readVariants(db, productId), db.selectFrom("product_variants").select(["sku", "made_to_order"]).where("product_id", "=", productId).execute()]);
  const madeToOrder = new Set(flags.filter((f) => f.made_to_order === 1).map((f) => f.sku));
  return {
    options: read.options,
    variants: read.variants.map((v) => ({
      sku: v.sku,
      label: v.label,
      values: Object.fromEntries(read.options.map((o, i) => [o.name, v.values[i] ?? ""])),
      price: v.price,
      listPrice: v.listPrice,
      stockQuantity: v.stockQuantity,
      madeToOrder: madeToOrder.has(v.sku),
      photo: v.photo,
    })),
  };
}
