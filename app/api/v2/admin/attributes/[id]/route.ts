import { z } from "zod";
import { requireStaff } from "@/lib/accounts";
import { ATTRIBUTE_ADMIN_MESSAGES, deleteAttribute, getAdminAttribute, updateAttribute } from "@/lib/catalog";
import { attributeUpdateSchema } from "@/lib/catalog/category-schemas";
import { ApiError } from "@/lib/platform/errors";
import { idParam } from "@/lib/platform/fields";
import { staffAnswer } from "../../../_lib/admin";
import { presentAdminAttribute } from "../../../_lib/catalog-admin";
import { action, handler, list, parse, readJson } from "../../../_lib/http";

const params = z.object({ id: idParam });

/** GET /api/v2/admin/attributes/{id} (product:read). */
export const GET = handler<{ id: string }>(
  async (request, raw) => {
    const staff = await requireStaff(request, "product", "read");
    const { id } = parse(params, raw);
    const attribute = await getAdminAttribute(id);
    if (!attribute) throw new ApiError(404, ATTRIBUTE_ADMIN_MESSAGES.notFound);
    return staffAnswer(staff, list(presentAdminAttribute(attribute)));
  },
  { personal: true },
);

/** PATCH /api/v2/admin/attributes/{id} {"name"}: rename (product:update); the filter bar's Material, Size and Assembly keep their names (409). */
export const PATCH = handler<{ id: string }>(
  async (request, raw) => {
    const staff = await requireStaff(request, "product", "update");
    const { id } = parse(params, raw);
    const input = await readJson(request, attributeUpdateSchema);
    const attribute = await updateAttribute(id, input, staff.actor);
    return staffAnswer(staff, action(true, ATTRIBUTE_ADMIN_MESSAGES.saved, 200, { attribute: presentAdminAttribute(attribute) }));
  },
  { personal: true },
);

/** DELETE /api/v2/admin/attributes/{id} (product:delete): refused while products use its values (409 saying how many). */
export const DELETE = handler<{ id: string }>(
  async (request, raw) => {
    const staff = await requireStaff(request, "product", "delete");
    const { id } = parse(params, raw);
    await deleteAttribute(id, staff.actor);
    return staffAnswer(staff, action(true, ATTRIBUTE_ADMIN_MESSAGES.deleted));
  },
  { personal: true },
);
