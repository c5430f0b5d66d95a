import { z } from "zod";
import { assertCan, requireStaff, requireStaffForAny } from "@/lib/accounts";
import { CONTENT_ADMIN_MESSAGES, deleteBlog, getAdminBlog, updateBlog } from "@/lib/content";
import { blogUpdateSchema } from "@/lib/content/content-schemas";
import { ApiError } from "@/lib/platform/errors";
import { idParam } from "@/lib/platform/fields";
import { staffAnswer } from "../../../../_lib/admin";
import { presentAdminBlog } from "../../../../_lib/content";
import { action, handler, list, parse, readJson } from "../../../../_lib/http";

const params = z.object({ id: idParam });

/** GET /api/v2/admin/content/blogs/{id}: the post as staff see it, in any state (content:read). */
export const GET = handler<{ id: string }>(
  async (request, raw) => {
    const staff = await requireStaff(request, "content", "read");
    const { id } = parse(params, raw);
    const post = await getAdminBlog(id);
    if (!post) throw new ApiError(404, CONTENT_ADMIN_MESSAGES.blogNotFound);
    return staffAnswer(staff, list(presentAdminBlog(post)));
  },
  { personal: true },
);

/**
 * PATCH /api/v2/admin/content/blogs/{id}: change a post; the storefront shows it at once. Needs
 * content:update for its fields and content:publish for `published` and `published_at` (publish,
 * unpublish, schedule).
 */
export const PATCH = handler<{ id: string }>(
  async (request, raw) => {
    const staff = await requireStaffForAny(request, ["content:update", "content:publish"]);
    const { id } = parse(params, raw);
    const input = await readJson(request, blogUpdateSchema);
    const { published, published_at, ...fields } = input;
    if (Object.values(fields).some((v) => v !== undefined)) assertCan(staff, "content", "update");
    if (published !== undefined || published_at !== undefined) assertCan(staff, "content", "publish");
    const post = await updateBlog(id, input, staff.actor);
    if (!post) throw new ApiError(404, CONTENT_ADMIN_MESSAGES.blogNotFound);
    return staffAnswer(staff, list(presentAdminBlog(post)));
  },
  { personal: true },
);

/** DELETE /api/v2/admin/content/blogs/{id}: the post, its old addresses and its banner (content:delete). */
export const DELETE = handler<{ id: string }>(
  async (request, raw) => {
    const staff = await requireStaff(request, "content", "delete");
    const { id } = parse(params, raw);
    await deleteBlog(id, staff.actor);
    return staffAnswer(staff, action(true, CONTENT_ADMIN_MESSAGES.blogDeleted));
  },
  { personal: true },
);
