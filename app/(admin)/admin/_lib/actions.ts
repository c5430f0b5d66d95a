"use server";

import { currentStaff } from "@/lib/accounts";
import { z } from "@/lib/platform/zod";
import { adminSearch, type SearchHit } from "./search";

/** What was typed, cut to 100 characters; anything that is not text searches for nothing. */
const searchInput = z.string().trim().max(100).catch("");

/**
 * The search box's live results (a server action: Next.js checks its origin). Any signed-in staff
 * member may search; what each kind of result needs is asked by adminSearch. No session: nothing.
 */
export async function searchAdmin(term: string): Promise<SearchHit[]> {
  const q = searchInput.parse(term);
  const staff = await currentStaff(false);
  if (!staff.ok) return [];
  return adminSearch(staff.principal, q);
}
