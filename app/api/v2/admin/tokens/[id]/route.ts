import { requireStaff, revokeToken } from "@/lib/accounts";
import { tokenIdParam } from "@/lib/accounts/staff-schemas";
import { staffAnswer } from "../../../_lib/admin";
import { action, handler, parse } from "../../../_lib/http";

/** DELETE /api/v2/admin/tokens/{id}: revokes a token at once (token:delete). */
export const DELETE = handler<{ id: string }>(
  async (request, params) => {
    const staff = await requireStaff(request, "token", "delete");
    const { id } = parse(tokenIdParam, params);
    const { revoked } = await revokeToken(staff.actor, id);
    return staffAnswer(staff, action(true, revoked ? "The token is revoked." : "The token was revoked already."));
  },
  { personal: true },
);
