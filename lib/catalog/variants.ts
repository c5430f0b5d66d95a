/**
 * Product variants, the pure rules (docs/storefront.md "Variants"): no zod and nothing that
 * reaches server-only, so the product page's variant picker (a client island) may import them.
 * The services that read and write variants are ./server/variants.ts and ./server/variant-rows.ts.
 */
import { availabilityOf, type AvailabilityKey } from "./display";

/** Between the option values of a label: "King / Ivory". */
export const LABEL_SEPARATOR = " / ";

/** Option names whose values are sizes: the storefront's Size filter lists them. */
export const SIZE_OPTIONS = ["Size", "Length"] as const;

export const isSizeOption = (name: string) => SIZE_OPTIONS.some((s) => s.toLowerCase() === name.trim().toLowerCase());

/** A variant as the pure rules need it. */
export type VariantLike = { sku: string; label: string; slug: string; availability: AvailabilityKey | string; position?: number };

/** The label of a variant from its option values, in the options' order: "7 ft", "King / Ivory". */
export function variantLabel(values: readonly string[]): string {
  return values.map((v) => v.trim().replace(/\s+/g, " ")).join(LABEL_SEPARATOR);
}

/** The label as a URL slug: "4 x 6 ft" → "4-x-6-ft", "King / Ivory" → "king-ivory"; "variant" when nothing is left. */
export function variantSlug(label: string): string {
  const slug = label
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return slug || "variant";
}

/** Text compared without case and with runs of spaces as one. */
const normal = (text: string) => text.trim().replace(/\s+/g, " ").toLowerCase();

/**
 * The variant a shopper's text names: its SKU or its label, either without regard to case or
 * spaces (docs/api-v2.md, carts/add). Null when none does (an empty text included).
 */
export function findVariant<V extends Pick<VariantLike, "sku" | "label">>(variants: readonly V[], text: string | null | undefined): V | null {
  const wanted = normal(text ?? "");
  if (!wanted) return null;
  return variants.find((v) => normal(v.sku) === wanted) ?? variants.find((v) => normal(v.label) === wanted) ?? null;
}

/** The variant a ?variant= value names: its slug, or its SKU (a link made by hand from a label on the box). */
export function variantFromParam<V extends Pick<VariantLike, "sku" | "slug">>(variants: readonly V[], param: string | null | undefined): V | null {
  const wanted = (param ?? "").trim().toLowerCase();
  if (!wanted) return null;
  return variants.find((v) => v.slug === wanted) ?? variants.find((v) => v.sku.toLowerCase() === wanted) ?? null;
}

/** What the page opens with when no variant is asked for: the first that can be bought, else the first. */
export function defaultVariant<V extends Pick<VariantLike, "availability">>(variants: readonly V[]): V | null {
  return variants.find((v) => v.availability !== "out_of_stock") ?? variants[0] ?? null;
}

/** A variant's availability follows its stock and made-to-order flag, as a product's does. */
export const variantAvailability = (stock: number, madeToOrder: boolean): AvailabilityKey => availabilityOf(stock, madeToOrder);

const RANK: Record<AvailabilityKey, number> = { in_stock: 2, made_to_order: 1, out_of_stock: 0 };

/**
 * A product with variants shows the best availability of its variants: In Stock when one is on
 * the shelf, else Made to Order when one can be made, else Out Of Stock (the SQL of
 * ./server/stock.ts productAvailabilitySql says the same).
 */
export function groupAvailability(availabilities: readonly AvailabilityKey[]): AvailabilityKey {
  let best: AvailabilityKey = "out_of_stock";
  for (const a of availabilities) if (RANK[a] > RANK[best]) best = a;
  return best;
}

/** The figures a product with variants carries for its cards and listings: total stock, best availability, the lowest price. */
export function groupFigures(variants: readonly { price: number; listPrice: number; stock: number; availability: AvailabilityKey }[]): { price: number; listPrice: number; stock: number; availability: AvailabilityKey } | null {
  if (!variants.length) return null;
  const cheapest = variants.reduce((a, v) => (v.price < a.price || (v.price === a.price && v.listPrice > a.listPrice) ? v : a));
  return {
    price: cheapest.price,
    listPrice: cheapest.listPrice,
    stock: variants.reduce((n, v) => n + Math.max(0, v.stock), 0),
    availability: groupAvailability(variants.map((v) => v.availability)),
  };
}

/** "5 ft, 7 ft or 9 ft". */
export function choiceList(labels: readonly string[]): string {
  if (labels.length <= 1) return labels.join("");
  return `${labels.slice(0, -1).join(", ")} or ${labels[labels.length - 1]}`;
}

/** The answers of carts/add about a variant (422), worded for the shopper. */
export const VARIANT_MESSAGES = {
  /** A product with variants and none named. */
  choose: (product: string, optionNames: readonly string[], labels: readonly string[]) => `Choose the ${optionNames.join(" and ").toLowerCase() || "variant"} of ${product}: ${choiceList(labels)}.`,
  /** A name that is none of the product's variants (the text sent is not repeated). */
  unknown: (product: string, labels: readonly string[]) => `${product} comes in ${choiceList(labels)} only: choose one of these.`,
  /** A variant named for a product that has none. */
  none: (product: string) => `${product} has no variants to choose from: send an empty variant.`,
} as const;
