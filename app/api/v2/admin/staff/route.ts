import { listStaff, requireStaff } from "@/lib/accounts";
import { staffAnswer } from "../../_lib/admin";
import { handler, list } from "../../_lib/http";

/** GET /api/v2/admin/staff: everyone on the staff, with role, status (invited or active) and second factor (staff:read). */
export const GET = handler(
  async (request) => {
    const staff = await requireStaff(request, "staff", "read");
    return staffAnswer(staff, list(await listStaff()));
  },
  { personal: true },
);
