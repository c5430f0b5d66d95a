import { requireIdentity, signOutEverywhere } from "@/lib/accounts";
import { signedOutAnswer } from "../../_lib/account";
import { handler } from "../../_lib/http";

/** POST /auth/logout-all: ends every session of the account, on every device. */
export const POST = handler(
  async (request) => {
    const { user } = await requireIdentity(request);
    return signedOutAnswer(await signOutEverywhere(user.id, request.headers), "You have been logged out of all devices.");
  },
  { personal: true },
);
