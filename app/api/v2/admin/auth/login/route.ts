import { staffPrincipal, staffSignIn } from "@/lib/accounts";
import { staffLoginSchema } from "@/lib/accounts/staff-schemas";
import { presentStaffPrincipal } from "../../../_lib/admin";
import { action, handler, readJson, withCookies } from "../../../_lib/http";

/**
 * POST /api/v2/admin/auth/login {email, password}: the back office's sign-in. An account with a
 * second factor answers a challenge (its cookie, and `challenge` for clients without cookies) for
 * POST /admin/auth/two-factor; one without answers a staff session (cookie and access_token).
 * Rate-limited like the customers' sign-in; every attempt is recorded (GET /admin/sign-ins).
 */
export const POST = handler(
  async (request) => {
    const input = await readJson(request, staffLoginSchema);
    const outcome = await staffSignIn(input, request);
    if (outcome.kind === "two_factor") {
      return withCookies(action(true, "Enter the code of your authenticator app, or a recovery code.", 200, { two_factor_required: true, challenge: outcome.challenge }), outcome.setCookies);
    }
    const principal = await staffPrincipal(new Request(request.url, { headers: { authorization: `Bearer ${outcome.token}`, "user-agent": request.headers.get("user-agent") ?? "" } }), { enrolment: true });
    return withCookies(action(true, "Signed in to the back office.", 200, { two_factor_required: false, access_token: outcome.token, token_type: "Bearer", ...presentStaffPrincipal(principal) }), outcome.setCookies);
  },
  { personal: true },
);
