import { requireStaff } from "@/lib/accounts";
import { addOrderNote, orderNotesOf } from "@/lib/orders";
import { orderIdParam, orderNoteSchema } from "@/lib/orders/schemas";
import { ORDER_MESSAGES } from "@/lib/orders/status";
import { ApiError } from "@/lib/platform/errors";
import { staffAnswer } from "../../../../_lib/admin";
import { action, handler, list, parse, readJson } from "../../../../_lib/http";

/** GET /api/v2/admin/orders/{id}/notes: the order's staff notes, newest first (order:read). */
export const GET = handler<{ id: string }>(
  async (request, params) => {
    const staff = await requireStaff(request, "order", "read");
    const { id } = parse(orderIdParam, params);
    const notes = await orderNotesOf(id);
    if (!notes) throw new ApiError(404, ORDER_MESSAGES.notFound);
    return staffAnswer(staff, list(notes));
  },
  { personal: true },
);

/**
 * POST /api/v2/admin/orders/{id}/notes {body}: a staff note on the order, never shown to the
 * customer and never edited (order:read: whoever may see the order may annotate it; decision 0063).
 */
export const POST = handler<{ id: string }>(
  async (request, params) => {
    const staff = await requireStaff(request, "order", "read");
    const { id } = parse(orderIdParam, params);
    const input = await readJson(request, orderNoteSchema);
    const note = await addOrderNote(staff.actor, id, input);
    return staffAnswer(staff, action(true, "Note added.", 201, { note }));
  },
  { personal: true },
);
