import { z } from "zod";
import { requireStaff } from "@/lib/accounts";
import { ATTRIBUTE_ADMIN_MESSAGES, reorderAttribute } from "@/lib/catalog";
import { reorderSchema } from "@/lib/catalog/category-schemas";
import { idParam } from "@/lib/platform/fields";
import { staffAnswer } from "../../../../_lib/admin";
import { presentAdminAttribute } from "../../../../_lib/catalog-admin";
import { action, handler, parse, readJson } from "../../../../_lib/http";

/** POST /api/v2/admin/attributes/{id}/reorder {"direction": "up" | "down"} (product:update); answers every attribute. */
export const POST = handler<{ id: string }>(
  async (request, raw) => {
    const staff = await requireStaff(request, "product", "update");
    const { id } = parse(z.object({ id: idParam }), raw);
    const input = await readJson(request, reorderSchema);
    const attributes = await reorderAttribute(id, input, staff.actor);
    return staffAnswer(staff, action(true, ATTRIBUTE_ADMIN_MESSAGES.reordered, 200, { attributes: attributes.map(presentAdminAttribute) }));
  },
  { personal: true },
);
