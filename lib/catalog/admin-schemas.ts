import { z } from "zod";

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

export type StockAdjustment = z.output<typeof stockAdjustmentSchema>;
