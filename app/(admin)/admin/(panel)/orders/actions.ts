"use server";

import { refresh } from "next/cache";
import { actionInput, requireStaffAction, staffAction } from "@/lib/accounts";
import type { ActionResult } from "@/lib/accounts/admin-nav";
import { addOrderNote, creditNotesOf, moveShipment, refundFromAdmin, retryRefund, setDeliveryStatus, shipOrder, shipOrders } from "@/lib/orders";
import { bulkIdsQuery, bulkShipSchema, SHIPMENT_MOVE_LABELS, shipmentIdParam, shipmentMoveSchema, shipSchema } from "@/lib/orders/shipping";
import { adminRefundFormSchema, adminRefundRetrySchema, adminStatusSchema, orderIdParam, orderNoteSchema } from "@/lib/orders/schemas";
import { formatPaise } from "@/lib/platform/format";
import { z } from "@/lib/platform/zod";

const moveInput = z.object({ id: orderIdParam.shape.id, delivery_status: adminStatusSchema.shape.delivery_status });

/**
 * An order's status move from its page (order:update): the same service as POST
 * /api/v2/admin/orders/{id}/status, through the lifecycle's table (a move it does not allow is
 * refused with its message and nothing changes), with its audit row in the same transaction.
 */
export async function moveOrder(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("order", "update");
    const { id, delivery_status } = actionInput(moveInput, { id: String(form.get("id") ?? ""), delivery_status: form.get("delivery_status") });
    const order = await setDeliveryStatus(id, delivery_status, staff.actor);
    refresh();
    return { ok: true, message: `Order ${order.code} is now ${order.delivery_status}.` };
  });
}

/** The pieces the form asks for: every qty_<line id> field above 0. */
function piecesOf(form: FormData): { lineId: number; quantity: number }[] {
  const out: { lineId: number; quantity: number }[] = [];
  for (const [name, value] of form.entries()) {
    const m = /^qty_(\d{1,10})$/.exec(name);
    if (!m || typeof value !== "string" || value.trim() === "" || value.trim() === "0") continue;
    out.push({ lineId: Number(m[1]), quantity: /^\d{1,6}$/.test(value.trim()) ? Number(value.trim()) : -1 });
  }
  return out;
}

/**
 * The Refund form of an order's page (refund:create): the same service as POST
 * /api/v2/admin/orders/{id}/refunds, with the key the page drew the form with, so a double click
 * or a resend is the same refund; never more than was paid (the payment row's conditional update).
 */
export async function refundOrder(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("refund", "create");
    const input = actionInput(adminRefundFormSchema, {
      id: String(form.get("id") ?? ""),
      key: form.get("key"),
      mode: form.get("mode"),
      amount: form.get("amount") ?? undefined,
      lines: form.get("mode") === "lines" ? piecesOf(form) : [],
      method: form.get("method"),
      reference: form.get("reference") ?? undefined,
      note: form.get("note") ?? undefined,
    });
    const request = input.mode === "full" ? ({ kind: "full" } as const) : input.mode === "lines" ? ({ kind: "lines", lines: input.lines } as const) : ({ kind: "amount", amount: input.amount as number } as const);
    const outcome = await refundFromAdmin(input.id, request, { method: input.method, reference: input.reference ?? null, note: input.note ?? null }, input.key, staff.actor);
    const note = (await creditNotesOf(input.id)).find((n) => n.refundId === outcome.refund.id);
    refresh();
    const what = `${formatPaise(outcome.refund.amount)} ${outcome.refund.status === "pending" ? "is pending with the payment provider" : "is refunded"}`;
    return { ok: true, message: `${outcome.replayed ? "Already recorded: " : ""}${what}.${note ? ` Credit note ${note.number} issued.` : ""}` };
  });
}

/** Retry of a pending refund (refund:create): its own idempotency key again, so the provider refunds once. */
export async function retryOrderRefund(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("refund", "create");
    const { id, refund_id } = actionInput(adminRefundRetrySchema, { id: String(form.get("id") ?? ""), refund_id: String(form.get("refund_id") ?? "") });
    const outcome = await retryRefund(id, refund_id, staff.actor);
    refresh();
    return { ok: true, message: `The refund is ${outcome.refund.status}.` };
  });
}

const shipInput = z.object({ id: orderIdParam.shape.id }).and(shipSchema);

/** Ship from the order page (order:update): the provider books the parcel, the order is Shipped (the same service as POST /api/v2/admin/orders/{id}/shipments). */
export async function shipOrderAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("order", "update");
    const text = (name: string) => (typeof form.get(name) === "string" ? String(form.get(name)) : undefined);
    const input = actionInput(shipInput, { id: text("id") ?? "", provider: text("provider"), carrier: text("carrier"), awb: text("awb"), tracking_url: text("tracking_url") });
    const shipment = await shipOrder(input.id, { provider: input.provider, carrier: input.carrier, awb: input.awb, trackingUrl: input.tracking_url ?? null }, staff.actor);
    refresh();
    return { ok: true, message: `Shipped with ${shipment.carrier}, AWB ${shipment.awb ?? "—"}.` };
  });
}

const moveInput2 = z.object({ id: orderIdParam.shape.id, shipment: shipmentIdParam.shape.shipment }).and(shipmentMoveSchema);

/** A shipment's move from the order page (order:update): the sandbox courier's commands, an NDR decision, RTO received. */
export async function moveShipmentAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("order", "update");
    const text = (name: string) => (typeof form.get(name) === "string" ? String(form.get(name)) : undefined);
    const input = actionInput(moveInput2, { id: text("id") ?? "", shipment: text("shipment") ?? "", event: text("event"), note: text("note") });
    const shipment = await moveShipment(input.id, input.shipment, { name: input.event, note: input.note ?? null }, staff.actor);
    refresh();
    return { ok: true, message: `${SHIPMENT_MOVE_LABELS[input.event]}: the shipment is now ${shipment.statusLabel}.` };
  });
}

const bulkShipInput = z.object({ ids: bulkIdsQuery.shape.ids, provider: bulkShipSchema.shape.provider });

/** "Mark shipped" for the orders selected on the list (order:update): each booked with the provider on its own. */
export async function bulkShipAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("order", "update");
    const ids = form.getAll("ids").filter((v): v is string => typeof v === "string");
    const input = actionInput(bulkShipInput, { ids: ids.join(","), provider: form.get("provider") });
    const results = await shipOrders(input.ids, input.provider, staff.actor);
    refresh();
    const failed = results.filter((r) => !r.ok);
    return { ok: failed.length < results.length, message: `${results.length - failed.length} of ${results.length} orders shipped.${failed.length ? ` Not shipped: ${failed.map((f) => `#${f.id} (${f.message})`).join("; ")}` : ""}` };
  });
}

const noteInput = z.object({ id: orderIdParam.shape.id }).and(orderNoteSchema);

/**
 * A staff note from the order page (order:read: whoever may see the order may annotate it,
 * decision 0063): the same service as POST /api/v2/admin/orders/{id}/notes, audited in its
 * transaction, never shown to the customer.
 */
export async function orderNoteAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("order", "read");
    const input = actionInput(noteInput, { id: String(form.get("id") ?? ""), body: typeof form.get("body") === "string" ? form.get("body") : undefined });
    await addOrderNote(staff.actor, input.id, { body: input.body });
    refresh();
    return { ok: true, message: "Note added." };
  });
}
