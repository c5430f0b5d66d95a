import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { permissionsOf } from "@/lib/accounts/access";
import { clientAddresses, closeTestDb, mailsTo, mailTo, newUser, post, runTag, signIn, signUp, testDb, tokenWorks, uniqueEmail, uniquePhone, type TestUser } from "./client";
import { placedOrder } from "./orders-client";
import { adminAs, auditRows, invitedStaff, ownerToken, tokenFor, type StaffLogin } from "./staff-client";

/**
 * Customers and the grievance desk (docs/back-office.md "Customers", "Grievances";
 * docs/api-v2.md "GET /api/v2/admin/customers" and after, "POST /api/v2/grievances"): staff find
 * a customer, read their page, note, block and erase them; a shopper files a complaint and gets a
 * ticket; the desk acknowledges and resolves it against its timers.
 */

afterAll(closeTestDb);

/** Client addresses 10.222.x.y: this file's own block. */
const nextIp = clientAddresses(222);

type Staff = StaffLogin & { token: string };
let support: Staff;
let catalog: Staff;
let fulfilment: Staff;
const owner = () => ownerToken();

async function staffWithToken(role: "support" | "catalog" | "fulfilment"): Promise<Staff> {
  const login = await invitedStaff(role, nextIp(), `people-${role}`);
  return { ...login, token: await tokenFor(login.id, permissionsOf([role]), login.ip) };
}

beforeAll(async () => {
  support = await staffWithToken("support");
  catalog = await staffWithToken("catalog");
  fulfilment = await staffWithToken("fulfilment");
}, 120_000);

describe("the customer list", () => {
  let shopper: TestUser;
  beforeAll(async () => {
    shopper = await newUser(nextIp(), { name: `Meera People${runTag}` });
    await placedOrder(shopper);
  }, 120_000);

  it("finds a customer by name, email or phone, with their orders, spend and last order", async () => {
    const byName = await adminAs(owner(), `/customers?q=${encodeURIComponent(`People${runTag}`)}`);
    expect(byName.status, byName.text).toBe(200);
    expect(byName.json.data).toHaveLength(1);
    expect(byName.json.data[0]).toMatchObject({ id: shopper.id, email: shopper.email, orders: 1, spend: 0, state: "active" });
    expect(byName.json.data[0].last_order_at).toEqual(expect.any(String));
    expect(byName.json.meta).toMatchObject({ current_page: 1, total: 1, per_page: 25 });
    const byEmail = await adminAs(support.token, `/customers?q=${encodeURIComponent(shopper.email.toUpperCase())}`);
    expect(byEmail.json.data.map((c: { id: number }) => c.id)).toEqual([shopper.id]);
    // Sorted by orders, the customer with an order comes before one without.
    const other = await newUser(nextIp(), { name: `Nikhil People${runTag}` });
    const sorted = await adminAs(owner(), `/customers?q=${encodeURIComponent(`People${runTag}`)}&sort=orders`);
    expect(sorted.json.data.map((c: { id: number }) => c.id)).toEqual([shopper.id, other.id]);
    const newest = await adminAs(owner(), `/customers?q=${encodeURIComponent(`People${runTag}`)}`);
    expect(newest.json.data.map((c: { id: number }) => c.id)).toEqual([other.id, shopper.id]);
  });

  it("refuses a bad filter with 422 and a role without customer permission with 403", async () => {
    const bad = await adminAs(owner(), "/customers?sort=shoe-size");
    expect(bad.status).toBe(422);
    expect(bad.json.errors.sort).toBeTruthy();
    expect((await adminAs(catalog.token, "/customers")).status).toBe(403);
    expect((await adminAs(catalog.token, `/customers/${shopper.id}`)).status).toBe(403);
    expect((await adminAs(null, "/customers")).status).toBe(401);
  });

  it("shows one customer with orders, addresses and notes; a note has its author and time, and an audit row", async () => {
    const note = await adminAs(support.token, `/customers/${shopper.id}/notes`, { json: { body: "Asked for a call before delivery." } });
    expect(note.status, note.text).toBe(201);
    const detail = await adminAs(fulfilment.token, `/customers/${shopper.id}`);
    expect(detail.status, detail.text).toBe(200);
    expect(detail.json.data).toMatchObject({ id: shopper.id, email_verified: true, has_password: true, state: "active" });
    expect(detail.json.data.orders_list).toHaveLength(1);
    expect(detail.json.data.addresses.length).toBeGreaterThanOrEqual(1);
    expect(detail.json.data.notes[0]).toMatchObject({ body: "Asked for a call before delivery.", author_id: support.id });
    expect(detail.json.data.sessions).toBeGreaterThanOrEqual(1);
    expect((await auditRows({ entityType: "customer", entityId: shopper.id, action: "customer.note" }))[0]).toMatchObject({ actor_id: support.id });
    // Fulfilment reads customers but may not change them.
    expect((await adminAs(fulfilment.token, `/customers/${shopper.id}/notes`, { json: { body: "x" } })).status).toBe(403);
    expect((await adminAs(owner(), `/customers/${shopper.id}/notes`, { json: { body: "" } })).status).toBe(422);
    expect((await adminAs(owner(), "/customers/999999999")).status).toBe(404);
  });
});

describe("blocking a customer", () => {
  it("ends their sessions and refuses every sign-in until unblocked", async () => {
    const shopper = await newUser(nextIp());
    expect(await tokenWorks(shopper.token)).toBe(true);
    const noReason = await adminAs(support.token, `/customers/${shopper.id}/block`, { json: { blocked: true } });
    expect(noReason.status).toBe(422);
    expect(noReason.json.errors.reason).toBeTruthy();

    const blocked = await adminAs(support.token, `/customers/${shopper.id}/block`, { json: { blocked: true, reason: "Chargeback fraud" } });
    expect(blocked.status, blocked.text).toBe(200);
    expect(blocked.json).toMatchObject({ blocked: true });
    expect(blocked.json.sessions_ended).toBeGreaterThanOrEqual(1);
    expect(await tokenWorks(shopper.token)).toBe(false);
    const password = await post("/auth/login", { login_by: "email", email: shopper.email, password: shopper.password }, { ip: shopper.ip });
    expect(password.status, password.text).toBe(403);
    expect(password.json.message).toMatch(/blocked/);
    expect(password.headers.getSetCookie().some((c) => c.startsWith("kesar.session_token=") && !c.startsWith("kesar.session_token=;"))).toBe(false);
    const listed = await adminAs(owner(), `/customers?q=${encodeURIComponent(shopper.email)}&state=blocked`);
    expect(listed.json.data.map((c: { id: number }) => c.id)).toEqual([shopper.id]);
    expect((await auditRows({ entityType: "customer", entityId: shopper.id, action: "customer.block" }))[0]?.after).toMatchObject({ blocked: true, reason: "Chargeback fraud" });

    expect((await adminAs(support.token, `/customers/${shopper.id}/block`, { json: { blocked: false } })).status).toBe(200);
    await signIn(shopper.ip, shopper.email, shopper.password);
  });

  it("ends a customer's sessions on request", async () => {
    const shopper = await newUser(nextIp());
    const res = await adminAs(support.token, `/customers/${shopper.id}/sessions`, { method: "DELETE" });
    expect(res.status, res.text).toBe(200);
    expect(res.json.sessions_ended).toBeGreaterThanOrEqual(1);
    expect(await tokenWorks(shopper.token)).toBe(false);
  });

  it("mails a new confirmation link to an unconfirmed account only", async () => {
    const creds = await signUp(nextIp(), {}, { confirm: false });
    const { db } = await testDb();
    const id = (await db.selectFrom("users").select("id").where("email", "=", creds.email).executeTakeFirstOrThrow()).id;
    const since = Date.now();
    const res = await adminAs(support.token, `/customers/${id}/confirmation`, { method: "POST" });
    expect(res.status, res.text).toBe(200);
    await mailTo(creds.email, { since, subject: /^Welcome to / });
    const confirmed = await newUser(nextIp());
    expect((await adminAs(support.token, `/customers/${confirmed.id}/confirmation`, { method: "POST" })).status).toBe(409);
  });
});

describe("export and erasure", () => {
  it("exports what the account holds (customer:export), audited", async () => {
    const shopper = await newUser(nextIp());
    const res = await adminAs(owner(), `/customers/${shopper.id}/export`);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get("content-disposition")).toContain(`customer-${shopper.id}-data.json`);
    expect(res.json.profile).toMatchObject({ email: shopper.email });
    expect(res.json.staff_notes).toEqual([]);
    expect((await adminAs(support.token, `/customers/${shopper.id}/export`)).status).toBe(403);
    expect(await auditRows({ entityType: "customer", entityId: shopper.id, action: "customer.export" })).toHaveLength(1);
  });

  it("erases the personal data and keeps the orders (customer:delete), by the deletion's rules", async () => {
    const shopper = await newUser(nextIp(), { name: `Erase Me ${runTag}` });
    const order = await placedOrder(shopper);
    // What else the shopper left: a complaint, a billing name and address of their own (no GSTIN),
    // and a return with its reason and a photo.
    const filed = await post("/grievances", { name: `Erase Me ${runTag}`, email: shopper.email, phone: uniquePhone(), order_code: order.code, message: "The quilt smelled of damp." }, { token: shopper.token, ip: shopper.ip });
    expect(filed.status, filed.text).toBe(201);
    const { db: before } = await testDb();
    await before.updateTable("orders").set({ billing_name: "Erase Me Billing", billing_address: "7 Private Lane", billing_phone: "9811122233", buyer_gstin: null }).where("id", "=", order.id).execute();
    const line = await before.selectFrom("order_lines").select("id").where("order_id", "=", order.id).executeTakeFirstOrThrow();
    const at = new Date().toISOString();
    await before.insertInto("returns").values({ order_id: order.id, order_line_id: line.id, user_id: shopper.id, kind: "damage", quantity: 1, reason: "Torn at the seam near my bedroom window", photos: JSON.stringify(["0123456789abcdef0123456789abcdef.webp"]), state: "requested", created_at: at, updated_at: at }).execute();
    // The customer's own data export names both, as long as the account lives.
    const exported = await adminAs(owner(), `/customers/${shopper.id}/export`);
    expect(exported.json.returns).toEqual([expect.objectContaining({ order_code: order.code, kind: "damage", reason: "Torn at the seam near my bedroom window", state: "requested" })]);
    expect(exported.json.grievances).toEqual([expect.objectContaining({ email: shopper.email, message: "The quilt smelled of damp." })]);
    expect((await adminAs(support.token, `/customers/${shopper.id}/erase`, { json: { confirm: shopper.email } })).status).toBe(403);
    const wrong = await adminAs(owner(), `/customers/${shopper.id}/erase`, { json: { confirm: "someone@else.com" } });
    expect(wrong.status).toBe(422);
    const res = await adminAs(owner(), `/customers/${shopper.id}/erase`, { json: { confirm: shopper.email } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.orders_kept).toBe(1);
    const { db } = await testDb();
    const user = await db.selectFrom("users").selectAll().where("id", "=", shopper.id).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ name: "Deleted customer", phone: null });
    expect(user.email).not.toBe(shopper.email);
    expect(user.deleted_at).not.toBeNull();
    const kept = await db.selectFrom("orders").select(["id", "shipping_name", "shipping_email", "shipping_phone", "shipping_address", "grand_total"]).where("id", "=", order.id).executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ shipping_name: "Deleted customer", shipping_email: "", shipping_phone: "", shipping_address: "" });
    expect(Number(kept.grand_total)).toBe(order.grandTotal);
    expect(await db.selectFrom("orders").select(["billing_name", "billing_address", "billing_phone"]).where("id", "=", order.id).executeTakeFirstOrThrow()).toEqual({ billing_name: null, billing_address: null, billing_phone: null });
    // The return keeps its line, state and money, not the customer's words or photos.
    expect(await db.selectFrom("returns").select(["kind", "quantity", "state", "reason", "photos"]).where("order_id", "=", order.id).execute()).toEqual([{ kind: "damage", quantity: 1, state: "requested", reason: "Removed at the customer's request.", photos: "[]" }]);
    // The complaint stays on the desk's record, without who filed it.
    const complaint = await db.selectFrom("grievances").select(["name", "email", "phone", "message"]).where("order_code", "=", order.code).executeTakeFirstOrThrow();
    expect(complaint).toEqual({ name: "Deleted customer", email: "", phone: null, message: "The quilt smelled of damp." });
    expect(await db.selectFrom("addresses").select("id").where("user_id", "=", shopper.id).execute()).toEqual([]);
    expect(await tokenWorks(shopper.token)).toBe(false);
    const audit = (await auditRows({ entityType: "customer", entityId: shopper.id, action: "customer.erase" }))[0];
    expect(JSON.stringify(audit)).not.toContain(shopper.email);
    expect((await adminAs(owner(), `/customers/${shopper.id}`)).status).toBe(404);
    await mailTo(shopper.email, { subject: /account was deleted/ });
  });
});

describe("the grievance desk", () => {
  const complaint = (overrides: Record<string, unknown> = {}) => ({ name: `Asha ${runTag}`, email: uniqueEmail("grievance"), phone: uniquePhone(), order_code: "", message: "The curtain arrived torn at the hem.", ...overrides });

  it("validates the complaint form field by field with 422, and files nothing", async () => {
    const { db } = await testDb();
    const before = Number((await db.selectFrom("grievances").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
    const res = await post("/grievances", { name: "", email: "not-an-email", phone: "12", order_code: "<b>", message: "short" }, { ip: nextIp() });
    expect(res.status).toBe(422);
    expect(Object.keys(res.json.errors).sort()).toEqual(["email", "message", "name", "order_code", "phone"]);
    const after = Number((await db.selectFrom("grievances").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
    expect(after).toBe(before);
  });

  it("gives a ticket number, mails it, and the desk acknowledges then resolves it with the timers shown", async () => {
    const sent = complaint();
    const since = Date.now();
    const filed = await post("/grievances", sent, { ip: nextIp() });
    expect(filed.status, filed.text).toBe(201);
    const ticket = filed.json.ticket as string;
    expect(ticket).toMatch(/^GR-\d{4}-\d{6,}$/);
    expect(filed.json.message).toContain(ticket);
    const mail = await mailTo(sent.email, { since, subject: new RegExp(ticket) });
    expect(mail.text).toContain(ticket);
    // The staff who handle grievances (inbox:update) are told; a catalog clerk is not.
    const notice = await mailTo(support.email, { since, subject: new RegExp(`^Grievance filed: ${ticket}`) });
    expect(notice.text).toContain("/admin/grievances/");
    expect(mailsTo(catalog.email, since).filter((m) => m.subject.includes(ticket))).toEqual([]);

    const listed = await adminAs(support.token, `/grievances?q=${ticket}`);
    expect(listed.status, listed.text).toBe(200);
    expect(listed.json.data).toHaveLength(1);
    const g = listed.json.data[0];
    expect(g).toMatchObject({ ticket, status: "open", email: sent.email, message: sent.message });
    expect(Date.parse(g.timers.acknowledge.due_at) - Date.parse(g.created_at)).toBe(48 * 3_600_000);
    expect(Date.parse(g.timers.resolve.due_at) - Date.parse(g.created_at)).toBe(30 * 24 * 3_600_000);
    expect(g.timers.acknowledge).toMatchObject({ overdue: false, done_at: null });

    expect((await adminAs(catalog.token, `/grievances/${g.id}`)).status).toBe(403);
    expect((await adminAs(fulfilment.token, "/grievances")).status).toBe(403);
    const noResolution = await adminAs(support.token, `/grievances/${g.id}`, { method: "PATCH", json: { status: "resolved" } });
    expect(noResolution.status).toBe(422);

    const ack = await adminAs(support.token, `/grievances/${g.id}`, { method: "PATCH", json: { status: "acknowledged" } });
    expect(ack.status, ack.text).toBe(200);
    expect(ack.json.grievance).toMatchObject({ status: "acknowledged", acknowledged_by: { id: support.id } });
    expect(ack.json.grievance.timers.acknowledge.done_at).toEqual(expect.any(String));
    await mailTo(sent.email, { since, subject: /looking into your complaint/ });
    expect((await adminAs(support.token, `/grievances/${g.id}`, { method: "PATCH", json: { status: "acknowledged" } })).status).toBe(409);

    const note = await adminAs(support.token, `/grievances/${g.id}/notes`, { json: { body: "Courier photo shows damage on arrival." } });
    expect(note.status, note.text).toBe(201);
    const resolved = await adminAs(support.token, `/grievances/${g.id}`, { method: "PATCH", json: { status: "resolved", message: "A replacement curtain ships tomorrow." } });
    expect(resolved.status, resolved.text).toBe(200);
    expect(resolved.json.grievance).toMatchObject({ status: "resolved", resolution: "A replacement curtain ships tomorrow." });
    expect(resolved.json.grievance.timers.resolve).toMatchObject({ overdue: false, left_ms: null });
    expect(resolved.json.grievance.notes.map((n: { kind: string }) => n.kind)).toEqual(["note", "reply"]);
    const done = await mailTo(sent.email, { since, subject: /is resolved/ });
    expect(done.text).toContain("A replacement curtain ships tomorrow.");
    expect((await adminAs(support.token, `/grievances/${g.id}`, { method: "PATCH", json: { status: "resolved", message: "again" } })).status).toBe(409);

    const actions = (await auditRows({ entityType: "grievance", entityId: g.id })).map((r) => r.action).reverse();
    expect(actions).toEqual(["grievance.acknowledge", "grievance.note", "grievance.resolve"]);
  });

  it("marks a grievance past its 48 hours as overdue", async () => {
    const sent = complaint();
    const filed = await post("/grievances", sent, { ip: nextIp() });
    expect(filed.status, filed.text).toBe(201);
    const { db } = await testDb();
    const id = Number(/-(\d+)$/.exec(filed.json.ticket as string)?.[1]);
    await db.updateTable("grievances").set({ created_at: new Date(Date.now() - 50 * 3_600_000).toISOString() }).where("id", "=", id).execute();
    const res = await adminAs(owner(), `/grievances?overdue=1&q=${encodeURIComponent(sent.email)}`);
    expect(res.json.data).toHaveLength(1);
    expect(res.json.data[0].timers.acknowledge.overdue).toBe(true);
    expect(res.json.data[0].timers.resolve.overdue).toBe(false);
  });

  it("limits complaints per email", async () => {
    const email = uniqueEmail("grievance-limit");
    const ip = nextIp();
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) answers.push((await post("/grievances", complaint({ email }), { ip })).status);
    expect(answers).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it("names the grievance officer on /grievances and in the footer", async () => {
    const res = await fetch(`${inject("baseUrl")}/grievances`);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain("Grievance officer");
    expect(html).toContain("File a complaint");
    const home = await (await fetch(`${inject("baseUrl")}/`)).text();
    expect(home).toContain('href="/grievances"');
  });
});

