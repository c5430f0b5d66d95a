import { staffPrincipal, staffSecondFactor } from "@/lib/accounts";
import { secondFactorSchema } from "@/lib/accounts/staff-schemas";
import { presentStaffPrincipal } from "../../../_lib/admin";
import { action, handler, readJson, withCookies } from "../../../_lib/http";

/**
 * POST /api/v2/admin/auth/two-factor {code | recovery_code, challenge?, trust_device?}: completes a
 * sign-in whose account has a second factor: a staff session (cookie and access_token). 5 codes a
 * challenge; 10 wrong in a row lock the second factor for 15 minutes; recorded like the sign-in.
 */
export const POST = handler(
  async (request) => {
    const input = await readJson(request, secondFactorSchema);
    const signedIn = await staffSecondFactor(input, request);
    const principal = await staffPrincipal(new Request(request.url, { headers: { authorization: `Bearer ${signedIn.token}`, "user-agent": request.headers.get("user-agent") ?? "" } }), { enrolment: true });
    return withCookies(action(true, "Signed in to the back office.", 200, { access_token: signedIn.token, token_type: "Bearer", ...presentStaffPrincipal(principal) }), signedIn.setCookies);
  },
  { personal: true },
);
