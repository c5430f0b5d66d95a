import { requireStaffSession, verifyTwoFactorSetup } from "@/lib/accounts";
import { totpVerifySchema } from "@/lib/accounts/staff-schemas";
import { action, handler, readJson, withCookies } from "../../../../_lib/http";

/** POST /api/v2/admin/me/two-factor/verify {code}: the first code of the authenticator app turns the second factor on (a new session replaces this one). */
export const POST = handler(
  async (request) => {
    const staff = await requireStaffSession(request);
    const { code } = await readJson(request, totpVerifySchema);
    const { token, setCookies } = await verifyTwoFactorSetup(staff, code, request.headers);
    return withCookies(action(true, "Two-factor authentication is on.", 200, { access_token: token, token_type: "Bearer" }), setCookies);
  },
  { personal: true },
);
