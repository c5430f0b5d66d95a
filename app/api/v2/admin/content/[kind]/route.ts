import { assertCan, requireStaff } from "@/lib/accounts";
import { createListRow, LIST_ADMIN_MESSAGES, listAdminRows } from "@/lib/content";
import { LIST_SCHEMAS } from "@/lib/content/home-schemas";
import { staffAnswer } from "../../../_lib/admin";
import { listKindOf } from "../../../_lib/content";
import { action, handler, list, readJson } from "../../../_lib/http";

/** GET /api/v2/admin/content/{kind} (sliders, testimonials, faqs): the list in its order, shown rows and hidden ones (content:read). */
export const GET = handler<{ kind: string }>(
  async (request, raw) => {
    const staff = await requireStaff(request, "content", "read");
    const kind = listKindOf(raw);
    return staffAnswer(staff, list(await listAdminRows(kind)));
  },
  { personal: true },
);

/** POST /api/v2/admin/content/{kind}: a new row at the end of the list (content:create; content:publish to show it at once). */
export const POST = handler<{ kind: string }>(
  async (request, raw) => {
    const staff = await requireStaff(request, "content", "create");
    const kind = listKindOf(raw);
    const input = await readJson(request, LIST_SCHEMAS[kind].create);
    if ((input as { active?: boolean }).active) assertCan(staff, "content", "publish");
    const row = await createListRow(kind, input as never, staff.actor);
    return staffAnswer(staff, action(true, LIST_ADMIN_MESSAGES.created(kind), 201, { row }));
  },
  { personal: true },
);
