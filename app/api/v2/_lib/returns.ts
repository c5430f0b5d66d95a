import type { NextRequest } from "next/server";
import type { ReturnView } from "@/lib/orders";
import { RETURN_KIND_LABELS, RETURN_OUTCOME_LABELS, RETURN_PHOTO_MESSAGES, RETURN_PHOTOS, RETURN_STATE_LABELS, type ReturnRequestInput, returnRequestSchema } from "@/lib/orders/returns";
import { ApiError } from "@/lib/platform/errors";
import { parse, readBytes } from "./http";
import { rupees } from "./present";

/** A return as API v2 answers show it (the customer's and the staff's): money in rupees, labels beside the states. */
export const presentReturn = (r: ReturnView) => ({
  id: r.id,
  order_id: r.orderId,
  order_code: r.orderCode,
  line_id: r.lineId,
  product_name: r.productName,
  variation: r.variation,
  kind: r.kind,
  kind_label: RETURN_KIND_LABELS[r.kind],
  quantity: r.quantity,
  reason: r.reason,
  photos: r.photos,
  state: r.state,
  state_label: RETURN_STATE_LABELS[r.state],
  decline_reason: r.declineReason,
  send_method: r.sendMethod,
  carrier: r.carrier,
  awb: r.awb,
  outcome: r.outcome,
  outcome_label: r.outcome ? RETURN_OUTCOME_LABELS[r.outcome] : null,
  credit_note_id: r.creditNoteId,
  refund_id: r.refundId,
  refunded_amount: r.refunded === null ? null : rupees(r.refunded),
  created_at: r.createdAt,
  decided_at: r.decidedAt,
  sent_at: r.sentAt,
  received_at: r.receivedAt,
  refunded_at: r.refundedAt,
});

/** Every file among the photos may be the whole allowance, plus the text fields. */
const MAX_FORM_BYTES = RETURN_PHOTOS.maxFiles * RETURN_PHOTOS.maxBytes + 256 * 1024;

/**
 * POST /returns: the multipart form's fields checked (422 per field), and up to three photo files
 * as uploaded (more: 422 under `photos`; a body larger than three photos' allowance: 413). The
 * service decodes them once it knows the request may go on (requestReturn).
 */
export async function readReturnForm(request: NextRequest): Promise<{ input: ReturnRequestInput; photos: Buffer[] }> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data")) throw new ApiError(415, RETURN_PHOTO_MESSAGES.multipart);
  const body = await readBytes(request, MAX_FORM_BYTES, RETURN_PHOTO_MESSAGES.tooLarge);
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { "content-type": type } }).formData();
  } catch {
    throw new ApiError(400, "The request could not be read as multipart/form-data.");
  }
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : undefined;
  };
  const input = parse(returnRequestSchema, { order_line_id: text("order_line_id"), kind: text("kind"), quantity: text("quantity"), reason: text("reason") });
  const files = form.getAll("photos").filter((f): f is File => f instanceof Blob && f.size > 0);
  if (files.length > RETURN_PHOTOS.maxFiles) throw new ApiError(422, RETURN_PHOTO_MESSAGES.tooMany, { photos: [RETURN_PHOTO_MESSAGES.tooMany] });
  const photos: Buffer[] = [];
  for (const file of files) photos.push(Buffer.from(await file.arrayBuffer()));
  return { input, photos };
}
