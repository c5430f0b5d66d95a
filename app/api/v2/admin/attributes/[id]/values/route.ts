import { z } from "zod";
import { requireStaff } from "@/lib/accounts";
import { addAttributeValue, ATTRIBUTE_ADMIN_MESSAGES } from "@/lib/catalog";
import { attributeValueSchema } from "@/lib/catalog/category-schemas";
import { idParam } from "@/lib/platform/fields";
import { staffAnswer } from "../../../../_lib/admin";
import { presentAdminAttribute } from "../../../../_lib/catalog-admin";
import { action, handler, parse, readJson } from "../../../../_lib/http";

/** POST /api/v2/admin/attributes/{id}/values {"value"}: a new value of the attribute (product:update); answers the attribute. */
export const POST = handler<{ id: string }>(
  async (request, raw) => {
    const staff = await requireStaff(request, "product", "update");
    const { id } = parse(z.object({ id: idParam }), raw);
    const input = await readJson(request, attributeValueSchema);
    const attribute = await addAttributeValue(id, input, staff.actor);
    return staffAnswer(staff, action(true, ATTRIBUTE_ADMIN_MESSAGES.valueAdded, 201, { attribute: presentAdminAttribute(attribute) }));
  },
  { personal: true },
);
