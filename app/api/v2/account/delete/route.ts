import { deleteAccount } from "@/lib/accounts/server/account";
import { signOut } from "@/lib/accounts/server/auth/flows";
import { requireIdentity } from "@/lib/accounts/server/auth/session";
import { accountDeleteSchema } from "@/lib/accounts/schemas";
import { signedOutAnswer } from "../../_lib/account";
import { handler, readJson } from "../../_lib/http";

/** POST /account/delete: with the password or an emailed code; personal data is erased. */
export const POST = handler(
  async (request) => {
    const { user } = await requireIdentity(request);
    const proof = await readJson(request, accountDeleteSchema);
    await deleteAccount(user, request.headers, proof);
    // The sessions are gone with the account; this clears the browser's cookies.
    return signedOutAnswer(await signOut(request.headers), "Your account has been deleted.");
  },
  { personal: true },
);
