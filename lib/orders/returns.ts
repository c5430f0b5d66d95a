import { z } from "@/lib/platform/zod";
import { REFUND_METHOD, REFUND_METHODS } from "./status";

/**
 * Returns (issue 25 point 6, docs/back-office.md "Returns", decision 0061): the pure rules a
 * customer's return request and the staff's steps share with the pages, kept free of the database
 * so they are tested on their own (./returns.test.ts) and client components may import them.
 *
 * A return is one line of a delivered order (some or all of its pieces), asked for by its customer
 * within the return window after delivery, because they changed their mind (`return`) or the item
 * came damaged (`damage`). A made-to-order item is returnable only when damaged. Its states:
 *
 *   requested ──approve──► approved ──dispatch──► in_transit ──receive──► received ──refund──► refunded
 *        └──────decline──► declined      └────────────receive─────────────┘
 *
 * dispatch: a courier pickup booked through the order's shipping provider, or the customer sends it
 * (its AWB recorded when given). receive: restocked through the stock ledger, or written off as
 * damaged; an invoiced order gets its GST credit note then. refund: the refund service (the
 * provider's refund for an online payment, a bank or UPI transfer with its reference otherwise).
 * Every move is a conditional update from the state it starts from, so a double click moves once.
 */

export const RETURN_STATE = { requested: "requested", approved: "approved", declined: "declined", inTransit: "in_transit", received: "received", refunded: "refunded" } as const;
export type ReturnStatus = (typeof RETURN_STATE)[keyof typeof RETURN_STATE];
export const RETURN_STATUSES = Object.values(RETURN_STATE) as [ReturnStatus, ...ReturnStatus[]];

/** What the customer and staff read for each state. */
export const RETURN_STATE_LABELS: Record<ReturnStatus, string> = {
  requested: "Requested",
  approved: "Approved",
  declined: "Declined",
  in_transit: "On its way back",
  received: "Received",
  refunded: "Refunded",
};

/** States that still hold the line's pieces (one open return per line; they count against what may be returned). */
export const OPEN_RETURN_STATES: readonly ReturnStatus[] = [RETURN_STATE.requested, RETURN_STATE.approved, RETURN_STATE.inTransit, RETURN_STATE.received];

export const RETURN_KINDS = ["return", "damage"] as const;
export type ReturnKind = (typeof RETURN_KINDS)[number];
export const RETURN_KIND_LABELS: Record<ReturnKind, string> = { return: "Return", damage: "Damaged item" };

export const RETURN_SEND_METHODS = ["pickup", "customer"] as const;
export type ReturnSendMethod = (typeof RETURN_SEND_METHODS)[number];

export const RETURN_OUTCOMES = ["restock", "write_off"] as const;
export type ReturnOutcome = (typeof RETURN_OUTCOMES)[number];
export const RETURN_OUTCOME_LABELS: Record<ReturnOutcome, string> = { restock: "Restocked", write_off: "Written off as damaged" };

/** The staff steps and the state each leaves from and goes to. */
export const RETURN_MOVES = {
  approve: { from: [RETURN_STATE.requested], to: RETURN_STATE.approved },
  decline: { from: [RETURN_STATE.requested], to: RETURN_STATE.declined },
  dispatch: { from: [RETURN_STATE.approved], to: RETURN_STATE.inTransit },
  receive: { from: [RETURN_STATE.approved, RETURN_STATE.inTransit], to: RETURN_STATE.received },
  refund: { from: [RETURN_STATE.received], to: RETURN_STATE.refunded },
} as const satisfies Record<string, { from: readonly ReturnStatus[]; to: ReturnStatus }>;
export type ReturnMove = keyof typeof RETURN_MOVES;

/** The permission each step needs (lib/accounts/access.ts): deciding and refunding are money matters, the parcel is fulfilment's. */
export const RETURN_MOVE_PERMISSION = {
  approve: ["refund", "update"],
  decline: ["refund", "update"],
  dispatch: ["order", "update"],
  receive: ["order", "update"],
  refund: ["refund", "create"],
} as const satisfies Record<ReturnMove, readonly [string, string]>;

/** Why a move cannot be made from a state; null when it can. */
export function returnMoveRefusal(move: ReturnMove, state: ReturnStatus): string | null {
  if ((RETURN_MOVES[move].from as readonly ReturnStatus[]).includes(state)) return null;
  if (move === "approve" && state === RETURN_STATE.approved) return "This return is approved already.";
  if (move === "decline" && state === RETURN_STATE.declined) return "This return is declined already.";
  return `A return that is ${RETURN_STATE_LABELS[state]} cannot be ${MOVE_PAST[move]}.`;
}

const MOVE_PAST: Record<ReturnMove, string> = { approve: "approved", decline: "declined", dispatch: "sent back", receive: "marked received", refund: "refunded" };

/** The moves staff may make from a state, in the page's order. */
export function returnMoves(state: ReturnStatus): ReturnMove[] {
  return (Object.keys(RETURN_MOVES) as ReturnMove[]).filter((m) => returnMoveRefusal(m, state) === null);
}

/** Days after delivery within which a return may be asked for (spec §9: damaged or defective claims within 7 days). */
export const RETURN_WINDOW_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The last moment a return may be asked for; null when the delivery time is unknown. */
export function returnDeadline(deliveredAt: string | null | undefined, windowDays = RETURN_WINDOW_DAYS): Date | null {
  const at = typeof deliveredAt === "string" ? Date.parse(deliveredAt) : NaN;
  return Number.isFinite(at) ? new Date(at + windowDays * DAY_MS) : null;
}

export const RETURN_MESSAGES = {
  lineNotFound: "Order item not found.",
  notFound: "Return not found.",
  notDelivered: "An item can be returned once it has been delivered.",
  windowClosed: (days: number) => `Returns can be requested within ${days} days of delivery; this order was delivered earlier.`,
  madeToOrder: "This item was made to order: it can be returned only if it arrived damaged. Choose \"Damaged item\" and add a photo.",
  damageNeedsPhoto: "Add at least one photo of the damage.",
  openReturn: "A return of this item is already open.",
  tooMany: (left: number) => (left > 0 ? `At most ${left} of this item can still be returned.` : "Every piece of this item has been returned already."),
  requested: "Your return request is sent. We will write to you with the next step.",
  noPickup: "This order's shipping provider cannot book a return pickup: choose \"The customer sends it\".",
  noShipment: "This order has no shipment with a shipping provider to book a pickup with: choose \"The customer sends it\".",
  nothingPaid: "Nothing was paid for this order, so there is nothing to refund.",
  changed: "The return changed meanwhile. Please reload and try again.",
} as const;

/**
 * Whether a line may be asked back now, and how many of its pieces: a refusal message, or null.
 * `returned`: pieces of the line in other returns not declined; `open`: the line has an open return.
 */
export function returnRefusal(
  line: { delivered: boolean; deliveredAt: string | null; madeToOrder: boolean; quantity: number; returned: number; open: boolean },
  request: { kind: ReturnKind; quantity: number },
  now: Date,
  windowDays = RETURN_WINDOW_DAYS,
): { status: 409 | 422; message: string } | null {
  if (!line.delivered || !line.deliveredAt) return { status: 409, message: RETURN_MESSAGES.notDelivered };
  const deadline = returnDeadline(line.deliveredAt, windowDays);
  if (!deadline || now.getTime() > deadline.getTime()) return { status: 409, message: RETURN_MESSAGES.windowClosed(windowDays) };
  if (line.madeToOrder && request.kind !== "damage") return { status: 422, message: RETURN_MESSAGES.madeToOrder };
  if (line.open) return { status: 409, message: RETURN_MESSAGES.openReturn };
  const left = Math.max(0, line.quantity - line.returned);
  if (request.quantity > left) return { status: 409, message: RETURN_MESSAGES.tooMany(left) };
  return null;
}

/** Photos: up to three, images only (checked by their content on the server), each at most this size. */
/** The file storage's folder of return photos (private: staff read them through the back office). */
export const RETURN_PHOTO_FOLDER = "returns";
export const RETURN_PHOTOS = { maxFiles: 3, maxBytes: 5 * 1024 * 1024, maxSide: 1600 } as const;
export const RETURN_PHOTO_MESSAGES = {
  tooMany: `Add at most ${RETURN_PHOTOS.maxFiles} photos.`,
  tooLarge: `A photo may be at most ${RETURN_PHOTOS.maxBytes / 1024 / 1024} MB.`,
  notImage: "This is not a photo we can use: send a JPEG, PNG, WebP or AVIF image.",
  multipart: 'Send the request as multipart/form-data: order_line_id, kind, quantity, reason and up to three files in "photos".',
} as const;

export const RETURN_REASON_MIN = 10;
export const RETURN_REASON_MAX = 1000;
const REASON_MESSAGE = `Tell us why, in ${RETURN_REASON_MIN} to ${RETURN_REASON_MAX} characters.`;
const wholeFrom1 = (message: string) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message })
    .max(2_147_483_647, { error: message });

/** The customer's request (the multipart form's text fields). */
export const returnRequestSchema = z.object({
  order_line_id: wholeFrom1("order_line_id must be the id of an item of your order."),
  kind: z.enum(RETURN_KINDS, { error: 'kind must be "return" or "damage".' }),
  quantity: wholeFrom1("quantity must be a whole number from 1.").refine((n) => n <= 10_000, { error: "quantity must be a whole number from 1." }),
  reason: z.string({ error: REASON_MESSAGE }).trim().min(RETURN_REASON_MIN, { error: REASON_MESSAGE }).max(RETURN_REASON_MAX, { error: REASON_MESSAGE }),
});
export type ReturnRequestInput = z.output<typeof returnRequestSchema>;

const DECLINE_MESSAGE = "Say why the return is declined, in 5 to 500 characters (the customer reads it).";

/** POST /admin/returns/{id}/decision. */
export const returnDecisionSchema = z
  .object({
    decision: z.enum(["approve", "decline"], { error: 'decision must be "approve" or "decline".' }),
    reason: z.string({ error: DECLINE_MESSAGE }).trim().max(500, { error: DECLINE_MESSAGE }).optional(),
  })
  .strict()
  .refine((v) => v.decision !== "decline" || (v.reason !== undefined && v.reason.length >= 5), { message: DECLINE_MESSAGE, path: ["reason"] });

const AWB_MESSAGE = "The AWB is 4 to 40 letters, digits or dashes.";
/** POST /admin/returns/{id}/dispatch: a pickup through the order's shipping provider, or the customer sends it (its AWB when known). */
export const returnDispatchSchema = z
  .object({
    method: z.enum(RETURN_SEND_METHODS, { error: 'method must be "pickup" or "customer".' }),
    carrier: z.string().trim().max(80, { error: "carrier: at most 80 characters." }).optional(),
    awb: z
      .string({ error: AWB_MESSAGE })
      .trim()
      .regex(/^[A-Za-z0-9-]{4,40}$/, { error: AWB_MESSAGE })
      .optional(),
  })
  .strict();

/** POST /admin/returns/{id}/receive. */
export const returnReceiveSchema = z
  .object({
    outcome: z.enum(RETURN_OUTCOMES, { error: 'outcome must be "restock" or "write_off".' }),
    note: z.string().trim().max(500, { error: "note: at most 500 characters." }).optional(),
  })
  .strict();

const REFERENCE_MESSAGE = "Give the reference of the transfer (its UTR or UPI transaction id), 3 to 100 characters.";
/** POST /admin/returns/{id}/refund (header Idempotency-Key): the return's value goes back, through the provider or the shop's own transfer. */
export const returnRefundSchema = z
  .object({
    method: z.enum(REFUND_METHODS, { error: `method must be one of ${REFUND_METHODS.join(", ")}.` }),
    reference: z.string({ error: REFERENCE_MESSAGE }).trim().min(3, { error: REFERENCE_MESSAGE }).max(100, { error: REFERENCE_MESSAGE }).optional(),
    note: z.string().trim().max(500, { error: "note: at most 500 characters." }).optional(),
  })
  .strict()
  .refine((v) => v.method === REFUND_METHOD.original || v.method === REFUND_METHOD.cash || Boolean(v.reference), { message: REFERENCE_MESSAGE, path: ["reference"] });

/** GET /admin/returns?state=&page=. */
export const returnListQuery = z.object({
  state: z.enum(RETURN_STATUSES, { error: `state must be one of ${RETURN_STATUSES.join(", ")}.` }).optional(),
  page: z
    .string()
    .regex(/^\d{1,6}$/, { error: "The page must be a whole number from 1." })
    .transform(Number)
    .refine((n) => n >= 1, { error: "The page must be a whole number from 1." })
    .optional()
    .transform((n) => n ?? 1),
});

const pathId = (message: string) =>
  z
    .string()
    .regex(/^\d{1,10}$/, { error: message })
    .transform(Number)
    .refine((id) => id >= 1 && id <= 2_147_483_647, { error: message });
export const returnIdParam = z.object({ id: pathId(RETURN_MESSAGES.notFound) });
export const returnPhotoParam = z.object({ id: pathId(RETURN_MESSAGES.notFound), n: z.string().regex(/^[0-2]$/, { error: "Photo not found." }).transform(Number) });

export const RETURNS_PER_PAGE = 25;
