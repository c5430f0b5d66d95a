import { requireStaff } from "@/lib/accounts";
import { exportSubscribers } from "@/lib/content";
import { subscribersQuerySchema } from "@/lib/content/inbox-schemas";
import { NO_STORE } from "@/lib/platform/cache-policy";
import { staffAnswer } from "../../../_lib/admin";
import { handler, parse } from "../../../_lib/http";

/** GET /api/v2/admin/subscribers/export?q=: the subscribers the search keeps as CSV (inbox:export: owner and manager). */
export const GET = handler(
  async (request) => {
    const staff = await requireStaff(request, "inbox", "export");
    const { page: _page, ...filter } = parse(subscribersQuerySchema, Object.fromEntries(request.nextUrl.searchParams));
    void _page;
    const day = new Date().toISOString().slice(0, 10);
    return staffAnswer(
      staff,
      new Response(exportSubscribers(filter), {
        headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="newsletter-subscribers-${day}.csv"`, "Cache-Control": NO_STORE },
      }),
    );
  },
  { personal: true },
);
