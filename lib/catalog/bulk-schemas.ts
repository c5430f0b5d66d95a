import { z } from "@/lib/platform/zod";
import { hasControlChars } from "./options";

/**
 * The back office's bulk actions on products (docs/back-office.md "Bulk actions"): what the
 * product list's server action and POST /api/v2/admin/products/bulk send, and the price rule.
 * Pure (zod only): the list's client code may use it; lib/catalog/server/bulk.ts applies it.
 */

/** At most this many products in one bulk action (the list shows 25 a page; scripts may send more). */
export const BULK_MAX_PRODUCTS = 500;

export const BULK_ACTIONS = {
  publish: "Publish",
  unpublish: "Unpublish",
  category: "Move to category",
  price: "Change prices",
  stock: "Adjust stock",
} as const;
export type BulkActionName = keyof typeof BULK_ACTIONS;

export const BULK_MESSAGES = {
  ids: `Choose 1 to ${BULK_MAX_PRODUCTS} products.`,
  category: "Choose the category to move them to.",
  by: "Change prices by a percentage or by an amount of rupees.",
  percent: "A percentage is a number from -99 to 1000 (at most two decimals), not 0.",
  amount: "An amount is a number of rupees from -1,00,00,000 to 1,00,00,000 (at most two decimals), not 0.",
  delta: "Units in (5) or out (-2): a whole number, not 0.",
  reason: "Say why, in 3 to 200 characters.",
} as const;

const ids = z
  .array(z.number({ error: BULK_MESSAGES.ids }).int(BULK_MESSAGES.ids).min(1, BULK_MESSAGES.ids).max(2_147_483_647, BULK_MESSAGES.ids), { error: BULK_MESSAGES.ids })
  .min(1, BULK_MESSAGES.ids)
  .max(BULK_MAX_PRODUCTS, BULK_MESSAGES.ids)
  .transform((list) => [...new Set(list)]);

const twoDecimals = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;

export const bulkActionSchema = z.discriminatedUnion(
  "action",
  [
    z.object({ action: z.literal("publish"), ids }).strict(),
    z.object({ action: z.literal("unpublish"), ids }).strict(),
    z.object({ action: z.literal("category"), ids, category_id: z.number({ error: BULK_MESSAGES.category }).int(BULK_MESSAGES.category).min(1, BULK_MESSAGES.category).max(2_147_483_647, BULK_MESSAGES.category) }).strict(),
    z
      .object({
        action: z.literal("price"),
        ids,
        by: z.enum(["percent", "amount"], { error: BULK_MESSAGES.by }),
        /** Up (positive) or down (negative): percent of the price, or rupees. */
        value: z.number({ error: "Must be a number." }).refine((v) => v !== 0 && Number.isFinite(v) && twoDecimals(v), "Not 0, and at most two decimals."),
      })
      .strict()
      .superRefine((v, ctx) => {
        if (v.by === "percent" && (v.value < -99 || v.value > 1000)) ctx.addIssue({ code: "custom", path: ["value"], message: BULK_MESSAGES.percent });
        if (v.by === "amount" && Math.abs(v.value) > 10_000_000) ctx.addIssue({ code: "custom", path: ["value"], message: BULK_MESSAGES.amount });
      }),
    z
      .object({
        action: z.literal("stock"),
        ids,
        delta: z.number({ error: BULK_MESSAGES.delta }).int(BULK_MESSAGES.delta).min(-1_000_000, BULK_MESSAGES.delta).max(1_000_000, BULK_MESSAGES.delta).refine((v) => v !== 0, BULK_MESSAGES.delta),
        reason: z
          .string({ error: BULK_MESSAGES.reason })
          .trim()
          .min(3, BULK_MESSAGES.reason)
          .max(200, BULK_MESSAGES.reason)
          .refine((v) => !hasControlChars(v), "Cannot contain control characters."),
      })
      .strict(),
  ],
  { error: `Choose an action: ${Object.keys(BULK_ACTIONS).join(", ")}.` },
);
export type BulkAction = z.output<typeof bulkActionSchema>;
export type PriceChange = { by: "percent" | "amount"; value: number };

/** What a bulk action did: how many products changed, and each one left alone with why. */
export type BulkResult = { action: BulkActionName; changed: number; changedIds: number[]; skipped: { id: number; name: string | null; reason: string }[] };

/** The whole rupee nearest to `paise` (half a rupee up), never below zero. */
export const toRupee = (paise: number) => Math.max(0, Math.round(paise / 100) * 100);

/** A price (paise) changed by a percentage or an amount of rupees, rounded to the rupee, never below zero. */
export function changedPrice(paise: number, change: PriceChange): number {
  const raw = change.by === "percent" ? paise * (1 + change.value / 100) : paise + Math.round(change.value * 100);
  return toRupee(raw);
}

/**
 * A price and its compare-at (list) price after a change: the price as changedPrice says; a
 * compare-at above the price follows it by the same change, and is cleared (made the price: no
 * reduction shown) when it would fall at or below the new price. Paise in, paise out.
 */
export function changedPrices(price: number, listPrice: number, change: PriceChange): { price: number; listPrice: number } {
  const next = changedPrice(price, change);
  if (listPrice <= price) return { price: next, listPrice: next };
  const list = changedPrice(listPrice, change);
  return { price: next, listPrice: list > next ? list : next };
}

/** The list's bulk form as the server action reads it (text fields), into the bulk action's input. */
export function bulkInputFromForm(fields: { action?: string; ids: string[]; category_id?: string; by?: string; direction?: string; value?: string; delta?: string; reason?: string }): unknown {
  const num = (v: string | undefined) => (v === undefined || v.trim() === "" ? undefined : Number(v.trim()));
  const base = { action: fields.action, ids: fields.ids.map((v) => Number(v)) };
  switch (fields.action) {
    case "category":
      return { ...base, category_id: num(fields.category_id) };
    case "price":
      return { ...base, by: fields.by, value: fields.direction === "down" ? -(num(fields.value) ?? 0) || undefined : num(fields.value) };
    case "stock":
      return { ...base, delta: num(fields.delta), reason: fields.reason ?? "" };
    default:
      return base;
  }
}

/** The permission each bulk action needs: publish and unpublish product:publish, category and price product:update, stock stock:update. */
export function bulkPermission(name: BulkActionName): ["product", "publish" | "update"] | ["stock", "update"] {
  if (name === "publish" || name === "unpublish") return ["product", "publish"];
  if (name === "stock") return ["stock", "update"];
  return ["product", "update"];
}
