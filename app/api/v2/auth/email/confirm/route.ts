import { confirmEmail, requestIp } from "@/lib/accounts";
import { confirmSchema } from "@/lib/accounts/auth-schemas";
import { signedInAnswer } from "../../../_lib/account";
import { handler, readJson } from "../../../_lib/http";

/** POST /auth/email/confirm {token, password}: the welcome mail's link and the password; signs in. */
export const POST = handler(
  async (request) => {
    const input = await readJson(request, confirmSchema);
    const signedIn = await confirmEmail(input.token, input.password, requestIp(request), request.headers);
    return signedInAnswer(request, signedIn, "Your email address is confirmed.");
  },
  { personal: true },
);
