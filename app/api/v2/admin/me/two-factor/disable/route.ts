import { disableTwoFactor, requireStaffSession } from "@/lib/accounts";
import { passwordCheckSchema } from "@/lib/accounts/staff-schemas";
import { action, handler, readJson, withCookies } from "../../../../_lib/http";

/** POST /api/v2/admin/me/two-factor/disable {password}: turns the second factor off, unless the role requires it (409). */
export const POST = handler(
  async (request) => {
    const staff = await requireStaffSession(request);
    const { password } = await readJson(request, passwordCheckSchema);
    const { token, setCookies } = await disableTwoFactor(staff, password, request.headers);
    return withCookies(action(true, "Two-factor authentication is off.", 200, { access_token: token, token_type: "Bearer" }), setCookies);
  },
  { personal: true },
);
