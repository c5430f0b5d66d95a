import { requestIp, requestPasswordReset } from "@/lib/accounts";
import { codeRequestSchema } from "@/lib/accounts/auth-schemas";
import { action, handler, readJson } from "../../../_lib/http";

/** POST /auth/password/forget_request: mails a reset link; the same answer for unknown emails. */
export const POST = handler(
  async (request) => {
    const input = await readJson(request, codeRequestSchema);
    await requestPasswordReset(input.email_or_phone, requestIp(request));
    return action(true, "Password reset link has been sent to your email.");
  },
  { personal: true },
);
