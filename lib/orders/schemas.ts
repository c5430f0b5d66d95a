import { z } from "@/lib/platform/zod";
import { AMOUNT_ORDER_MESSAGE, amountFilter, type OrderListQuery } from "./admin-list";
import { DELIVERY, PAYMENT, PAYMENT_TYPE, type PaymentStatus, REFUND, REFUND_METHOD, REFUND_METHODS } from "./status";

/** An id in the path: digits, no larger than the id column holds (PostgreSQL's integer would fail the query). */
const pathId = (message: string) =>
  z
    .string()
    .regex(/^\d{1,10}$/, { error: message })
    .transform(Number)
    .refine((id) => id >= 1 && id <= 2_147_483_647, { error: message });

export const orderIdParam = z.object({ id: pathId("Order not found.") });
export const orderLineIdParam = z.object({ id: pathId("Order item not found.") });

/** ?page=N: a whole number from 1; past the last page the last page is answered. */
export const pageQuery = z.object({
  page: z
    .string()
    .regex(/^\d{1,6}$/, { error: "The page must be a whole number from 1." })
    .transform(Number)
    .refine((n) => n >= 1, { error: "The page must be a whole number from 1." })
    .optional()
    .transform((n) => n ?? 1),
});

export const REFUND_REASON_MIN = 10;
export const REFUND_REASON_MAX = 500;
export const REFUND_REASON_MESSAGE = `Please describe the damage or defect in ${REFUND_REASON_MIN} to ${REFUND_REASON_MAX} characters.`;

/** POST /order/refund-request/{line_id}: why the item is being claimed (kept and shown as plain text). */
export const refundRequestSchema = z.object({
  reason: z
    .string({ error: REFUND_REASON_MESSAGE })
    .trim()
    .min(REFUND_REASON_MIN, { error: REFUND_REASON_MESSAGE })
    .max(REFUND_REASON_MAX, { error: REFUND_REASON_MESSAGE }),
});

export const ADMIN_DELIVERY_TARGETS = [DELIVERY.confirmed, DELIVERY.shipped, DELIVERY.delivered, DELIVERY.cancelled] as const;
export const ADMIN_DELIVERY_FILTER = [DELIVERY.pending, ...ADMIN_DELIVERY_TARGETS, DELIVERY.returned] as const;

/** A query value that is not there, or is empty (`?q=`): left out, as the list's form sends it. */
const blankless = (v: unknown) => (v === "" ? undefined : v);
const ADMIN_PAYMENT_FILTER = Object.values(PAYMENT) as [PaymentStatus, ...PaymentStatus[]];
const day = (name: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${name} is a day, as 2026-11-24.` })
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { error: `${name} is a day, as 2026-11-24.` });

/**
 * GET /admin/orders and /admin/orders/export: the back-office list's filters (lib/orders/admin-list.ts,
 * the same names as /admin/orders' URL), each checked: a bad one is a 422 under its name.
 */
const adminOrderFilters = z
  .object({
    q: z.preprocess(blankless, z.string().trim().min(1).max(100, { error: "q is at most 100 characters." }).optional()),
    status: z.preprocess(blankless, z.enum(ADMIN_DELIVERY_FILTER, { error: `status must be one of ${ADMIN_DELIVERY_FILTER.join(", ")}.` }).optional()),
    payment: z.preprocess(blankless, z.enum(ADMIN_PAYMENT_FILTER, { error: `payment must be one of ${ADMIN_PAYMENT_FILTER.join(", ")}.` }).optional()),
    type: z.preprocess(blankless, z.enum([PAYMENT_TYPE.cod, PAYMENT_TYPE.online], { error: `type must be ${PAYMENT_TYPE.cod} or ${PAYMENT_TYPE.online}.` }).optional()),
    refund: z.preprocess(blankless, z.enum(["due", "requested"], { error: "refund must be due or requested." }).optional()),
    /** refund_due=1: only orders whose payment is due back (the same as refund=due). */
    refund_due: z
      .enum(["1", "0", "true", "false"], { error: "refund_due must be 1 or 0." })
      .optional()
      .transform((v) => v === "1" || v === "true"),
    from: z.preprocess(blankless, day("from").optional()),
    to: z.preprocess(blankless, day("to").optional()),
    min: z.preprocess(blankless, amountFilter("min").optional()),
    max: z.preprocess(blankless, amountFilter("max").optional()),
  })
  .superRefine((v, ctx) => {
    if (v.min !== undefined && v.max !== undefined && v.min > v.max) ctx.addIssue({ code: "custom", path: ["max"], message: AMOUNT_ORDER_MESSAGE });
    if (v.refund_due && v.refund === "requested") ctx.addIssue({ code: "custom", path: ["refund"], message: "refund_due=1 keeps the refunds due: send refund=due or leave one out." });
  });

/** The API's filters as the list's query (paise; refund_due=1 is refund=due). */
export function adminOrderListQuery(v: z.output<typeof adminOrderFilters>, page?: number): OrderListQuery {
  const query: OrderListQuery = {};
  if (v.q) query.q = v.q;
  if (v.status) query.status = v.status;
  if (v.payment) query.payment = v.payment;
  if (v.type) query.type = v.type;
  const refund = v.refund ?? (v.refund_due ? "due" : undefined);
  if (refund) query.refund = refund;
  if (v.from) query.from = v.from;
  if (v.to) query.to = v.to;
  if (v.min !== undefined) query.min = v.min;
  if (v.max !== undefined) query.max = v.max;
  if (page !== undefined) query.page = page;
  return query;
}

export const adminOrdersQuery = z.intersection(pageQuery, adminOrderFilters);
export const adminOrdersExportQuery = adminOrderFilters;

/** POST /admin/orders/{id}/notes {body}: a staff note, plain text, 1 to 2,000 characters (kept as typed, shown as text). */
export const ORDER_NOTE_MAX = 2000;
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
export const orderNoteSchema = z.object({
  body: z
    .string({ error: "Write the note." })
    .trim()
    .min(1, { error: "Write the note." })
    .max(ORDER_NOTE_MAX, { error: `A note is at most ${ORDER_NOTE_MAX.toLocaleString("en-IN")} characters.` })
    .refine((v) => !CONTROL_CHARACTERS.test(v), { error: "The note contains characters that are not allowed." }),
});
export type OrderNoteInput = z.output<typeof orderNoteSchema>;

export const adminStatusSchema = z.object({
  delivery_status: z.enum(ADMIN_DELIVERY_TARGETS, { error: `delivery_status must be one of ${ADMIN_DELIVERY_TARGETS.join(", ")}.` }),
});

const DECISIONS = [REFUND.approved, REFUND.rejected, REFUND.refunded] as const;

/** Rupees with at most two decimals, as every amount of API v2; the services take paise. */
const refundRupees = z
  .number({ error: "amount must be a number of rupees." })
  .positive("amount must be more than 0.")
  .max(10_000_000, "Too large.")
  .multipleOf(0.01, "At most two decimals.")
  .transform((r) => Math.round(r * 100));

const REFERENCE_MESSAGE = "Give the reference of the transfer (its UTR or UPI transaction id), 3 to 100 characters.";
const refundFields = {
  method: z.enum(REFUND_METHODS, { error: `method must be one of ${REFUND_METHODS.join(", ")}.` }),
  reference: z.string({ error: REFERENCE_MESSAGE }).trim().min(3, REFERENCE_MESSAGE).max(100, REFERENCE_MESSAGE).optional(),
  note: z.string().trim().max(500, "note: at most 500 characters.").optional(),
};
/** A bank transfer or a UPI payment is traced by its reference; cash and the provider's refund need none. */
const referenceWhereNeeded = (v: { method: string; reference?: string }) => v.method === REFUND_METHOD.original || v.method === REFUND_METHOD.cash || Boolean(v.reference);

export const adminRefundSchema = z
  .object({
    decision: z.enum(DECISIONS, { error: "decision must be Approved, Rejected or Refunded." }),
    amount: refundRupees.optional(),
    ...refundFields,
    method: refundFields.method.optional(),
  })
  .strict()
  .refine((v) => v.decision !== REFUND.refunded || v.method !== undefined, { message: "A refund needs its method: original, bank_transfer, upi or cash.", path: ["method"] })
  .refine((v) => v.method === undefined || referenceWhereNeeded({ method: v.method, reference: v.reference }), { message: REFERENCE_MESSAGE, path: ["reference"] });

const refundLineId = z.number({ error: "line_id must be an order item's id." }).int().positive().max(2_147_483_647);
const refundPieces = z.array(
  z.object({ line_id: refundLineId, quantity: z.number({ error: "quantity must be a whole number from 1." }).int("quantity must be a whole number from 1.").min(1, "quantity must be a whole number from 1.").max(10_000, "Too many.") }).strict(),
  { error: "lines must be a list of {line_id, quantity}." },
);
const WHAT_MESSAGE = "Say what to refund: an amount, lines (items and quantities), or full: true.";

/**
 * POST /admin/orders/{id}/refunds: exactly one of `amount` (rupees; with `line_id`, the line whose
 * claim it settles), `lines` (items and pieces given back: the amount is what their credit note
 * credits) or `full: true` (all that is left of the payment).
 */
export const adminRecordRefundSchema = z
  .object({
    amount: refundRupees.optional(),
    lines: refundPieces.min(1, WHAT_MESSAGE).max(100, "At most 100 lines.").optional(),
    full: z.literal(true, { error: "full must be true when given." }).optional(),
    ...refundFields,
    line_id: refundLineId.optional(),
  })
  .strict()
  .refine((v) => [v.amount !== undefined, v.lines !== undefined, v.full !== undefined].filter(Boolean).length === 1, { message: WHAT_MESSAGE, path: ["amount"] })
  .refine((v) => v.line_id === undefined || v.amount !== undefined, { message: "line_id goes with an amount.", path: ["line_id"] })
  .refine((v) => !v.lines || new Set(v.lines.map((l) => l.line_id)).size === v.lines.length, { message: "Each item once.", path: ["lines"] })
  .refine(referenceWhereNeeded, { message: REFERENCE_MESSAGE, path: ["reference"] });

/** POST /admin/orders/{id}/refunds/{refundId}/retry. */
export const refundRetryParams = z.object({ id: pathId("Order not found."), refundId: pathId("Refund not found.") });

/** GET /admin/credit-notes/{id}, /credit-note/download/{id}. */
export const creditNoteIdParam = z.object({ id: pathId("Credit note not found.") });

/** POST /admin/orders/{id}/refunds/close. */
export const adminCloseRefundSchema = z
  .object({ reason: z.string({ error: "Say why the refund is closed, in 10 to 500 characters." }).trim().min(10, "Say why the refund is closed, in 10 to 500 characters.").max(500, "Say why the refund is closed, in 10 to 500 characters.") })
  .strict();

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/**
 * The order page's Refund form (server action): `mode` full, lines (pieces per item, from the
 * qty_<line id> fields) or amount (rupees as typed); `key` the idempotency key the page made when
 * it drew the form, so a double click or a resend is one refund.
 */
export const adminRefundFormSchema = z
  .object({
    id: pathId("Order not found."),
    key: z.string({ error: "Reload the page: the form has no refund key." }).regex(/^[A-Za-z0-9_-]{16,64}$/, { error: "Reload the page: the form has no refund key." }),
    mode: z.enum(["full", "lines", "amount"], { error: "Choose what to refund: everything, items or an amount." }),
    amount: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .regex(/^\d{1,8}(\.\d{1,2})?$/, { error: "Give the amount in rupees, for example 499.50." })
        .transform((v) => Math.round(Number(v) * 100))
        .refine((p) => p > 0, { error: "The amount must be more than 0." })
        .optional(),
    ),
    lines: z.array(z.object({ lineId: z.number().int().positive(), quantity: z.number().int().min(1, "quantity must be a whole number from 1.").max(10_000) })),
    method: refundFields.method,
    reference: z.preprocess(blankToUndefined, refundFields.reference),
    note: z.preprocess(blankToUndefined, refundFields.note),
  })
  .refine((v) => v.mode !== "amount" || v.amount !== undefined, { message: "Give the amount to refund, in rupees.", path: ["amount"] })
  .refine((v) => v.mode !== "lines" || v.lines.length > 0, { message: "Give the quantity of at least one item to refund.", path: ["lines"] })
  .refine(referenceWhereNeeded, { message: REFERENCE_MESSAGE, path: ["reference"] });

/** The Retry button of a pending refund. */
export const adminRefundRetrySchema = z.object({ id: pathId("Order not found."), refund_id: pathId("Refund not found.") });
