import "server-only";
import { getDb } from "@/lib/platform/db";
import { writeTransaction } from "@/lib/platform/db/transaction";
import type { ContactMessage } from "../schemas";

/**
 * Stores a message from the contact page, as typed, and its inbox item (new, nobody's) in the
 * same transaction; answers the message's id.
 */
export async function saveContactMessage(input: ContactMessage): Promise<{ id: number }> {
  const handle = await getDb();
  const at = new Date().toISOString();
  return writeTransaction(handle, async (trx) => {
    const row = await trx
      .insertInto("contact_messages")
      .values({
        name: input.name,
        surname: input.surname,
        email: input.email,
        phone: input.phone,
        subject: input.subject,
        message: input.message,
        created_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx.insertInto("inbox_items").values({ source: "contact", source_id: row.id, kind: "contact", assignee_id: null, created_at: at, updated_at: at }).execute();
    return { id: Number(row.id) };
  });
}
