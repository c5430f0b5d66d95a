import "server-only";
import { audit, type StaffActor } from "@/lib/platform/audit";
import { getDb } from "@/lib/platform/db";
import { writeTransaction } from "@/lib/platform/db/transaction";
import { ApiError } from "@/lib/platform/errors";
import type { OrderNoteInput } from "../schemas";
import { ORDER_MESSAGES } from "../status";

/**
 * Staff notes on an order (docs/back-office.md "Orders", decision 0063): what the team needs to
 * remember about it ("customer called, deliver after 6 pm"), append-only, with author and time.
 * Read only by the back office (its order page, GET /api/v2/admin/orders/{id}/notes); no
 * shopper-facing read touches order_notes. Plain text: pages render it as text, never as HTML.
 */

export type OrderNote = { id: number; order_id: number; body: string; author_id: number; author: string | null; created_at: string };

/** An order's notes, newest first; null when there is no such order. */
export async function orderNotesOf(orderId: number): Promise<OrderNote[] | null> {
  const { db } = await getDb();
  const order = await db.selectFrom("orders").select("id").where("id", "=", orderId).executeTakeFirst();
  if (!order) return null;
  const rows = await db
    .selectFrom("order_notes as n")
    .leftJoin("users as u", "u.id", "n.author_id")
    .select(["n.id", "n.order_id", "n.body", "n.author_id", "u.name as author", "n.created_at"])
    .where("n.order_id", "=", orderId)
    .orderBy("n.id", "desc")
    .execute();
  return rows.map((n) => ({ id: n.id, order_id: n.order_id, body: n.body, author_id: n.author_id, author: n.author ?? null, created_at: n.created_at }));
}

/** Adds a note to an order, with its audit row (order.note) in the same transaction; 404 for no such order. */
export async function addOrderNote(actor: StaffActor, orderId: number, input: OrderNoteInput, now = new Date()): Promise<OrderNote> {
  const handle = await getDb();
  const at = now.toISOString();
  const noteId = await writeTransaction(handle, async (trx) => {
    const order = await trx.selectFrom("orders").select("id").where("id", "=", orderId).executeTakeFirst();
    if (!order) throw new ApiError(404, ORDER_MESSAGES.notFound);
    const note = await trx.insertInto("order_notes").values({ order_id: orderId, author_id: actor.userId, body: input.body, created_at: at }).returning("id").executeTakeFirstOrThrow();
    await audit(trx, actor, { action: "order.note", entityType: "order", entityId: orderId, before: null, after: { note_id: Number(note.id), body: input.body } }, now);
    return Number(note.id);
  });
  const author = await handle.db.selectFrom("users").select("name").where("id", "=", actor.userId).executeTakeFirst();
  return { id: noteId, order_id: orderId, body: input.body, author_id: actor.userId, author: author?.name ?? null, created_at: at };
}
