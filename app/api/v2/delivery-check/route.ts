import type { ApiDeliveryCheck } from "@/lib/api/types";
import { checkDelivery } from "@/lib/cart";
import { ApiError } from "@/lib/platform/errors";
import { deliveryCheckSchema } from "@/lib/cart/delivery-schemas";
import { jsonResponse } from "@/lib/platform/cache-policy";
import { handler, parse } from "../_lib/http";

/**
 * GET /delivery-check?pin=110001&product={slug}: whether the store delivers the product to the
 * PIN code and by when (lib/cart/delivery.ts says how the date is worked out).
 *
 * Cache-Control ("delivery" in ../_lib/cache-policy.ts): the answer is the same for every shopper,
 * so shared caches may keep it, but briefly: the promised date moves at midnight in India and with
 * the merchant's zones.
 */
export const GET = handler(async (request) => {
  const query = request.nextUrl.searchParams;
  const { pin, product } = parse(deliveryCheckSchema, { pin: query.get("pin") ?? undefined, product: query.get("product") ?? undefined });
  const answer = await checkDelivery(product, pin);
  if (!answer) throw new ApiError(404, "Product not found.");
  const body: ApiDeliveryCheck = answer.serviceable
    ? { result: true, serviceable: true, message: answer.message, pin, date: answer.date, zone: answer.zone, ...(answer.express ? { express: answer.express } : {}) }
    : { result: true, serviceable: false, message: answer.message, pin };
  return jsonResponse(body);
}, { cache: "delivery" });
