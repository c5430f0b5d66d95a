import { requireStaff } from "@/lib/accounts";
import { listInbox, listInboxAssignees } from "@/lib/content";
import { inboxQuerySchema } from "@/lib/content/inbox-schemas";
import { staffAnswer } from "../../_lib/admin";
import { handler, paginated, parse } from "../../_lib/http";

/**
 * GET /api/v2/admin/inbox?kind=&status=&assignee=&q=&page=: enquiries and contact messages,
 * newest first, 25 a page, with the staff who may be assigned (inbox:read). What shoppers typed is
 * answered raw, as JSON.
 */
export const GET = handler(
  async (request) => {
    const staff = await requireStaff(request, "inbox", "read");
    const filter = parse(inboxQuerySchema, Object.fromEntries(request.nextUrl.searchParams));
    const [result, assignees] = await Promise.all([listInbox(staff.actor, filter), listInboxAssignees()]);
    return staffAnswer(staff, paginated(result.items, { current_page: result.page, last_page: result.lastPage, per_page: result.perPage, total: result.total }, { assignees }));
  },
  { personal: true },
);
