import { requestIp, resetPassword } from "@/lib/accounts";
import { resetSchema } from "@/lib/accounts/auth-schemas";
import { action, handler, readJson } from "../../../_lib/http";

/** POST /auth/password/reset: a new password from the link's token; every session ends. */
export const POST = handler(
  async (request) => {
    const input = await readJson(request, resetSchema);
    await resetPassword(input.token, input.password, requestIp(request));
    return action(true, "Password reset successfully.");
  },
  { personal: true },
);
