import { staffPrincipal } from "@/lib/accounts";
import { presentStaffPrincipal, staffAnswer } from "../../_lib/admin";
import { handler, list } from "../../_lib/http";

/** GET /api/v2/admin/me: who is calling, their roles, what they may do, and their second factor. */
export const GET = handler(
  async (request) => {
    const principal = await staffPrincipal(request, { enrolment: true });
    return staffAnswer(principal, list(presentStaffPrincipal(principal)));
  },
  { personal: true },
);
