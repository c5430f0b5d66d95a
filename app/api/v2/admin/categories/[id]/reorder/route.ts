import { z } from "zod";
import { requireStaff } from "@/lib/accounts";
import { CATEGORY_ADMIN_MESSAGES, reorderCategory } from "@/lib/catalog";
import { reorderSchema } from "@/lib/catalog/category-schemas";
import { idParam } from "@/lib/platform/fields";
import { staffAnswer } from "../../../../_lib/admin";
import { presentAdminCategory } from "../../../../_lib/catalog-admin";
import { action, handler, parse, readJson } from "../../../../_lib/http";

/** POST /api/v2/admin/categories/{id}/reorder {"direction": "up" | "down"}: one place among its siblings (product:update); answers the tree. */
export const POST = handler<{ id: string }>(
  async (request, raw) => {
    const staff = await requireStaff(request, "product", "update");
    const { id } = parse(z.object({ id: idParam }), raw);
    const input = await readJson(request, reorderSchema);
    const tree = await reorderCategory(id, input, staff.actor);
    return staffAnswer(staff, action(true, CATEGORY_ADMIN_MESSAGES.reordered, 200, { categories: tree.map(presentAdminCategory) }));
  },
  { personal: true },
);
