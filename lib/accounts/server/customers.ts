import "server-only";
import { sql, type Expression, type SqlBool } from "kysely";
import { audit, type StaffActor } from "@/lib/platform/audit";
import { getDb, type Db } from "@/lib/platform/db";
import { writeTransaction } from "@/lib/platform/db/transaction";
import { ApiError } from "@/lib/platform/errors";
import { dispatchSoon } from "@/lib/platform/outbox";
import { CUSTOMER_ROLE } from "../access";
import { CUSTOMERS_PER_PAGE, type CustomerBlockInput, type CustomerNoteInput, type CustomerQuery, type CustomerState } from "../customer-schemas";
import { eraseAccountRows, exportAccount, removeErasedFiles } from "./account";
import { listAddresses, type Address } from "./addresses";
import { getAuth } from "./auth/auth";

/**
 * The back office's customers (docs/back-office.md "Customers", decision 0060): the search box's
 * look-up, the list (search by name, email or phone; orders, spend, last order; sorts and pages),
 * a customer's page (orders, addresses, staff notes, sign-in state) and the actions on an account:
 * a note, the confirmation link again, ending its sessions, blocking and unblocking sign-in, the
 * data export and the erasure on request. A customer is an account without a staff role that has
 * not been erased; staff accounts are managed under Staff. The caller has asked can()
 * (customer:read, :update, :export, :delete); every change is one transaction with its audit row.
 *
 * Blocking uses better-auth's admin plugin's columns (banned, ban_reason): the plugin refuses to
 * open a session for a banned user (lib/accounts/server/auth/flows.ts answers 403), and the
 * block ends the sessions the account has, in its transaction, so nothing it held still works.
 */

export const CUSTOMER_MESSAGES = {
  notFound: "Customer not found.",
  alreadyConfirmed: "This customer has confirmed their email address already.",
  linkSent: (email: string) => `A new confirmation link is on its way to ${email}.`,
  eraseConfirm: "Type the customer's email address exactly to confirm the erasure.",
} as const;

const truthy = (v: boolean | number | null | undefined) => v === true || v === 1;

/* ------------------------------------------------------------------------------------------------
 * The search box
 * ---------------------------------------------------------------------------------------------- */

export type CustomerMatch = { id: number; name: string; email: string; phone: string | null };

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Customers whose name, email or phone holds the term (a phone by its last 10 digits), or null when it holds nothing to search by. */
function searchCondition(term: string): Expression<SqlBool> {
  const like = `%${escapeLike(term.toLowerCase())}%`;
  const digits = term.replace(/\D/g, "");
  const byPhone = digits.length >= 4 ? sql<SqlBool>`or u.phone like ${`%${digits.slice(-10)}%`}` : sql<SqlBool>``;
  return sql<SqlBool>`(lower(u.name) like ${like} escape '\\' or lower(u.email) like ${like} escape '\\' ${byPhone})`;
}

/** Accounts that are customers: not erased, without a staff role. */
const customers = (db: Db) =>
  db
    .selectFrom("users as u")
    .where("u.deleted_at", "is", null)
    .where((eb) => eb.or([eb("u.role", "is", null), eb("u.role", "=", CUSTOMER_ROLE)]));

export async function findCustomers(term: string, limit = 6): Promise<CustomerMatch[]> {
  const { db } = await getDb();
  return customers(db).select(["u.id", "u.name", "u.email", "u.phone"]).where(searchCondition(term)).orderBy("u.id", "desc").limit(limit).execute();
}

/* ------------------------------------------------------------------------------------------------
 * The list
 * ---------------------------------------------------------------------------------------------- */

export type CustomerFigures = { orders: number; spend: number; last_order_at: string | null };

export type CustomerRow = {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  state: CustomerState;
  created_at: string;
} & CustomerFigures;

export type CustomerPage = { items: CustomerRow[]; page: number; lastPage: number; total: number; perPage: number };

function stateOf(u: { banned: boolean | number | null; email_verified: boolean | number }): CustomerState {
  if (truthy(u.banned)) return "blocked";
  return truthy(u.email_verified) ? "active" : "unconfirmed";
}

/**
 * Orders per customer: their number, what the paid ones came to (integer paise), and the latest
 * order's time. Spend counts orders whose payment is Paid (not refunded ones, not unpaid ones).
 */
const figuresQuery = (db: Db) =>
  db
    .selectFrom("orders as o")
    .select((eb) => [
      "o.user_id",
      eb.fn.countAll<number>().as("orders"),
      sql<number>`coalesce(sum(case when ${sql.ref("o.payment_status")} = 'Paid' then ${sql.ref("o.grand_total")} else 0 end), 0)`.as("spend"),
      eb.fn.max("o.created_at").as("last_order_at"),
    ])
    .groupBy("o.user_id");

function filtered(db: Db, filter: Omit<CustomerQuery, "page" | "sort">) {
  let q = customers(db);
  if (filter.q) q = q.where(searchCondition(filter.q));
  if (filter.state === "blocked") q = q.where(sql<SqlBool>`${sql.ref("u.banned")} = ${sql.lit(true)}`);
  else if (filter.state) {
    q = q.where(sql<SqlBool>`coalesce(${sql.ref("u.banned")}, ${sql.lit(false)}) = ${sql.lit(false)}`);
    q = q.where(sql<SqlBool>`${sql.ref("u.email_verified")} = ${sql.lit(filter.state === "active")}`);
  }
  return q;
}

/**
 * GET /admin/customers: 25 a page. The account sorts (newest, oldest, name) read one page of
 * accounts and then the order figures of those 25 only (the orders_user_idx index); the figure
 * sorts (orders, spend, latest order) group the orders of the customers that match first.
 */
export async function listCustomers(filter: CustomerQuery): Promise<CustomerPage> {
  // SQLite keeps booleans as 0/1 and reads TRUE and FALSE as 1 and 0: the same SQL serves both.
  const { db } = await getDb();
  const total = Number((await filtered(db, filter).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  const lastPage = Math.max(1, Math.ceil(total / CUSTOMERS_PER_PAGE));
  const page = Math.min(filter.page, lastPage);
  const offset = (page - 1) * CUSTOMERS_PER_PAGE;
  const columns = ["u.id", "u.name", "u.email", "u.phone", "u.banned", "u.email_verified", "u.created_at"] as const;
  let rows: { id: number; name: string; email: string; phone: string | null; banned: boolean | number | null; email_verified: boolean | number; created_at: string; orders?: number | null; spend?: number | null; last_order_at?: string | null }[];
  if (filter.sort === "orders" || filter.sort === "spend" || filter.sort === "last_order") {
    const key = filter.sort === "last_order" ? "f.last_order_at" : `f.${filter.sort}`;
    rows = await filtered(db, filter)
      .leftJoin(figuresQuery(db).as("f"), "f.user_id", "u.id")
      .select([...columns, "f.orders", "f.spend", "f.last_order_at"])
      .orderBy(sql`${sql.ref(key)} is null`)
      .orderBy(sql.ref(key), "desc")
      .orderBy("u.id", "desc")
      .limit(CUSTOMERS_PER_PAGE)
      .offset(offset)
      .execute();
  } else {
    let q = filtered(db, filter).select([...columns]);
    q = filter.sort === "name" ? q.orderBy(sql`lower(${sql.ref("u.name")})`).orderBy("u.id") : filter.sort === "oldest" ? q.orderBy("u.id") : q.orderBy("u.id", "desc");
    const accounts = await q.limit(CUSTOMERS_PER_PAGE).offset(offset).execute();
    const ids = accounts.map((a) => a.id);
    const figures = ids.length ? await figuresQuery(db).where("o.user_id", "in", ids).execute() : [];
    const byUser = new Map(figures.map((f) => [f.user_id, f]));
    rows = accounts.map((a) => ({ ...a, ...(byUser.get(a.id) ?? {}) }));
  }
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      phone: r.phone,
      state: stateOf(r),
      created_at: r.created_at,
      orders: Number(r.orders ?? 0),
      spend: Number(r.spend ?? 0),
      last_order_at: (r.last_order_at as string | null | undefined) ?? null,
    })),
    page,
    lastPage,
    total,
    perPage: CUSTOMERS_PER_PAGE,
  };
}

/* ------------------------------------------------------------------------------------------------
 * One customer
 * ---------------------------------------------------------------------------------------------- */

export type CustomerNote = { id: number; body: string; author_id: number; author: string | null; created_at: string };
export type CustomerOrder = { id: number; code: string; created_at: string; delivery_status: string; payment_status: string; payment_type: string; grand_total: number };

export type CustomerDetail = CustomerRow & {
  avatar: string | null;
  email_verified: boolean;
  blocked_reason: string | null;
  has_password: boolean;
  /** Sessions of the account that have not expired (on the storefront and its apps). */
  sessions: number;
  last_seen_at: string | null;
  addresses: Address[];
  orders_list: CustomerOrder[];
  notes: CustomerNote[];
};

/** The customer's row, or 404 (an erased account, a staff member's, or none). */
async function customerRow(db: Db, id: number) {
  const row = await customers(db).select(["u.id", "u.name", "u.email", "u.phone", "u.avatar", "u.banned", "u.ban_reason", "u.email_verified", "u.created_at"]).where("u.id", "=", id).executeTakeFirst();
  if (!row) throw new ApiError(404, CUSTOMER_MESSAGES.notFound);
  return row;
}

/** GET /admin/customers/{id}: the account, its sign-in state, orders (latest 50), addresses and notes. */
export async function getCustomer(id: number, now = new Date()): Promise<CustomerDetail> {
  const { db } = await getDb();
  const row = await customerRow(db, id);
  const [figures, orders, addresses, notes, sessions, password] = await Promise.all([
    figuresQuery(db).where("o.user_id", "=", id).executeTakeFirst(),
    db.selectFrom("orders").select(["id", "code", "created_at", "delivery_status", "payment_status", "payment_type", "grand_total"]).where("user_id", "=", id).orderBy("created_at", "desc").orderBy("id", "desc").limit(50).execute(),
    listAddresses(id),
    db
      .selectFrom("customer_notes as n")
      .leftJoin("users as a", "a.id", "n.author_id")
      .select(["n.id", "n.body", "n.author_id", "n.created_at", "a.name as author"])
      .where("n.user_id", "=", id)
      .orderBy("n.id", "desc")
      .execute(),
    db
      .selectFrom("sessions")
      .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.max("updated_at").as("last")])
      .where("user_id", "=", id)
      .where("expires_at", ">", now.toISOString())
      .executeTakeFirstOrThrow(),
    db.selectFrom("accounts").select("id").where("user_id", "=", id).where("provider_id", "=", "credential").where("password", "is not", null).executeTakeFirst(),
  ]);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    avatar: row.avatar,
    state: stateOf(row),
    email_verified: truthy(row.email_verified),
    blocked_reason: truthy(row.banned) ? row.ban_reason : null,
    has_password: Boolean(password),
    created_at: row.created_at,
    orders: Number(figures?.orders ?? 0),
    spend: Number(figures?.spend ?? 0),
    last_order_at: (figures?.last_order_at as string | null | undefined) ?? null,
    sessions: Number(sessions.n),
    last_seen_at: (sessions.last as string | null) ?? null,
    addresses,
    orders_list: orders.map((o) => ({ ...o, grand_total: Number(o.grand_total) })),
    notes: notes.map((n) => ({ id: n.id, body: n.body, author_id: n.author_id, author: n.author ?? null, created_at: n.created_at })),
  };
}

/* ------------------------------------------------------------------------------------------------
 * Actions
 * ---------------------------------------------------------------------------------------------- */

/** Locks the customer's row for the change (PostgreSQL), or 404. */
async function lockCustomer(trx: Db, dialect: "sqlite" | "postgres", id: number) {
  let q = customers(trx).select(["u.id", "u.name", "u.email", "u.avatar", "u.banned", "u.ban_reason", "u.email_verified"]).where("u.id", "=", id);
  if (dialect === "postgres") q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw new ApiError(404, CUSTOMER_MESSAGES.notFound);
  return row;
}

/** POST /admin/customers/{id}/notes: a staff note, append-only. */
export async function addCustomerNote(actor: StaffActor, id: number, input: CustomerNoteInput, now = new Date()): Promise<CustomerNote> {
  const handle = await getDb();
  const at = now.toISOString();
  const noteId = await writeTransaction(handle, async (trx) => {
    await lockCustomer(trx, handle.dialect, id);
    const note = await trx.insertInto("customer_notes").values({ user_id: id, author_id: actor.userId, body: input.body, created_at: at }).returning("id").executeTakeFirstOrThrow();
    await audit(trx, actor, { action: "customer.note", entityType: "customer", entityId: id, before: null, after: { note_id: Number(note.id) } }, now);
    return Number(note.id);
  });
  const author = await handle.db.selectFrom("users").select("name").where("id", "=", actor.userId).executeTakeFirst();
  return { id: noteId, body: input.body, author_id: actor.userId, author: author?.name ?? null, created_at: at };
}

/**
 * POST /admin/customers/{id}/confirmation: mails the customer a new confirmation link (an account
 * whose email is not confirmed yet; 409 otherwise). The link is better-auth's and goes straight
 * out, as the sign-up's does (decision 0042); the audit row is written first.
 */
export async function resendConfirmation(actor: StaffActor, id: number, now = new Date()): Promise<string> {
  const handle = await getDb();
  const email = await writeTransaction(handle, async (trx) => {
    const row = await lockCustomer(trx, handle.dialect, id);
    if (truthy(row.email_verified)) throw new ApiError(409, CUSTOMER_MESSAGES.alreadyConfirmed);
    await audit(trx, actor, { action: "customer.confirmation", entityType: "customer", entityId: id, before: null, after: { sent_to: row.email } }, now);
    return row.email;
  });
  const auth = await getAuth();
  await auth.api.sendVerificationEmail({ body: { email } });
  return CUSTOMER_MESSAGES.linkSent(email);
}

/** POST /admin/customers/{id}/sessions/end: every session of the account ends (it signs in again). */
export async function endCustomerSessions(actor: StaffActor, id: number, now = new Date()): Promise<number> {
  const handle = await getDb();
  return writeTransaction(handle, async (trx) => {
    await lockCustomer(trx, handle.dialect, id);
    const ended = Number((await trx.deleteFrom("sessions").where("user_id", "=", id).executeTakeFirst()).numDeletedRows);
    await audit(trx, actor, { action: "customer.sessions_end", entityType: "customer", entityId: id, before: null, after: { sessions_ended: ended } }, now);
    return ended;
  });
}

/**
 * POST /admin/customers/{id}/block: blocks sign-in (with the reason) and ends every session, or
 * allows sign-in again. Setting what is already so writes nothing.
 */
export async function setCustomerBlocked(actor: StaffActor, id: number, input: CustomerBlockInput, now = new Date()): Promise<{ blocked: boolean; sessionsEnded: number }> {
  const handle = await getDb();
  const pg = handle.dialect === "postgres";
  return writeTransaction(handle, async (trx) => {
    const row = await lockCustomer(trx, handle.dialect, id);
    const was = truthy(row.banned);
    if (was === input.blocked) return { blocked: was, sessionsEnded: 0 };
    await trx
      .updateTable("users")
      .set({ banned: input.blocked ? (pg ? true : 1) : pg ? false : 0, ban_reason: input.blocked ? (input.reason ?? null) : null, ban_expires: null, updated_at: now.toISOString() })
      .where("id", "=", id)
      .execute();
    const sessionsEnded = input.blocked ? Number((await trx.deleteFrom("sessions").where("user_id", "=", id).executeTakeFirst()).numDeletedRows) : 0;
    await audit(
      trx,
      actor,
      { action: input.blocked ? "customer.block" : "customer.unblock", entityType: "customer", entityId: id, before: { blocked: was, reason: row.ban_reason }, after: { blocked: input.blocked, reason: input.blocked ? (input.reason ?? null) : null, sessions_ended: sessionsEnded } },
      now,
    );
    return { blocked: input.blocked, sessionsEnded };
  });
}

/**
 * GET /admin/customers/{id}/export: what the account holds, as the customer's own "Download my
 * data" gives it (exportAccount), with the staff's notes on the account; the export is audited.
 */
export async function exportCustomer(actor: StaffActor, id: number, now = new Date()): Promise<Record<string, unknown>> {
  const handle = await getDb();
  await writeTransaction(handle, async (trx) => {
    await lockCustomer(trx, handle.dialect, id);
    await audit(trx, actor, { action: "customer.export", entityType: "customer", entityId: id, before: null, after: { exported: true } }, now);
  });
  const data = await exportAccount(id);
  const notes = await handle.db.selectFrom("customer_notes").select(["body", "created_at"]).where("user_id", "=", id).orderBy("id").execute();
  return { ...data, staff_notes: notes };
}

/**
 * POST /admin/customers/{id}/erase: the account's erasure on the customer's request, by the
 * account deletion's own rules (eraseAccountRows: orders kept for the tax law with the name,
 * email, phone and street address removed; the rest deleted; a notice to the old address). The
 * staff's notes on the account go too. The confirmation must be the account's email.
 */
export async function eraseCustomer(actor: StaffActor, id: number, confirm: string, now = new Date()): Promise<{ ordersKept: number }> {
  const handle = await getDb();
  const { avatar, returnPhotos, ordersKept } = await writeTransaction(handle, async (trx) => {
    const row = await lockCustomer(trx, handle.dialect, id);
    if (confirm.trim().toLowerCase() !== row.email.toLowerCase()) throw new ApiError(422, CUSTOMER_MESSAGES.eraseConfirm, { confirm: [CUSTOMER_MESSAGES.eraseConfirm] });
    const orders = Number((await trx.selectFrom("orders").select((eb) => eb.fn.countAll<number>().as("n")).where("user_id", "=", id).executeTakeFirstOrThrow()).n);
    await trx.deleteFrom("customer_notes").where("user_id", "=", id).execute();
    const returnPhotos = await eraseAccountRows(trx, { id: row.id, email: row.email, name: row.name }, now);
    // No personal data in the audit row: it would outlive the erasure.
    await audit(trx, actor, { action: "customer.erase", entityType: "customer", entityId: id, before: null, after: { erased: true, orders_kept: orders } }, now);
    return { avatar: row.avatar, returnPhotos, ordersKept: orders };
  });
  dispatchSoon();
  await removeErasedFiles({ avatar, returnPhotos });
  return { ordersKept };
}
