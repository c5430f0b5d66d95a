import { assertCan, requireStaff } from "@/lib/accounts";
import { CONTENT_ADMIN_MESSAGES, createBlog, listAdminBlogs } from "@/lib/content";
import { BLOG_LIST_FILTERS, blogCreateSchema } from "@/lib/content/content-schemas";
import { z } from "@/lib/platform/zod";
import { staffAnswer } from "../../../_lib/admin";
import { presentAdminBlog } from "../../../_lib/content";
import { action, handler, paginated, parse, readJson } from "../../../_lib/http";

const query = z.object({
  status: z.enum(BLOG_LIST_FILTERS, { error: `status is one of ${BLOG_LIST_FILTERS.join(", ")}.` }).default("all"),
  page: z.coerce.number({ error: "page is a whole number from 1." }).int("page is a whole number from 1.").min(1, "page is a whole number from 1.").max(100_000, "page is a whole number from 1.").default(1),
  q: z.string().trim().max(100, "At most 100 characters.").optional(),
});

/** GET /api/v2/admin/content/blogs: every post in any state, newest first, 50 a page (content:read); ?status=draft|scheduled|published, ?q= words of the title. */
export const GET = handler(
  async (request) => {
    const staff = await requireStaff(request, "content", "read");
    const filter = parse(query, Object.fromEntries(new URL(request.url).searchParams));
    const result = await listAdminBlogs(filter);
    return staffAnswer(staff, paginated(result.items.map(presentAdminBlog), { current_page: result.page, last_page: result.lastPage, per_page: result.perPage, total: result.total }));
  },
  { personal: true },
);

/** POST /api/v2/admin/content/blogs: a new post, a draft unless `published` is sent (content:create; content:publish for `published: true`). */
export const POST = handler(
  async (request) => {
    const staff = await requireStaff(request, "content", "create");
    const input = await readJson(request, blogCreateSchema);
    if (input.published) assertCan(staff, "content", "publish");
    const post = await createBlog(input, staff.actor);
    return staffAnswer(staff, action(true, CONTENT_ADMIN_MESSAGES.blogCreated, 201, { blog: presentAdminBlog(post) }));
  },
  { personal: true },
);
