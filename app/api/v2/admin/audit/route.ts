import { listAudit, requireStaff } from "@/lib/accounts";
import { auditQuerySchema } from "@/lib/accounts/staff-schemas";
import { staffAnswer } from "../../_lib/admin";
import { handler, paginated, parse } from "../../_lib/http";

/**
 * GET /api/v2/admin/audit?actor_id=&entity_type=&entity_id=&action=&from=&to=&page=: every change
 * staff made, newest first, 50 a page (audit:read).
 */
export const GET = handler(
  async (request) => {
    const staff = await requireStaff(request, "audit", "read");
    const filter = parse(auditQuerySchema, Object.fromEntries(request.nextUrl.searchParams));
    const result = await listAudit(filter);
    return staffAnswer(staff, paginated(result.rows, { current_page: result.page, last_page: result.lastPage, per_page: result.perPage, total: result.total }));
  },
  { personal: true },
);
