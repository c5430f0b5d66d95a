import "server-only";
import { getDb } from "@/lib/platform/db";
import { writeTransaction } from "@/lib/platform/db/transaction";
import type { Enquiry, EnquiryFormKind } from "../schemas";

/**
 * Stores a "Get in Touch" enquiry from the gifting, bulk deals or corporate page, as typed, and
 * its inbox item (new, nobody's) in the same transaction.
 */
export async function saveEnquiry(input: Enquiry): Promise<{ id: number }> {
  const handle = await getDb();
  const at = new Date().toISOString();
  return writeTransaction(handle, async (trx) => {
    const row = await trx
      .insertInto("enquiries")
      .values({
        kind: input.kind,
        name: input.name,
        email: input.email,
        contact: input.contact,
        address: input.address,
        message: input.message,
        created_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx.insertInto("inbox_items").values({ source: "enquiry", source_id: row.id, kind: input.kind, assignee_id: null, created_at: at, updated_at: at }).execute();
    return { id: Number(row.id) };
  });
}

/** The team that answers each kind of enquiry, as named in the confirmation message. */
export const ENQUIRY_TEAMS: Record<EnquiryFormKind, string> = {
  gifting: "gifting",
  bulk_deals: "trade sales",
  corporate: "corporate",
};
