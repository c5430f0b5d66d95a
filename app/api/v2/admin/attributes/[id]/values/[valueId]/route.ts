import { z } from "zod";
import { requireStaff } from "@/lib/accounts";
import { ATTRIBUTE_ADMIN_MESSAGES, deleteAttributeValue, renameAttributeValue } from "@/lib/catalog";
import { attributeValueSchema } from "@/lib/catalog/category-schemas";
import { idParam } from "@/lib/platform/fields";
import { staffAnswer } from "../../../../../_lib/admin";
import { presentAdminAttribute } from "../../../../../_lib/catalog-admin";
import { action, handler, parse, readJson } from "../../../../../_lib/http";

const params = z.object({ id: idParam, valueId: idParam });

/** PATCH /api/v2/admin/attributes/{id}/values/{valueId} {"value"}: rename a value (product:update); products and filters show the new name at once. */
export const PATCH = handler<{ id: string; valueId: string }>(
  async (request, raw) => {
    const staff = await requireStaff(request, "product", "update");
    const { id, valueId } = parse(params, raw);
    const input = await readJson(request, attributeValueSchema);
    const attribute = await renameAttributeValue(id, valueId, input, staff.actor);
    return staffAnswer(staff, action(true, ATTRIBUTE_ADMIN_MESSAGES.valueSaved, 200, { attribute: presentAdminAttribute(attribute) }));
  },
  { personal: true },
);

/** DELETE /api/v2/admin/attributes/{id}/values/{valueId} (product:delete): refused while products have it (409 saying how many). */
export const DELETE = handler<{ id: string; valueId: string }>(
  async (request, raw) => {
    const staff = await requireStaff(request, "product", "delete");
    const { id, valueId } = parse(params, raw);
    const attribute = await deleteAttributeValue(id, valueId, staff.actor);
    return staffAnswer(staff, action(true, ATTRIBUTE_ADMIN_MESSAGES.valueDeleted, 200, { attribute: presentAdminAttribute(attribute) }));
  },
  { personal: true },
);
