import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { can, staffRoles, type StaffRole } from "@/lib/accounts/access";
import { SESSION_COOKIE } from "@/lib/accounts/constants";
import { STAFF_NOTICES, type StaffNoticeKind } from "@/lib/accounts/staff-notices";
import { clientAddresses, closeTestDb, cookieOf, newUser, post, testDb, type TestUser } from "./client";
import { deliveredDaysAgo, placedOrder } from "./orders-client";
import { invitedStaff, staffLogin, type StaffLogin } from "./staff-client";

/**
 * Staff notifications (issue 25 point 9; lib/orders/server/staff-notices.ts over lib/accounts
 * notifyStaff) on the running server, on both databases: a Cash on Delivery order placed, an
 * online order paid, a payment failed and a customer's refund request each write, in the
 * change's own transaction, one staff-notice mail event per staff member whose role handles it
 * (order:update for orders and payments, refund:update for refund requests) and none for anyone
 * else; an online order placed and not paid tells nobody. The back office's frame counts the new
 * orders waiting and the refund requests waiting beside Orders, only for the roles that read them.
 */

const nextIp = clientAddresses(229);

const staff = new Map<StaffRole, StaffLogin>();
let shopper: TestUser;

beforeAll(async () => {
  for (const role of ["fulfilment", "support", "catalog"] as const) staff.set(role, await invitedStaff(role, nextIp(), `notices-${role}`));
  shopper = await newUser(nextIp(), { name: "Notice Shopper" });
}, 180_000);

afterAll(closeTestDb);

type Notice = { eventId: number; to: string; title: string; detail: string; path: string };

/** The staff-notice mail events of `kind` about this back-office path (the outbox rows the transaction wrote). */
async function noticesAbout(kind: StaffNoticeKind, path: string): Promise<Notice[]> {
  const { db } = await testDb();
  const rows = await db.selectFrom("outbox_events").select(["id", "payload"]).where("kind", "=", "mail").where("payload", "like", `%"staff-notice"%`).orderBy("id").execute();
  return rows
    .map((r) => ({ id: r.id, ...(JSON.parse(r.payload) as { mail: string; ref: Record<string, string> }) }))
    .filter((e) => e.mail === "staff-notice" && e.ref.kind === kind && e.ref.path === path)
    .map((e) => ({ eventId: e.id, to: e.ref.to as string, title: e.ref.title as string, detail: e.ref.detail as string, path: e.ref.path as string }));
}

/**
 * One notice per staff member whose role handles `kind`, none for anyone else: every staff member
 * there before `since` (and unchanged since) with the permission is told once, and everyone told
 * is staff with it. Other test files add staff meanwhile, so those are judged by their role only.
 */
async function expectHandlersTold(kind: StaffNoticeKind, notices: Notice[], since: string): Promise<void> {
  const { db } = await testDb();
  const people = await db.selectFrom("users").select(["email", "role", "created_at", "updated_at", "deleted_at"]).where("role", "is not", null).where("role", "!=", "customer").execute();
  const { resource, action } = STAFF_NOTICES[kind];
  const handles = (role: string | null) => can({ roles: staffRoles(role), scopes: null }, resource, action as never);
  const byEmail = new Map(people.map((p) => [p.email, p]));
  const told = notices.map((n) => n.to);
  expect(new Set(told).size, `${kind}: one mail each`).toBe(told.length);
  for (const email of told) expect(handles(byEmail.get(email)?.role ?? null), `${kind} told ${email}`).toBe(true);
  const settled = people.filter((p) => !p.deleted_at && String(p.created_at) < since && String(p.updated_at) < since);
  for (const p of settled) expect(told.includes(p.email), `${kind} to ${p.email} (${p.role})`).toBe(handles(p.role));
}

const iso = () => new Date(Date.now() - 1000).toISOString();

async function until<T>(what: string, read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("staff notifications", () => {
  it("a Cash on Delivery order placed mails each of the staff who handle orders, once, and no one else", async () => {
    const since = iso();
    const order = await placedOrder(shopper);
    const notices = await noticesAbout("order_placed", `/admin/orders/${order.id}`);
    await expectHandlersTold("order_placed", notices, since);
    expect(notices.map((n) => n.to)).toContain(staff.get("fulfilment")!.email);
    expect(notices.map((n) => n.to)).not.toContain(staff.get("support")!.email);
    expect(notices.map((n) => n.to)).not.toContain(staff.get("catalog")!.email);
    expect(notices[0]!.title).toContain(order.code);
    expect(notices[0]!.detail).toContain("Cash on Delivery");
  });

  it("an online order tells the staff when it is paid, not when it is placed unpaid", async () => {
    const since = iso();
    const order = await placedOrder(shopper, { payment: "online" });
    const path = `/admin/orders/${order.id}`;
    expect(await noticesAbout("order_placed", path)).toEqual([]);
    const start = await post("/payments/start", { order_id: order.id }, { token: shopper.token, ip: shopper.ip });
    expect(start.status, start.text).toBe(200);
    const bank = await post("/payments/sandbox/pay", { provider_order_id: start.json.provider_order_id, outcome: "success" });
    expect(bank.status, bank.text).toBe(200);
    // The sandbox's signed webhook reports it; the browser's return may too: still one mail each.
    const notices = await until("the paid order's notices", () => noticesAbout("order_placed", path), (n) => n.length > 0);
    await expectHandlersTold("order_placed", notices, since);
    expect(notices[0]!.detail).toContain("paid online");
  });

  it("a failed payment mails the staff who handle orders, once per failed attempt", async () => {
    const since = iso();
    const order = await placedOrder(shopper, { payment: "online" });
    const path = `/admin/orders/${order.id}`;
    const start = await post("/payments/start", { order_id: order.id }, { token: shopper.token, ip: shopper.ip });
    expect(start.status, start.text).toBe(200);
    const failed = await post("/payments/sandbox/pay", { provider_order_id: start.json.provider_order_id, outcome: "failure" });
    expect(failed.status, failed.text).toBe(200);
    const notices = await until("the failed payment's notices", () => noticesAbout("payment_failed", path), (n) => n.length > 0);
    await expectHandlersTold("payment_failed", notices, since);
    expect(notices.map((n) => n.to)).toContain(staff.get("fulfilment")!.email);
    expect(notices[0]!.title).toBe(order.code);
    expect(notices[0]!.detail).toMatch(/failed/);
    expect(await noticesAbout("order_placed", path)).toEqual([]);
  });

  it("a customer's refund request mails the staff who handle refunds, once, and no one else", async () => {
    const order = await placedOrder(shopper, { then: ["confirm", "ship", "deliver"] });
    await deliveredDaysAgo(order.id, 1);
    const since = iso();
    const claim = await post(`/order/refund-request/${order.lineIds[0]}`, { reason: "The curtain arrived torn along the hem." }, { token: shopper.token, ip: shopper.ip });
    expect(claim.status, claim.text).toBe(200);
    const notices = await noticesAbout("refund_requested", `/admin/orders/${order.id}`);
    await expectHandlersTold("refund_requested", notices, since);
    expect(notices.map((n) => n.to)).toContain(staff.get("support")!.email);
    expect(notices.map((n) => n.to)).not.toContain(staff.get("fulfilment")!.email);
    expect(notices.map((n) => n.to)).not.toContain(staff.get("catalog")!.email);
    expect(notices[0]!.detail).toContain("torn along the hem");
    // Asked again: refused, and nobody is told twice.
    const again = await post(`/order/refund-request/${order.lineIds[0]}`, { reason: "The curtain arrived torn along the hem." }, { token: shopper.token, ip: shopper.ip });
    expect(again.status).toBe(409);
    expect(await noticesAbout("refund_requested", `/admin/orders/${order.id}`)).toHaveLength(notices.length);
  });
});

describe("the counts beside Orders in the back office's frame", () => {
  const cookies = new Map<string, string>();
  async function page(path: string, who: StaffLogin): Promise<string> {
    if (!cookies.has(who.email)) {
      const login = await staffLogin(who.email, who.password, who.ip);
      expect(login.status, login.text).toBe(200);
      cookies.set(who.email, cookieOf(login, SESSION_COOKIE) as string);
    }
    const res = await fetch(`${inject("baseUrl")}${path}`, { headers: { Cookie: cookies.get(who.email) as string, "X-Forwarded-For": who.ip }, redirect: "manual" });
    expect(res.status).toBe(200);
    return (await res.text()).replaceAll("<!-- -->", "");
  }

  async function counts() {
    const { db } = await testDb();
    const orders = await db
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("delivery_status", "=", "Pending")
      .where((eb) => eb.or([eb("payment_type", "=", "cash_on_delivery"), eb("payment_status", "=", "Paid")]))
      .executeTakeFirstOrThrow();
    const claims = await db.selectFrom("order_lines").select((eb) => eb.fn.count<number>("order_id").distinct().as("n")).where("refund_status", "=", "Requested").executeTakeFirstOrThrow();
    return { orders: Number(orders.n), claims: Number(claims.n) };
  }

  /** The page read while the counts stood still (other files place orders meanwhile). */
  async function steady(path: string, who: StaffLogin): Promise<{ html: string; orders: number; claims: number }> {
    for (let i = 0; ; i++) {
      const before = await counts();
      const html = await page(path, who);
      const after = await counts();
      if ((before.orders === after.orders && before.claims === after.claims) || i === 4) return { html, ...after };
    }
  }

  const badge = (n: number, label: string) => new RegExp(`<span[^>]*>${n}<span class="sr-only"> ${label}</span></span>`);
  const ordersLink = (html: string) => /href="\/admin\/orders"[^>]*>Orders(.*?)<\/a>/.exec(html)?.[1] ?? null;

  it("show the new orders to the roles that read orders, the refund requests to those that read refunds too, and nothing to others", async () => {
    // At least one of each is waiting (the tests above made them; made here too when run alone).
    await placedOrder(shopper);
    const claimed = await placedOrder(shopper, { then: ["confirm", "ship", "deliver"] });
    await deliveredDaysAgo(claimed.id, 1);
    expect((await post(`/order/refund-request/${claimed.lineIds[0]}`, { reason: "The cushion cover is the wrong colour entirely." }, { token: shopper.token, ip: shopper.ip })).status).toBe(200);

    const fulfilment = await steady("/admin", staff.get("fulfilment")!);
    const link = ordersLink(fulfilment.html);
    expect(link, "fulfilment sees Orders").not.toBeNull();
    expect(link).toMatch(badge(fulfilment.orders, fulfilment.orders === 1 ? "new order waiting" : "new orders waiting"));
    expect(link).toMatch(badge(fulfilment.claims, fulfilment.claims === 1 ? "refund request waiting" : "refund requests waiting"));

    const support = await steady("/admin", staff.get("support")!);
    expect(ordersLink(support.html)).toMatch(badge(support.claims, support.claims === 1 ? "refund request waiting" : "refund requests waiting"));

    const catalog = await page("/admin", staff.get("catalog")!);
    expect(catalog).not.toContain('href="/admin/orders"');
    expect(catalog).not.toMatch(/new orders? waiting|refund requests? waiting/);
  });
});
