import { requestIp, signInWithCode } from "@/lib/accounts";
import { otpVerifySchema } from "@/lib/accounts/auth-schemas";
import { signedInAnswer } from "../../../_lib/account";
import { handler, readJson } from "../../../_lib/http";

/** POST /auth/otp/verify: signs in with the emailed code. */
export const POST = handler(
  async (request) => {
    const input = await readJson(request, otpVerifySchema);
    const signedIn = await signInWithCode(input.email_or_phone, input.otp, requestIp(request), request.headers);
    return signedInAnswer(request, signedIn, "OTP verified successfully.", input.guestId);
  },
  { personal: true },
);
