import type { NextRequest } from "next/server";
import { readCart } from "@/lib/server/cart";
import { ownerQuerySchema } from "@/lib/validation/cart";
import { cartCaller, presentSummary, queryOf } from "../_lib/cart";
import { handler, parse, readJson, withCookies } from "../_lib/http";

/** POST (the spec's call) or GET /cart-summary: subtotal, shipping, coupon, GST included, total. */
async function summary(request: NextRequest, body: unknown) {
  const claimed = parse(ownerQuerySchema, { ...queryOf(request), ...(body as object) });
  const caller = await cartCaller(request, claimed, false);
  const view = await readCart(caller.owner);
  return withCookies(Response.json({ result: true, summary: presentSummary(view), notices: view.notices }), caller.setCookies);
}

export const GET = handler(async (request) => summary(request, {}), { personal: true });
export const POST = handler(async (request) => summary(request, await readJson(request, ownerQuerySchema)), { personal: true });
