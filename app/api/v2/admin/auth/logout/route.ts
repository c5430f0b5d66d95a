import { requireStaffSession, signOut } from "@/lib/accounts";
import { action, handler, withCookies } from "../../../_lib/http";

/** POST /api/v2/admin/auth/logout: ends this staff session (not an API token: revoke that instead). */
export const POST = handler(
  async (request) => {
    await requireStaffSession(request);
    return withCookies(action(true, "Signed out of the back office."), await signOut(request.headers));
  },
  { personal: true },
);
