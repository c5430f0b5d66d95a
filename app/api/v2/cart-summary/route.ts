import type { NextRequest } from "next/server";
import { readCart } from "@/lib/cart";
import { ownerQuerySchema } from "@/lib/cart/schemas";
import { cartPinSchema } from "@/lib/cart/delivery-schemas";
import { cartCaller, presentSummary, queryOf } from "../_lib/cart";
import { handler, parse, readJson, withCookies } from "../_lib/http";

/** The claimed owner (only compared with the caller) and the PIN of the delivery promises. */
const readSchema = ownerQuerySchema.extend(cartPinSchema.shape);

/**
 * POST (the spec's call) or GET /cart-summary: subtotal, shipping, coupon, GST included, total,
 * and each shipping method's delivery promise (for ?pin= or {pin}, else the customer's default address).
 */
async function summary(request: NextRequest, body: unknown) {
  const { pin, ...claimed } = parse(readSchema, { ...queryOf(request), ...(body as object) });
  const caller = await cartCaller(request, claimed, false);
  const view = await readCart(caller.owner, new Date(), { pin });
  return withCookies(Response.json({ result: true, summary: presentSummary(view), notices: view.notices }), caller.setCookies);
}

export const GET = handler(async (request) => summary(request, {}), { personal: true });
export const POST = handler(async (request) => summary(request, await readJson(request, readSchema)), { personal: true });
