import { z } from "@/lib/platform/zod";

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

export const ADMIN_DELIVERY_TARGETS = ["Confirmed", "Shipped", "Delivered", "Cancelled"] as const;
export const ADMIN_DELIVERY_FILTER = ["Pending", ...ADMIN_DELIVERY_TARGETS] as const;

export const adminOrdersQuery = pageQuery.extend({
  status: z.enum(ADMIN_DELIVERY_FILTER, { error: `status must be one of ${ADMIN_DELIVERY_FILTER.join(", ")}.` }).optional(),
});

export const adminStatusSchema = z.object({
  delivery_status: z.enum(ADMIN_DELIVERY_TARGETS, { error: `delivery_status must be one of ${ADMIN_DELIVERY_TARGETS.join(", ")}.` }),
});

export const adminRefundSchema = z.object({
  decision: z.enum(["Approved", "Rejected", "Refunded"], { error: "decision must be Approved, Rejected or Refunded." }),
});
