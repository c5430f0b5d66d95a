import "server-only";
import { sql } from "kysely";
import { getConfig } from "@/lib/platform/config";
import type { Db } from "@/lib/platform/db";
import { noticeMail } from "@/lib/platform/mail/templates";
import { mailEvent, outbox, registerMail } from "@/lib/platform/outbox";
import { can, CUSTOMER_ROLE, staffRoles } from "../../access";
import { isStaffNoticeKind, STAFF_NOTICES, type StaffNoticeKind } from "../../staff-notices";

/**
 * Mails the staff who handle something that just happened (a grievance filed; the seam for new
 * orders, failed payments, refund and return requests): one outbox mail event per staff member
 * whose role allows the notice's permission (can()), written in the caller's transaction, so the
 * mails go out once it commits and never for a change that rolled back. One read of the staff (an
 * index of just them) and two inserts. Answers how many.
 */
export async function notifyStaff(trx: Db, kind: StaffNoticeKind, about: { title: string; detail: string; path: string }, now = new Date()): Promise<number> {
  const notice = STAFF_NOTICES[kind];
  // `role <> 'customer'` written as a literal: it is the partial index users_staff_idx (migration
  // 029), the staff among a million customers, which both databases use only for that very text.
  const rows = await trx.selectFrom("users").select(["id", "email", "role"]).where("role", "is not", null).where("role", "<>", sql.lit(CUSTOMER_ROLE)).where("deleted_at", "is", null).orderBy("id").execute();
  const handlers = rows.filter((r) => can({ roles: staffRoles(r.role), scopes: null }, notice.resource, notice.action as never));
  // Two statements however many they are (outbox.addMails): placing an order pays for it.
  await outbox.addMails(trx, handlers.map((h) => mailEvent("staff-notice", { kind, to: h.email, title: about.title, detail: about.detail, path: about.path })), now);
  return handlers.length;
}

registerMail("staff-notice", async (ref, brand) => {
  const { kind, to, title, detail, path } = ref;
  if (typeof kind !== "string" || !isStaffNoticeKind(kind) || typeof to !== "string" || typeof title !== "string" || typeof path !== "string") throw new Error(`not a staff notice: ${JSON.stringify(ref)}`);
  return noticeMail(brand, to, `${STAFF_NOTICES[kind].label}: ${title}`, [String(detail ?? ""), `Open it in the back office: ${getConfig().siteUrl}${path}`].filter(Boolean));
});
