import { z } from "zod";
import { stockAdjustmentSchema } from "./admin-schemas";
import { hasControlChars } from "./options";
import { variantLabel, variantSlug } from "./variants";

/**
 * What the back office sends to set a product's variants (lib/catalog/server/variants.ts
 * saveProductVariants): its option types with their values, and every variant with its SKU, the
 * value it has for each option, its prices in rupees (as the rest of API v2), its stock when it
 * is new, whether it is made to order, and an optional photo. The set replaces the product's:
 * variants are matched by SKU, a variant left out is removed (unless it was ever ordered), and an
 * empty set makes it a product without variants again. Stock of an existing variant changes only
 * by an adjustment (variantStockAdjustmentSchema), like a product's.
 */

const text = (what: string, max: number) =>
  z
    .string({ error: `${what} is required.` })
    .trim()
    .min(1, `${what} is required.`)
    .max(max, `${what} has at most ${max} characters.`)
    .refine((v) => !hasControlChars(v), `${what} cannot contain control characters.`)
    .refine((v) => !v.includes("/"), `${what} cannot contain "/" (it separates the values of a label).`);

const rupees = z.number({ error: "Must be a number of rupees." }).min(0, "Cannot be below zero.").max(10_000_000, "Too large.").multipleOf(0.01, "At most two decimals.");

export const VARIANT_SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const SKU_MESSAGE = "A SKU is 1 to 64 letters, digits, dots, hyphens or underscores, starting with a letter or digit.";

/** A photo of the store's own: a path under /media/ or /uploads/, no "..". */
const photoPath = z
  .string()
  .trim()
  .max(300)
  .regex(/^\/(?:media|uploads)\/[A-Za-z0-9/_.-]+$/, "A photo is a path under /media/ or /uploads/.")
  .refine((p) => !p.includes(".."), "A photo is a path under /media/ or /uploads/.");

export const variantOptionSchema = z
  .object({
    name: text("An option's name", 40),
    values: z.array(text("A value", 60)).min(1, "An option needs at least one value.").max(30, "An option has at most 30 values."),
  })
  .strict();

export const variantSchema = z
  .object({
    sku: z.string({ error: SKU_MESSAGE }).trim().regex(VARIANT_SKU_PATTERN, SKU_MESSAGE),
    /** The value of each option: {"Length": "7 ft"}. */
    options: z.record(z.string(), z.string().trim()),
    price: rupees,
    /** Compare-at (list) price; the selling price when absent. */
    compare_at_price: rupees.nullish(),
    /** Units in stock when the variant is created (written to the ledger); ignored for an existing variant. */
    initial_stock: z.number({ error: "initial_stock is a whole number of units." }).int("initial_stock is a whole number of units.").min(0).max(1_000_000).default(0),
    made_to_order: z.boolean().default(false),
    photo: photoPath.nullish(),
  })
  .strict()
  .refine((v) => v.compare_at_price === undefined || v.compare_at_price === null || v.compare_at_price >= v.price, {
    message: "The compare-at price cannot be below the price.",
    path: ["compare_at_price"],
  });

export const variantSetSchema = z
  .object({
    options: z.array(variantOptionSchema).max(3, "At most 3 options (such as Size, Colour and Material)."),
    variants: z.array(variantSchema).max(100, "At most 100 variants."),
  })
  .strict()
  .superRefine((set, ctx) => {
    const names = set.options.map((o) => o.name.toLowerCase());
    set.options.forEach((o, i) => {
      if (names.indexOf(o.name.toLowerCase()) !== i) ctx.addIssue({ code: "custom", message: `Option ${o.name} is named twice.`, path: ["options", i, "name"] });
      const values = o.values.map((v) => v.toLowerCase());
      o.values.forEach((v, j) => {
        if (values.indexOf(v.toLowerCase()) !== j) ctx.addIssue({ code: "custom", message: `${o.name} has the value ${v} twice.`, path: ["options", i, "values", j] });
      });
    });
    if (set.options.length === 0 && set.variants.length > 0) ctx.addIssue({ code: "custom", message: "Variants need at least one option.", path: ["options"] });
    if (set.options.length > 0 && set.variants.length === 0) ctx.addIssue({ code: "custom", message: "Options need at least one variant.", path: ["variants"] });
    const skus = new Set<string>();
    const labels = new Set<string>();
    const slugs = new Set<string>();
    set.variants.forEach((v, i) => {
      const sku = v.sku.toLowerCase();
      if (skus.has(sku)) ctx.addIssue({ code: "custom", message: `SKU ${v.sku} is used twice.`, path: ["variants", i, "sku"] });
      skus.add(sku);
      const given = Object.keys(v.options);
      for (const key of given) {
        if (!set.options.some((o) => o.name === key)) ctx.addIssue({ code: "custom", message: `${key} is not one of the options.`, path: ["variants", i, "options", key] });
      }
      const values: string[] = [];
      for (const o of set.options) {
        const value = v.options[o.name];
        if (value === undefined || !o.values.includes(value)) {
          ctx.addIssue({ code: "custom", message: `Choose the ${o.name} of ${v.sku}: one of ${o.values.join(", ")}.`, path: ["variants", i, "options", o.name] });
          return;
        }
        values.push(value);
      }
      const label = variantLabel(values).toLowerCase();
      const slug = variantSlug(label);
      if (labels.has(label)) ctx.addIssue({ code: "custom", message: `Two variants are ${variantLabel(values)}.`, path: ["variants", i, "options"] });
      else if (slugs.has(slug)) ctx.addIssue({ code: "custom", message: `${variantLabel(values)} reads the same as another variant in a link (${slug}).`, path: ["variants", i, "options"] });
      labels.add(label);
      slugs.add(slug);
    });
  });

export type VariantSetInput = z.output<typeof variantSetSchema>;

/**
 * A change of a variant's stock by staff: units in (+) or out (−) and why (stock_movements, reason
 * 'adjustment'), checked as a product's is (./admin-schemas.ts).
 */
export const variantStockAdjustmentSchema = stockAdjustmentSchema;

export type VariantStockAdjustment = z.output<typeof variantStockAdjustmentSchema>;
