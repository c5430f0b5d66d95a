import "server-only";
import { getDb } from "@/lib/platform/db";

export type SubscribeResult = { created: boolean };

/** Adds an email to the newsletter list; a second signup of the same email creates nothing. */
export async function subscribe(email: string): Promise<SubscribeResult> {
  const { db } = await getDb();
  const inserted = await db
    .insertInto("newsletter_subscribers")
    .values({ email, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column("email").doNothing())
    .returning("id")
    .executeTakeFirst();
  return { created: Boolean(inserted) };
}
