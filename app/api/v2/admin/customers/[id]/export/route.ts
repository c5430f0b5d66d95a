import { exportCustomer, requireStaff } from "@/lib/accounts";
import { customerIdParam } from "@/lib/accounts/customer-schemas";
import { NO_STORE } from "@/lib/platform/cache-policy";
import { staffAnswer } from "../../../../_lib/admin";
import { handler, parse } from "../../../../_lib/http";

/** GET /api/v2/admin/customers/{id}/export: what the account holds, as a JSON download; the export is audited (customer:export). */
export const GET = handler<{ id: string }>(
  async (request, params) => {
    const staff = await requireStaff(request, "customer", "export");
    const { id } = parse(customerIdParam, params);
    const data = await exportCustomer(staff.actor, id);
    return staffAnswer(
      staff,
      new Response(JSON.stringify(data, null, 2), {
        headers: { "Content-Type": "application/json; charset=utf-8", "Content-Disposition": `attachment; filename="customer-${id}-data.json"`, "Cache-Control": NO_STORE },
      }),
    );
  },
  { personal: true },
);
