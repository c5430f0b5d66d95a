import { assertOwnUserId, assertPhoneFree, changePassword, identify, requireIdentity, updateProfile } from "@/lib/accounts";
import { profileSchema } from "@/lib/accounts/schemas";
import { presentUser } from "../../_lib/account";
import { action, handler, readJson, withCookies } from "../../_lib/http";

/**
 * POST /profile/update: name and phone, and a new password when new_password is given (with the
 * current one). The old site sent this form to auth/password/forget_request, which changed nothing.
 */
export const POST = handler(
  async (request) => {
    const { user } = await requireIdentity(request);
    const input = await readJson(request, profileSchema);
    assertOwnUserId(input.user_id, user);
    await assertPhoneFree(user.id, input.phone);
    let cookies: string[] = [];
    let headers = request.headers;
    let session: Record<string, unknown> = {};
    if (input.new_password) {
      const changed = await changePassword(user, input.current_password ?? "", input.new_password, request.headers);
      cookies = changed.setCookies;
      // The old session ended; read the user back through the new one. A bearer client gets the
      // new session's token, as at sign-in; the cookie carries it for the store's pages.
      headers = new Headers({ authorization: `Bearer ${changed.token}` });
      session = { access_token: changed.token, token_type: "Bearer" };
    }
    await updateProfile(user.id, { name: input.name, phone: input.phone });
    const fresh = await identify(headers);
    return withCookies(action(true, "Profile updated successfully", 200, { user: fresh ? presentUser(fresh.user) : null, ...session }), cookies);
  },
  { personal: true },
);
