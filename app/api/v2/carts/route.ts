import type { NextRequest } from "next/server";
import { readCart } from "@/lib/cart";
import { ownerQuerySchema } from "@/lib/cart/schemas";
import { cartPinSchema } from "@/lib/cart/delivery-schemas";
import { cartCaller, presentCart, queryOf } from "../_lib/cart";
import { handler, parse, readJson, withCookies } from "../_lib/http";

/** The claimed owner (only compared with the caller) and the PIN of the delivery promises. */
const readSchema = ownerQuerySchema.extend(cartPinSchema.shape);

/**
 * POST (the spec's call) or GET /carts: the caller's cart, re-checked against the catalog and
 * the coupon rules on every read (see readCart). A caller without a cart gets an empty one. The
 * shipping methods carry their delivery promise for ?pin= or {pin}, else for a signed-in
 * customer's default address, else over every served zone.
 */
async function cart(request: NextRequest, body: unknown) {
  const { pin, ...claimed } = parse(readSchema, { ...queryOf(request), ...(body as object) });
  const caller = await cartCaller(request, claimed, false);
  return withCookies(Response.json(presentCart(await readCart(caller.owner, new Date(), { pin }), caller.owner)), caller.setCookies);
}

export const GET = handler(async (request) => cart(request, {}), { personal: true });
export const POST = handler(async (request) => cart(request, await readJson(request, readSchema)), { personal: true });
