import { exportAudit, requireStaff } from "@/lib/accounts";
import { auditQuerySchema } from "@/lib/accounts/staff-schemas";
import { NO_STORE } from "@/lib/platform/cache-policy";
import { staffAnswer } from "../../../_lib/admin";
import { handler, parse } from "../../../_lib/http";

/** GET /api/v2/admin/audit/export?…the list's filters: the rows they keep as CSV (audit:export: owner and manager). */
export const GET = handler(
  async (request) => {
    const staff = await requireStaff(request, "audit", "export");
    const { page: _page, ...filter } = parse(auditQuerySchema, Object.fromEntries(request.nextUrl.searchParams));
    void _page;
    const day = new Date().toISOString().slice(0, 10);
    return staffAnswer(
      staff,
      new Response(exportAudit(filter), {
        headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="audit-log-${day}.csv"`, "Cache-Control": NO_STORE },
      }),
    );
  },
  { personal: true },
);
