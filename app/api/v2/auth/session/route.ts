import { identify } from "@/lib/accounts";
import { presentUser } from "../../_lib/account";
import { handler, withCookies } from "../../_lib/http";

/** GET /auth/session: the signed-in user (for the header and menus), or user null for a guest. */
export const GET = handler(
  async (request) => {
    const identity = await identify(request.headers);
    const response = Response.json({ result: Boolean(identity), user: identity ? presentUser(identity.user) : null });
    return withCookies(response, identity?.setCookies ?? []);
  },
  { personal: true },
);
