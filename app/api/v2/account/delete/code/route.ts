import { requestIp, requireIdentity, sendDeletionCode } from "@/lib/accounts";
import { action, handler } from "../../../_lib/http";

/** POST /account/delete/code: a code to the account's email, to confirm the deletion. */
export const POST = handler(
  async (request) => {
    const { user } = await requireIdentity(request);
    await sendDeletionCode(user, requestIp(request));
    return action(true, "We have sent a code to your email address.");
  },
  { personal: true },
);
