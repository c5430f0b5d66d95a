import "server-only";
import { audit, type StaffActor } from "@/lib/platform/audit";
import { getDb, type Db } from "@/lib/platform/db";
import { writeTransaction } from "@/lib/platform/db/transaction";
import { ApiError } from "@/lib/platform/errors";
import { isPermission, permissionsOf, staffRoles, type Permission, type StaffRole } from "../../access";
import type { TokenIssueInput } from "../../staff-schemas";
import { hashToken, insertToken, looksLikeApiToken, TOKEN_PREFIX } from "./token-rows";

/**
 * Personal API tokens (docs/decisions/0044): scripts and integrations call /api/v2/admin/* with
 * `Authorization: Bearer kst_…`. An owner issues one for a staff member with scopes (permission
 * names) and revokes it; the token is shown once and stored as its SHA-256: it is 256 random bits,
 * so there is nothing to guess and no need for a slow hash, and a lookup stays one index probe. A
 * token acts as its holder, within its scopes and its holder's roles of the moment (can()).
 */

export { hashToken, insertToken, looksLikeApiToken, TOKEN_PREFIX };

export type TokenView = {
  id: number;
  user_id: number;
  user_email: string | null;
  name: string;
  prefix: string;
  scopes: Permission[];
  created_by: number | null;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
};

const parseScopes = (text: string): Permission[] => {
  try {
    const list = JSON.parse(text) as unknown;
    return Array.isArray(list) ? list.filter((s): s is Permission => typeof s === "string" && isPermission(s)) : [];
  } catch {
    return [];
  }
};

export const TOKEN_MESSAGES = {
  notStaff: "Tokens are issued to staff members only.",
  beyondRole: (scopes: string[]) => `The holder's role does not allow: ${scopes.join(", ")}.`,
  notFound: "Token not found.",
} as const;

/** POST /admin/tokens: a token for a staff member (the caller by default), scoped within that person's roles. */
export async function issueToken(actor: StaffActor, input: TokenIssueInput, now = new Date()): Promise<TokenView & { token: string }> {
  const handle = await getDb();
  const holderId = input.user_id ?? actor.userId;
  const issued = await writeTransaction(handle, async (trx) => {
    const holder = await trx.selectFrom("users").select(["id", "email", "role"]).where("id", "=", holderId).where("deleted_at", "is", null).executeTakeFirst();
    const roles: StaffRole[] = staffRoles(holder?.role);
    if (!holder || roles.length === 0) throw new ApiError(422, TOKEN_MESSAGES.notStaff, { user_id: [TOKEN_MESSAGES.notStaff] });
    const allowed = new Set(permissionsOf(roles));
    const beyond = input.scopes.filter((s) => !allowed.has(s));
    if (beyond.length) throw new ApiError(422, TOKEN_MESSAGES.beyondRole(beyond), { scopes: [TOKEN_MESSAGES.beyondRole(beyond)] });
    const expiresAt = input.expires_in_days ? new Date(now.getTime() + input.expires_in_days * 86_400_000).toISOString() : null;
    const made = await insertToken(trx, { userId: holder.id, name: input.name, scopes: input.scopes, createdBy: actor.userId, expiresAt }, now);
    await audit(trx, actor, { action: "token.issue", entityType: "token", entityId: made.id, before: null, after: { user_id: holder.id, name: input.name, prefix: made.prefix, scopes: input.scopes, expires_at: expiresAt } }, now);
    return { ...made, holder, expiresAt };
  });
  return {
    id: issued.id,
    token: issued.token,
    user_id: issued.holder.id,
    user_email: issued.holder.email,
    name: input.name,
    prefix: issued.prefix,
    scopes: input.scopes,
    created_by: actor.userId,
    created_at: now.toISOString(),
    expires_at: issued.expiresAt,
    last_used_at: null,
    revoked_at: null,
  };
}

/** DELETE /admin/tokens/{id}: the token stops working at once. Revoking it again changes nothing. */
export async function revokeToken(actor: StaffActor, tokenId: number, now = new Date()): Promise<{ revoked: boolean }> {
  const handle = await getDb();
  return writeTransaction(handle, async (trx) => {
    const row = await trx.selectFrom("api_tokens").select(["id", "user_id", "name", "prefix", "revoked_at"]).where("id", "=", tokenId).executeTakeFirst();
    if (!row) throw new ApiError(404, TOKEN_MESSAGES.notFound);
    if (row.revoked_at) return { revoked: false };
    const at = now.toISOString();
    await trx.updateTable("api_tokens").set({ revoked_at: at, revoked_by: actor.userId }).where("id", "=", tokenId).where("revoked_at", "is", null).execute();
    await audit(trx, actor, { action: "token.revoke", entityType: "token", entityId: tokenId, before: { revoked_at: null }, after: { revoked_at: at, user_id: row.user_id, name: row.name, prefix: row.prefix } }, now);
    return { revoked: true };
  });
}

/** Revokes every live token of a person, in the caller's transaction (their staff role was removed). */
export async function revokeTokensOf(trx: Db, userId: number, by: number, now: Date): Promise<number> {
  const result = await trx.updateTable("api_tokens").set({ revoked_at: now.toISOString(), revoked_by: by }).where("user_id", "=", userId).where("revoked_at", "is", null).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** GET /admin/tokens: every token, newest first, never the token itself. */
export async function listTokens(): Promise<TokenView[]> {
  const { db } = await getDb();
  const rows = await db
    .selectFrom("api_tokens as t")
    .leftJoin("users as u", "u.id", "t.user_id")
    .select(["t.id", "t.user_id", "u.email as user_email", "t.name", "t.prefix", "t.scopes", "t.created_by", "t.created_at", "t.expires_at", "t.last_used_at", "t.revoked_at"])
    .orderBy("t.id", "desc")
    .limit(500)
    .execute();
  return rows.map((r) => ({ ...r, scopes: parseScopes(r.scopes) }));
}

export type TokenHolder = { tokenId: number; userId: number; scopes: Permission[]; roles: StaffRole[] };

/** Marks use at most once a minute, so a busy script does not write on every call. */
const USE_MARK_MS = 60_000;

/**
 * The holder behind a bearer token, or null when it is unknown, revoked, expired, or its holder is
 * no longer staff (or their account was deleted).
 */
export async function tokenHolder(token: string, now = new Date()): Promise<TokenHolder | null> {
  const { db } = await getDb();
  const row = await db
    .selectFrom("api_tokens as t")
    .innerJoin("users as u", "u.id", "t.user_id")
    .select(["t.id", "t.user_id", "t.scopes", "t.expires_at", "t.revoked_at", "t.last_used_at", "u.role", "u.deleted_at"])
    .where("t.token_hash", "=", hashToken(token))
    .executeTakeFirst();
  if (!row || row.revoked_at || row.deleted_at) return null;
  if (row.expires_at && Date.parse(row.expires_at) <= now.getTime()) return null;
  const roles = staffRoles(row.role);
  if (roles.length === 0) return null;
  if (!row.last_used_at || Date.parse(row.last_used_at) < now.getTime() - USE_MARK_MS) {
    await db.updateTable("api_tokens").set({ last_used_at: now.toISOString() }).where("id", "=", row.id).execute();
  }
  return { tokenId: row.id, userId: row.user_id, scopes: parseScopes(row.scopes), roles };
}
