import { identify } from "@/lib/accounts";
import { ApiError } from "@/lib/platform/errors";
import { accessTokenSchema } from "@/lib/accounts/auth-schemas";
import { handler, readJson } from "../_lib/http";

const TOKEN_CHARS = /^[\x21-\x7e]+$/;

/** POST /get-user-by-access_token: the profile behind an access token (docs/api-v2.md). */
export const POST = handler(
  async (request) => {
    const { access_token } = await readJson(request, accessTokenSchema);
    // A token is printable ASCII; anything else (a line break, a NUL, other scripts) is no token
    // and cannot even be put into a header.
    const identity = TOKEN_CHARS.test(access_token) ? await identify(new Headers({ authorization: `Bearer ${access_token}` })) : null;
    if (!identity) throw new ApiError(401, "The access token is not valid or has expired.");
    const u = identity.user;
    return Response.json({ result: true, id: u.id, name: u.name, email: u.email, phone: u.phone, avatar_original: u.avatar });
  },
  { personal: true },
);
