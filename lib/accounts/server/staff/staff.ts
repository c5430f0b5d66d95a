import "server-only";
import { randomBytes } from "node:crypto";
import { audit, type StaffActor } from "@/lib/platform/audit";
import { getConfig } from "@/lib/platform/config";
import { getDb, type Db } from "@/lib/platform/db";
import { writeTransaction } from "@/lib/platform/db/transaction";
import { ApiError } from "@/lib/platform/errors";
import { staffInviteMail } from "@/lib/platform/mail/templates";
import { dispatchSoon, mailEvent, outbox, registerMail } from "@/lib/platform/outbox";
import { CUSTOMER_ROLE, staffRoles, type StaffRole } from "../../access";
import type { InviteInput } from "../../staff-schemas";
import { getAuth } from "../auth/auth";
import { revokeTokensOf } from "./tokens";

/**
 * Staff: the owner invites people by email with a role, changes roles and removes them
 * (docs/operations.md "Back office"). A staff member is a user whose better-auth role column names
 * staff roles. Each change is one transaction with its audit row; an invitation's mail is an
 * outbox event of that transaction (delivered after the commit). Removing someone's role ends
 * their staff sessions and revokes their API tokens in the same transaction; their customer
 * account, if they shop here, stays.
 *
 * The invitation's link sets the password: it is a better-auth reset link (the storefront's
 * /reset-password page, POST /api/v2/auth/password/reset) that lives INVITE_TTL_HOURS. The outbox
 * event carries no secret: the link is made when the mail is rendered, and making it spends the
 * person's earlier links, so only the link of the last mail sent works (docs/decisions/0045).
 */

export const INVITE_TTL_HOURS = 72;

export const STAFF_ADMIN_MESSAGES = {
  notFound: "Staff member not found.",
  alreadyStaff: "This person is on the staff already: change their role instead.",
  deletedAccount: "This email belonged to an account that was deleted; invite another address.",
  lastOwner: "The shop must keep at least one owner: make someone else owner first.",
} as const;

export type StaffMember = {
  id: number;
  name: string;
  email: string;
  role: StaffRole;
  roles: StaffRole[];
  /** invited: no password set yet. */
  status: "invited" | "active";
  two_factor_enabled: boolean;
  created_at: string;
  last_sign_in_at: string | null;
};

const truthy = (v: boolean | number | null | undefined) => v === true || v === 1;

/** Users whose role column names a staff role (customers have "customer" or null). */
const staffRows = (db: Db) => db.selectFrom("users as u").where("u.role", "is not", null).where("u.role", "!=", CUSTOMER_ROLE).where("u.deleted_at", "is", null);

/** GET /admin/staff */
export async function listStaff(): Promise<StaffMember[]> {
  const { db } = await getDb();
  const rows = await staffRows(db)
    .select(["u.id", "u.name", "u.email", "u.role", "u.two_factor_enabled", "u.created_at"])
    .select((eb) => eb.exists(eb.selectFrom("accounts as a").select("a.id").whereRef("a.user_id", "=", "u.id").where("a.provider_id", "=", "credential").where("a.password", "is not", null)).as("has_password"))
    .select((eb) => eb.selectFrom("staff_sign_ins as s").select((e) => e.fn.max("s.created_at").as("at")).whereRef("s.user_id", "=", "u.id").where("s.result", "=", "success").as("last_sign_in_at"))
    .orderBy("u.id")
    .execute();
  return rows
    .map((r) => ({ ...r, roles: staffRoles(r.role) }))
    .filter((r) => r.roles.length > 0)
    .map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      role: r.roles[0] as StaffRole,
      roles: r.roles,
      status: truthy(r.has_password as boolean | number) ? "active" : "invited",
      two_factor_enabled: truthy(r.two_factor_enabled),
      created_at: r.created_at,
      last_sign_in_at: (r.last_sign_in_at as string | null) ?? null,
    }));
}

/** The staff roles of a user, locked for the change (PostgreSQL), or 404 when they have none. */
async function lockStaff(trx: Db, dialect: "sqlite" | "postgres", userId: number): Promise<{ id: number; email: string; role: string | null; roles: StaffRole[] }> {
  let query = trx.selectFrom("users").select(["id", "email", "role"]).where("id", "=", userId).where("deleted_at", "is", null);
  if (dialect === "postgres") query = query.forUpdate();
  const row = await query.executeTakeFirst();
  const roles = staffRoles(row?.role);
  if (!row || roles.length === 0) throw new ApiError(404, STAFF_ADMIN_MESSAGES.notFound);
  return { ...row, roles };
}

/**
 * Refuses a change that would leave no owner. On PostgreSQL the owners are locked first, so two
 * owners demoting each other at once cannot both pass.
 */
async function keepAnOwner(trx: Db, dialect: "sqlite" | "postgres", leaving: number): Promise<void> {
  let owners = trx.selectFrom("users").select(["id", "role"]).where("role", "like", "%owner%").where("deleted_at", "is", null);
  if (dialect === "postgres") owners = owners.orderBy("id").forUpdate();
  const rows = await owners.execute();
  const others = rows.filter((r) => r.id !== leaving && staffRoles(r.role).includes("owner"));
  if (others.length === 0) throw new ApiError(409, STAFF_ADMIN_MESSAGES.lastOwner);
}

type InviteRef = { userId: number; to: string; name: string | null; role: StaffRole; invitedBy: string; expiresAt: string };

/** The invitation mail's outbox event: who, which role, until when; no link (it is made at rendering). */
export const staffInvite = (ref: InviteRef) => mailEvent("staff-invite", ref);

/**
 * A one-time link that sets the user's password, until `expiresAt`: a better-auth reset token
 * (stored hashed), on the storefront's /reset-password page. Earlier links of the user are spent.
 */
export async function setPasswordLink(userId: number, expiresAt: Date): Promise<string> {
  const { db } = await getDb();
  await db.deleteFrom("verifications").where("value", "=", String(userId)).execute();
  const token = randomBytes(24).toString("base64url");
  const context = await (await getAuth()).$context;
  await context.internalAdapter.createVerificationValue({ identifier: `reset-password:${token}`, value: String(userId), expiresAt });
  return `${getConfig().siteUrl}/reset-password?token=${token}`;
}

registerMail("staff-invite", async (ref, brand) => {
  const { userId, to, name, role, invitedBy, expiresAt } = ref as unknown as InviteRef;
  if (typeof userId !== "number" || typeof to !== "string" || typeof expiresAt !== "string") throw new Error(`not a staff invitation: ${JSON.stringify(ref)}`);
  // Past its time the invitation is not sent (the owner sends a new one).
  if (Date.parse(expiresAt) <= Date.now()) return null;
  const link = await setPasswordLink(userId, new Date(expiresAt));
  return staffInviteMail(brand, to, name, invitedBy, role, link, expiresAt);
});

/**
 * POST /admin/staff/invites: makes the person a staff member with the role (a new account, or
 * the shop's customer account of that email) and mails them a link to set their password. Sent
 * again for someone invited who has not set a password yet, with a fresh link.
 */
export async function inviteStaff(actor: StaffActor, input: InviteInput, now = new Date()): Promise<StaffMember> {
  const handle = await getDb();
  const expiresAt = new Date(now.getTime() + INVITE_TTL_HOURS * 3_600_000).toISOString();
  const userId = await writeTransaction(handle, async (trx) => {
    const inviter = await trx.selectFrom("users").select(["name", "email"]).where("id", "=", actor.userId).executeTakeFirst();
    const existing = await trx.selectFrom("users").select(["id", "name", "role", "deleted_at"]).where("email", "=", input.email).executeTakeFirst();
    if (existing?.deleted_at) throw new ApiError(409, STAFF_ADMIN_MESSAGES.deletedAccount);
    const at = now.toISOString();
    let id: number;
    let before: Record<string, unknown> | null = null;
    if (existing) {
      const password = await trx.selectFrom("accounts").select("id").where("user_id", "=", existing.id).where("provider_id", "=", "credential").where("password", "is not", null).executeTakeFirst();
      if (staffRoles(existing.role).length > 0 && password) throw new ApiError(409, STAFF_ADMIN_MESSAGES.alreadyStaff);
      id = existing.id;
      before = { role: existing.role };
      await trx.updateTable("users").set({ role: input.role, updated_at: at }).where("id", "=", id).execute();
    } else {
      const made = await trx
        .insertInto("users")
        .values({
          name: input.name ?? input.email.split("@")[0] ?? input.email,
          email: input.email,
          phone: null,
          avatar: null,
          email_verified: handle.dialect === "postgres" ? false : 0,
          deleted_at: null,
          role: input.role,
          created_at: at,
          updated_at: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      id = made.id;
    }
    await audit(trx, actor, { action: "staff.invite", entityType: "staff", entityId: id, before, after: { email: input.email, role: input.role, expires_at: expiresAt } }, now);
    await outbox.add(trx, staffInvite({ userId: id, to: input.email, name: input.name ?? existing?.name ?? null, role: input.role, invitedBy: inviter?.name || inviter?.email || "The owner", expiresAt }), now);
    return id;
  });
  dispatchSoon();
  const member = (await listStaff()).find((m) => m.id === userId);
  if (!member) throw new Error("the invited staff member is not listed");
  return member;
}

/** PATCH /admin/staff/{id}: another role. Their sessions go on with the new role's permissions (read on every request). */
export async function changeStaffRole(actor: StaffActor, userId: number, role: StaffRole, now = new Date()): Promise<StaffMember> {
  const handle = await getDb();
  await writeTransaction(handle, async (trx) => {
    const current = await lockStaff(trx, handle.dialect, userId);
    if (current.roles.length === 1 && current.roles[0] === role) return;
    if (current.roles.includes("owner") && role !== "owner") await keepAnOwner(trx, handle.dialect, userId);
    await trx.updateTable("users").set({ role, updated_at: now.toISOString() }).where("id", "=", userId).execute();
    await audit(trx, actor, { action: "staff.role", entityType: "staff", entityId: userId, before: { role: current.role }, after: { role } }, now);
  });
  const member = (await listStaff()).find((m) => m.id === userId);
  if (!member) throw new ApiError(404, STAFF_ADMIN_MESSAGES.notFound);
  return member;
}

/**
 * DELETE /admin/staff/{id}: the person is no longer staff. Their staff sessions end and their API
 * tokens are revoked in the same transaction, and a set-password link still out stops working;
 * their account stays (a customer's, if they shop here).
 */
export async function removeStaff(actor: StaffActor, userId: number, now = new Date()): Promise<{ sessionsEnded: number; tokensRevoked: number }> {
  const handle = await getDb();
  return writeTransaction(handle, async (trx) => {
    const current = await lockStaff(trx, handle.dialect, userId);
    if (current.roles.includes("owner")) await keepAnOwner(trx, handle.dialect, userId);
    await trx.updateTable("users").set({ role: CUSTOMER_ROLE, updated_at: now.toISOString() }).where("id", "=", userId).execute();
    const ended = await trx.deleteFrom("sessions").where("user_id", "=", userId).where("staff", "=", 1).executeTakeFirst();
    const tokensRevoked = await revokeTokensOf(trx, userId, actor.userId, now);
    // Reset links (an unaccepted invitation's) and a pending second-factor challenge hold the user id as their value.
    await trx.deleteFrom("verifications").where("value", "=", String(userId)).execute();
    const sessionsEnded = Number(ended.numDeletedRows);
    await audit(trx, actor, { action: "staff.remove", entityType: "staff", entityId: userId, before: { role: current.role }, after: { role: null, sessions_ended: sessionsEnded, tokens_revoked: tokensRevoked } }, now);
    return { sessionsEnded, tokensRevoked };
  });
}

/**
 * `npm run staff:create`: makes (or promotes) a staff member outside the API — the shop's first
 * owner — and answers a one-time link that sets the password. No audit row: there is no staff
 * actor yet; the command prints what it did.
 */
export async function createStaffMember(input: { email: string; name?: string; role: StaffRole }, now = new Date()): Promise<{ userId: number; created: boolean; link: string; expiresAt: string }> {
  const handle = await getDb();
  const result = await writeTransaction(handle, async (trx) => {
    const at = now.toISOString();
    const existing = await trx.selectFrom("users").select(["id", "deleted_at"]).where("email", "=", input.email).executeTakeFirst();
    if (existing?.deleted_at) throw new ApiError(409, STAFF_ADMIN_MESSAGES.deletedAccount);
    if (existing) {
      await trx.updateTable("users").set({ role: input.role, updated_at: at }).where("id", "=", existing.id).execute();
      return { userId: existing.id, created: false };
    }
    const made = await trx
      .insertInto("users")
      .values({ name: input.name ?? input.email.split("@")[0] ?? input.email, email: input.email, phone: null, avatar: null, email_verified: handle.dialect === "postgres" ? false : 0, deleted_at: null, role: input.role, created_at: at, updated_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { userId: made.id, created: true };
  });
  const expiresAt = new Date(now.getTime() + INVITE_TTL_HOURS * 3_600_000);
  const link = await setPasswordLink(result.userId, expiresAt);
  return { ...result, link, expiresAt: expiresAt.toISOString() };
}
