import { deleteAccount, requireIdentity, signOut } from "@/lib/accounts";
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
