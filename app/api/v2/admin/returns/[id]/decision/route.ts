import { requireStaff } from "@/lib/accounts";
import { decideReturn } from "@/lib/orders";
import { returnDecisionSchema, returnIdParam } from "@/lib/orders/returns";
import { staffAnswer } from "../../../../_lib/admin";
import { action, handler, parse, readJson } from "../../../../_lib/http";
import { presentReturn } from "../../../../_lib/returns";

/**
 * POST /api/v2/admin/returns/{id}/decision {decision: "approve" | "decline", reason}: a requested
 * return approved, or declined with the reason the customer reads (refund:update). A second
 * decision is 409 and changes nothing.
 */
export const POST = handler<{ id: string }>(
  async (request, params) => {
    const staff = await requireStaff(request, "refund", "update");
    const { id } = parse(returnIdParam, params);
    const input = await readJson(request, returnDecisionSchema);
    const ret = await decideReturn(id, input.decision, input.reason ?? null, staff.actor);
    return staffAnswer(staff, action(true, input.decision === "approve" ? "The return is approved." : "The return is declined.", 200, { return: presentReturn(ret) }));
  },
  { personal: true },
);
