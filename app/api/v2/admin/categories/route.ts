import { requireStaff } from "@/lib/accounts";
import { CATEGORY_ADMIN_MESSAGES, createCategory, listAdminCategories } from "@/lib/catalog";
import { categoryCreateSchema } from "@/lib/catalog/category-schemas";
import { staffAnswer } from "../../_lib/admin";
import { presentAdminCategory } from "../../_lib/catalog-admin";
import { action, handler, list, readJson } from "../../_lib/http";

/** GET /api/v2/admin/categories: the whole tree, each category followed by its subcategories, with product counts (product:read). */
export const GET = handler(
  async (request) => {
    const staff = await requireStaff(request, "product", "read");
    return staffAnswer(staff, list((await listAdminCategories()).map(presentAdminCategory)));
  },
  { personal: true },
);

/** POST /api/v2/admin/categories: a new category, at the top or under a top-level one (product:create). */
export const POST = handler(
  async (request) => {
    const staff = await requireStaff(request, "product", "create");
    const input = await readJson(request, categoryCreateSchema);
    const category = await createCategory(input, staff.actor);
    return staffAnswer(staff, action(true, CATEGORY_ADMIN_MESSAGES.created, 201, { category: presentAdminCategory(category) }));
  },
  { personal: true },
);
