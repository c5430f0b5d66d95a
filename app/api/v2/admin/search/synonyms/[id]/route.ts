import { z } from "zod";
import { requireStaff } from "@/lib/accounts";
import { deleteSynonymRule, getSynonymRule, updateSynonymRule } from "@/lib/catalog";
import { SYNONYM_MESSAGES, synonymUpdateSchema } from "@/lib/catalog/synonyms";
import { ApiError } from "@/lib/platform/errors";
import { idParam } from "@/lib/platform/fields";
import { staffAnswer } from "../../../../_lib/admin";
import { presentSynonymRule } from "../../../../_lib/catalog-admin";
import { action, handler, list, parse, readJson } from "../../../../_lib/http";

const params = z.object({ id: idParam });

/** GET /api/v2/admin/search/synonyms/{id} (product:read). */
export const GET = handler<{ id: string }>(
  async (request, raw) => {
    const staff = await requireStaff(request, "product", "read");
    const { id } = parse(params, raw);
    const rule = await getSynonymRule(id);
    if (!rule) throw new ApiError(404, SYNONYM_MESSAGES.notFound);
    return staffAnswer(staff, list(presentSynonymRule(rule)));
  },
  { personal: true },
);

/** PATCH /api/v2/admin/search/synonyms/{id} {"words"?, "means"?}: change a rule, checked as a whole once merged (product:update). */
export const PATCH = handler<{ id: string }>(
  async (request, raw) => {
    const staff = await requireStaff(request, "product", "update");
    const { id } = parse(params, raw);
    const input = await readJson(request, synonymUpdateSchema);
    const rule = await updateSynonymRule(id, input, staff.actor);
    return staffAnswer(staff, action(true, SYNONYM_MESSAGES.saved, 200, { rule: presentSynonymRule(rule) }));
  },
  { personal: true },
);

/** DELETE /api/v2/admin/search/synonyms/{id} (product:update: a rule is a setting of the catalog's search, not a product). */
export const DELETE = handler<{ id: string }>(
  async (request, raw) => {
    const staff = await requireStaff(request, "product", "update");
    const { id } = parse(params, raw);
    await deleteSynonymRule(id, staff.actor);
    return staffAnswer(staff, action(true, SYNONYM_MESSAGES.deleted));
  },
  { personal: true },
);
