import "server-only";
import { draftMode } from "next/headers";
import { currentStaff } from "@/lib/accounts";
import { can } from "@/lib/accounts/access";

/**
 * Whether this request shows drafts: Next.js draft mode is on (its cookie, set only by the
 * staff-only /admin/content/preview route) AND the request carries a staff session whose role
 * may read content. The cookie alone shows nothing: a shopper who got hold of it, or a staff
 * member signed out since, sees the shop as everyone does. Pages in draft mode render per request
 * and are never cached (Next bypasses its caches; next.config.ts answers them `private, no-store`).
 */
export async function previewing(): Promise<boolean> {
  if (!(await draftMode()).isEnabled) return false;
  const staff = await currentStaff(false);
  return staff.ok && can(staff.principal, "content", "read");
}
