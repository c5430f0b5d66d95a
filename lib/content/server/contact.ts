import "server-only";
import { getDb } from "@/lib/platform/db";
import type { ContactMessage } from "../schemas";

/** Stores a message from the contact page; answers the new row's id. */
export async function saveContactMessage(input: ContactMessage): Promise<{ id: number }> {
  const { db } = await getDb();
  const row = await db
    .insertInto("contact_messages")
    .values({
      name: input.name,
      surname: input.surname,
      email: input.email,
      phone: input.phone,
      subject: input.subject,
      message: input.message,
      created_at: new Date().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: Number(row.id) };
}
