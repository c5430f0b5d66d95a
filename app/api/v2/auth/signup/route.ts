import { requestIp, signUp } from "@/lib/accounts";
import { signUpSchema } from "@/lib/accounts/auth-schemas";
import { action, handler, readJson } from "../../_lib/http";

/**
 * POST /auth/signup. The same answer for a new and an already registered email (the owner of a
 * known email gets a mail instead); nobody is signed in, so no access_token is given.
 */
export const POST = handler(
  async (request) => {
    const input = await readJson(request, signUpSchema);
    await signUp(input, requestIp(request));
    return action(true, "Registration successful! Please log in.", 200, { access_token: null });
  },
  { personal: true },
);
