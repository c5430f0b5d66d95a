import { requireStaff } from "@/lib/accounts";
import { adminReturn } from "@/lib/orders";
import { returnIdParam } from "@/lib/orders/returns";
import { staffAnswer } from "../../../_lib/admin";
import { handler, list, parse } from "../../../_lib/http";
import { presentReturn } from "../../../_lib/returns";

/** GET /api/v2/admin/returns/{id}: one return (order:read); 404 when there is none. */
export const GET = handler<{ id: string }>(
  async (request, params) => {
    const staff = await requireStaff(request, "order", "read");
    const { id } = parse(returnIdParam, params);
    return staffAnswer(staff, list(presentReturn(await adminReturn(id))));
  },
  { personal: true },
);
