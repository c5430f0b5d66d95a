import type { NextRequest } from "next/server";
import { readCart } from "@/lib/server/cart";
import { ownerQuerySchema } from "@/lib/validation/cart";
import { cartCaller, presentCart, queryOf } from "../_lib/cart";
import { handler, parse, readJson, withCookies } from "../_lib/http";

/**
 * POST (the spec's call) or GET /carts: the caller's cart, re-checked against the catalog and
 * the coupon rules on every read (see readCart). A caller without a cart gets an empty one.
 */
async function cart(request: NextRequest, body: unknown) {
  const claimed = parse(ownerQuerySchema, { ...queryOf(request), ...(body as object) });
  const caller = await cartCaller(request, claimed, false);
  return withCookies(Response.json(presentCart(await readCart(caller.owner), caller.owner)), caller.setCookies);
}

export const GET = handler(async (request) => cart(request, {}), { personal: true });
export const POST = handler(async (request) => cart(request, await readJson(request, ownerQuerySchema)), { personal: true });
