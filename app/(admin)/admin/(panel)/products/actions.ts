"use server";

import { refresh } from "next/cache";
import { actionInput, requireStaffAction, staffAction } from "@/lib/accounts";
import type { ActionResult } from "@/lib/accounts/admin-nav";
import type { StaffPrincipal } from "@/lib/accounts";
import { runBulkAction } from "@/lib/catalog";
import { BULK_ACTIONS, type BulkActionName, bulkActionSchema, bulkInputFromForm, type BulkResult } from "@/lib/catalog/bulk-schemas";
import { z } from "@/lib/platform/zod";

/**
 * The product list's bulk actions, on the same service as POST /api/v2/admin/products/bulk: one
 * server action per permission, each asking can() first (publish and unpublish product:publish,
 * category and price product:update, stock stock:update), the input checked by the same zod
 * schema, and each product changed getting its audit row in the action's transaction.
 */

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
};

const nameOf = (allowed: [BulkActionName, ...BulkActionName[]]) => z.object({ action: z.enum(allowed, { error: `Choose ${allowed.map((a) => BULK_ACTIONS[a].toLowerCase()).join(" or ")}.` }) });

async function run(staff: StaffPrincipal, allowed: [BulkActionName, ...BulkActionName[]], form: FormData): Promise<ActionResult<BulkResult>> {
  const { action } = actionInput(nameOf(allowed), { action: text(form, "action") });
  const ids = form.getAll("ids").filter((v): v is string => typeof v === "string");
  const input = actionInput(
    bulkActionSchema,
    bulkInputFromForm({ action, ids, category_id: text(form, "category_id"), by: text(form, "by"), direction: text(form, "direction"), value: text(form, "value"), delta: text(form, "delta"), reason: text(form, "reason") }),
  );
  const result = await runBulkAction(input, staff.actor);
  refresh();
  const message = `${BULK_ACTIONS[action]}: ${result.changed} ${result.changed === 1 ? "product" : "products"} changed${result.skipped.length ? `, ${result.skipped.length} skipped` : ""}.`;
  return { ok: true, message, data: result };
}

/** Publish or unpublish the chosen products (product:publish). */
export async function bulkPublishAction(_previous: ActionResult<BulkResult> | null, form: FormData): Promise<ActionResult<BulkResult>> {
  return staffAction(async () => {
    const staff = await requireStaffAction("product", "publish");
    return run(staff, ["publish", "unpublish"], form);
  });
}

/** Move the chosen products to a category, or change their prices (product:update). */
export async function bulkUpdateAction(_previous: ActionResult<BulkResult> | null, form: FormData): Promise<ActionResult<BulkResult>> {
  return staffAction(async () => {
    const staff = await requireStaffAction("product", "update");
    return run(staff, ["category", "price"], form);
  });
}

/** Adjust the chosen products' stock with a reason, through the ledger (stock:update). */
export async function bulkStockAction(_previous: ActionResult<BulkResult> | null, form: FormData): Promise<ActionResult<BulkResult>> {
  return staffAction(async () => {
    const staff = await requireStaffAction("stock", "update");
    return run(staff, ["stock"], form);
  });
}
