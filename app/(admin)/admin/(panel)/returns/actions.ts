"use server";

import { refresh } from "next/cache";
import { actionInput, requireStaffAction, staffAction } from "@/lib/accounts";
import type { ActionResult } from "@/lib/accounts/admin-nav";
import { decideReturn, dispatchReturn, receiveReturn, refundReturn } from "@/lib/orders";
import { returnDecisionSchema, returnDispatchSchema, returnIdParam, returnReceiveSchema, returnRefundSchema } from "@/lib/orders/returns";
import { formatPaise } from "@/lib/platform/format";

/** A form's text field, or undefined when blank (so an optional field left empty is absent). */
function field(form: FormData, name: string): string | undefined {
  const v = form.get(name);
  return typeof v === "string" && v.trim() !== "" ? v : undefined;
}

const idOf = (form: FormData) => actionInput(returnIdParam, { id: String(form.get("id") ?? "") }).id;

/** Approve or decline a requested return (refund:update): the same service as POST /api/v2/admin/returns/{id}/decision. */
export async function decideReturnAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("refund", "update");
    const id = idOf(form);
    const input = actionInput(returnDecisionSchema, { decision: form.get("decision"), reason: field(form, "reason") });
    await decideReturn(id, input.decision, input.reason ?? null, staff.actor);
    refresh();
    return { ok: true, message: input.decision === "approve" ? "The return is approved." : "The return is declined." };
  });
}

/** A pickup booked with the shipping provider, or the customer sends it (order:update). */
export async function dispatchReturnAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("order", "update");
    const id = idOf(form);
    const input = actionInput(returnDispatchSchema, { method: form.get("method"), carrier: field(form, "carrier"), awb: field(form, "awb") });
    const ret = await dispatchReturn(id, input, staff.actor);
    refresh();
    return { ok: true, message: input.method === "pickup" ? `A pickup is booked${ret.awb ? ` (AWB ${ret.awb})` : ""}.` : "The customer sends the return." };
  });
}

/** The parcel is back: restocked or written off (order:update). */
export async function receiveReturnAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("order", "update");
    const id = idOf(form);
    const input = actionInput(returnReceiveSchema, { outcome: form.get("outcome"), note: field(form, "note") });
    const ret = await receiveReturn(id, input, staff.actor);
    refresh();
    return { ok: true, message: `The return is received and ${input.outcome === "restock" ? "restocked" : "written off"}.${ret.creditNoteId ? " Its credit note is issued." : ""}` };
  });
}

/** The return's value goes back through the refund service (refund:create); one return is one refund. */
export async function refundReturnAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("refund", "create");
    const id = idOf(form);
    const input = actionInput(returnRefundSchema, { method: form.get("method"), reference: field(form, "reference"), note: field(form, "note") });
    const done = await refundReturn(id, { method: input.method, reference: input.reference ?? null, note: input.note ?? null }, staff.actor);
    refresh();
    const r = done.refund.refund;
    return { ok: true, message: r.status === "pending" ? `${formatPaise(r.amount)} is pending with the payment provider.` : `${formatPaise(r.amount)} is refunded.` };
  });
}
