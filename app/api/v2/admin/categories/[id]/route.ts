import { z } from "zod";
import { requireStaff } from "@/lib/accounts";
import { CATEGORY_ADMIN_MESSAGES, deleteCategory, getAdminCategory, updateCategory } from "@/lib/catalog";
import { categoryUpdateSchema } from "@/lib/catalog/category-schemas";
import { ApiError } from "@/lib/platform/errors";
import { idParam } from "@/lib/platform/fields";
import { staffAnswer } from "../../../_lib/admin";
import { presentAdminCategory } from "../../../_lib/catalog-admin";
import { action, handler, list, parse, readJson } from "../../../_lib/http";

const params = z.object({ id: idParam });

/** GET /api/v2/admin/categories/{id} (product:read). */
export const GET = handler<{ id: string }>(
  async (request, raw) => {
    const staff = await requireStaff(request, "product", "read");
    const { id } = parse(params, raw);
    const category = await getAdminCategory(id);
    if (!category) throw new ApiError(404, CATEGORY_ADMIN_MESSAGES.notFound);
    return staffAnswer(staff, list(presentAdminCategory(category)));
  },
  { personal: true },
);

/**
 * PATCH /api/v2/admin/categories/{id} (product:update): its fields; a new slug leaves a redirect
 * from the old one; a new parent_id moves it (409 under itself, one of its subcategories or a
 * subcategory, or when it has subcategories of its own).
 */
export const PATCH = handler<{ id: string }>(
  async (request, raw) => {
    const staff = await requireStaff(request, "product", "update");
    const { id } = parse(params, raw);
    const input = await readJson(request, categoryUpdateSchema);
    const category = await updateCategory(id, input, staff.actor);
    return staffAnswer(staff, action(true, CATEGORY_ADMIN_MESSAGES.saved, 200, { category: presentAdminCategory(category) }));
  },
  { personal: true },
);

/** DELETE /api/v2/admin/categories/{id} (product:delete): only without products and subcategories (409 saying how many). */
export const DELETE = handler<{ id: string }>(
  async (request, raw) => {
    const staff = await requireStaff(request, "product", "delete");
    const { id } = parse(params, raw);
    await deleteCategory(id, staff.actor);
    return staffAnswer(staff, action(true, CATEGORY_ADMIN_MESSAGES.deleted));
  },
  { personal: true },
);
