import { requireStaff } from "@/lib/accounts";
import { listSubscribers } from "@/lib/content";
import { subscribersQuerySchema } from "@/lib/content/inbox-schemas";
import { staffAnswer } from "../../_lib/admin";
import { handler, paginated, parse } from "../../_lib/http";

/** GET /api/v2/admin/subscribers?q=&page=: the newsletter's subscribers, newest first, 50 a page (inbox:read). */
export const GET = handler(
  async (request) => {
    const staff = await requireStaff(request, "inbox", "read");
    const filter = parse(subscribersQuerySchema, Object.fromEntries(request.nextUrl.searchParams));
    const result = await listSubscribers(filter);
    return staffAnswer(staff, paginated(result.items, { current_page: result.page, last_page: result.lastPage, per_page: result.perPage, total: result.total }));
  },
  { personal: true },
);
