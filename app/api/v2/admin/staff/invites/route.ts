import { inviteStaff, requireStaff } from "@/lib/accounts";
import { inviteSchema } from "@/lib/accounts/staff-schemas";
import { staffAnswer } from "../../../_lib/admin";
import { action, handler, readJson } from "../../../_lib/http";

/**
 * POST /api/v2/admin/staff/invites {email, name?, role}: invites someone to the staff with a role;
 * they get a mail with a link to set their password (it works once, for 72 hours). Again for
 * someone invited who has not set a password: a fresh link. staff:create.
 */
export const POST = handler(
  async (request) => {
    const staff = await requireStaff(request, "staff", "create");
    const input = await readJson(request, inviteSchema);
    const member = await inviteStaff(staff.actor, input);
    return staffAnswer(staff, action(true, `${member.email} is invited as ${input.role}.`, 201, { staff: member }));
  },
  { personal: true },
);
