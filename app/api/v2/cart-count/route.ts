import type { NextRequest } from "next/server";
import { cartCount } from "@/lib/cart";
import { ownerQuerySchema } from "@/lib/cart/schemas";
import { cartCaller, queryOf } from "../_lib/cart";
import { handler, parse, readJson, withCookies } from "../_lib/http";

/** POST (the spec's call, body {user_id}) or GET /cart-count: units in the caller's cart. */
async function count(request: NextRequest, body: unknown) {
  const claimed = parse(ownerQuerySchema, { ...queryOf(request), ...(body as object) });
  const caller = await cartCaller(request, claimed, false);
  return withCookies(Response.json({ count: await cartCount(caller.owner), result: true }), caller.setCookies);
}

export const GET = handler(async (request) => count(request, {}), { personal: true });
export const POST = handler(async (request) => count(request, await readJson(request, ownerQuerySchema)), { personal: true });
