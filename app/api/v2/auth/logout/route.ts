import { requireIdentity, signOut } from "@/lib/accounts";
import { signedOutAnswer } from "../../_lib/account";
import { handler } from "../../_lib/http";

/** GET (the spec's call) or POST /auth/logout: ends this session. */
const logout = handler(
  async (request) => {
    await requireIdentity(request, { changes: true });
    return signedOutAnswer(await signOut(request.headers), "Logged out successfully");
  },
  { personal: true },
);

export const GET = logout;
export const POST = logout;
