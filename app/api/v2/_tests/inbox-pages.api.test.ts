import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { can, STAFF_ROLES, type StaffRole } from "@/lib/accounts/access";
import { SESSION_COOKIE } from "@/lib/accounts/constants";
import { XSS_CORPUS } from "@/lib/testing/xss-corpus";
import { clientAddresses, closeTestDb, cookieOf, post, runTag, testDb, uniqueEmail } from "./client";
import { invitedStaff, staffLogin } from "./staff-client";

/**
 * The inbox's pages (app/(admin)/admin/(panel)/inbox/**, subscribers/**) on the running server,
 * with each role's back-office session and none: inbox:read opens them (200), another role gets
 * 403 and never the shopper's text, a guest goes to the sign-in; the shopper's text is in the page
 * as escaped text; the sidebar counts the new items; the Subscribers page's CSV link answers only
 * inbox:export. The journeys (e2e/admin-inbox.spec.ts) use the forms and render it in Chromium.
 */

const nextIp = clientAddresses(66);
const sessions = new Map<StaffRole, string>();
let itemId = 0;
const marker = `Inbox page ${runTag}`;
const SCRIPT = XSS_CORPUS[0] as string;

async function page(path: string, cookie: string | null) {
  const headers = new Headers({ "X-Forwarded-For": nextIp() });
  if (cookie) headers.set("Cookie", cookie);
  const res = await fetch(`${inject("baseUrl")}${path}`, { headers, redirect: "manual" });
  return { status: res.status, location: res.headers.get("location"), type: res.headers.get("content-type"), disposition: res.headers.get("content-disposition"), text: await res.text() };
}

const session = (role: StaffRole) => sessions.get(role) as string;
const refused = "NEXT_HTTP_ERROR_FALLBACK;403";

beforeAll(async () => {
  for (const role of STAFF_ROLES) {
    const login = await invitedStaff(role, nextIp(), `inbox-pages-${role}`);
    const res = await staffLogin(login.email, login.password, login.ip);
    expect(res.status, res.text).toBe(200);
    sessions.set(role, cookieOf(res, SESSION_COOKIE) as string);
  }
  const email = uniqueEmail("inbox-pages");
  const sent = await post("/contact/save", { name: marker, email, subject: SCRIPT, message: `${SCRIPT}\nSecond line` }, { ip: nextIp() });
  expect(sent.status, sent.text).toBe(201);
  const { db } = await testDb();
  const row = await db.selectFrom("inbox_items as i").innerJoin("contact_messages as c", (j) => j.onRef("c.id", "=", "i.source_id").on("i.source", "=", "contact")).select("i.id").where("c.email", "=", email).executeTakeFirstOrThrow();
  itemId = row.id;
}, 300_000);

afterAll(closeTestDb);

describe("the inbox's pages, by role", () => {
  it("open for inbox:read, answer 403 without the shopper's text otherwise, and send a guest to the sign-in", async () => {
    const paths = [`/admin/inbox?status=new&assignee=none&q=${encodeURIComponent(marker)}`, "/admin/inbox?assignee=me&kind=contact&page=2", `/admin/inbox/${itemId}`, `/admin/subscribers?q=${runTag}`];
    for (const path of paths) {
      for (const role of STAFF_ROLES) {
        const res = await page(path, session(role));
        const allowed = can({ roles: [role], scopes: null }, "inbox", "read");
        expect(res.status, `${role} on ${path}`).toBe(allowed ? 200 : 403);
        if (allowed) expect(res.text, `${role} on ${path}`).not.toContain(refused);
        else {
          expect(res.text, `${role} on ${path}`).toContain(refused);
          expect(res.text, `${role} on ${path}`).not.toContain(marker);
        }
      }
      const guest = await page(path, null);
      expect(guest.status).toBe(307);
      expect(guest.location).toContain(`/admin/login?redirect=${encodeURIComponent(path)}`);
    }
  });

  it("show what the shopper typed as escaped text, never as markup, and the controls only to inbox:update", async () => {
    const support = await page(`/admin/inbox/${itemId}`, session("support"));
    expect(support.text).toContain(marker);
    expect(support.text).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(support.text).not.toContain(SCRIPT);
    expect(support.text).toContain("Send reply");
    expect(support.text).toContain("Assign to me");
    const list = await page(`/admin/inbox?q=${encodeURIComponent(marker)}`, session("support"));
    expect(list.text).toContain(`href="/admin/inbox/${itemId}"`);
    expect(list.text).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(list.text).not.toContain(SCRIPT);
  });

  it("answer 404 for an item that does not exist, and a role without the inbox never learns which", async () => {
    expect((await page("/admin/inbox/999999999", session("owner"))).status).toBe(404);
    expect((await page("/admin/inbox/not-a-number", session("owner"))).status).toBe(404);
    expect((await page("/admin/inbox/0", session("support"))).status).toBe(404);
    expect((await page("/admin/inbox/999999999", session("catalog"))).status).toBe(403);
  });

  it("ignore a filter the address cannot mean, and say so", async () => {
    const res = await page("/admin/inbox?status=lost&assignee=someone", session("manager"));
    expect(res.status).toBe(200);
    expect(res.text).toContain("Ignored what the address could not mean: status, assignee.");
  });

  it("count the new items beside Inbox in the sidebar, for the roles that read it", async () => {
    const { db } = await testDb();
    const before = Number((await db.selectFrom("inbox_items").select((eb) => eb.fn.countAll<number>().as("n")).where("status", "=", "new").executeTakeFirstOrThrow()).n);
    const home = await page("/admin", session("support"));
    expect(home.text).toMatch(new RegExp(`href="/admin/inbox"[^>]*>Inbox(<!-- -->)? <span[^>]*>(<!-- -->)?${before}(<!-- -->)?<span class="sr-only"> (<!-- -->)?new items?</span>`));
    expect((await page("/admin", session("catalog"))).text).not.toContain('href="/admin/inbox"');
  });
});

describe("the Subscribers page's CSV link", () => {
  it("downloads for inbox:export, answers 403 to support, sends a guest to the sign-in (middleware) and refuses a bad search", async () => {
    const email = `page-export-${runTag}@example.com`;
    expect((await post("/subscriber-add", { email }, { ip: nextIp() })).status).toBe(201);
    const csv = await page(`/admin/subscribers/export?q=${runTag}`, session("manager"));
    expect(csv.status).toBe(200);
    expect(csv.type).toBe("text/csv; charset=utf-8");
    expect(csv.disposition).toMatch(/^attachment; filename="newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(csv.text.replace(/^\uFEFF/, "").trim().split("\r\n").slice(1).map((l) => l.split(",")[1])).toEqual([email]);
    const support = await page(`/admin/subscribers/export?q=${runTag}`, session("support"));
    expect(support.status).toBe(403);
    expect(support.text).not.toContain(email);
    const guest = await page(`/admin/subscribers/export?q=${runTag}`, null);
    expect(guest.status).toBe(307);
    expect(guest.location).toContain(`/admin/login?redirect=${encodeURIComponent(`/admin/subscribers/export?q=${runTag}`)}`);
    expect((await page(`/admin/subscribers/export?q=${"x".repeat(101)}`, session("owner"))).status).toBe(422);
    // The page shows the link only to inbox:export.
    expect((await page("/admin/subscribers", session("owner"))).text).toContain('href="/admin/subscribers/export"');
    expect((await page("/admin/subscribers", session("support"))).text).not.toContain("/admin/subscribers/export");
  });
});
