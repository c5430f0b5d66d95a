import { assertCan, requireStaffForAny } from "@/lib/accounts";
import { runBulkAction } from "@/lib/catalog";
import { bulkActionSchema, bulkPermission } from "@/lib/catalog/bulk-schemas";
import { staffAnswer } from "../../../_lib/admin";
import { action, handler, readJson } from "../../../_lib/http";

/**
 * POST /api/v2/admin/products/bulk: one action on chosen products (publish and unpublish:
 * product:publish; category and price: product:update; stock: stock:update). Answers how many
 * changed and each product skipped with why.
 */
export const POST = handler(
  async (request) => {
    const staff = await requireStaffForAny(request, ["product:update", "product:publish", "stock:update"]);
    const input = await readJson(request, bulkActionSchema);
    const [resource, verb] = bulkPermission(input.action);
    if (resource === "stock") assertCan(staff, "stock", "update");
    else assertCan(staff, "product", verb);
    const result = await runBulkAction(input, staff.actor);
    const message = `${result.changed} ${result.changed === 1 ? "product" : "products"} changed${result.skipped.length ? `, ${result.skipped.length} skipped` : ""}.`;
    return staffAnswer(staff, action(true, message, 200, { data: result }));
  },
  { personal: true },
);
