import { requireStaff } from "@/lib/accounts";
import { createSynonymRule, listAdminSynonymRules } from "@/lib/catalog";
import { SYNONYM_MESSAGES, synonymCreateSchema, synonymListQuerySchema, synonymRuleMatches } from "@/lib/catalog/synonyms";
import { staffAnswer } from "../../../_lib/admin";
import { presentSynonymRule } from "../../../_lib/catalog-admin";
import { action, handler, list, parse, readJson } from "../../../_lib/http";

/** GET /api/v2/admin/search/synonyms?q=: every search synonym rule in id order, or those with a word containing q (product:read). */
export const GET = handler(
  async (request) => {
    const staff = await requireStaff(request, "product", "read");
    const { q } = parse(synonymListQuerySchema, Object.fromEntries(request.nextUrl.searchParams));
    const rules = (await listAdminSynonymRules()).filter((r) => !q || synonymRuleMatches(r, q));
    return staffAnswer(staff, list(rules.map(presentSynonymRule)));
  },
  { personal: true },
);

/** POST /api/v2/admin/search/synonyms {"words", "means"}: a new rule; `means` empty or absent makes a two-way group (product:update). */
export const POST = handler(
  async (request) => {
    const staff = await requireStaff(request, "product", "update");
    const input = await readJson(request, synonymCreateSchema);
    const rule = await createSynonymRule(input, staff.actor);
    return staffAnswer(staff, action(true, SYNONYM_MESSAGES.created, 201, { rule: presentSynonymRule(rule) }));
  },
  { personal: true },
);
