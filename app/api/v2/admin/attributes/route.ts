import { requireStaff } from "@/lib/accounts";
import { ATTRIBUTE_ADMIN_MESSAGES, createAttribute, listAdminAttributes } from "@/lib/catalog";
import { attributeCreateSchema } from "@/lib/catalog/category-schemas";
import { staffAnswer } from "../../_lib/admin";
import { presentAdminAttribute } from "../../_lib/catalog-admin";
import { action, handler, list, readJson } from "../../_lib/http";

/** GET /api/v2/admin/attributes: every attribute with its values and how many products use them (product:read). */
export const GET = handler(
  async (request) => {
    const staff = await requireStaff(request, "product", "read");
    return staffAnswer(staff, list((await listAdminAttributes()).map(presentAdminAttribute)));
  },
  { personal: true },
);

/** POST /api/v2/admin/attributes {"name"}: a new attribute, last in the shop's order (product:create). */
export const POST = handler(
  async (request) => {
    const staff = await requireStaff(request, "product", "create");
    const input = await readJson(request, attributeCreateSchema);
    const attribute = await createAttribute(input, staff.actor);
    return staffAnswer(staff, action(true, ATTRIBUTE_ADMIN_MESSAGES.created, 201, { attribute: presentAdminAttribute(attribute) }));
  },
  { personal: true },
);
