import { requireStaff } from "@/lib/accounts";
import { listGrievances } from "@/lib/content";
import { grievanceQuerySchema } from "@/lib/content/grievance-rules";
import { staffAnswer } from "../../_lib/admin";
import { handler, paginated, parse } from "../../_lib/http";

/**
 * GET /api/v2/admin/grievances?status=&overdue=1&q=&page=: the grievance desk, the oldest waiting
 * first, 25 a page, each with its ticket and its two timers (inbox:read).
 */
export const GET = handler(
  async (request) => {
    const staff = await requireStaff(request, "inbox", "read");
    const filter = parse(grievanceQuerySchema, Object.fromEntries(request.nextUrl.searchParams));
    const result = await listGrievances(filter);
    return staffAnswer(staff, paginated(result.items, { current_page: result.page, last_page: result.lastPage, per_page: result.perPage, total: result.total }));
  },
  { personal: true },
);
