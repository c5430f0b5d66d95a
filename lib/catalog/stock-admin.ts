import { z } from "@/lib/platform/zod";
import { stockAdjustmentSchema } from "./admin-schemas";
import type { StockReason } from "./stock";

/**
 * The back office's Stock page as rules and URLs (docs/back-office.md "Stock"; the reads and
 * changes are ./server/stock-admin.ts). Pure (zod only): the pages parse their searchParams and
 * their forms with it, and the rows' figures come from the same rule the queries run.
 *
 * What "low" means: a product (or, when it is sold by variant, each of its variants, on the
 * product's threshold) is low when it is on sale from stock (not made to order), has some units,
 * and has no more than its threshold: the product's own low_stock_threshold, or the shop's default
 * when it has none. Made-to-order stock is not counted down by sales (an order of a made-to-order
 * product takes no units), so it is never low nor out; it has its own tab, with lead times.
 */

/** The shop's default threshold until someone changes it (staff_settings low_stock_threshold). */
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;
export const MAX_LOW_STOCK_THRESHOLD = 10_000;
/** staff_settings key of the shop's default threshold. */
export const LOW_STOCK_DEFAULT_KEY = "low_stock_threshold";

export const STOCK_PER_PAGE = 50;
export const LEDGER_PER_PAGE = 50;

export const STOCK_TABS = { low: "Low", out: "Out of stock", made_to_order: "Made to order" } as const;
export type StockTab = keyof typeof STOCK_TABS;

/** How a product or a variant stands: made to order, out (no units), low (at or below its threshold) or fine. */
export type StockState = "made_to_order" | "out" | "low" | "ok";

/** The threshold that applies: the product's own, else the shop's default. */
export const effectiveThreshold = (own: number | null | undefined, shopDefault: number) => own ?? shopDefault;

export function stockStateOf(item: { stock: number; madeToOrder: boolean; threshold: number }): StockState {
  if (item.madeToOrder) return "made_to_order";
  if (item.stock <= 0) return "out";
  return item.stock <= item.threshold ? "low" : "ok";
}

/** Units below the threshold (0 when at it): how the Low tab is sorted, furthest below first. */
export const shortfall = (stock: number, threshold: number) => Math.max(0, threshold - stock);

const PAGE_MESSAGE = "The page must be a whole number from 1.";
const pageParam = z
  .string()
  .regex(/^\d{1,6}$/, { error: PAGE_MESSAGE })
  .transform(Number)
  .refine((n) => n >= 1, PAGE_MESSAGE)
  .optional()
  .transform((n) => n ?? 1);

const tabNames = Object.keys(STOCK_TABS) as [StockTab, ...StockTab[]];

/** /admin/stock?tab=&q=&page= */
export const stockListQuerySchema = z.object({
  tab: z
    .enum(tabNames, { error: "tab is low, out or made_to_order." })
    .optional()
    .transform((t) => t ?? "low"),
  /** Words of the product's name, or part of a SKU (the product's or a variant's). */
  q: z
    .string()
    .trim()
    .max(100, "Search for at most 100 characters.")
    .optional()
    .transform((v) => v || undefined),
  page: pageParam,
});
export type StockListQuery = z.output<typeof stockListQuerySchema>;

/** /admin/stock/{slug}?page= */
export const ledgerQuerySchema = z.object({ page: pageParam });
export type LedgerQuery = z.output<typeof ledgerQuerySchema>;

export const THRESHOLD_MESSAGE = `A threshold is a whole number of units from 0 to ${MAX_LOW_STOCK_THRESHOLD.toLocaleString("en-IN")}.`;

const units = z.number({ error: THRESHOLD_MESSAGE }).int(THRESHOLD_MESSAGE).min(0, THRESHOLD_MESSAGE).max(MAX_LOW_STOCK_THRESHOLD, THRESHOLD_MESSAGE);
/** A form's text as a number ("" stays "", for the caller to mean "none"). */
const fromText = (v: unknown) => (typeof v === "string" && v.trim() !== "" && /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v.trim()) : v);

/** A product's own threshold: units, or null (empty in the form) for the shop's default. */
export const productThresholdSchema = z
  .object({
    low_stock_threshold: z.preprocess((v) => (v === "" || v === undefined ? null : fromText(v)), units.nullable()),
  })
  .strict();
export type ProductThresholdInput = z.output<typeof productThresholdSchema>;

/** The shop's default threshold. */
export const shopThresholdSchema = z.object({ low_stock_threshold: z.preprocess(fromText, units) }).strict();
export type ShopThresholdInput = z.output<typeof shopThresholdSchema>;

/**
 * An adjustment from the Stock page's form: the product (by slug) or one of its variants (by SKU),
 * and the units in (+) or out (−) with why, checked by the admin API's own adjustment schema.
 */
export const stockAdjustFormSchema = z.object({
  slug: z.string().regex(/^[a-z0-9-]{1,200}$/, "Which product? Reload the page."),
  sku: z.string().trim().min(1).max(100).optional(),
  adjustment: z.preprocess((v) => (v && typeof v === "object" ? { ...v, delta: fromText((v as { delta?: unknown }).delta) } : v), stockAdjustmentSchema),
});

/** The Stock page's URL with `change` applied (a new tab or search starts at page 1). */
export function stockListHref(current: Partial<StockListQuery>, change: Partial<Record<keyof StockListQuery, string | number | undefined>> = {}): string {
  const merged: Record<string, string | number | undefined> = { tab: current.tab, q: current.q, page: "page" in change ? change.page : undefined, ...change };
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(merged)) {
    if (v === undefined || v === "" || (k === "tab" && v === "low") || (k === "page" && Number(v) <= 1)) continue;
    params.set(k, String(v));
  }
  const search = params.toString();
  return search ? `/admin/stock?${search}` : "/admin/stock";
}

/** A ledger row's reason as staff read it. */
export const STOCK_REASON_LABELS: Record<StockReason, string> = {
  initial: "Opening stock",
  sale: "Sale",
  cancel: "Order cancelled",
  expiry: "Unpaid order expired",
  revival: "Late payment",
  adjustment: "Adjustment",
  return: "Return",
  rto: "Returned by the courier",
  import: "Import",
};

/** Who moved stock, when the row names no person: the ledger's actor. */
export const STOCK_ACTOR_LABELS: Record<string, string> = { customer: "Customer", staff: "Staff", system: "The store", provider: "Payment provider" };

/** A product's ledger page. */
export const ledgerHref = (slug: string, page = 1) => `/admin/stock/${encodeURIComponent(slug)}${page > 1 ? `?page=${page}` : ""}`;

/** The lead time shown for a made-to-order product: its own days, or the shop's dispatch days for made to order. */
export function leadTimeText(own: number | null, shop: { min: number; max: number }): string {
  if (own !== null) return `${own} day${own === 1 ? "" : "s"}`;
  const range = shop.min === shop.max ? `${shop.min}` : `${shop.min}–${shop.max}`;
  return `${range} days (shop default)`;
}
