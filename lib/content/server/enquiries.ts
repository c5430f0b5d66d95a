import "server-only";
import { getDb } from "@/lib/platform/db";
import type { Enquiry, EnquiryFormKind } from "../schemas";

/** Stores a "Get in Touch" enquiry from the gifting, bulk deals or corporate page. */
export async function saveEnquiry(input: Enquiry): Promise<{ id: number }> {
  const { db } = await getDb();
  const row = await db
    .insertInto("enquiries")
    .values({
      kind: input.kind,
      name: input.name,
      email: input.email,
      contact: input.contact,
      address: input.address,
      message: input.message,
      created_at: new Date().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: Number(row.id) };
}

/** The team that answers each kind of enquiry, as named in the confirmation message. */
export const ENQUIRY_TEAMS: Record<EnquiryFormKind, string> = {
  gifting: "gifting",
  bulk_deals: "trade sales",
  corporate: "corporate",
};
