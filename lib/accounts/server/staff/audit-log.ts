import "server-only";
import { csvCell } from "@/lib/platform/csv";
import { getDb, type Db } from "@/lib/platform/db";
import type { AuditQuery, SignInsQuery } from "../../staff-schemas";

/**
 * Reading the audit log and the sign-in records (GET /admin/audit, /admin/audit/export,
 * /admin/sign-ins). Only reads: no code of the app updates or deletes an audit row, and nothing
 * prunes them (kept at least a year; docs/operations.md "Back office"). The writer is
 * lib/platform/audit.ts.
 */

export const AUDIT_PER_PAGE = 50;
const EXPORT_BATCH = 1000;

/** India's offset: a date alone in a filter is that day in India. */
const IST = "+05:30";
const isDateOnly = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);

/** The range's bounds as ISO instants: from inclusive; to inclusive, or the whole day for a date alone. */
export function rangeBounds(from?: string, to?: string): { from?: string; toExclusive?: string; toInclusive?: string } {
  const out: { from?: string; toExclusive?: string; toInclusive?: string } = {};
  if (from) out.from = new Date(isDateOnly(from) ? `${from}T00:00:00${IST}` : from).toISOString();
  if (to) {
    if (isDateOnly(to)) out.toExclusive = new Date(new Date(`${to}T00:00:00${IST}`).getTime() + 86_400_000).toISOString();
    else out.toInclusive = new Date(to).toISOString();
  }
  return out;
}

/** The range as conditions on a timestamp column: `q.where(column, op, at)` for each. */
function rangeConditions(from?: string, to?: string): [">=" | "<" | "<=", string][] {
  const bounds = rangeBounds(from, to);
  const out: [">=" | "<" | "<=", string][] = [];
  if (bounds.from) out.push([">=", bounds.from]);
  if (bounds.toExclusive) out.push(["<", bounds.toExclusive]);
  if (bounds.toInclusive) out.push(["<=", bounds.toInclusive]);
  return out;
}

/** Which page to show of `total` rows, 50 a page (the last one when the page asked for is past it), and its offset. */
function pageOf(total: number, asked: number): { page: number; lastPage: number; offset: number } {
  const lastPage = Math.max(1, Math.ceil(total / AUDIT_PER_PAGE));
  const page = Math.min(asked, lastPage);
  return { page, lastPage, offset: (page - 1) * AUDIT_PER_PAGE };
}

export type AuditRow = {
  id: number;
  created_at: string;
  actor_id: number;
  actor_name: string | null;
  actor_email: string | null;
  actor_kind: string;
  token_id: number | null;
  action: string;
  entity_type: string;
  entity_id: string;
  before: unknown;
  after: unknown;
  ip: string | null;
  user_agent: string | null;
};

const parse = (text: string | null): unknown => {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

function auditQuery(db: Db, filter: Omit<AuditQuery, "page">) {
  let q = db.selectFrom("audit_log as a").leftJoin("users as u", "u.id", "a.actor_id");
  if (filter.actor_id !== undefined) q = q.where("a.actor_id", "=", filter.actor_id);
  if (filter.entity_type) q = q.where("a.entity_type", "=", filter.entity_type);
  if (filter.entity_id) q = q.where("a.entity_id", "=", filter.entity_id);
  if (filter.action) q = q.where("a.action", "=", filter.action);
  for (const [op, at] of rangeConditions(filter.from, filter.to)) q = q.where("a.created_at", op, at);
  return q;
}

const COLUMNS = [
  "a.id",
  "a.created_at",
  "a.actor_id",
  "u.name as actor_name",
  "u.email as actor_email",
  "a.actor_kind",
  "a.token_id",
  "a.action",
  "a.entity_type",
  "a.entity_id",
  "a.before",
  "a.after",
  "a.ip",
  "a.user_agent",
] as const;

/** GET /admin/audit: newest first, 50 a page. */
export async function listAudit(filter: AuditQuery): Promise<{ rows: AuditRow[]; page: number; lastPage: number; total: number; perPage: number }> {
  const { db } = await getDb();
  const total = Number((await auditQuery(db, filter).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  const { page, lastPage, offset } = pageOf(total, filter.page);
  const rows = await auditQuery(db, filter)
    .select([...COLUMNS])
    .orderBy("a.created_at", "desc")
    .orderBy("a.id", "desc")
    .limit(AUDIT_PER_PAGE)
    .offset(offset)
    .execute();
  return { rows: rows.map((r) => ({ ...r, before: parse(r.before), after: parse(r.after) })), page, lastPage, total, perPage: AUDIT_PER_PAGE };
}

/** The cell rule is lib/platform/csv.ts's (shared with the subscriber export). */
export { csvCell };

const CSV_HEADER = ["id", "created_at", "actor_id", "actor_name", "actor_email", "actor_kind", "token_id", "action", "entity_type", "entity_id", "before", "after", "ip", "user_agent"] as const;

/**
 * GET /admin/audit/export: every row the filters keep, newest first, as CSV (UTF-8 with a BOM, so
 * a spreadsheet reads the rupee sign and names right), read 1,000 rows at a time.
 */
export function exportAudit(filter: Omit<AuditQuery, "page">): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let lastId: number | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(`\uFEFF${CSV_HEADER.join(",")}\r\n`));
          return;
        }
        const { db } = await getDb();
        let q = auditQuery(db, filter).select([...COLUMNS]);
        if (lastId !== null) q = q.where("a.id", "<", lastId);
        const rows = await q.orderBy("a.id", "desc").limit(EXPORT_BATCH).execute();
        if (rows.length === 0) {
          controller.close();
          return;
        }
        lastId = rows[rows.length - 1]?.id ?? lastId;
        const lines = rows.map((r) => CSV_HEADER.map((key) => csvCell(r[key])).join(",")).join("\r\n");
        controller.enqueue(encoder.encode(`${lines}\r\n`));
      } catch (error) {
        controller.error(error);
      }
    },
  });
}

export type SignInRow = { id: number; user_id: number | null; email: string; ip: string | null; user_agent: string | null; result: string; created_at: string };

/** GET /admin/sign-ins: every back-office sign-in attempt, newest first, 50 a page. */
export async function listSignIns(filter: SignInsQuery): Promise<{ rows: SignInRow[]; page: number; lastPage: number; total: number; perPage: number }> {
  const { db } = await getDb();
  const base = () => {
    let q = db.selectFrom("staff_sign_ins");
    if (filter.user_id !== undefined) q = q.where("user_id", "=", filter.user_id);
    if (filter.email) q = q.where("email", "=", filter.email);
    if (filter.result) q = q.where("result", "=", filter.result);
    for (const [op, at] of rangeConditions(filter.from, filter.to)) q = q.where("created_at", op, at);
    return q;
  };
  const total = Number((await base().select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  const { page, lastPage, offset } = pageOf(total, filter.page);
  const rows = await base()
    .select(["id", "user_id", "email", "ip", "user_agent", "result", "created_at"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(AUDIT_PER_PAGE)
    .offset(offset)
    .execute();
  return { rows, page, lastPage, total, perPage: AUDIT_PER_PAGE };
}
