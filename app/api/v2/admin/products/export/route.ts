import { requireStaff } from "@/lib/accounts";
import { exportCatalog } from "@/lib/catalog";
import { parseProductListQuery } from "@/lib/catalog/admin-list";
import { NO_STORE } from "@/lib/platform/cache-policy";
import { staffAnswer } from "../../../_lib/admin";
import { handler } from "../../../_lib/http";

/**
 * GET /api/v2/admin/products/export?…the product list's filters: the catalog as CSV, one row per
 * product without variants and per variant (product:export). Streamed 500 products at a time.
 */
export const GET = handler(
  async (request) => {
    const staff = await requireStaff(request, "product", "export");
    const { query } = parseProductListQuery(Object.fromEntries(request.nextUrl.searchParams));
    const day = new Date().toISOString().slice(0, 10);
    return staffAnswer(
      staff,
      new Response(await exportCatalog(query), {
        headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="products-${day}.csv"`, "Cache-Control": NO_STORE },
      }),
    );
  },
  { personal: true },
);
