import { addCustomerNote, requireStaff } from "@/lib/accounts";
import { customerIdParam, customerNoteSchema } from "@/lib/accounts/customer-schemas";
import { staffAnswer } from "../../../../_lib/admin";
import { action, handler, parse, readJson } from "../../../../_lib/http";

/** POST /api/v2/admin/customers/{id}/notes {body}: a staff note on the account, never edited (customer:update). */
export const POST = handler<{ id: string }>(
  async (request, params) => {
    const staff = await requireStaff(request, "customer", "update");
    const { id } = parse(customerIdParam, params);
    const input = await readJson(request, customerNoteSchema);
    const note = await addCustomerNote(staff.actor, id, input);
    return staffAnswer(staff, action(true, "Note added.", 201, { note }));
  },
  { personal: true },
);
