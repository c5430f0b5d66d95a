import { requestIp, signInWithPassword } from "@/lib/accounts";
import { loginSchema } from "@/lib/accounts/auth-schemas";
import { signedInAnswer } from "../../_lib/account";
import { handler, readJson } from "../../_lib/http";

/** POST /auth/login: email (or phone) and password; a new session for every sign-in. */
export const POST = handler(
  async (request) => {
    const input = await readJson(request, loginSchema);
    const signedIn = await signInWithPassword(input, requestIp(request), request.headers);
    return signedInAnswer(request, signedIn, "Logged in successfully", input.guestId);
  },
  { personal: true },
);
