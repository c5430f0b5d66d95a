import { confirmEmailChange, identify, requestIp, requireIdentity } from "@/lib/accounts";
import { emailChangeVerifySchema } from "@/lib/accounts/schemas";
import { presentUser } from "../../../_lib/account";
import { action, handler, readJson, withCookies } from "../../../_lib/http";

/** POST /profile/email/verify: the code from the new address makes it the account's email. */
export const POST = handler(
  async (request) => {
    const identity = await requireIdentity(request);
    const { email, otp } = await readJson(request, emailChangeVerifySchema);
    const cookies = await confirmEmailChange(identity, request.headers, email, otp, requestIp(request));
    const fresh = await identify(request.headers);
    return withCookies(action(true, "Your email address has been updated.", 200, { user: fresh ? presentUser(fresh.user) : null }), cookies);
  },
  { personal: true },
);
