import "server-only";
import { sql, type Expression, type SqlBool } from "kysely";
import { notifyStaff } from "@/lib/accounts";
import { audit, type StaffActor } from "@/lib/platform/audit";
import { getDb, type Db } from "@/lib/platform/db";
import { writeTransaction } from "@/lib/platform/db/transaction";
import { ApiError } from "@/lib/platform/errors";
import { noticeMail } from "@/lib/platform/mail/templates";
import { dispatchSoon, mailEvent, outbox, registerMail } from "@/lib/platform/outbox";
import {
  ACKNOWLEDGE_WITHIN_MS,
  GRIEVANCE_STATUS_LABELS,
  GRIEVANCES_PER_PAGE,
  grievanceTicket,
  grievanceTimers,
  mayMoveGrievance,
  RESOLVE_WITHIN_MS,
  type GrievanceFiling,
  type GrievanceNoteInput,
  type GrievanceQuery,
  type GrievanceStatusName,
  type GrievanceTimers,
  type GrievanceUpdateInput,
} from "../grievance-rules";

/**
 * The grievance desk (docs/back-office.md "Grievances", decision 0060): complaints filed on
 * /grievances (POST /api/v2/grievances) with a ticket number, mailed to the complainant; the
 * desk acknowledges them (within 48 hours) and resolves them (within 30 days), each step mailed
 * through the outbox, with notes and replies, and an audit row in the change's transaction. The
 * caller has asked can() (inbox:read to read, inbox:update to change: the people who answer
 * shoppers answer complaints). What complainants typed is answered raw: whoever shows it renders
 * it as text.
 */

export const GRIEVANCE_MESSAGES = {
  notFound: "Grievance not found.",
  filed: (ticket: string) => `Your complaint is registered as ${ticket}. We have mailed you the ticket number; we acknowledge within 48 hours and resolve within 30 days.`,
  moved: (from: string, to: string) => `This grievance is ${from}: it cannot be marked ${to}. Reload the page to see its state.`,
} as const;

export type GrievancePerson = { id: number; name: string };

export type Grievance = {
  id: number;
  ticket: string;
  name: string;
  email: string;
  phone: string | null;
  order_code: string | null;
  /** The order the code names, when it is one of this shop's (for the desk's link). */
  order_id: number | null;
  user_id: number | null;
  message: string;
  status: GrievanceStatusName;
  acknowledged_at: string | null;
  acknowledged_by: GrievancePerson | null;
  resolved_at: string | null;
  resolved_by: GrievancePerson | null;
  resolution: string | null;
  created_at: string;
  updated_at: string;
  timers: GrievanceTimers;
};

export type GrievanceNote = { id: number; kind: "note" | "reply"; body: string; author: GrievancePerson | null; author_id: number; created_at: string };
export type GrievanceDetail = Grievance & { notes: GrievanceNote[] };
export type GrievancePage = { items: Grievance[]; page: number; lastPage: number; total: number; perPage: number };

/* ------------------------------------------------------------------------------------------------
 * Filing
 * ---------------------------------------------------------------------------------------------- */

type MailRef = { grievanceId: number; step: "filed" | "acknowledged" | "resolved" | "reply"; noteId: number | null };
const grievanceMail = (ref: MailRef) => mailEvent("grievance", ref);

/**
 * POST /api/v2/grievances: stores the complaint as typed (the signed-in customer's id with it,
 * when there is one) and mails the ticket number, in one transaction. Answers the ticket.
 */
export async function fileGrievance(input: GrievanceFiling, userId: number | null, now = new Date()): Promise<{ id: number; ticket: string }> {
  const handle = await getDb();
  const at = now.toISOString();
  const id = await writeTransaction(handle, async (trx) => {
    const row = await trx
      .insertInto("grievances")
      .values({ name: input.name, email: input.email, phone: input.phone, order_code: input.order_code, user_id: userId, message: input.message, status: "open", acknowledged_at: null, acknowledged_by: null, resolved_at: null, resolved_by: null, resolution: null, created_at: at, updated_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    const grievanceId = Number(row.id);
    await outbox.add(trx, grievanceMail({ grievanceId, step: "filed", noteId: null }), now);
    const ticket = grievanceTicket(grievanceId, at);
    await notifyStaff(trx, "grievance_filed", { title: `${ticket} from ${input.name}`, detail: input.message.slice(0, 300), path: `/admin/grievances/${grievanceId}` }, now);
    return grievanceId;
  });
  dispatchSoon();
  return { id, ticket: grievanceTicket(id, at) };
}

registerMail("grievance", async (ref, brand) => {
  const { grievanceId, step, noteId } = ref as Partial<MailRef>;
  if (typeof grievanceId !== "number" || typeof step !== "string") throw new Error(`not a grievance mail: ${JSON.stringify(ref)}`);
  const { db } = await getDb();
  const g = await db.selectFrom("grievances").selectAll().where("id", "=", grievanceId).executeTakeFirst();
  if (!g) return null;
  const ticket = grievanceTicket(g.id, g.created_at);
  const note = noteId ? await db.selectFrom("grievance_notes").select("body").where("id", "=", noteId).executeTakeFirst() : undefined;
  switch (step) {
    case "filed":
      return noticeMail(brand, g.email, `Your complaint ${ticket} is registered`, [
        `We have received your complaint. Your ticket number is ${ticket}: quote it whenever you write to us about it.`,
        "Our grievance officer acknowledges it within 48 hours and resolves it within 30 days.",
        `What you wrote: ${g.message}`,
      ], g.name);
    case "acknowledged":
      return noticeMail(brand, g.email, `We are looking into your complaint ${ticket}`, [
        `Our grievance officer has acknowledged your complaint ${ticket}.`,
        ...(note?.body ? [note.body] : []),
        "We resolve it within 30 days of receiving it, and write to you when it is done.",
      ], g.name);
    case "resolved":
      return noticeMail(brand, g.email, `Your complaint ${ticket} is resolved`, [`Your complaint ${ticket} is resolved.`, g.resolution ?? "", "If you are not satisfied, reply to this mail quoting the ticket number."].filter(Boolean), g.name);
    case "reply":
      return note ? noticeMail(brand, g.email, `About your complaint ${ticket}`, [note.body], g.name) : null;
    default:
      throw new Error(`not a grievance mail step: ${step}`);
  }
});

/* ------------------------------------------------------------------------------------------------
 * Reading
 * ---------------------------------------------------------------------------------------------- */

function grievancesQuery(db: Db) {
  return db
    .selectFrom("grievances as g")
    .leftJoin("users as ack", "ack.id", "g.acknowledged_by")
    .leftJoin("users as res", "res.id", "g.resolved_by")
    .leftJoin("orders as o", "o.code", "g.order_code");
}

type GrievancesQuery = ReturnType<typeof grievancesQuery>;

const COLUMNS = [
  "g.id",
  "g.name",
  "g.email",
  "g.phone",
  "g.order_code",
  "g.user_id",
  "g.message",
  "g.status",
  "g.acknowledged_at",
  "g.acknowledged_by",
  "g.resolved_at",
  "g.resolved_by",
  "g.resolution",
  "g.created_at",
  "g.updated_at",
  "ack.name as ack_name",
  "res.name as res_name",
  "o.id as order_id",
] as const;

type Row = Awaited<ReturnType<ReturnType<typeof selectRows>["executeTakeFirstOrThrow"]>>;
const selectRows = (q: GrievancesQuery) => q.select([...COLUMNS]);

const person = (id: number | null, name: string | null): GrievancePerson | null => (id !== null ? { id, name: name ?? `Staff #${id}` } : null);

function toGrievance(r: Row, now: Date): Grievance {
  return {
    id: r.id,
    ticket: grievanceTicket(r.id, r.created_at),
    name: r.name,
    email: r.email,
    phone: r.phone,
    order_code: r.order_code,
    order_id: r.order_id ?? null,
    user_id: r.user_id,
    message: r.message,
    status: r.status,
    acknowledged_at: r.acknowledged_at,
    acknowledged_by: person(r.acknowledged_by, r.ack_name),
    resolved_at: r.resolved_at,
    resolved_by: person(r.resolved_by, r.res_name),
    resolution: r.resolution,
    created_at: r.created_at,
    updated_at: r.updated_at,
    timers: grievanceTimers(r, now),
  };
}

const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filtered(q: GrievancesQuery, filter: Omit<GrievanceQuery, "page">, now: Date): GrievancesQuery {
  if (filter.status) q = q.where("g.status", "=", filter.status);
  if (filter.overdue) {
    // Past the 48 hours and still open, or past the 30 days and not resolved.
    const ackBefore = new Date(now.getTime() - ACKNOWLEDGE_WITHIN_MS).toISOString();
    const resolveBefore = new Date(now.getTime() - RESOLVE_WITHIN_MS).toISOString();
    q = q.where((eb) => eb.or([eb.and([eb("g.status", "=", "open"), eb("g.created_at", "<", ackBefore)]), eb.and([eb("g.status", "!=", "resolved"), eb("g.created_at", "<", resolveBefore)])]));
  }
  if (filter.q) {
    const term = filter.q.trim();
    const pattern = containsPattern(term);
    const conditions: Expression<SqlBool>[] = ["g.name", "g.email", "g.order_code"].map((col) => sql<SqlBool>`lower(${sql.ref(col)}) like ${pattern} escape '\\'`);
    const ticket = /^GR-\d{4}-(\d{1,10})$/i.exec(term);
    if (ticket) conditions.push(sql<SqlBool>`${sql.ref("g.id")} = ${Number(ticket[1])}`);
    const digits = term.replace(/\D/g, "");
    if (digits.length >= 4 && /^[+\d\s().-]+$/.test(term)) conditions.push(sql<SqlBool>`${sql.ref("g.phone")} like ${containsPattern(digits.length > 10 ? digits.slice(-10) : digits)} escape '\\'`);
    q = q.where((eb) => eb.or(conditions));
  }
  return q;
}

/** GET /admin/grievances: oldest waiting first (open, then acknowledged, then resolved, each by receipt), 25 a page. */
export async function listGrievances(filter: GrievanceQuery, now = new Date()): Promise<GrievancePage> {
  const { db } = await getDb();
  const total = Number((await filtered(db.selectFrom("grievances as g"), filter, now).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  const lastPage = Math.max(1, Math.ceil(total / GRIEVANCES_PER_PAGE));
  const page = Math.min(filter.page, lastPage);
  const rows = await selectRows(filtered(grievancesQuery(db), filter, now))
    .orderBy(sql`case ${sql.ref("g.status")} when 'open' then 0 when 'acknowledged' then 1 else 2 end`)
    .orderBy(sql`case when ${sql.ref("g.status")} = 'resolved' then ${sql.ref("g.id")} else -${sql.ref("g.id")} end`, "desc")
    .limit(GRIEVANCES_PER_PAGE)
    .offset((page - 1) * GRIEVANCES_PER_PAGE)
    .execute();
  return { items: rows.map((r) => toGrievance(r, now)), page, lastPage, total, perPage: GRIEVANCES_PER_PAGE };
}

/** Grievances waiting for the desk (open or acknowledged): the admin's count. */
export async function countWaitingGrievances(): Promise<number> {
  const { db } = await getDb();
  const row = await db.selectFrom("grievances").select((eb) => eb.fn.countAll<number>().as("n")).where("status", "in", ["open", "acknowledged"]).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** GET /admin/grievances/{id}: the grievance with its notes and replies, oldest first; 404 when there is none. */
export async function getGrievance(id: number, now = new Date()): Promise<GrievanceDetail> {
  const { db } = await getDb();
  const row = await selectRows(grievancesQuery(db)).where("g.id", "=", id).executeTakeFirst();
  if (!row) throw new ApiError(404, GRIEVANCE_MESSAGES.notFound);
  const notes = await db
    .selectFrom("grievance_notes as n")
    .leftJoin("users as u", "u.id", "n.author_id")
    .select(["n.id", "n.kind", "n.body", "n.author_id", "n.created_at", "u.name as author_name"])
    .where("n.grievance_id", "=", id)
    .orderBy("n.id")
    .execute();
  return {
    ...toGrievance(row, now),
    notes: notes.map((n) => ({ id: n.id, kind: n.kind, body: n.body, author_id: n.author_id, author: n.author_name !== null ? { id: n.author_id, name: n.author_name } : null, created_at: n.created_at })),
  };
}

/* ------------------------------------------------------------------------------------------------
 * Changing
 * ---------------------------------------------------------------------------------------------- */

async function lockGrievance(trx: Db, dialect: "sqlite" | "postgres", id: number) {
  let query = trx.selectFrom("grievances").select(["id", "status", "acknowledged_at", "resolved_at"]).where("id", "=", id);
  if (dialect === "postgres") query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw new ApiError(404, GRIEVANCE_MESSAGES.notFound);
  return row;
}

/**
 * PATCH /admin/grievances/{id}: acknowledged (with an optional message to the complainant) or
 * resolved (with the resolution, mailed). A state the table does not allow from the current one
 * is a 409 and changes nothing (two staff pressing at once: one wins).
 */
export async function updateGrievance(actor: StaffActor, id: number, input: GrievanceUpdateInput, now = new Date()): Promise<GrievanceDetail> {
  const handle = await getDb();
  const at = now.toISOString();
  await writeTransaction(handle, async (trx) => {
    const current = await lockGrievance(trx, handle.dialect, id);
    if (!mayMoveGrievance(current.status, input.status)) throw new ApiError(409, GRIEVANCE_MESSAGES.moved(GRIEVANCE_STATUS_LABELS[current.status].toLowerCase(), GRIEVANCE_STATUS_LABELS[input.status].toLowerCase()));
    const resolved = input.status === "resolved";
    await trx
      .updateTable("grievances")
      .set(resolved ? { status: "resolved", resolved_at: at, resolved_by: actor.userId, resolution: input.message ?? null, updated_at: at } : { status: "acknowledged", acknowledged_at: at, acknowledged_by: actor.userId, updated_at: at })
      .where("id", "=", id)
      .execute();
    let noteId: number | null = null;
    if (input.message) {
      const note = await trx.insertInto("grievance_notes").values({ grievance_id: id, author_id: actor.userId, kind: "reply", body: input.message, created_at: at }).returning("id").executeTakeFirstOrThrow();
      noteId = Number(note.id);
    }
    await audit(trx, actor, { action: `grievance.${resolved ? "resolve" : "acknowledge"}`, entityType: "grievance", entityId: id, before: { status: current.status }, after: { status: input.status, ...(input.message ? { message: input.message.slice(0, 200) } : {}) } }, now);
    await outbox.add(trx, grievanceMail({ grievanceId: id, step: input.status, noteId }), now);
  });
  dispatchSoon();
  return getGrievance(id, now);
}

/** POST /admin/grievances/{id}/notes: a note for the desk, or a reply mailed to the complainant. Append-only. */
export async function addGrievanceNote(actor: StaffActor, id: number, input: GrievanceNoteInput, now = new Date()): Promise<GrievanceNote> {
  const handle = await getDb();
  const at = now.toISOString();
  const kind = input.reply ? "reply" : "note";
  const noteId = await writeTransaction(handle, async (trx) => {
    await lockGrievance(trx, handle.dialect, id);
    const note = await trx.insertInto("grievance_notes").values({ grievance_id: id, author_id: actor.userId, kind, body: input.body, created_at: at }).returning("id").executeTakeFirstOrThrow();
    const noteId = Number(note.id);
    await audit(trx, actor, { action: `grievance.${kind}`, entityType: "grievance", entityId: id, before: null, after: { note_id: noteId, kind } }, now);
    if (kind === "reply") await outbox.add(trx, grievanceMail({ grievanceId: id, step: "reply", noteId }), now);
    return noteId;
  });
  if (kind === "reply") dispatchSoon();
  const detail = await getGrievance(id, now);
  const note = detail.notes.find((n) => n.id === noteId);
  if (!note) throw new Error("the grievance note just written is not there");
  return note;
}
