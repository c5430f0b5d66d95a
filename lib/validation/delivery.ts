import { z } from "zod";
import { INVALID_PIN_MESSAGE, parsePin } from "../commerce/delivery";
import { slugParam } from "./catalog";

/** GET /delivery-check?pin=110001&product={slug} */
export const deliveryCheckSchema = z.object({
  pin: z.string({ error: INVALID_PIN_MESSAGE }).transform((value, ctx) => {
    const pin = parsePin(value);
    if (pin === null) {
      ctx.addIssue({ code: "custom", message: INVALID_PIN_MESSAGE });
      return z.NEVER;
    }
    return pin;
  }),
  product: z.string({ error: "Name the product by its slug." }).pipe(slugParam),
});
export type DeliveryCheckInput = z.output<typeof deliveryCheckSchema>;
