"use server";

import { refresh } from "next/cache";
import { actionInput, requireStaffAction, staffAction } from "@/lib/accounts";
import type { ActionResult } from "@/lib/accounts/admin-nav";
import { runBulkAction } from "@/lib/catalog";
import { BULK_ACTIONS, bulkActionSchema, bulkInputFromForm, bulkPermission, type BulkResult } from "@/lib/catalog/bulk-schemas";
import { z } from "@/lib/platform/zod";

/**
 * The product list's bulk actions, on the same service as POST /api/v2/admin/products/bulk: the
 * permission the chosen action needs is asked of can() on the server (publish and unpublish
 * product:publish, category and price product:update, stock stock:update), the input is checked
 * by the same zod schema, and each product changed gets its audit row in the action's transaction.
 */

const actionName = z.object({ action: z.enum(Object.keys(BULK_ACTIONS) as [keyof typeof BULK_ACTIONS, ...(keyof typeof BULK_ACTIONS)[]], { error: "Choose what to do with the chosen products." }) });

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
};

export async function bulkProductsAction(_previous: ActionResult<BulkResult> | null, form: FormData): Promise<ActionResult<BulkResult>> {
  return staffAction(async () => {
    const { action } = actionInput(actionName, { action: text(form, "action") });
    const [resource, verb] = bulkPermission(action);
    const staff = resource === "stock" ? await requireStaffAction("stock", "update") : await requireStaffAction("product", verb);
    const ids = form.getAll("ids").filter((v): v is string => typeof v === "string");
    const input = actionInput(
      bulkActionSchema,
      bulkInputFromForm({ action, ids, category_id: text(form, "category_id"), by: text(form, "by"), direction: text(form, "direction"), value: text(form, "value"), delta: text(form, "delta"), reason: text(form, "reason") }),
    );
    const result = await runBulkAction(input, staff.actor);
    refresh();
    const message = `${BULK_ACTIONS[action]}: ${result.changed} ${result.changed === 1 ? "product" : "products"} changed${result.skipped.length ? `, ${result.skipped.length} skipped` : ""}.`;
    return { ok: true, message, data: result };
  });
}
