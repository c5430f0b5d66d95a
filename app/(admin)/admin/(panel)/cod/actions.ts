"use server";

import { redirect } from "next/navigation";
import { actionInput, requireStaffAction, staffAction } from "@/lib/accounts";
import type { ActionResult } from "@/lib/accounts/admin-nav";
import { reconcileRemittance } from "@/lib/orders";
import { COD_CSV_LIMITS, COD_MESSAGES, OUTCOME_LABELS, remittanceUploadSchema, verdictMessage } from "@/lib/orders/cod-remittance";
import { ApiError } from "@/lib/platform/errors";
import { formatPaise } from "@/lib/platform/format";

/** A row of the dry run as the form shows it. */
export type PreviewRow = { row: number; awb: string; amount: number; date: string; outcome: string; label: string; message: string };
export type RemittancePreview = { rows: PreviewRow[]; missing: number; overdueDays: number; sameFileAs: number[] };

/**
 * The COD page's upload (remittance:create): the same service as POST
 * /api/v2/admin/cod/remittances. "Check the file" answers every row's outcome and writes nothing;
 * "Reconcile" records it in one transaction (remittance, rows, parcels remitted, audit row) and
 * opens the remittance. A broken file answers each row's errors and nothing is written.
 */
export async function uploadRemittance(_previous: ActionResult<RemittancePreview> | null, form: FormData): Promise<ActionResult<RemittancePreview>> {
  return staffAction<RemittancePreview>(async () => {
    const staff = await requireStaffAction("remittance", "create");
    const file = form.get("file");
    if (!(file instanceof Blob) || file.size === 0) throw new ApiError(422, "Choose the courier's CSV file.", { file: ["Choose the courier's CSV file."] });
    if (file.size > COD_CSV_LIMITS.maxBytes) throw new ApiError(413, COD_MESSAGES.tooLarge, { file: [COD_MESSAGES.tooLarge] });
    const input = actionInput(remittanceUploadSchema, { courier: form.get("courier") ?? undefined, mode: form.get("mode") ?? undefined, file_name: file instanceof File ? file.name : undefined });
    const outcome = await reconcileRemittance({ bytes: new Uint8Array(await file.arrayBuffer()), fileName: input.file_name, courier: input.courier, dryRun: input.mode === "dry_run" }, staff.actor);
    // Recorded: open the remittance (staffAction lets Next's redirect through).
    if (outcome.remittance) redirect(`/admin/cod/remittances/${outcome.remittance.id}?uploaded=1`);
    const rows = outcome.lines.map((l) => ({ row: l.row, awb: l.awb, amount: l.amount, date: l.date, outcome: l.outcome, label: OUTCOME_LABELS[l.outcome], message: verdictMessage(l, formatPaise) }));
    const remitting = outcome.lines.filter((l) => l.outcome === "matched" || l.outcome === "short" || l.outcome === "over").length;
    return { ok: true, message: `Checked, nothing recorded: ${remitting} of ${rows.length} rows would remit a parcel.`, data: { rows, missing: outcome.missing.count, overdueDays: outcome.missing.overdueDays, sameFileAs: outcome.sameFileAs } };
  });
}
