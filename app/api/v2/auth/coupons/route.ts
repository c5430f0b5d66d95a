import { identify } from "@/lib/accounts";
import { availableCoupons } from "@/lib/cart";
import { handler, list } from "../../_lib/http";

/** GET /auth/coupons: coupons the caller may use now (title and code). */
export const GET = handler(
  async (request) => {
    const identity = await identify(request.headers);
    return list(await availableCoupons(identity?.user.id ?? null));
  },
  { personal: true },
);
