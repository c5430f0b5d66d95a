import "server-only";
import type { Db } from "./db";

/**
 * The audit log's one writer (docs/operations.md "Back office: roles, first owner, tokens"):
 * every change a staff member makes — by a signed-in session or a personal API token — is an
 * audit_log row written by audit() inside the SAME transaction as the change, so a change that
 * rolls back leaves no row, and a row that cannot be written rolls the change back. Rows are
 * never updated or deleted by the app (no code path here or elsewhere does), and nothing prunes
 * them: they are kept at least a year (the DPDP Rules' minimum for logs).
 *
 * It sits in platform, beside the outbox, because the domains that change things (catalog,
 * orders, accounts) all write it and platform imports no domain.
 */

/** Who made a change: the staff member, and whether through a session or an API token (which one). */
export type StaffActor = {
  userId: number;
  kind: "staff" | "token";
  tokenId: number | null;
  ip: string | null;
  userAgent: string | null;
};

export type AuditEntry = {
  /** What was done, "<entity>.<verb>": product.update, stock.adjust, order.status, refund.record, staff.invite, token.issue, settings.update, ... */
  action: string;
  entityType: string;
  entityId: string | number;
  /** The changed fields as they were, and as they are now (JSON-able); null when there was nothing before (a creation) or after (a removal). */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

const LIMIT = 500;
const clip = (value: string | null) => (value === null ? null : value.slice(0, LIMIT));
const json = (value: Record<string, unknown> | null | undefined) => (value === undefined || value === null ? null : JSON.stringify(value));

/** Writes one audit row in the caller's transaction. */
export async function audit(trx: Db, actor: StaffActor, entry: AuditEntry, now = new Date()): Promise<void> {
  await trx
    .insertInto("audit_log")
    .values({
      actor_id: actor.userId,
      actor_kind: actor.kind,
      token_id: actor.tokenId,
      action: entry.action,
      entity_type: entry.entityType,
      entity_id: String(entry.entityId),
      before: json(entry.before),
      after: json(entry.after),
      ip: clip(actor.ip),
      user_agent: clip(actor.userAgent),
      created_at: now.toISOString(),
    })
    .execute();
}

/**
 * The fields of `after` whose values differ from `before`, as a before/after pair, or null when
 * nothing changed (an edit that sets what was there writes no audit row).
 */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined) continue;
    if (JSON.stringify(before[key] ?? null) === JSON.stringify(value)) continue;
    was[key] = before[key] ?? null;
    now[key] = value;
  }
  return Object.keys(now).length ? { before: was, after: now } : null;
}
