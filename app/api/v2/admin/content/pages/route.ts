import { assertCan, requireStaff } from "@/lib/accounts";
import { CONTENT_ADMIN_MESSAGES, createPage, listAdminPages } from "@/lib/content";
import { pageCreateSchema } from "@/lib/content/content-schemas";
import { z } from "@/lib/platform/zod";
import { staffAnswer } from "../../../_lib/admin";
import { presentAdminPage } from "../../../_lib/content";
import { action, handler, paginated, parse, readJson } from "../../../_lib/http";

const query = z.object({
  page: z.coerce.number({ error: "page is a whole number from 1." }).int("page is a whole number from 1.").min(1, "page is a whole number from 1.").max(100_000, "page is a whole number from 1.").default(1),
});

/** GET /api/v2/admin/content/pages: every CMS page, draft or published, by title, 50 a page (content:read). */
export const GET = handler(
  async (request) => {
    const staff = await requireStaff(request, "content", "read");
    const filter = parse(query, Object.fromEntries(new URL(request.url).searchParams));
    const result = await listAdminPages(filter);
    return staffAnswer(staff, paginated(result.items.map(presentAdminPage), { current_page: result.page, last_page: result.lastPage, per_page: result.perPage, total: result.total }));
  },
  { personal: true },
);

/** POST /api/v2/admin/content/pages: a new CMS page at /{slug}, a draft unless `published` is sent (content:create; content:publish for `published: true`). */
export const POST = handler(
  async (request) => {
    const staff = await requireStaff(request, "content", "create");
    const input = await readJson(request, pageCreateSchema);
    if (input.published) assertCan(staff, "content", "publish");
    const page = await createPage(input, staff.actor);
    return staffAnswer(staff, action(true, CONTENT_ADMIN_MESSAGES.pageCreated, 201, { page: presentAdminPage(page) }));
  },
  { personal: true },
);
