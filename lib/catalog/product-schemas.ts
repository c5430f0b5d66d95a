import { z } from "@/lib/platform/zod";
import { isSlug, MAX_SLUG_LENGTH } from "@/lib/platform/slug";
import { STOCK_QUANTITY_REFUSED, stockAdjustmentSchema } from "./admin-schemas";
import { hasControlChars } from "./options";
import { VARIANT_SKU_PATTERN } from "./variant-schemas";

/**
 * What the back office sends to make and change a product (lib/catalog/server/product-admin.ts),
 * by the API (app/api/v2/admin/products) and by the admin pages' server actions alike. Pure (zod
 * only): the product editor checks its form with the same rules before it sends. Prices in rupees
 * as the rest of API v2; rich text (descriptions, the accordion texts, the about and additional
 * blocks) is any HTML here and is cleaned on save with the storefront's one allowlist
 * (lib/platform/html.ts sanitizeRichText).
 */

export const PRODUCT_FIELD_MESSAGES = {
  name: "A name is 3 to 200 characters.",
  slug: `A slug is lowercase letters and digits in words joined by hyphens ("ikat-cushion-cover"), 3 to ${MAX_SLUG_LENGTH} characters.`,
  sku: "A SKU is 1 to 64 letters, digits, dots, hyphens or underscores, starting with a letter or digit.",
  category: "Choose the product's category.",
  hsn: "An HSN code is 4, 6 or 8 digits.",
  leadTime: "Lead time is a whole number of days from 1 to 365.",
  photoPath: "A photo is a path under /media/ (a photo of the store's own).",
  alt: "Describe the photo in 3 to 200 characters (alt text, for people who cannot see it).",
  controlChars: "Cannot contain control characters.",
  nul: "Cannot contain NUL characters.",
  attributes: "Attributes map a name (Material, Size, Assembly) to its values.",
} as const;

/** The longest rich text a field holds (characters of HTML). */
export const RICH_TEXT_MAX = 100_000;

/** What a search result shows of a title and a description: hints for the editor, not limits. */
export const SEO_HINTS = { title: 60, description: 160 } as const;

const rupees = z.number({ error: "Must be a number of rupees." }).min(0, "Cannot be below zero.").max(10_000_000, "Too large.").multipleOf(0.01, "At most two decimals.");

/** One line of plain text: no control characters. */
const line = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
    .refine((v) => !hasControlChars(v), PRODUCT_FIELD_MESSAGES.controlChars);

/** Plain text over several lines (tabs and line breaks allowed, other control characters not). */
const plain = (max: number) =>
  z
    .string({ error: "Must be text." })
    .trim()
    .max(max, `At most ${max} characters.`)
    .refine((v) => !hasControlChars(v.replace(/[\t\n\r]/g, " ")), PRODUCT_FIELD_MESSAGES.controlChars);

/** HTML from the editor; NUL is refused (PostgreSQL cannot store it), the rest is cleaned on save. */
const rich = z
  .string({ error: "Must be text (HTML)." })
  .max(RICH_TEXT_MAX, `At most ${RICH_TEXT_MAX.toLocaleString("en-IN")} characters.`)
  .refine((v) => !v.includes("\u0000"), PRODUCT_FIELD_MESSAGES.nul);

/** Text that may be cleared: null or "" both mean none. */
const clearable = <T extends z.ZodType<string>>(schema: T) => schema.nullable().transform((v) => (v === null || v === "" ? null : v));

export const productSlugField = z
  .string({ error: PRODUCT_FIELD_MESSAGES.slug })
  .trim()
  .min(3, PRODUCT_FIELD_MESSAGES.slug)
  .refine((v) => isSlug(v), PRODUCT_FIELD_MESSAGES.slug);

export const productSkuField = z.string({ error: PRODUCT_FIELD_MESSAGES.sku }).trim().regex(VARIANT_SKU_PATTERN, PRODUCT_FIELD_MESSAGES.sku);

/** A photo of the store's own: a path under /media/ (seed photos, uploads at /media/uploads/), no "..". */
export const productPhotoPath = z
  .string({ error: PRODUCT_FIELD_MESSAGES.photoPath })
  .trim()
  .max(300, PRODUCT_FIELD_MESSAGES.photoPath)
  .regex(/^\/media\/[A-Za-z0-9/_.-]+$/, PRODUCT_FIELD_MESSAGES.photoPath)
  .refine((p) => !p.includes(".."), PRODUCT_FIELD_MESSAGES.photoPath);

export const hsnCodeField = z
  .string({ error: PRODUCT_FIELD_MESSAGES.hsn })
  .trim()
  .regex(/^\d{4}(\d{2}){0,2}$/, PRODUCT_FIELD_MESSAGES.hsn);

/** {"Material": ["Cotton"], "Assembly": ["No assembly"]}: the product's values of the shop's attributes, replacing what it had. */
export const attributesField = z
  .record(z.string().trim().min(1, PRODUCT_FIELD_MESSAGES.attributes).max(60, PRODUCT_FIELD_MESSAGES.attributes), z.array(line(100, "A value is 1 to 100 characters.").pipe(z.string().min(1, "A value is 1 to 100 characters."))).max(30, "At most 30 values."), {
    error: PRODUCT_FIELD_MESSAGES.attributes,
  })
  .refine((r) => Object.keys(r).length <= 20, "At most 20 attributes.");

/**
 * Whether `attributes` may add values its attributes do not have yet (each added with its own
 * audit row, needing product:update). The API adds them unless told `false` (its contract since
 * the back office began); the product editor never does: it adds a value explicitly first.
 */
export const createValuesField = z.boolean({ error: "create_values is true or false." });

/** What becomes of a value `attributes` names that its attribute does not have yet: added, refused (422), or refused for want of permission (403). */
export type NewAttributeValues = "create" | "refuse" | "forbidden";

/** The fields a product has, as the back office names them (the storefront's spellings are mapped at its edge). */
const fields = {
  name: line(200, PRODUCT_FIELD_MESSAGES.name).pipe(z.string().min(3, PRODUCT_FIELD_MESSAGES.name)),
  slug: productSlugField,
  sku: productSkuField,
  category_id: z.number({ error: PRODUCT_FIELD_MESSAGES.category }).int(PRODUCT_FIELD_MESSAGES.category).min(1, PRODUCT_FIELD_MESSAGES.category).max(2_147_483_647, PRODUCT_FIELD_MESSAGES.category),
  main_price: rupees,
  stocked_price: rupees,
  made_to_order: z.boolean({ error: "Must be true or false." }),
  lead_time_days: z.number({ error: PRODUCT_FIELD_MESSAGES.leadTime }).int(PRODUCT_FIELD_MESSAGES.leadTime).min(1, PRODUCT_FIELD_MESSAGES.leadTime).max(365, PRODUCT_FIELD_MESSAGES.leadTime).nullable(),
  is_featured: z.boolean({ error: "Must be true or false." }),
  is_popular: z.boolean({ error: "Must be true or false." }),
  published: z.boolean({ error: "Must be true or false." }),
  hsn_code: hsnCodeField.nullable(),
  short_description: clearable(plain(500)),
  description: clearable(rich),
  key_features: clearable(rich),
  care_instructions: clearable(rich),
  warranty_summary: clearable(rich),
  return_policy: clearable(rich),
  about_heading: clearable(line(200, "At most 200 characters.")),
  about_description: clearable(rich),
  about_image: productPhotoPath.nullable(),
  additional_heading: clearable(line(200, "At most 200 characters.")),
  additional_description: clearable(rich),
  additional_image: productPhotoPath.nullable(),
  meta_title: clearable(line(200, "At most 200 characters.")),
  meta_description: clearable(plain(500)),
  attributes: attributesField,
};

const listAtLeastMain = <T extends { main_price?: number; stocked_price?: number }>(v: T) => v.main_price === undefined || v.stocked_price === undefined || v.stocked_price >= v.main_price;
const LIST_BELOW = { message: "The list price (stocked_price) cannot be below the selling price.", path: ["stocked_price"] };

/** A new product: name, SKU, category and price at least. A draft (unpublished) unless `published` says otherwise; the slug comes from the name unless given. */
export const productCreateSchema = z
  .object({
    ...fields,
    name: fields.name,
    sku: fields.sku,
    category_id: fields.category_id,
    main_price: fields.main_price,
    /** Units in stock when it is made (the ledger's first movement). */
    initial_stock: z.number({ error: "initial_stock is a whole number of units." }).int("initial_stock is a whole number of units.").min(0, "Cannot be below zero.").max(1_000_000, "Too large.").optional(),
    create_values: createValuesField.optional(),
  })
  .partial({
    slug: true,
    stocked_price: true,
    made_to_order: true,
    lead_time_days: true,
    is_featured: true,
    is_popular: true,
    published: true,
    hsn_code: true,
    short_description: true,
    description: true,
    key_features: true,
    care_instructions: true,
    warranty_summary: true,
    return_policy: true,
    about_heading: true,
    about_description: true,
    about_image: true,
    additional_heading: true,
    additional_description: true,
    additional_image: true,
    meta_title: true,
    meta_description: true,
    attributes: true,
  })
  .strict()
  .refine(listAtLeastMain, LIST_BELOW)
  .refine((v) => v.lead_time_days == null || v.made_to_order === true, { message: "A lead time is for a made-to-order product: set made_to_order too.", path: ["lead_time_days"] });

/** A change to a product: any of its fields, and stock only by an adjustment (units in or out, and why). */
export const productUpdateSchema = z
  .object({
    ...fields,
    stock_quantity: z.never({ error: STOCK_QUANTITY_REFUSED }),
    stock_adjustment: stockAdjustmentSchema,
    create_values: createValuesField,
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).some((k) => k !== "create_values"), "Send at least one field to change.")
  .refine(listAtLeastMain, LIST_BELOW);

/** A copy of a product as a draft: its name, slug and SKU may be given, else they get a suffix. */
export const productDuplicateSchema = z
  .object({
    name: fields.name,
    slug: fields.slug,
    sku: fields.sku,
  })
  .partial()
  .strict();

export const photoAltField = line(200, PRODUCT_FIELD_MESSAGES.alt).pipe(z.string().min(3, PRODUCT_FIELD_MESSAGES.alt));

/** A photo's alt text, and whether it becomes the main photo (the first, shown on cards). */
export const photoUpdateSchema = z
  .object({
    alt: photoAltField,
    main: z.literal(true, { error: "main can only be true: make another photo the main one to change it." }),
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, "Send alt or main.");

/** The product's photos in their new order, every one of them once; the first is the main photo. */
export const photoOrderSchema = z
  .object({
    photo_ids: z
      .array(z.number({ error: "Photo ids are numbers." }).int("Photo ids are whole numbers.").min(1, "Photo ids are whole numbers."), { error: "Send photo_ids: every photo of the product, in the order to show them." })
      .min(1, "Send photo_ids: every photo of the product, in the order to show them.")
      .max(100)
      .refine((ids) => new Set(ids).size === ids.length, "A photo is listed twice."),
  })
  .strict();

export type ProductCreateInput = z.output<typeof productCreateSchema>;
export type ProductUpdateInput = z.output<typeof productUpdateSchema>;
export type ProductDuplicateInput = z.output<typeof productDuplicateSchema>;
export type PhotoUpdateInput = z.output<typeof photoUpdateSchema>;
export type PhotoOrderInput = z.output<typeof photoOrderSchema>;

/** Photo uploads: at most this many files a request, each at most this large. */
export const PHOTO_UPLOAD = {
  maxFiles: 10,
  maxBytes: 10 * 1024 * 1024,
  /** The shorter side a photo needs at least (the product page shows it 800 px wide). */
  minSide: 400,
} as const;

export const PHOTO_MESSAGES = {
  tooLarge: `A photo may be at most ${PHOTO_UPLOAD.maxBytes / 1024 / 1024} MB.`,
  tooMany: `Upload at most ${PHOTO_UPLOAD.maxFiles} photos at once.`,
  none: 'Send the photos as multipart/form-data: files in the field "photos" and, for each, its alt text in the field "alt" (in the same order).',
  notImage: "This is not a photo the store can use: send a JPEG, PNG, WebP or AVIF image.",
  tooSmall: `This photo is too small: its shorter side needs at least ${PHOTO_UPLOAD.minSide} pixels.`,
  altMissing: PRODUCT_FIELD_MESSAGES.alt,
} as const;

/** The slug a name gives ("Ikat Cushion Cover — Indigo" → "ikat-cushion-cover-indigo"); "product" when nothing is left. */
export function slugFromName(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 180)
    .replace(/-+$/, "");
  return slug.length >= 3 ? slug : `product-${slug}`.replace(/-+$/, "");
}

/** The n-th candidate for a copy's slug or SKU: "x-copy", "x-copy-2", … (SKUs: "X-COPY", "X-COPY2", …), kept within the field's length. */
export function copyCandidate(base: string, n: number, kind: "slug" | "sku"): string {
  if (kind === "slug") return `${base.slice(0, 180)}-copy${n > 1 ? `-${n}` : ""}`;
  return `${base.slice(0, 56)}-COPY${n > 1 ? n : ""}`;
}
