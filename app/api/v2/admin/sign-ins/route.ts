import { listSignIns, requireStaff } from "@/lib/accounts";
import { signInsQuerySchema } from "@/lib/accounts/staff-schemas";
import { staffAnswer } from "../../_lib/admin";
import { handler, paginated, parse } from "../../_lib/http";

/** GET /api/v2/admin/sign-ins?user_id=&email=&result=&from=&to=&page=: every back-office sign-in attempt, newest first (audit:read). */
export const GET = handler(
  async (request) => {
    const staff = await requireStaff(request, "audit", "read");
    const filter = parse(signInsQuerySchema, Object.fromEntries(request.nextUrl.searchParams));
    const result = await listSignIns(filter);
    return staffAnswer(staff, paginated(result.rows, { current_page: result.page, last_page: result.lastPage, per_page: result.perPage, total: result.total }));
  },
  { personal: true },
);
