import { z } from "zod";
import { INVALID_PIN_MESSAGE, parsePin } from "./delivery";
import { slugParam } from "@/lib/platform/fields";

/** A PIN code as shoppers type it ("110 001"), as its six digits. */
const pinField = z.string({ error: INVALID_PIN_MESSAGE }).transform((value, ctx) => {
  const pin = parsePin(value);
  if (pin === null) {
    ctx.addIssue({ code: "custom", message: INVALID_PIN_MESSAGE });
    return z.NEVER;
  }
  return pin;
});

/** GET /delivery-check?pin=110001&product={slug} */
export const deliveryCheckSchema = z.object({
  pin: pinField,
  product: z.string({ error: "Name the product by its slug." }).pipe(slugParam),
});

/** The PIN a cart's delivery promises are for (GET or POST /carts and /cart-summary, ?pin= or {pin}); optional. */
export const cartPinSchema = z.object({ pin: pinField.optional() });
export type DeliveryCheckInput = z.output<typeof deliveryCheckSchema>;
