import { z } from "zod";

const rupees = z.number({ error: "Must be a number of rupees." }).min(0).max(10_000_000, "Too large.").multipleOf(0.01, "At most two decimals.");

/** The answer to a body that sets stock_quantity: stock is a ledger, changed by adjustments only. */
export const STOCK_QUANTITY_REFUSED = "stock_quantity cannot be set: change stock with stock_adjustment {delta, reason} (units in or out, and why), so a sale made meanwhile is never overwritten.";
export const ADJUSTMENT_REASON_MESSAGE = "Say why the stock changes, in 3 to 200 characters.";

/** A change of stock by staff: units in (+) or out (−) and why (stock_movements, reason 'adjustment'). */
export const stockAdjustmentSchema = z
  .object({
    delta: z
      .number({ error: "delta must be a whole number of units, + in or − out." })
      .int("delta must be a whole number of units, + in or − out.")
      .min(-1_000_000)
      .max(1_000_000)
      .refine((d) => d !== 0, "delta must not be 0."),
    reason: z.string({ error: ADJUSTMENT_REASON_MESSAGE }).trim().min(3, ADJUSTMENT_REASON_MESSAGE).max(200, ADJUSTMENT_REASON_MESSAGE),
  })
  .strict();

/** A change to a product by the shop owner; prices in rupees as in the rest of API v2. */
export const productUpdateSchema = z
  .object({
    name: z.string().trim().min(3, "Name needs at least 3 characters.").max(200),
    main_price: rupees,
    stocked_price: rupees,
    stock_quantity: z.never({ error: STOCK_QUANTITY_REFUSED }),
    stock_adjustment: stockAdjustmentSchema,
    made_to_order: z.boolean(),
    is_featured: z.boolean(),
    is_popular: z.boolean(),
    published: z.boolean(),
    short_description: z.string().trim().max(500),
    description: z.string().max(100_000),
    meta_title: z.string().trim().max(200),
    meta_description: z.string().trim().max(500),
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, "Send at least one field to change.")
  .refine((v) => v.main_price === undefined || v.stocked_price === undefined || v.stocked_price >= v.main_price, {
    message: "The list price (stocked_price) cannot be below the selling price.",
    path: ["stocked_price"],
  });

export type ProductUpdateInput = z.output<typeof productUpdateSchema>;
export type StockAdjustment = z.output<typeof stockAdjustmentSchema>;
