import "server-only";
import { sql, type Expression, type SqlBool } from "kysely";
import { can, staffRoles } from "@/lib/accounts/access";
import { audit, type StaffActor } from "@/lib/platform/audit";
import { CSV_BOM, csvLine } from "@/lib/platform/csv";
import { getDb, type Db } from "@/lib/platform/db";
import type { InboxKind, InboxSource, InboxStatus } from "@/lib/platform/db/schema";
import { writeTransaction } from "@/lib/platform/db/transaction";
import { ApiError } from "@/lib/platform/errors";
import { inboxReplyMail } from "@/lib/platform/mail/templates";
import { dispatchSoon, mailEvent, outbox, registerMail } from "@/lib/platform/outbox";
import { defaultReplySubject, INBOX_PER_PAGE, SUBSCRIBERS_PER_PAGE, type InboxNoteInput, type InboxQuery, type InboxReplyInput, type InboxUpdateInput, type SubscribersQuery } from "../inbox-schemas";

/**
 * The back office's inbox (docs/operations.md "The inbox", decision 0050): the
 * enquiries and contact messages shoppers send, each an inbox_items row with the staff's status
 * and assignee, append-only notes, and replies sent by mail through the outbox; and the
 * newsletter's subscribers with their CSV export.
 *
 * Called by the admin API routes and (later) the admin pages' server components and actions: the
 * caller has asked can() (inbox:read, inbox:update, inbox:export) and passes the staff member as
 * a StaffActor; every change is one transaction with its audit row. Failures are ApiError (404,
 * 422 with a message per field). What shoppers typed is answered raw: whoever shows it renders it
 * as text.
 */

export const INBOX_MESSAGES = {
  notFound: "Inbox item not found.",
  notAssignable: "Assign it to a staff member whose role can read the inbox (owner, manager or support).",
} as const;

export type InboxPerson = { id: number; name: string; email: string };

/** One enquiry or contact message as staff see it: the shopper's fields as sent, and the staff's state. */
export type InboxItem = {
  id: number;
  source: InboxSource;
  source_id: number;
  kind: InboxKind;
  status: InboxStatus;
  assignee: InboxPerson | null;
  /** The shopper's fields, raw. surname and subject come from the contact page, address from an enquiry. */
  name: string;
  surname: string | null;
  email: string;
  phone: string | null;
  subject: string | null;
  address: string | null;
  message: string | null;
  created_at: string;
  updated_at: string;
  notes_count: number;
  replies_count: number;
};

export type InboxNote = { id: number; author: InboxPerson | null; author_id: number; body: string; created_at: string };
export type InboxReply = { id: number; author: InboxPerson | null; author_id: number; to: string; subject: string; body: string; outbox_event_id: number | null; created_at: string };
export type InboxItemDetail = InboxItem & { notes: InboxNote[]; replies: InboxReply[] };
export type InboxPage = { items: InboxItem[]; page: number; lastPage: number; total: number; perPage: number };

export type Subscriber = { id: number; email: string; created_at: string };
export type SubscriberPage = { items: Subscriber[]; page: number; lastPage: number; total: number; perPage: number };

/* ------------------------------------------------------------------------------------------------
 * Reading
 * ---------------------------------------------------------------------------------------------- */

function itemsQuery(db: Db) {
  return db
    .selectFrom("inbox_items as i")
    .leftJoin("enquiries as e", (j) => j.onRef("e.id", "=", "i.source_id").on("i.source", "=", "enquiry"))
    .leftJoin("contact_messages as c", (j) => j.onRef("c.id", "=", "i.source_id").on("i.source", "=", "contact"))
    .leftJoin("users as a", "a.id", "i.assignee_id");
}

type ItemsQuery = ReturnType<typeof itemsQuery>;

const ITEM_COLUMNS = [
  "i.id",
  "i.source",
  "i.source_id",
  "i.kind",
  "i.status",
  "i.assignee_id",
  "i.created_at",
  "i.updated_at",
  "a.name as assignee_name",
  "a.email as assignee_email",
  "e.name as e_name",
  "e.email as e_email",
  "e.contact as e_contact",
  "e.address as e_address",
  "e.message as e_message",
  "c.name as c_name",
  "c.surname as c_surname",
  "c.email as c_email",
  "c.phone as c_phone",
  "c.subject as c_subject",
  "c.message as c_message",
] as const;

function selectItems(q: ItemsQuery) {
  return q
    .select([...ITEM_COLUMNS])
    .select((eb) => eb.selectFrom("inbox_notes as n").select((x) => x.fn.countAll<number>().as("n")).whereRef("n.item_id", "=", "i.id").as("notes_count"))
    .select((eb) => eb.selectFrom("inbox_replies as r").select((x) => x.fn.countAll<number>().as("n")).whereRef("r.item_id", "=", "i.id").as("replies_count"));
}

type ItemRow = Awaited<ReturnType<ReturnType<typeof selectItems>["executeTakeFirstOrThrow"]>>;

function toItem(r: ItemRow): InboxItem {
  const enquiry = r.source === "enquiry";
  return {
    id: r.id,
    source: r.source,
    source_id: r.source_id,
    kind: r.kind,
    status: r.status,
    assignee: r.assignee_id !== null && r.assignee_name !== null ? { id: r.assignee_id, name: r.assignee_name, email: r.assignee_email ?? "" } : null,
    name: (enquiry ? r.e_name : r.c_name) ?? "",
    surname: enquiry ? null : (r.c_surname ?? null),
    email: (enquiry ? r.e_email : r.c_email) ?? "",
    phone: (enquiry ? r.e_contact : r.c_phone) ?? null,
    subject: enquiry ? null : (r.c_subject ?? null),
    address: enquiry ? (r.e_address ?? null) : null,
    message: (enquiry ? r.e_message : r.c_message) ?? null,
    created_at: r.created_at,
    updated_at: r.updated_at,
    notes_count: Number(r.notes_count ?? 0),
    replies_count: Number(r.replies_count ?? 0),
  };
}

/** A LIKE pattern for `text` anywhere, with the wildcards in it escaped (escape character \). */
const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const likeLower = (column: string, pattern: string) => sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
const likeRaw = (column: string, pattern: string) => sql<SqlBool>`${sql.ref(column)} like ${pattern} escape '\\'`;

function filtered(q: ItemsQuery, filter: Omit<InboxQuery, "page">, me: number): ItemsQuery {
  if (filter.kind) q = q.where("i.kind", "=", filter.kind);
  if (filter.status) q = q.where("i.status", "=", filter.status);
  if (filter.assignee === "none") q = q.where("i.assignee_id", "is", null);
  else if (filter.assignee === "me") q = q.where("i.assignee_id", "=", me);
  else if (filter.assignee !== undefined) q = q.where("i.assignee_id", "=", filter.assignee);
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    const conditions: Expression<SqlBool>[] = ["e.name", "e.email", "c.name", "c.surname", "c.email", "e.contact", "c.phone"].map((col) => likeLower(col, pattern));
    // A phone typed with spaces or a +91: its digits against the digits stored. Only when what was
    // typed is a phone: the digits of an email or a name would match any phone that has them.
    const digits = filter.q.replace(/\D/g, "");
    if (digits.length >= 4 && digits !== filter.q && /^[+\d\s().-]+$/.test(filter.q)) {
      const tail = containsPattern(digits.length > 10 ? digits.slice(-10) : digits);
      conditions.push(likeRaw("e.contact", tail), likeRaw("c.phone", tail));
    }
    q = q.where((eb) => eb.or(conditions));
  }
  return q;
}

/**
 * GET /admin/inbox: enquiries and contact messages, newest first, 25 a page, filtered by kind,
 * status and assignee ("me" is `viewer`) and searched by name, email and phone.
 */
export async function listInbox(viewer: Pick<StaffActor, "userId">, filter: InboxQuery): Promise<InboxPage> {
  const { db } = await getDb();
  const total = Number((await filtered(itemsQuery(db), filter, viewer.userId).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  const lastPage = Math.max(1, Math.ceil(total / INBOX_PER_PAGE));
  const page = Math.min(filter.page, lastPage);
  const rows = await selectItems(filtered(itemsQuery(db), filter, viewer.userId))
    .orderBy("i.created_at", "desc")
    .orderBy("i.id", "desc")
    .limit(INBOX_PER_PAGE)
    .offset((page - 1) * INBOX_PER_PAGE)
    .execute();
  return { items: rows.map(toItem), page, lastPage, total, perPage: INBOX_PER_PAGE };
}

/** How many items are new (the sidebar's count): one count on the status index. */
export async function countNewInbox(): Promise<number> {
  const { db } = await getDb();
  const row = await db.selectFrom("inbox_items").select((eb) => eb.fn.countAll<number>().as("n")).where("status", "=", "new").executeTakeFirstOrThrow();
  return Number(row.n);
}

const person = (id: number | null, name: string | null, email: string | null): InboxPerson | null => (id !== null && name !== null ? { id, name, email: email ?? "" } : null);

/** GET /admin/inbox/{id}: the item with its notes and replies, oldest first. 404 when there is none. */
export async function getInboxItem(id: number): Promise<InboxItemDetail> {
  const { db } = await getDb();
  const row = await selectItems(itemsQuery(db)).where("i.id", "=", id).executeTakeFirst();
  if (!row) throw new ApiError(404, INBOX_MESSAGES.notFound);
  const notes = await db
    .selectFrom("inbox_notes as n")
    .leftJoin("users as u", "u.id", "n.author_id")
    .select(["n.id", "n.author_id", "n.body", "n.created_at", "u.name as author_name", "u.email as author_email"])
    .where("n.item_id", "=", id)
    .orderBy("n.id")
    .execute();
  const replies = await db
    .selectFrom("inbox_replies as r")
    .leftJoin("users as u", "u.id", "r.author_id")
    .select(["r.id", "r.author_id", "r.to_address", "r.subject", "r.body", "r.outbox_event_id", "r.created_at", "u.name as author_name", "u.email as author_email"])
    .where("r.item_id", "=", id)
    .orderBy("r.id")
    .execute();
  return {
    ...toItem(row),
    notes: notes.map((n) => ({ id: n.id, author: person(n.author_id, n.author_name, n.author_email), author_id: n.author_id, body: n.body, created_at: n.created_at })),
    replies: replies.map((r) => ({
      id: r.id,
      author: person(r.author_id, r.author_name, r.author_email),
      author_id: r.author_id,
      to: r.to_address,
      subject: r.subject,
      body: r.body,
      outbox_event_id: r.outbox_event_id,
      created_at: r.created_at,
    })),
  };
}

/** The staff members an item may be assigned to: those whose role can read the inbox, by name. */
export async function listInboxAssignees(): Promise<InboxPerson[]> {
  const { db } = await getDb();
  const rows = await db.selectFrom("users").select(["id", "name", "email", "role"]).where("role", "is not", null).where("role", "!=", "customer").where("deleted_at", "is", null).orderBy("name").orderBy("id").execute();
  return rows.filter((r) => can({ roles: staffRoles(r.role), scopes: null }, "inbox", "read")).map((r) => ({ id: r.id, name: r.name, email: r.email }));
}

/* ------------------------------------------------------------------------------------------------
 * Changing
 * ---------------------------------------------------------------------------------------------- */

type Locked = { id: number; status: InboxStatus; assignee_id: number | null; source: InboxSource; source_id: number; kind: InboxKind };

/** The item, locked for the change on PostgreSQL; 404 when there is none. */
async function lockItem(trx: Db, dialect: "sqlite" | "postgres", id: number): Promise<Locked> {
  let query = trx.selectFrom("inbox_items").select(["id", "status", "assignee_id", "source", "source_id", "kind"]).where("id", "=", id);
  if (dialect === "postgres") query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw new ApiError(404, INBOX_MESSAGES.notFound);
  return row;
}

/** 422 unless `userId` is a staff member (not deleted) whose role can read the inbox. */
async function assertAssignable(trx: Db, userId: number): Promise<void> {
  const user = await trx.selectFrom("users").select(["role", "deleted_at"]).where("id", "=", userId).executeTakeFirst();
  if (!user || user.deleted_at || !can({ roles: staffRoles(user.role), scopes: null }, "inbox", "read")) {
    throw new ApiError(422, INBOX_MESSAGES.notAssignable, { assignee_id: [INBOX_MESSAGES.notAssignable] });
  }
}

/**
 * PATCH /admin/inbox/{id}: a status, an assignee (null: nobody), or both, in one transaction with
 * an audit row for each that changed (inbox.status, inbox.assign). Setting what is there changes
 * nothing and writes no row.
 */
export async function updateInboxItem(actor: StaffActor, id: number, input: InboxUpdateInput, now = new Date()): Promise<InboxItemDetail> {
  const handle = await getDb();
  await writeTransaction(handle, async (trx) => {
    const item = await lockItem(trx, handle.dialect, id);
    const at = now.toISOString();
    if (input.assignee_id !== undefined && input.assignee_id !== item.assignee_id) {
      if (input.assignee_id !== null) await assertAssignable(trx, input.assignee_id);
      await trx.updateTable("inbox_items").set({ assignee_id: input.assignee_id, updated_at: at }).where("id", "=", id).execute();
      await audit(trx, actor, { action: "inbox.assign", entityType: "inbox", entityId: id, before: { assignee_id: item.assignee_id }, after: { assignee_id: input.assignee_id } }, now);
    }
    if (input.status !== undefined && input.status !== item.status) {
      await trx.updateTable("inbox_items").set({ status: input.status, updated_at: at }).where("id", "=", id).execute();
      await audit(trx, actor, { action: "inbox.status", entityType: "inbox", entityId: id, before: { status: item.status }, after: { status: input.status } }, now);
    }
  });
  return getInboxItem(id);
}

/** Sets an item's status (the pages' one-click buttons): updateInboxItem with the status alone. */
export const setInboxStatus = (actor: StaffActor, id: number, status: InboxStatus, now = new Date()) => updateInboxItem(actor, id, { status }, now);

/** Assigns an item (null: nobody): updateInboxItem with the assignee alone. */
export const assignInboxItem = (actor: StaffActor, id: number, assigneeId: number | null, now = new Date()) => updateInboxItem(actor, id, { assignee_id: assigneeId }, now);

/** POST /admin/inbox/{id}/notes: a note, append-only (no route edits or deletes one), with its audit row. */
export async function addInboxNote(actor: StaffActor, id: number, input: InboxNoteInput, now = new Date()): Promise<InboxNote> {
  const handle = await getDb();
  const noteId = await writeTransaction(handle, async (trx) => {
    await lockItem(trx, handle.dialect, id);
    const at = now.toISOString();
    const note = await trx.insertInto("inbox_notes").values({ item_id: id, author_id: actor.userId, body: input.body, created_at: at }).returning("id").executeTakeFirstOrThrow();
    await trx.updateTable("inbox_items").set({ updated_at: at }).where("id", "=", id).execute();
    await audit(trx, actor, { action: "inbox.note", entityType: "inbox", entityId: id, after: { note_id: note.id, body: input.body } }, now);
    return note.id;
  });
  const note = (await getInboxItem(id)).notes.find((n) => n.id === noteId);
  if (!note) throw new Error("the note just written is not there");
  return note;
}

type ReplyRef = { replyId: number };

/** The outbox event that mails reply `replyId` once its transaction has committed. */
const inboxReplyEvent = (ref: ReplyRef) => mailEvent("inbox-reply", ref);

registerMail("inbox-reply", async (ref, brand) => {
  const replyId = (ref as Partial<ReplyRef>).replyId;
  if (typeof replyId !== "number") throw new Error(`not an inbox reply: ${JSON.stringify(ref)}`);
  const { db } = await getDb();
  const reply = await db.selectFrom("inbox_replies").select(["item_id", "to_address", "subject", "body"]).where("id", "=", replyId).executeTakeFirst();
  if (!reply) return null;
  const item = await selectItems(itemsQuery(db)).where("i.id", "=", reply.item_id).executeTakeFirst();
  const shown = item ? toItem(item) : null;
  return inboxReplyMail(brand, reply.to_address, reply.subject, reply.body, shown?.message ? { at: shown.created_at, message: shown.message } : null);
});

export type InboxReplyOutcome = { reply: InboxReply; status: InboxStatus };

/**
 * POST /admin/inbox/{id}/reply: a mail to the address the shopper gave, with the staff's subject
 * (or "Re: …") and text. One transaction writes the reply row, the outbox event that sends it
 * (delivered after the commit, retried by the outbox; the row keeps the event's id), moves a new
 * item to answered, and the audit row (inbox.reply). Other statuses stay as they are.
 */
export async function replyToInboxItem(actor: StaffActor, id: number, input: InboxReplyInput, now = new Date()): Promise<InboxReplyOutcome> {
  const handle = await getDb();
  const outcome = await writeTransaction(handle, async (trx) => {
    const locked = await lockItem(trx, handle.dialect, id);
    const row = await selectItems(itemsQuery(trx)).where("i.id", "=", id).executeTakeFirstOrThrow();
    const item = toItem(row);
    const at = now.toISOString();
    const subject = input.subject ?? defaultReplySubject(item.kind, item.subject);
    const reply = await trx
      .insertInto("inbox_replies")
      .values({ item_id: id, author_id: actor.userId, to_address: item.email, subject, body: input.body, outbox_event_id: null, created_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    const eventId = await outbox.add(trx, inboxReplyEvent({ replyId: reply.id }), now);
    await trx.updateTable("inbox_replies").set({ outbox_event_id: eventId }).where("id", "=", reply.id).execute();
    const status: InboxStatus = locked.status === "new" ? "answered" : locked.status;
    await trx.updateTable("inbox_items").set({ status, updated_at: at }).where("id", "=", id).execute();
    await audit(
      trx,
      actor,
      {
        action: "inbox.reply",
        entityType: "inbox",
        entityId: id,
        before: status === locked.status ? null : { status: locked.status },
        after: { reply_id: reply.id, to: item.email, subject, outbox_event_id: eventId, ...(status === locked.status ? {} : { status }) },
      },
      now,
    );
    return { replyId: reply.id, status };
  });
  dispatchSoon();
  const reply = (await getInboxItem(id)).replies.find((r) => r.id === outcome.replyId);
  if (!reply) throw new Error("the reply just written is not there");
  return { reply, status: outcome.status };
}

/* ------------------------------------------------------------------------------------------------
 * Newsletter subscribers
 * ---------------------------------------------------------------------------------------------- */

function subscribersQuery(db: Db, filter: Omit<SubscribersQuery, "page">) {
  let q = db.selectFrom("newsletter_subscribers");
  if (filter.q) q = q.where(likeLower("email", containsPattern(filter.q)));
  return q;
}

/** GET /admin/subscribers: newest first, 50 a page, searched by email. */
export async function listSubscribers(filter: SubscribersQuery): Promise<SubscriberPage> {
  const { db } = await getDb();
  const total = Number((await subscribersQuery(db, filter).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  const lastPage = Math.max(1, Math.ceil(total / SUBSCRIBERS_PER_PAGE));
  const page = Math.min(filter.page, lastPage);
  const items = await subscribersQuery(db, filter)
    .select(["id", "email", "created_at"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(SUBSCRIBERS_PER_PAGE)
    .offset((page - 1) * SUBSCRIBERS_PER_PAGE)
    .execute();
  return { items, page, lastPage, total, perPage: SUBSCRIBERS_PER_PAGE };
}

const SUBSCRIBER_HEADER = ["id", "email", "subscribed_at"] as const;
const EXPORT_BATCH = 1000;

/**
 * GET /admin/subscribers/export: every subscriber the search keeps, newest first, as CSV (UTF-8
 * with a BOM; a cell a spreadsheet would run as a formula starts with an apostrophe), read 1,000
 * rows at a time.
 */
export function exportSubscribers(filter: Omit<SubscribersQuery, "page">): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let lastId: number | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(`${CSV_BOM}${SUBSCRIBER_HEADER.join(",")}\r\n`));
          return;
        }
        const { db } = await getDb();
        let q = subscribersQuery(db, filter).select(["id", "email", "created_at"]);
        if (lastId !== null) q = q.where("id", "<", lastId);
        const rows = await q.orderBy("id", "desc").limit(EXPORT_BATCH).execute();
        if (rows.length === 0) {
          controller.close();
          return;
        }
        lastId = rows[rows.length - 1]?.id ?? lastId;
        controller.enqueue(encoder.encode(`${rows.map((r) => csvLine([r.id, r.email, r.created_at])).join("\r\n")}\r\n`));
      } catch (error) {
        controller.error(error);
      }
    },
  });
}
