import { z } from "zod";
import { MAX_QUANTITY } from "@/lib/catalog/display";
import { SHIPPING_METHODS } from "./shipping";

/** Most units one cart line may hold (lib/cart/server/cart.ts MAX_LINE_QUANTITY); defined without zod for client code. */
export { MAX_QUANTITY };

export const QUANTITY_MESSAGE = `Quantity must be a whole number from 1 to ${MAX_QUANTITY}.`;

/** A JSON number, whole, 1..100: "2", 0, -1, 1.5 and 1e9 are refused, never coerced. */
export const quantityField = z
  .number({ error: QUANTITY_MESSAGE })
  .int({ error: QUANTITY_MESSAGE })
  .min(1, { error: QUANTITY_MESSAGE })
  .max(MAX_QUANTITY, { error: QUANTITY_MESSAGE });

const idField = (what: string) => z.number({ error: `${what} is not valid.` }).int({ error: `${what} is not valid.` }).positive({ error: `${what} is not valid.` }).max(2_147_483_647, { error: `${what} is not valid.` });

/**
 * Who the spec's clients say they are. Never used to pick a cart: the session or the guest
 * cookie does that, and a value that differs from the caller is refused (app/api/v2/_lib/cart.ts).
 */
const claimedOwner = {
  user_id: z.union([z.number().int(), z.string().regex(/^\d{1,12}$/).transform(Number)], { error: "user_id is not valid." }).nullish(),
  temp_user_id: z.string({ error: "temp_user_id is not valid." }).max(40, { error: "temp_user_id is not valid." }).nullish(),
};

export const addToCartSchema = z.object({
  id: idField("Product"),
  variant: z.string({ error: "Variant is not valid." }).trim().max(100, { error: "Variant is not valid." }).nullish().transform((v) => v ?? ""),
  quantity: quantityField.default(1),
  ...claimedOwner,
});

export const changeQuantitySchema = z.object({ id: idField("Cart item"), quantity: quantityField, ...claimedOwner });

export const ownerQuerySchema = z.object(claimedOwner);

/** A line id in the path: digits, and no larger than the id column holds (PostgreSQL's integer would fail the query). */
export const cartLineParam = z.object({
  id: z
    .string()
    .regex(/^\d{1,10}$/, { error: "Cart item not found." })
    .transform(Number)
    .refine((id) => id <= 2_147_483_647, { error: "Cart item not found." }),
});

export const couponCodeSchema = z.object({
  code: z
    .string({ error: "Enter a coupon code." })
    .trim()
    .min(1, { error: "Enter a coupon code." })
    .max(40, { error: "This coupon code is not valid." })
    .regex(/^[A-Za-z0-9_-]+$/, { error: "This coupon code is not valid." }),
});

export const shippingMethodSchema = z.object({
  method: z.enum(SHIPPING_METHODS, { error: "Choose Standard or Express shipping." }),
});

/** "guest_" plus 9 letters or digits (docs/api-v2.md). */
export const GUEST_ID_PATTERN = /^guest_[A-Za-z0-9]{9}$/;
