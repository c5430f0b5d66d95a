import { requireStaff } from "@/lib/accounts";
import { remittanceDetail } from "@/lib/orders";
import { COD_MESSAGES, remittanceIdParam } from "@/lib/orders/cod-remittance";
import { ApiError } from "@/lib/platform/errors";
import { staffAnswer } from "../../../../_lib/admin";
import { presentMissing, presentRemittance, presentRemittanceLine } from "../../../../_lib/cod";
import { handler, list, parse } from "../../../../_lib/http";

/** GET /api/v2/admin/cod/remittances/{id}: one remittance, every row with what it did, and the parcels missing now (remittance:read). */
export const GET = handler<{ id: string }>(
  async (request, params) => {
    const staff = await requireStaff(request, "remittance", "read");
    const { id } = parse(remittanceIdParam, params);
    const detail = await remittanceDetail(id);
    if (!detail) throw new ApiError(404, COD_MESSAGES.notFound);
    return staffAnswer(staff, list({ remittance: presentRemittance(detail.remittance), rows: detail.lines.map(presentRemittanceLine), missing: presentMissing(detail.missing) }));
  },
  { personal: true },
);
