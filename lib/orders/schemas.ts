import { z } from "@/lib/platform/zod";
import { DELIVERY, REFUND, REFUND_METHOD, REFUND_METHODS } from "./status";

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

export const adminOrdersQuery = pageQuery.extend({
  status: z.enum(ADMIN_DELIVERY_FILTER, { error: `status must be one of ${ADMIN_DELIVERY_FILTER.join(", ")}.` }).optional(),
  /** refund_due=1: only orders whose payment is due back. */
  refund_due: z
    .enum(["1", "0", "true", "false"], { error: "refund_due must be 1 or 0." })
    .optional()
    .transform((v) => v === "1" || v === "true"),
});

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

/** POST /admin/orders/{id}/refunds. */
export const adminRecordRefundSchema = z
  .object({ amount: refundRupees, ...refundFields, line_id: z.number().int().positive().max(2_147_483_647).optional() })
  .strict()
  .refine(referenceWhereNeeded, { message: REFERENCE_MESSAGE, path: ["reference"] });

/** POST /admin/orders/{id}/refunds/close. */
export const adminCloseRefundSchema = z
  .object({ reason: z.string({ error: "Say why the refund is closed, in 10 to 500 characters." }).trim().min(10, "Say why the refund is closed, in 10 to 500 characters.").max(500, "Say why the refund is closed, in 10 to 500 characters.") })
  .strict();
