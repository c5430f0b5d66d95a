import { z } from "@/lib/platform/zod";
import { ORDER_MAIL_KINDS, type OrderMailKind, REFUND_METHODS, type RefundMethod } from "./status";

/**
 * What an order mail says beyond the order itself: the facts of the change it announces, as the
 * code that made the change knew them (shipping, refunds and returns pass them to orderMail()).
 * They travel in the outbox event (a flat record of strings and numbers, ../platform/outbox), so
 * the mail tells what happened then even if the shipment or refund changed since.
 */

/** A parcel on its way: the courier, its air waybill number, the courier's tracking page and its state as said to the shopper. */
export type ShipmentFact = { carrier: string; awb: string; trackingUrl: string | null; status: string | null };

/** A refund processed: how much (paise), how it went back, the provider's or the bank's reference, and the GST credit note it issued (an invoiced order's). */
export type RefundFact = { amount: number; method: RefundMethod; reference: string | null; creditNote?: string | null };

/**
 * The steps of a return the shopper gets a mail about (picked_up: a courier pickup is booked; sent: the
 * shopper sends it). The last step, the refund, is the refund service's own "refund processed" mail
 * (amount, where the money goes, the credit note), so the shopper gets one mail for it, not two.
 */
export const RETURN_STATES = ["requested", "approved", "declined", "picked_up", "sent", "received"] as const;
export type ReturnState = (typeof RETURN_STATES)[number];

/** A return's step: its state, the reason (the shopper's when requested, staff's when declined), and the line it concerns (null: the order). */
export type ReturnFact = { state: ReturnState; reason: string | null; lineId: number | null };

/** The facts an order mail may carry; which one a kind needs is checked by orderMailEvent(). */
export type OrderMailFacts = { shipment?: ShipmentFact; refund?: RefundFact; return?: ReturnFact };

/** The outbox event's ref of an order mail: the order, the kind and the facts, flat. */
export type OrderMailRef = Record<string, string | number | null>;

const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) => z.string().trim().max(max).nullable().default(null);

/** An http(s) URL, or null: a tracking link a mail client can open. */
const httpUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), "must be an http(s) URL");

const refSchema = z
  .object({
    orderId: z.number().int().positive(),
    kind: z.enum(ORDER_MAIL_KINDS as [OrderMailKind, ...OrderMailKind[]]),
    carrier: text(100).optional(),
    awb: text(100).optional(),
    trackingUrl: httpUrl.nullable().optional(),
    shipmentStatus: optionalText(100).optional(),
    refundAmount: z.number().int().positive().optional(),
    refundMethod: z.enum(REFUND_METHODS as [RefundMethod, ...RefundMethod[]]).optional(),
    refundReference: optionalText(200).optional(),
    returnState: z.enum(RETURN_STATES).optional(),
    returnReason: optionalText(1000).optional(),
    returnLineId: z.number().int().positive().nullable().optional(),
  })
  .superRefine((ref, ctx) => {
    if (ref.kind === "refunded" && (ref.refundAmount === undefined || ref.refundMethod === undefined)) ctx.addIssue({ code: "custom", message: "a refund mail needs the refund's amount and method" });
    if (ref.kind === "return" && ref.returnState === undefined) ctx.addIssue({ code: "custom", message: "a return mail needs the return's state" });
    if ((ref.carrier === undefined) !== (ref.awb === undefined)) ctx.addIssue({ code: "custom", message: "a shipment needs both its carrier and its AWB" });
  });

/** The flat ref of an order mail's outbox event; throws (a programming error) when a kind lacks the facts it needs. */
export function encodeOrderMailRef(orderId: number, kind: OrderMailKind, facts: OrderMailFacts = {}): OrderMailRef {
  const ref: OrderMailRef = { orderId, kind };
  if (facts.shipment) Object.assign(ref, { carrier: facts.shipment.carrier, awb: facts.shipment.awb, trackingUrl: facts.shipment.trackingUrl, shipmentStatus: facts.shipment.status });
  if (facts.refund) Object.assign(ref, { refundAmount: facts.refund.amount, refundMethod: facts.refund.method, refundReference: facts.refund.reference });
  if (facts.return) Object.assign(ref, { returnState: facts.return.state, returnReason: facts.return.reason, returnLineId: facts.return.lineId });
  decodeOrderMailRef(ref);
  return ref;
}

/** The order, kind and facts of an outbox event's ref; throws when it is not an order mail's. */
export function decodeOrderMailRef(raw: OrderMailRef): { orderId: number; kind: OrderMailKind; facts: OrderMailFacts } {
  const parsed = refSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`not an order mail: ${JSON.stringify(raw)} (${parsed.error.issues.map((i) => `${i.path.join(".") || "ref"}: ${i.message}`).join("; ")})`);
  const r = parsed.data;
  const facts: OrderMailFacts = {};
  if (r.carrier !== undefined && r.awb !== undefined) facts.shipment = { carrier: r.carrier, awb: r.awb, trackingUrl: r.trackingUrl ?? null, status: r.shipmentStatus ?? null };
  if (r.refundAmount !== undefined && r.refundMethod !== undefined) facts.refund = { amount: r.refundAmount, method: r.refundMethod, reference: r.refundReference ?? null };
  if (r.returnState !== undefined) facts.return = { state: r.returnState, reason: r.returnReason ?? null, lineId: r.returnLineId ?? null };
  return { orderId: r.orderId, kind: r.kind, facts };
}
