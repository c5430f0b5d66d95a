import { z } from "zod";
import { SHIPPING_METHODS } from "@/lib/cart/shipping";

/** Checkout inputs (docs/api-v2.md, "Checkout"): the Idempotency-Key header, the Place Order body, the summary query. */

export const IDEMPOTENCY_KEY_REQUIRED = "Idempotency-Key header is required.";
export const IDEMPOTENCY_KEY_INVALID = "Idempotency-Key must be 16 to 64 letters, digits, hyphens or underscores.";

/** The header's value: absent → "required", anything but 16–64 of [A-Za-z0-9_-] → "invalid". */
export const idempotencyKeySchema = z
  .string({ error: IDEMPOTENCY_KEY_REQUIRED })
  .min(1, { error: IDEMPOTENCY_KEY_REQUIRED })
  .regex(/^[A-Za-z0-9_-]{16,64}$/, { error: IDEMPOTENCY_KEY_INVALID });

const ADDRESS_MESSAGE = "Choose a delivery address.";
const BILLING_MESSAGE = "Choose a billing address.";

/** A JSON number, whole, 1..2^31-1 ("5", 1.5 and 1e12 are refused, never coerced). */
const idField = (message: string) =>
  z.number({ error: message }).int({ error: message }).positive({ error: message }).max(2_147_483_647, { error: message });

export const SHIPPING_METHOD_MESSAGE = "Choose Standard or Express shipping.";
export const PAYMENT_METHOD_MESSAGE = "Choose Cash on Delivery or Pay online.";
export const GSTIN_MESSAGE = "Enter a valid 15-character GSTIN, or leave it empty.";

/** 2-digit state code, PAN (5 letters, 4 digits, 1 letter), entity number, "Z", check character. */
const GSTIN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

export const placeOrderSchema = z.object({
  address_id: idField(ADDRESS_MESSAGE),
  billing_address_id: idField(BILLING_MESSAGE).nullish(),
  shipping_method: z.enum(SHIPPING_METHODS, { error: SHIPPING_METHOD_MESSAGE }),
  payment_method: z.enum(["cod", "online"], { error: PAYMENT_METHOD_MESSAGE }),
  gstin: z
    .string({ error: GSTIN_MESSAGE })
    .max(20, { error: GSTIN_MESSAGE })
    .nullish()
    .transform((v) => (v ? v.trim().toUpperCase() : ""))
    .refine((v) => v === "" || GSTIN.test(v), { error: GSTIN_MESSAGE })
    .transform((v) => (v === "" ? null : v)),
});
export type PlaceOrderInput = z.output<typeof placeOrderSchema>;

/** GET /checkout/summary?address_id=&shipping_method= (query strings: digits only). */
export const checkoutSummaryQuery = z.object({
  address_id: z
    .string()
    .regex(/^\d{1,10}$/, { error: ADDRESS_MESSAGE })
    .transform(Number)
    .refine((n) => n >= 1 && n <= 2_147_483_647, { error: ADDRESS_MESSAGE })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  shipping_method: z.enum(SHIPPING_METHODS, { error: SHIPPING_METHOD_MESSAGE }).default("standard"),
});
