import type { ApiDeliveryCheck } from "@/lib/api/types";
import { checkDelivery } from "@/lib/server/delivery";
import { ApiError } from "@/lib/server/errors";
import { deliveryCheckSchema } from "@/lib/validation/delivery";
import { handler, parse } from "../_lib/http";

/**
 * GET /delivery-check?pin=110001&product={slug}: whether the store delivers the product to the
 * PIN code and by when (lib/commerce/delivery.ts says how the date is worked out).
 *
 * Cache-Control: the answer is the same for every shopper but changes with the date in India and
 * with the merchant's zones, so only the shopper's own browser may keep it, for five minutes
 * (re-opening a product in the same sitting asks again at most that often; a date kept past
 * midnight is at most five minutes old). Shared caches must not store it: they would not check
 * the System-Key header either. It is also left out of the server's API response cache.
 */
export const GET = handler(async (request) => {
  const query = request.nextUrl.searchParams;
  const { pin, product } = parse(deliveryCheckSchema, { pin: query.get("pin") ?? undefined, product: query.get("product") ?? undefined });
  const answer = await checkDelivery(product, pin);
  if (!answer) throw new ApiError(404, "Product not found.");
  const body: ApiDeliveryCheck = answer.serviceable
    ? { result: true, serviceable: true, message: answer.message, pin, date: answer.date, zone: answer.zone, ...(answer.express ? { express: answer.express } : {}) }
    : { result: true, serviceable: false, message: answer.message, pin };
  return Response.json(body, { headers: { "Cache-Control": "private, max-age=300" } });
});
