import { requireStaff } from "@/lib/accounts";
import { receiveReturn } from "@/lib/orders";
import { returnIdParam, returnReceiveSchema } from "@/lib/orders/returns";
import { staffAnswer } from "../../../../_lib/admin";
import { action, handler, parse, readJson } from "../../../../_lib/http";
import { presentReturn } from "../../../../_lib/returns";

/**
 * POST /api/v2/admin/returns/{id}/receive {outcome: "restock" | "write_off", note?}: the shop has
 * the parcel (order:update): restocked through the stock ledger (reason return) or written off as
 * damaged; an invoiced order's credit note is issued (`credit_note_id`).
 */
export const POST = handler<{ id: string }>(
  async (request, params) => {
    const staff = await requireStaff(request, "order", "update");
    const { id } = parse(returnIdParam, params);
    const input = await readJson(request, returnReceiveSchema);
    const ret = await receiveReturn(id, input, staff.actor);
    return staffAnswer(staff, action(true, input.outcome === "restock" ? "The return is received and restocked." : "The return is received and written off.", 200, { return: presentReturn(ret) }));
  },
  { personal: true },
);
