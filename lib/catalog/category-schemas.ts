import { z } from "@/lib/platform/zod";
import { isSlug, MAX_SLUG_LENGTH } from "@/lib/platform/slug";
import { hasControlChars } from "./options";

/**
 * What the back office sends to change categories and attributes (lib/catalog/server/
 * category-admin.ts and attribute-admin.ts), by the admin API (app/api/v2/admin/categories and
 * attributes) and by the admin pages' server actions alike. Pure (zod only).
 */

export const CATEGORY_FIELD_MESSAGES = {
  name: "A name is 2 to 100 characters.",
  slug: `A slug is lowercase letters and digits in words joined by hyphens ("cotton-bedsheets"), 2 to ${MAX_SLUG_LENGTH} characters.`,
  parent: "Choose a top-level category, or none for a category at the top.",
  sortOrder: "The order is a whole number from 0 to 10000.",
  direction: 'The direction is "up" or "down".',
  attributeName: "An attribute's name is 2 to 60 characters (Material, Size, Assembly, …).",
  value: "A value is 1 to 100 characters.",
  controlChars: "Cannot contain control characters.",
  nothing: "Send at least one field to change.",
} as const;

const line = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(min, message)
    .max(max, message)
    .refine((v) => !hasControlChars(v), CATEGORY_FIELD_MESSAGES.controlChars);

/** Plain text over several lines (tabs and line breaks allowed). */
const plain = (max: number) =>
  z
    .string({ error: "Must be text." })
    .trim()
    .max(max, `At most ${max} characters.`)
    .refine((v) => !hasControlChars(v.replace(/[\t\n\r]/g, " ")), CATEGORY_FIELD_MESSAGES.controlChars);

/** Text that may be cleared: null or "" both mean none. */
const clearable = <T extends z.ZodType<string>>(schema: T) => schema.nullable().transform((v) => (v === null || v === "" ? null : v));

export const categorySlugField = z
  .string({ error: CATEGORY_FIELD_MESSAGES.slug })
  .trim()
  .min(2, CATEGORY_FIELD_MESSAGES.slug)
  .refine((v) => isSlug(v), CATEGORY_FIELD_MESSAGES.slug);

const id = (message: string) => z.number({ error: message }).int(message).min(1, message).max(2_147_483_647, message);

const categoryFields = {
  name: line(2, 100, CATEGORY_FIELD_MESSAGES.name),
  slug: categorySlugField,
  /** null: at the top. */
  parent_id: id(CATEGORY_FIELD_MESSAGES.parent).nullable(),
  description: clearable(plain(1000)),
  meta_title: clearable(line(0, 200, "At most 200 characters.")),
  meta_description: clearable(plain(500)),
  sort_order: z.number({ error: CATEGORY_FIELD_MESSAGES.sortOrder }).int(CATEGORY_FIELD_MESSAGES.sortOrder).min(0, CATEGORY_FIELD_MESSAGES.sortOrder).max(10_000, CATEGORY_FIELD_MESSAGES.sortOrder),
};

/** A new category: a name at least; the slug comes from the name unless given; at the top unless a parent is given; last among its siblings unless an order is given. */
export const categoryCreateSchema = z
  .object(categoryFields)
  .partial({ slug: true, parent_id: true, description: true, meta_title: true, meta_description: true, sort_order: true })
  .strict();
export type CategoryCreateInput = z.output<typeof categoryCreateSchema>;

/** A change to a category: any of its fields; a new parent moves it (with the tree's rules), a new slug leaves a redirect from the old one. */
export const categoryUpdateSchema = z
  .object(categoryFields)
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, CATEGORY_FIELD_MESSAGES.nothing);
export type CategoryUpdateInput = z.output<typeof categoryUpdateSchema>;

/** One place up or down among its siblings (categories, or attributes). */
export const reorderSchema = z.object({ direction: z.enum(["up", "down"], { error: CATEGORY_FIELD_MESSAGES.direction }) }).strict();
export type ReorderInput = z.output<typeof reorderSchema>;

export const attributeCreateSchema = z.object({ name: line(2, 60, CATEGORY_FIELD_MESSAGES.attributeName) }).strict();
export type AttributeCreateInput = z.output<typeof attributeCreateSchema>;

export const attributeUpdateSchema = z.object({ name: line(2, 60, CATEGORY_FIELD_MESSAGES.attributeName) }).strict();
export type AttributeUpdateInput = z.output<typeof attributeUpdateSchema>;

/** A value of an attribute ("Cotton"); one space between words. */
export const attributeValueSchema = z.object({ value: line(1, 100, CATEGORY_FIELD_MESSAGES.value).transform((v) => v.replace(/\s+/g, " ")) }).strict();
export type AttributeValueInput = z.output<typeof attributeValueSchema>;

/** A category's slug from its name: "Cotton Bedsheets & Covers" → "cotton-bedsheets-covers". */
export function categorySlugFromName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
}

/** What a search engine shows of a category (the storefront's category page metadata falls back the same way). */
export function categorySeoPreview(input: { name: string; slug: string; description: string | null; meta_title: string | null; meta_description: string | null; parentName: string | null }): { title: string; description: string; path: string } {
  return {
    title: input.meta_title || `${input.name}${input.parentName ? ` – ${input.parentName}` : ""}`,
    description: input.meta_description || input.description || `Shop ${input.name} online.`,
    path: `/category/${input.slug}`,
  };
}
