import { requireIdentity } from "@/lib/accounts";
import { checkoutSummary } from "@/lib/orders";
import { checkoutSummaryQuery } from "@/lib/orders/checkout-schemas";
import { presentCheckoutSummary } from "../../_lib/checkout";
import { handler, parse, withCookies } from "../../_lib/http";

/**
 * GET /checkout/summary?address_id=&shipping_method=: the signed-in customer's cart as checkout
 * shows it for that address and method (lines, totals, delivery dates, COD and online payment).
 * Another customer's address id is 404, as if it did not exist.
 */
export const GET = handler(
  async (request) => {
    const identity = await requireIdentity(request);
    const query = parse(checkoutSummaryQuery, Object.fromEntries(request.nextUrl.searchParams));
    const summary = await checkoutSummary(identity.user.id, { addressId: query.address_id, shippingMethod: query.shipping_method });
    return withCookies(Response.json(presentCheckoutSummary(summary)), identity.setCookies);
  },
  { personal: true },
);
