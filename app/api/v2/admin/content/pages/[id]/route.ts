import { z } from "zod";
import { assertCan, requireStaff, requireStaffForAny } from "@/lib/accounts";
import { CONTENT_ADMIN_MESSAGES, deletePage, getAdminPage, updatePage } from "@/lib/content";
import { pageUpdateSchema } from "@/lib/content/content-schemas";
import { ApiError } from "@/lib/platform/errors";
import { idParam } from "@/lib/platform/fields";
import { staffAnswer } from "../../../../_lib/admin";
import { presentAdminPage } from "../../../../_lib/content";
import { action, handler, list, parse, readJson } from "../../../../_lib/http";

const params = z.object({ id: idParam });

/** GET /api/v2/admin/content/pages/{id}: the CMS page as staff see it, draft or published (content:read). */
export const GET = handler<{ id: string }>(
  async (request, raw) => {
    const staff = await requireStaff(request, "content", "read");
    const { id } = parse(params, raw);
    const page = await getAdminPage(id);
    if (!page) throw new ApiError(404, CONTENT_ADMIN_MESSAGES.pageNotFound);
    return staffAnswer(staff, list(presentAdminPage(page)));
  },
  { personal: true },
);

/** PATCH /api/v2/admin/content/pages/{id}: change a CMS page (content:update for its fields, content:publish for `published`); the storefront shows it at once. */
export const PATCH = handler<{ id: string }>(
  async (request, raw) => {
    const staff = await requireStaffForAny(request, ["content:update", "content:publish"]);
    const { id } = parse(params, raw);
    const input = await readJson(request, pageUpdateSchema);
    const { published, ...fields } = input;
    if (Object.values(fields).some((v) => v !== undefined)) assertCan(staff, "content", "update");
    if (published !== undefined) assertCan(staff, "content", "publish");
    const page = await updatePage(id, input, staff.actor);
    if (!page) throw new ApiError(404, CONTENT_ADMIN_MESSAGES.pageNotFound);
    return staffAnswer(staff, list(presentAdminPage(page)));
  },
  { personal: true },
);

/** DELETE /api/v2/admin/content/pages/{id}: the page and its old addresses (content:delete). */
export const DELETE = handler<{ id: string }>(
  async (request, raw) => {
    const staff = await requireStaff(request, "content", "delete");
    const { id } = parse(params, raw);
    await deletePage(id, staff.actor);
    return staffAnswer(staff, action(true, CONTENT_ADMIN_MESSAGES.pageDeleted));
  },
  { personal: true },
);
