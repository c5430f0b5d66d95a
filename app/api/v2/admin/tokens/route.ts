import { issueToken, listTokens, requireStaff } from "@/lib/accounts";
import { tokenIssueSchema } from "@/lib/accounts/staff-schemas";
import { staffAnswer } from "../../_lib/admin";
import { action, handler, list, readJson } from "../../_lib/http";

/** GET /api/v2/admin/tokens: every personal API token, newest first, never the token itself (token:read). */
export const GET = handler(
  async (request) => {
    const staff = await requireStaff(request, "token", "read");
    return staffAnswer(staff, list(await listTokens()));
  },
  { personal: true },
);

/**
 * POST /api/v2/admin/tokens {name, scopes, user_id?, expires_in_days?}: a personal API token for a
 * staff member (the caller by default) with scopes within that person's role (token:create). The
 * token is in this answer only: it is stored as its SHA-256.
 */
export const POST = handler(
  async (request) => {
    const staff = await requireStaff(request, "token", "create");
    const input = await readJson(request, tokenIssueSchema);
    const { token, ...view } = await issueToken(staff.actor, input);
    return staffAnswer(staff, action(true, "Copy the token now: it is not shown again.", 201, { token, data: view }));
  },
  { personal: true },
);
