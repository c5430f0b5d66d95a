import { requestIp, sendSignInCode } from "@/lib/accounts";
import { codeRequestSchema } from "@/lib/accounts/auth-schemas";
import { action, handler, readJson } from "../../../_lib/http";

/** POST /auth/otp/send: the same answer whether or not an account has this email. */
export const POST = handler(
  async (request) => {
    const input = await readJson(request, codeRequestSchema);
    await sendSignInCode(input.email_or_phone, requestIp(request));
    return action(true, "OTP is sent to your registered email address.");
  },
  { personal: true },
);
