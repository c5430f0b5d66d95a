import { requireStaff } from "@/lib/accounts";
import { exportReceivable } from "@/lib/orders";
import { NO_STORE } from "@/lib/platform/cache-policy";
import { staffAnswer } from "../../../../_lib/admin";
import { handler } from "../../../../_lib/http";

/** GET /api/v2/admin/cod/receivable/export: every parcel whose COD the couriers still owe, as CSV, oldest first (remittance:read). */
export const GET = handler(
  async (request) => {
    const staff = await requireStaff(request, "remittance", "read");
    const day = new Date().toISOString().slice(0, 10);
    return staffAnswer(staff, new Response(exportReceivable(), { headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="cod-receivable-${day}.csv"`, "Cache-Control": NO_STORE } }));
  },
  { personal: true },
);
