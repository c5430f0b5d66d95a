import { requestEmailChange } from "@/lib/server/account";
import { requestIp, requireIdentity } from "@/lib/server/auth/session";
import { emailChangeRequestSchema } from "@/lib/validation/account";
import { action, handler, readJson } from "../../../_lib/http";

/** POST /profile/email/request: a code to the new address (the same answer if it has an account). */
export const POST = handler(
  async (request) => {
    await requireIdentity(request);
    const { email } = await readJson(request, emailChangeRequestSchema);
    await requestEmailChange(request.headers, email, requestIp(request));
    return action(true, "We have sent a code to your new email address.");
  },
  { personal: true },
);
