import { requestEmailChange, requestIp, requireIdentity } from "@/lib/accounts";
import { emailChangeRequestSchema } from "@/lib/accounts/schemas";
import { action, handler, readJson } from "../../../_lib/http";

/**
 * POST /profile/email/request {email, password}: with the current password, a code to the new
 * address (the same answer if that address has an account).
 */
export const POST = handler(
  async (request) => {
    const { user } = await requireIdentity(request);
    const { email, password } = await readJson(request, emailChangeRequestSchema);
    await requestEmailChange(user, request.headers, email, password, requestIp(request));
    return action(true, "We have sent a code to your new email address.");
  },
  { personal: true },
);
