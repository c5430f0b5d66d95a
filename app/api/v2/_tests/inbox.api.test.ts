import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { permissionsOf } from "@/lib/accounts/access";
import { XSS_CORPUS } from "@/lib/testing/xss-corpus";
import { api, clientAddresses, closeTestDb, mailsTo, mailTo, newUser, post, runTag, settleMail, testDb, uniqueEmail, uniquePhone, type TestUser } from "./client";
import { adminAs, auditRows, invitedStaff, ownerToken, tokenFor, type StaffLogin } from "./staff-client";

/**
 * The back office's inbox through its API (docs/api-v2.md "GET /api/v2/admin/inbox" and after):
 * what shoppers send through the storefront's forms shows up as items that staff list, filter,
 * assign, annotate and answer by mail; the newsletter's subscribers list and export as CSV.
 */

afterAll(closeTestDb);

/** Client addresses 10.64.x.y: this file's own block. */
const nextIp = clientAddresses(64);

type Staff = StaffLogin & { token: string };
let support: Staff;
let catalog: Staff;
let fulfilment: Staff;
let customer: TestUser;
const owner = () => ownerToken();

async function staffWithToken(role: "support" | "catalog" | "fulfilment"): Promise<Staff> {
  const login = await invitedStaff(role, nextIp(), `inbox-${role}`);
  return { ...login, token: await tokenFor(login.id, permissionsOf([role]), login.ip) };
}

beforeAll(async () => {
  support = await staffWithToken("support");
  catalog = await staffWithToken("catalog");
  fulfilment = await staffWithToken("fulfilment");
  customer = await newUser(nextIp());
}, 120_000);

type Sent = { email: string; phone: string; name: string };

async function sendEnquiry(overrides: Record<string, unknown> = {}): Promise<Sent> {
  const sent = { kind: "gifting", name: `Priya ${runTag}`, email: uniqueEmail("inbox-enquiry"), contact: uniquePhone(), address: "14 Residency Road, Bengaluru", message: "Sixty festive hampers for our team, under ₹2,000 each.", ...overrides };
  const res = await post("/enquiries", sent, { ip: nextIp() });
  expect(res.status, res.text).toBe(201);
  return { email: String(sent.email), phone: String(sent.contact), name: String(sent.name) };
}

async function sendContact(overrides: Record<string, unknown> = {}): Promise<Sent> {
  const sent = { name: `Arjun ${runTag}`, surname: "Menon", email: uniqueEmail("inbox-contact"), phone: uniquePhone(), subject: "Curtain lengths", message: "Do the 9 ft curtains come lined?", ...overrides };
  const res = await post("/contact/save", sent, { ip: nextIp() });
  expect(res.status, res.text).toBe(201);
  return { email: String(sent.email), phone: String(sent.phone), name: String(sent.name) };
}

/** The inbox item of what was sent from `email` (the owner's view). */
async function itemOf(email: string) {
  const res = await adminAs(owner(), `/inbox?q=${encodeURIComponent(email)}`);
  expect(res.status, res.text).toBe(200);
  expect(res.json.data, email).toHaveLength(1);
  return res.json.data[0];
}

async function itemRow(id: number) {
  const { db } = await testDb();
  return db.selectFrom("inbox_items").select(["status", "assignee_id", "updated_at"]).where("id", "=", id).executeTakeFirstOrThrow();
}

async function counts(id: number) {
  const { db } = await testDb();
  const n = async (table: "inbox_notes" | "inbox_replies") => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).where("item_id", "=", id).executeTakeFirstOrThrow()).n);
  const audit = Number((await db.selectFrom("audit_log").select((eb) => eb.fn.countAll<number>().as("n")).where("entity_type", "=", "inbox").where("entity_id", "=", String(id)).executeTakeFirstOrThrow()).n);
  return { notes: await n("inbox_notes"), replies: await n("inbox_replies"), audit, item: await itemRow(id) };
}

describe("the inbox list", () => {
  it("lists enquiries and contact messages newest first, filtered by kind, status and assignee, searched by name, email and phone", async () => {
    const tag = `List${runTag}`;
    const enquiry = await sendEnquiry({ name: `Kavya ${tag}`, kind: "corporate" });
    const contact = await sendContact({ name: `Rohan ${tag}` });

    const all = await adminAs(owner(), `/inbox?q=${tag}`);
    expect(all.status, all.text).toBe(200);
    expect(all.headers.get("content-type")).toContain("application/json");
    expect(all.json.data.map((i: { email: string }) => i.email)).toEqual([contact.email, enquiry.email]);
    expect(all.json.meta).toMatchObject({ current_page: 1, last_page: 1, per_page: 25, total: 2 });
    expect(all.json.data[0]).toMatchObject({ source: "contact", kind: "contact", status: "new", assignee: null, name: `Rohan ${tag}`, surname: "Menon", subject: "Curtain lengths", address: null, phone: contact.phone, notes_count: 0, replies_count: 0 });
    expect(all.json.data[1]).toMatchObject({ source: "enquiry", kind: "corporate", status: "new", name: `Kavya ${tag}`, surname: null, subject: null, address: "14 Residency Road, Bengaluru", phone: enquiry.phone });
    // The staff an item may go to: those whose role reads the inbox.
    const assignable = all.json.assignees.map((a: { id: number }) => a.id);
    expect(assignable).toContain(support.id);
    expect(assignable).not.toContain(catalog.id);
    expect(assignable).not.toContain(fulfilment.id);

    const emailsOf = async (query: string) => ((await adminAs(owner(), `/inbox?${query}`)).json.data as { email: string }[]).map((i) => i.email);
    expect(await emailsOf(`q=${tag}&kind=contact`)).toEqual([contact.email]);
    expect(await emailsOf(`q=${tag}&kind=corporate`)).toEqual([enquiry.email]);
    expect(await emailsOf(`q=${tag}&kind=gifting`)).toEqual([]);
    expect(await emailsOf(`q=${tag}&status=new&assignee=none`)).toEqual([contact.email, enquiry.email]);
    expect(await emailsOf(`q=${tag}&status=closed`)).toEqual([]);
    expect(await emailsOf(`q=${encodeURIComponent(enquiry.email.toUpperCase())}`)).toEqual([enquiry.email]);
    // A phone as people type it: with the country code and spaces.
    const typed = `+91 ${contact.phone.slice(0, 5)} ${contact.phone.slice(5)}`;
    expect(await emailsOf(`q=${encodeURIComponent(typed)}`)).toEqual([contact.email]);
    // LIKE's wildcards are searched as themselves.
    expect(await emailsOf(`q=${encodeURIComponent(`${tag}%`)}`)).toEqual([]);
    // An email is not a phone: the digits in it find no one whose phone has them.
    const digitsInEmail = await sendEnquiry({ email: uniqueEmail(`buyer-${contact.phone.slice(2, 8)}`) });
    expect(await emailsOf(`q=${encodeURIComponent(digitsInEmail.email)}`)).toEqual([digitsInEmail.email]);
  });

  it("answers 422 for a bad filter", async () => {
    for (const query of ["status=lost", "kind=spam", "assignee=someone", "page=0", `q=${"x".repeat(101)}`]) {
      const res = await adminAs(owner(), `/inbox?${query}`);
      expect(res.status, query).toBe(422);
      expect(Object.keys(res.json.errors ?? {}).length, query).toBeGreaterThan(0);
    }
    expect((await adminAs(owner(), "/inbox/999999999")).status).toBe(404);
  });
});

describe("status, assignee and notes", () => {
  it("sets the status and assigns to support, each change with its audit row, and 'me' finds it", async () => {
    const sent = await sendEnquiry();
    const item = await itemOf(sent.email);
    const since = new Date(Date.now() - 1000).toISOString();

    const res = await adminAs(owner(), `/inbox/${item.id}`, { method: "PATCH", json: { status: "in_progress", assignee_id: support.id } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.item).toMatchObject({ id: item.id, status: "in_progress", assignee: { id: support.id, email: support.email } });
    expect(await itemRow(item.id)).toMatchObject({ status: "in_progress", assignee_id: support.id });
    const rows = await auditRows({ entityType: "inbox", entityId: item.id, since });
    expect(rows.map((r) => [r.action, r.before, r.after])).toEqual([
      ["inbox.status", { status: "new" }, { status: "in_progress" }],
      ["inbox.assign", { assignee_id: null }, { assignee_id: support.id }],
    ]);

    const mine = await adminAs(support.token, `/inbox?assignee=me&q=${encodeURIComponent(sent.email)}`);
    expect(mine.status, mine.text).toBe(200);
    expect(mine.json.data.map((i: { id: number }) => i.id)).toEqual([item.id]);
    expect((await adminAs(owner(), `/inbox?assignee=${support.id}&q=${encodeURIComponent(sent.email)}`)).json.data).toHaveLength(1);

    // The same again changes nothing and writes no row; support may change it (inbox:update).
    expect((await adminAs(owner(), `/inbox/${item.id}`, { method: "PATCH", json: { status: "in_progress" } })).status).toBe(200);
    expect(await auditRows({ entityType: "inbox", entityId: item.id, since })).toHaveLength(2);
    const closed = await adminAs(support.token, `/inbox/${item.id}`, { method: "PATCH", json: { status: "closed", assignee_id: null } });
    expect(closed.status, closed.text).toBe(200);
    expect(await itemRow(item.id)).toMatchObject({ status: "closed", assignee_id: null });
    expect((await auditRows({ entityType: "inbox", entityId: item.id, since }))[0]).toMatchObject({ action: "inbox.status", actor_id: support.id, actor_kind: "token" });
  });

  it("refuses an assignee who is not staff, or whose role cannot read the inbox: 422 and nothing changes", async () => {
    const sent = await sendContact();
    const item = await itemOf(sent.email);
    const before = await counts(item.id);
    for (const assignee of [customer.id, catalog.id, fulfilment.id, 2_000_000_000]) {
      const res = await adminAs(owner(), `/inbox/${item.id}`, { method: "PATCH", json: { status: "closed", assignee_id: assignee } });
      expect(res.status, res.text).toBe(422);
      expect(res.json.errors.assignee_id).toEqual(["Assign it to a staff member whose role can read the inbox (owner, manager or support)."]);
    }
    // The status sent with the bad assignee was not saved either.
    expect(await counts(item.id)).toEqual(before);
    expect((await adminAs(owner(), `/inbox/999999999`, { method: "PATCH", json: { status: "closed" } })).status).toBe(404);
  });

  it("adds notes, append-only, shown with the item and logged", async () => {
    const sent = await sendEnquiry();
    const item = await itemOf(sent.email);
    const first = await adminAs(support.token, `/inbox/${item.id}/notes`, { json: { body: "Called her back: wants samples first.\nSending swatches on Monday." } });
    expect(first.status, first.text).toBe(201);
    const second = await adminAs(owner(), `/inbox/${item.id}/notes`, { json: { body: "Samples dispatched." } });
    expect(second.status, second.text).toBe(201);

    const one = await adminAs(owner(), `/inbox/${item.id}`);
    expect(one.status, one.text).toBe(200);
    expect(one.json.data.notes.map((n: { body: string; author_id: number }) => [n.body, n.author_id])).toEqual([
      ["Called her back: wants samples first.\nSending swatches on Monday.", support.id],
      ["Samples dispatched.", await ownerId()],
    ]);
    expect(one.json.data.notes[0].author).toMatchObject({ id: support.id, email: support.email });
    expect(one.json.data.notes_count).toBe(2);
    const notes = await auditRows({ entityType: "inbox", entityId: item.id, action: "inbox.note" });
    expect(notes.map((r) => r.after.body)).toEqual(["Samples dispatched.", "Called her back: wants samples first.\nSending swatches on Monday."]);

    const empty = await adminAs(owner(), `/inbox/${item.id}/notes`, { json: { body: "  " } });
    expect(empty.status).toBe(422);
    expect(empty.json.errors.body).toEqual(["Note is required."]);
    expect((await counts(item.id)).notes).toBe(2);
  });
});

/** The owner's user id (the API tests' owner, whose token ownerToken() is). */
async function ownerId(): Promise<number> {
  const me = await adminAs(owner(), "/me");
  return Number(me.json.data.user.id);
}

describe("replies by mail", () => {
  it("mails the shopper exactly once with the staff's text, logs the reply with its outbox event and answers a new item", async () => {
    const sent = await sendContact({ subject: "Lined curtains?" });
    const item = await itemOf(sent.email);
    const since = Date.now();
    const body = "Namaste Arjun,\n\nYes: every 9 ft curtain is lined with cotton.\n\nWarm regards,\nKesar Home";
    const res = await adminAs(support.token, `/inbox/${item.id}/reply`, { json: { body } });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({ result: true, message: `Reply sent to ${sent.email}.`, status: "answered", reply: { to: sent.email, subject: "Re: Lined curtains?", body, author_id: support.id } });

    const mail = await mailTo(sent.email, { since, subject: /^Re: Lined curtains\?$/ });
    expect(mail.text).toContain("Namaste Arjun,");
    expect(mail.text).toContain("Yes: every 9 ft curtain is lined with cotton.");
    expect(mail.text).toContain("Do the 9 ft curtains come lined?");
    await settleMail();
    expect(mailsTo(sent.email, since)).toHaveLength(1);

    const { db } = await testDb();
    const replies = await db.selectFrom("inbox_replies").selectAll().where("item_id", "=", item.id).execute();
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({ author_id: support.id, to_address: sent.email, subject: "Re: Lined curtains?", body });
    const event = await db.selectFrom("outbox_events").select(["kind", "payload"]).where("id", "=", replies[0]?.outbox_event_id as number).executeTakeFirstOrThrow();
    expect(event.kind).toBe("mail");
    expect(JSON.parse(event.payload)).toEqual({ mail: "inbox-reply", ref: { replyId: replies[0]?.id } });
    expect(await itemRow(item.id)).toMatchObject({ status: "answered" });
    const [row] = await auditRows({ entityType: "inbox", entityId: item.id, action: "inbox.reply" });
    expect(row).toMatchObject({ actor_id: support.id, before: { status: "new" }, after: { reply_id: replies[0]?.id, to: sent.email, subject: "Re: Lined curtains?", outbox_event_id: replies[0]?.outbox_event_id, status: "answered" } });

    // A second reply to an item in progress keeps its status; an enquiry's subject names its kind.
    const enquiry = await itemOf((await sendEnquiry({ kind: "bulk_deals" })).email);
    await adminAs(owner(), `/inbox/${enquiry.id}`, { method: "PATCH", json: { status: "in_progress" } });
    const again = await adminAs(owner(), `/inbox/${enquiry.id}/reply`, { json: { body: "Our trade price list is attached to the quote we will send." } });
    expect(again.status, again.text).toBe(201);
    expect(again.json).toMatchObject({ status: "in_progress", reply: { subject: "Re: your bulk deal enquiry" } });
  });

  it("answers 422 for a reply without text and sends nothing", async () => {
    const sent = await sendEnquiry();
    const item = await itemOf(sent.email);
    const since = Date.now();
    const res = await adminAs(owner(), `/inbox/${item.id}/reply`, { json: { subject: "Hello", body: "" } });
    expect(res.status).toBe(422);
    expect(res.json.errors.body).toEqual(["Message is required."]);
    expect((await counts(item.id)).replies).toBe(0);
    await settleMail();
    expect(mailsTo(sent.email, since)).toHaveLength(0);
  });
});

describe("permissions", () => {
  it("refuses roles without the inbox (catalog, fulfilment), a customer and no credentials, and nothing changes", async () => {
    const sent = await sendEnquiry();
    const item = await itemOf(sent.email);
    const before = await counts(item.id);
    const since = Date.now();
    const calls: [string, string, unknown][] = [
      ["GET", "/inbox", undefined],
      ["GET", `/inbox/${item.id}`, undefined],
      ["PATCH", `/inbox/${item.id}`, { status: "closed" }],
      ["POST", `/inbox/${item.id}/notes`, { body: "Not mine to write." }],
      ["POST", `/inbox/${item.id}/reply`, { body: "Not mine to send." }],
      ["GET", "/subscribers", undefined],
      ["GET", "/subscribers/export", undefined],
    ];
    for (const who of [catalog.token, fulfilment.token, customer.token, null]) {
      for (const [method, where, body] of calls) {
        const res = await adminAs(who, where, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
        expect(res.status, `${method} ${where}`).toBe(who === null ? 401 : 403);
      }
    }
    // Support reads and answers the inbox but does not export the subscribers.
    expect((await adminAs(support.token, "/subscribers/export")).status).toBe(403);
    expect((await adminAs(support.token, "/subscribers")).status).toBe(200);
    expect(await counts(item.id)).toEqual(before);
    await settleMail();
    expect(mailsTo(sent.email, since)).toHaveLength(0);
  });
});

describe("what shoppers typed", () => {
  it("comes back from the admin API exactly as typed, as JSON, for every entry of the stored-XSS corpus", async () => {
    for (const [i, text] of XSS_CORPUS.entries()) {
      const enquiry = await sendEnquiry({ name: text, address: text, message: text, email: uniqueEmail(`xss-enquiry-${i}`) });
      const contact = await sendContact({ name: text, surname: text, subject: text.slice(0, 150), message: text, email: uniqueEmail(`xss-contact-${i}`) });
      for (const [sent, fields] of [
        [enquiry, ["name", "address", "message"]],
        [contact, ["name", "surname", "subject", "message"]],
      ] as const) {
        const listed = await adminAs(owner(), `/inbox?q=${encodeURIComponent(sent.email)}`);
        expect(listed.headers.get("content-type")).toMatch(/^application\/json/);
        const id = listed.json.data[0].id as number;
        const one = await adminAs(owner(), `/inbox/${id}`);
        expect(one.status).toBe(200);
        expect(one.headers.get("content-type")).toMatch(/^application\/json/);
        for (const field of fields) {
          expect(one.json.data[field], `${field} of ${JSON.stringify(text)}`).toBe(text);
          expect(listed.json.data[0][field], `${field} of ${JSON.stringify(text)} in the list`).toBe(text);
        }
      }
    }
  });
});

describe("newsletter subscribers", () => {
  it("lists them newest first and exports CSV with formula-looking cells defused", async () => {
    const tag = `subs${runTag}`;
    const plain = `reader-${tag}@example.com`;
    const formula = `-2+3-${tag}@example.com`;
    for (const email of [plain, formula]) expect((await post("/subscriber-add", { email }, { ip: nextIp() })).status).toBe(201);

    const listed = await adminAs(support.token, `/subscribers?q=${tag}`);
    expect(listed.status, listed.text).toBe(200);
    expect(listed.json.data.map((s: { email: string }) => s.email)).toEqual([formula, plain]);
    expect(listed.json.meta).toMatchObject({ total: 2, per_page: 50 });

    const csv = await api(`/admin/subscribers/export?q=${tag}`, { token: owner() });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename="newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csv.text.replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toBe("id,email,subscribed_at");
    expect(lines.slice(1).map((l) => l.split(",")[1])).toEqual([`'${formula}`, plain]);
    expect((await adminAs(owner(), "/subscribers?page=abc")).status).toBe(422);
  });
});
