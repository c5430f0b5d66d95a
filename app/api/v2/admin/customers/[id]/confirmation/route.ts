import { requireStaff, resendConfirmation } from "@/lib/accounts";
import { customerIdParam } from "@/lib/accounts/customer-schemas";
import { staffAnswer } from "../../../../_lib/admin";
import { action, handler, parse } from "../../../../_lib/http";

/** POST /api/v2/admin/customers/{id}/confirmation: mails a new email confirmation link (409 when confirmed already; customer:update). */
export const POST = handler<{ id: string }>(
  async (request, params) => {
    const staff = await requireStaff(request, "customer", "update");
    const { id } = parse(customerIdParam, params);
    return staffAnswer(staff, action(true, await resendConfirmation(staff.actor, id)));
  },
  { personal: true },
);
