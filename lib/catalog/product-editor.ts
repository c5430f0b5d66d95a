import type { AdminProduct } from "./admin-product";
import { SEO_HINTS } from "./product-schemas";
import { isSizeOption, variantLabel, variantSlug } from "./variants";

/**
 * The back office's product editor, its pure part (client code imports it): the form's values as
 * text, how they become the API's input (the same zod schemas then check them on the server), the
 * search-result preview's length hints, and the grid of variants the options give. Nothing here
 * talks to the server.
 */

/** The rich-text fields (HTML from the editor, cleaned on save with the storefront's allowlist). */
export const RICH_FIELDS = ["description", "key_features", "care_instructions", "warranty_summary", "return_policy", "about_description", "additional_description"] as const;
const TEXT_FIELDS = ["name", "slug", "sku", "short_description", "about_heading", "about_image", "additional_heading", "additional_image", "meta_title", "meta_description", "hsn_code"] as const;
const FLAG_FIELDS = ["made_to_order", "is_featured", "is_popular", "published"] as const;

type RichField = (typeof RICH_FIELDS)[number];
type TextField = (typeof TEXT_FIELDS)[number];
type FlagField = (typeof FLAG_FIELDS)[number];

/** What the editor's form holds: text as typed, flags as booleans, the values picked of each attribute by its name. */
export type ProductFormValues = Record<RichField | TextField, string> &
  Record<FlagField, boolean> & {
    category_id: string;
    main_price: string;
    stocked_price: string;
    lead_time_days: string;
    /** A new product's first stock. */
    initial_stock: string;
    /** An existing product's stock adjustment: units in (+) or out (−), and why. */
    stock_delta: string;
    stock_reason: string;
    attributes: Record<string, string[]>;
  };

const rupeesText = (paise: number) => (paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2));

/**
 * The picker's choice after ticking or unticking `value` of an attribute: the picked values in
 * the attribute's own order (`order`), a value not in it (just added) last.
 */
export function toggleAttributeValue(picked: readonly string[], value: string, on: boolean, order: readonly string[]): string[] {
  const next = on ? [...new Set([...picked, value])] : picked.filter((v) => v !== value);
  const at = (v: string) => {
    const i = order.indexOf(v);
    return i < 0 ? order.length : i;
  };
  return next.sort((a, b) => at(a) - at(b));
}

/** An empty form for a new product, with a field for each of the shop's attributes. */
export function emptyProductForm(attributeNames: readonly string[]): ProductFormValues {
  const values = {} as ProductFormValues;
  for (const key of [...RICH_FIELDS, ...TEXT_FIELDS]) values[key] = "";
  for (const key of FLAG_FIELDS) values[key] = false;
  return { ...values, category_id: "", main_price: "", stocked_price: "", lead_time_days: "", initial_stock: "", stock_delta: "", stock_reason: "", attributes: Object.fromEntries(attributeNames.map((n) => [n, [] as string[]])) };
}

/** The form as a saved product fills it. */
export function productForm(p: AdminProduct, attributeNames: readonly string[]): ProductFormValues {
  const attributes: Record<string, string[]> = Object.fromEntries(attributeNames.map((n) => [n, [] as string[]]));
  for (const [name, values] of Object.entries(p.attributes)) attributes[name] = [...values];
  return {
    name: p.name,
    slug: p.slug,
    sku: p.sku,
    category_id: p.category ? String(p.category.id) : "",
    main_price: rupeesText(p.price),
    stocked_price: rupeesText(p.listPrice),
    hsn_code: p.hsnCode ?? "",
    made_to_order: p.madeToOrder,
    lead_time_days: p.leadTimeDays === null ? "" : String(p.leadTimeDays),
    initial_stock: "",
    stock_delta: "",
    stock_reason: "",
    is_featured: p.isFeatured,
    is_popular: p.isPopular,
    published: p.published,
    short_description: p.shortDescription ?? "",
    description: p.description ?? "",
    key_features: p.keyFeatures ?? "",
    care_instructions: p.careInstructions ?? "",
    warranty_summary: p.warrantySummary ?? "",
    return_policy: p.returnPolicy ?? "",
    about_heading: p.aboutHeading ?? "",
    about_description: p.aboutDescription ?? "",
    about_image: p.aboutImage ?? "",
    additional_heading: p.additionalHeading ?? "",
    additional_description: p.additionalDescription ?? "",
    additional_image: p.additionalImage ?? "",
    meta_title: p.metaTitle ?? "",
    meta_description: p.metaDescription ?? "",
    attributes,
  };
}

/** A number typed in a field: "" is absent, anything else is Number() of it (NaN fails the schema with its own message). */
const numberOf = (text: string): number | undefined => (text.trim() === "" ? undefined : Number(text.trim().replace(/,/g, "")));

/** Tiptap's empty document is "<p></p>": nothing typed. */
const richOf = (html: string) => (html.replace(/<p>\s*<\/p>/g, "").trim() === "" ? "" : html);

/** "5 ft, 7 ft" → ["5 ft", "7 ft"] (a variant option's values as typed). */
export const attributeValues = (text: string) =>
  text
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);

function fieldValue(values: ProductFormValues, key: string): unknown {
  if ((RICH_FIELDS as readonly string[]).includes(key)) return richOf(values[key as RichField]);
  if ((TEXT_FIELDS as readonly string[]).includes(key)) return values[key as TextField].trim();
  if ((FLAG_FIELDS as readonly string[]).includes(key)) return values[key as FlagField];
  return undefined;
}

/**
 * The body for productCreateSchema (`before` absent) or productUpdateSchema (only what differs
 * from `before`, so an unchanged field is neither written nor asks for its permission). A product
 * sold by variant sends no prices and no made-to-order flag (its variants carry them).
 */
export function productInput(values: ProductFormValues, options: { before?: ProductFormValues; soldByVariant?: boolean } = {}): Record<string, unknown> {
  const { before, soldByVariant = false } = options;
  const out: Record<string, unknown> = {};
  const changed = (key: keyof ProductFormValues) => !before || JSON.stringify(values[key]) !== JSON.stringify(before[key]);
  for (const key of [...TEXT_FIELDS, ...RICH_FIELDS, ...FLAG_FIELDS]) {
    if (!changed(key)) continue;
    if (soldByVariant && key === "made_to_order") continue;
    const v = fieldValue(values, key);
    if (before) out[key] = v === "" && key !== "name" && key !== "sku" && key !== "slug" ? null : v;
    else if (v !== "" && v !== false) out[key] = v;
  }
  if (!before && out.slug === undefined) delete out.slug;
  if (changed("category_id")) out.category_id = numberOf(values.category_id);
  if (!soldByVariant) {
    if (changed("main_price")) out.main_price = numberOf(values.main_price);
    if (changed("stocked_price")) out.stocked_price = numberOf(values.stocked_price);
  }
  if (changed("lead_time_days") || changed("made_to_order")) {
    const lead = values.made_to_order ? numberOf(values.lead_time_days) : undefined;
    if (lead !== undefined) out.lead_time_days = lead;
    else if (before && before.lead_time_days !== "") out.lead_time_days = null;
  }
  if (!before) {
    const stock = numberOf(values.initial_stock);
    if (stock !== undefined) out.initial_stock = stock;
  } else if (!soldByVariant && (values.stock_delta.trim() !== "" || values.stock_reason.trim() !== "")) {
    out.stock_adjustment = { delta: numberOf(values.stock_delta), reason: values.stock_reason };
  }
  if (changed("attributes")) {
    // A product sold by variant has the sizes its variants give it: they are not the editor's to send.
    const attributes: Record<string, string[]> = {};
    for (const [name, list] of Object.entries(values.attributes)) if (list.length && !(soldByVariant && isSizeOption(name))) attributes[name] = [...list];
    if (before || Object.keys(attributes).length) out.attributes = attributes;
  }
  for (const key of Object.keys(out)) if (out[key] === undefined) delete out[key];
  return out;
}

/** How a text sits against what a search result shows of it. */
export type SeoHint = { length: number; limit: number; state: "empty" | "short" | "good" | "long"; message: string };

/**
 * The length hint of a search title (about 60 characters show) or description (about 160): a
 * hint, never a limit. Short is under half the limit.
 */
export function seoHint(text: string, kind: keyof typeof SEO_HINTS): SeoHint {
  const limit = SEO_HINTS[kind];
  const length = [...text.trim()].length;
  const what = kind === "title" ? "title" : "description";
  if (length === 0) return { length, limit, state: "empty", message: `No ${what}: search engines use the product's ${kind === "title" ? "name" : "short description"}.` };
  if (length > limit) return { length, limit, state: "long", message: `${length} of about ${limit} characters: search results cut it after about ${limit}.` };
  if (length < limit / 2) return { length, limit, state: "short", message: `${length} of about ${limit} characters: room for more.` };
  return { length, limit, state: "good", message: `${length} of about ${limit} characters.` };
}

/** Cuts a text where a search result would, at a word, with an ellipsis. */
export function cutForPreview(text: string, limit: number): string {
  const chars = [...text.trim().replace(/\s+/g, " ")];
  if (chars.length <= limit) return chars.join("");
  const cut = chars.slice(0, limit).join("");
  const space = cut.lastIndexOf(" ");
  return `${(space > limit / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, "")}…`;
}

/** What a search result would show: the title (SEO title, else name and shop), the address, the description. */
export function searchPreview(input: { metaTitle: string; name: string; metaDescription: string; shortDescription: string; slug: string; origin: string; shopName: string }) {
  const title = input.metaTitle.trim() || (input.name.trim() ? `${input.name.trim()} | ${input.shopName}` : input.shopName);
  const description = input.metaDescription.trim() || input.shortDescription.trim();
  const host = input.origin.replace(/^https?:\/\//, "").replace(/\/$/, "");
  return { title: cutForPreview(title, SEO_HINTS.title), url: `${host} › products › ${input.slug || "…"}`, description: cutForPreview(description, SEO_HINTS.description) };
}

/** One option of the variant editor: a name and its values typed as "5 ft, 7 ft". */
export type OptionDraft = { name: string; values: string };

/** One row of the variant grid, as its inputs hold it. */
export type VariantRow = {
  /** The value of each option, by the option's name. */
  options: Record<string, string>;
  label: string;
  sku: string;
  price: string;
  compareAt: string;
  /** Units when the variant is made; an existing variant's stock changes by adjustment only. */
  initialStock: string;
  madeToOrder: boolean;
  photo: string;
  /** Saved already (its stock is the ledger's). */
  existing: boolean;
};

/** The options with their values split, empty names and values dropped, repeats removed. */
export function parseOptions(drafts: readonly OptionDraft[]): { name: string; values: string[] }[] {
  return drafts
    .map((d) => ({ name: d.name.trim(), values: attributeValues(d.values).filter((v, i, all) => all.findIndex((w) => w.toLowerCase() === v.toLowerCase()) === i) }))
    .filter((o) => o.name !== "" && o.values.length > 0);
}

/** "KH-CURT" + ["7 ft", "Ivory"] → "KH-CURT-7FT-IVORY": a suggested SKU, within 64 characters. */
export function suggestedSku(base: string, values: readonly string[]): string {
  const part = values.map((v) => v.toUpperCase().replace(/[^A-Z0-9]+/g, "")).filter(Boolean);
  const head = (base.trim().replace(/[^A-Za-z0-9._-]+/g, "-") || "SKU").toUpperCase();
  return [head, ...part].join("-").slice(0, 64).replace(/[-._]+$/, "");
}

/**
 * Every combination of the options' values, in order (the first option varies slowest), each a row:
 * one that matches a row already in the grid (by its values) keeps that row's SKU, prices, stock
 * and photo; a new one gets a suggested SKU and the product's price.
 */
export function variantGrid(options: readonly { name: string; values: readonly string[] }[], current: readonly VariantRow[], defaults: { baseSku: string; price: string; compareAt: string }): VariantRow[] {
  if (options.length === 0) return [];
  let combos: string[][] = [[]];
  for (const o of options) combos = combos.flatMap((c) => o.values.map((v) => [...c, v]));
  const key = (values: readonly string[]) => variantSlug(variantLabel(values));
  const byKey = new Map(current.map((r) => [key(options.map((o) => r.options[o.name] ?? "")), r]));
  return combos.map((values) => {
    const found = byKey.get(key(values));
    const named = Object.fromEntries(options.map((o, i) => [o.name, values[i]!]));
    if (found) return { ...found, options: named, label: variantLabel(values) };
    return { options: named, label: variantLabel(values), sku: suggestedSku(defaults.baseSku, values), price: defaults.price, compareAt: defaults.compareAt, initialStock: "0", madeToOrder: false, photo: "", existing: false };
  });
}

/** The grid as variantSetSchema's body (numbers as typed: the schema says what is wrong with each). */
export function variantSetInput(options: readonly { name: string; values: readonly string[] }[], rows: readonly VariantRow[]) {
  return {
    options: options.map((o) => ({ name: o.name, values: [...o.values] })),
    variants: rows.map((r) => ({
      sku: r.sku.trim(),
      options: r.options,
      price: numberOf(r.price),
      compare_at_price: numberOf(r.compareAt) ?? null,
      initial_stock: r.existing ? 0 : (numberOf(r.initialStock) ?? 0),
      made_to_order: r.madeToOrder,
      photo: r.photo || null,
    })),
  };
}
