import { requireStaff } from "@/lib/accounts";
import { checkPin } from "@/lib/cart";
import { pinCheckSchema } from "@/lib/cart/commerce-admin";
import { staffAnswer } from "../../../_lib/admin";
import { handler, list, parse } from "../../../_lib/http";

/** GET /api/v2/admin/delivery-zones/check?pin=: the PIN's zone and the promise it gets, in stock and made to order (settings:read). */
export const GET = handler(
  async (request) => {
    const staff = await requireStaff(request, "settings", "read");
    const { pin } = parse(pinCheckSchema, Object.fromEntries(request.nextUrl.searchParams));
    return staffAnswer(staff, list(await checkPin(pin)));
  },
  { personal: true },
);
