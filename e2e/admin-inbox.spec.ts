import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { DEMO_OWNER } from "../lib/seed/content";
import { waitForMail } from "../lib/testing/mail-receiver";
import { XSS_CORPUS } from "../lib/testing/xss-corpus";
import { E2E_MAIL_DIR } from "../scripts/lib/build";
import { withE2eDb } from "./db";
import { expect, type Page, readyForAxe, TAG, test } from "./fixtures";
import { adminSignIn, createStaffMember } from "./staff";
import { SYSTEM_KEY } from "./target";

/**
 * The back office's inbox pages (docs/back-office.md "Inbox"): a shopper's enquiry sent through the
 * storefront's form is opened, taken, noted and answered by a support clerk, and the reply reaches
 * the shopper's mailbox; everything of the stored-XSS corpus sent through the public forms is shown
 * as text, literally, and runs nothing; axe finds nothing serious; a catalog clerk gets 403.
 */

const OWNER = { email: DEMO_OWNER.email, password: DEMO_OWNER.password };
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const sidebar = (page: Page) => page.getByRole("navigation", { name: "Back office" }).filter({ visible: true });

/** Sends a form of the storefront through the public API, as its page does. */
async function sendForm(page: Page, path: "/enquiries" | "/contact/save", body: Record<string, string>): Promise<void> {
  const res = await page.request.post(`/api/v2${path}`, { data: body, headers: { "System-Key": SYSTEM_KEY, "X-Requested-With": "XMLHttpRequest", Accept: "application/json" } });
  expect(res.status(), await res.text()).toBe(201);
}

async function inboxId(email: string): Promise<number> {
  return withE2eDb(async (db) => {
    const row = await db
      .selectFrom("inbox_items as i")
      .leftJoin("enquiries as e", (j) => j.onRef("e.id", "=", "i.source_id").on("i.source", "=", "enquiry"))
      .leftJoin("contact_messages as c", (j) => j.onRef("c.id", "=", "i.source_id").on("i.source", "=", "contact"))
      .select("i.id")
      .where((eb) => eb.or([eb("e.email", "=", email), eb("c.email", "=", email)]))
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

test.describe("the inbox", () => {
  test("a shopper's enquiry is taken, noted and answered by a support clerk, and the reply reaches the shopper", { tag: [TAG.db] }, async ({ page, browser }) => {
    // The shopper writes from the gifting page.
    const tag = unique();
    const shopper = { name: `Meera ${tag}`, email: `inbox-${tag}@example.com`, message: "Forty Diwali hampers for our family.\nDelivered by 20 October, please." };
    await page.goto("/gifting");
    const form = page.getByRole("form", { name: "Get in Touch form" });
    await expect(form.getByRole("button", { name: "Send Enquiry" })).toBeEnabled();
    await form.getByLabel("Name", { exact: true }).fill(shopper.name);
    await form.getByLabel("Email", { exact: true }).fill(shopper.email);
    await form.getByLabel("Contact Number").fill("98100 67890");
    await form.getByLabel("Address", { exact: true }).fill("B-12 Hauz Khas, New Delhi 110016");
    await form.getByLabel("Message").fill(shopper.message);
    await form.getByRole("button", { name: "Send Enquiry" }).click();
    await expect(page.getByText(`Thank you, ${shopper.name}!`)).toBeVisible();

    // A support clerk finds it among what is new and nobody's.
    const clerk = await createStaffMember("support", `Support ${tag}`);
    const context = await browser.newContext();
    const staff = await context.newPage();
    await adminSignIn(staff, clerk, "/admin/inbox");
    await expect(staff.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
    await expect(sidebar(staff).getByRole("link", { name: /^Inbox \d+ new items?$/ })).toBeVisible();
    await staff.getByLabel("Name, email or phone").fill(shopper.email);
    await staff.getByLabel("Status", { exact: true }).selectOption("new");
    await staff.getByLabel("Assigned to", { exact: true }).selectOption("none");
    await staff.getByRole("button", { name: "Apply" }).click();
    await expect(staff).toHaveURL(/\/admin\/inbox\?.*status=new/);
    await expect(staff).toHaveURL(/assignee=none/);
    const rows = staff.locator("tbody tr");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("Gifting enquiry");
    await expect(rows.first()).toContainText("New");
    await staff.getByRole("link", { name: shopper.name }).click();

    // The item at its own URL: what was sent, line breaks kept.
    const id = await inboxId(shopper.email);
    await expect(staff).toHaveURL(new RegExp(`/admin/inbox/${id}$`));
    await expect(staff.getByRole("heading", { level: 1, name: `Gifting enquiry #${id}` })).toBeVisible();
    const message = staff.getByRole("region", { name: "Message" });
    expect(await message.textContent()).toBe(shopper.message);
    expect(await message.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe("pre-wrap");
    expect((await message.boundingBox())!.height).toBeGreaterThan(30);

    // Taken by the clerk.
    await staff.getByRole("button", { name: "Assign to me" }).click();
    await expect(staff.getByRole("status").filter({ hasText: "Saved:" })).toHaveText("Saved: New, assigned to you.");
    await expect(staff.getByLabel("Assigned to", { exact: true })).toHaveValue(String(clerk.id));
    await expect(staff.getByRole("button", { name: "Assign to me" })).toHaveCount(0);

    // A note for colleagues.
    await staff.getByLabel(/^Note/).fill("Called her back: samples on Monday.");
    await staff.getByRole("button", { name: "Add note" }).click();
    await expect(staff.getByRole("status").filter({ hasText: "Note added." })).toBeVisible();
    await expect(staff.getByRole("list", { name: "Staff notes" })).toContainText("Called her back: samples on Monday.");
    await expect(staff.getByRole("list", { name: "Staff notes" })).toContainText(`Support ${tag} (you)`);
    await expect(staff.getByLabel(/^Note/)).toHaveValue("");

    // A reply of spaces is refused under its field, keeping what was typed; then a real reply is mailed.
    const reply = staff.getByRole("form", { name: "Reply by email" });
    await reply.getByLabel("Subject (optional)").fill("Your hampers");
    await reply.getByLabel("Message").fill("   ");
    await reply.getByRole("button", { name: "Send reply" }).click();
    await expect(reply.getByRole("alert")).toHaveText("Message is required.");
    await expect(reply.locator("#inbox-reply-body-error")).toHaveText("Message is required.");
    await expect(reply.getByLabel("Subject (optional)")).toHaveValue("Your hampers");
    expect(await withE2eDb((db) => db.selectFrom("inbox_replies").select("id").where("item_id", "=", id).execute())).toEqual([]);

    const since = Date.now();
    const answer = "Namaste Meera,\nForty hampers by 20 October is no trouble.\nOur quote follows today.";
    await reply.getByLabel("Subject (optional)").fill("");
    await reply.getByLabel("Message").fill(answer);
    await reply.getByRole("button", { name: "Send reply" }).click();
    await expect(reply.getByRole("status")).toHaveText(`Reply sent to ${shopper.email}. The item is Answered.`);
    await expect(staff.getByLabel("Status", { exact: true })).toHaveValue("answered");
    await expect(staff.getByRole("list", { name: "Replies sent" })).toContainText("Re: your gifting enquiry");
    await expect(reply.getByLabel("Message")).toHaveValue("");

    const mail = await waitForMail(E2E_MAIL_DIR, shopper.email, { since, subject: /^Re: your gifting enquiry$/, timeoutMs: 20_000 });
    expect(mail.text).toContain("Forty hampers by 20 October is no trouble.");

    // The list shows it Answered, among the clerk's own.
    await staff.goto(`/admin/inbox?assignee=me&q=${encodeURIComponent(shopper.email)}`);
    await expect(staff.getByLabel("Assigned to", { exact: true })).toHaveValue("me");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("Answered");
    await expect(rows.first()).toContainText("You");
    await expect(rows.first()).toContainText("1 reply · 1 note");

    const audit = await withE2eDb((db) => db.selectFrom("audit_log").select(["action", "actor_id"]).where("entity_type", "=", "inbox").where("entity_id", "=", String(id)).orderBy("id").execute());
    expect(audit).toEqual([
      { action: "inbox.assign", actor_id: clerk.id },
      { action: "inbox.note", actor_id: clerk.id },
      { action: "inbox.reply", actor_id: clerk.id },
    ]);
    await context.close();
  });

  test("nothing a shopper types runs in the inbox: every entry of the stored-XSS corpus is shown literally", { tag: [TAG.db] }, async ({ page }) => {
    test.setTimeout(300_000);
    const tag = unique();
    // The corpus, and two payloads that would set a flag instead of opening a dialog.
    const payloads = [...XSS_CORPUS, '<img src=x onerror="window.__xssRan=1">', "<svg onload=window.__xssRan=1>"];
    const sent: { email: string; kind: "enquiry" | "contact"; text: string }[] = [];
    for (const [i, text] of payloads.entries()) {
      const enquiry = `xss-${tag}-e${i}@example.com`;
      await sendForm(page, "/enquiries", { kind: "gifting", name: text, email: enquiry, contact: "9810067890", address: text, message: text });
      sent.push({ email: enquiry, kind: "enquiry", text });
      const contact = `xss-${tag}-c${i}@example.com`;
      await sendForm(page, "/contact/save", { name: text, surname: text, email: contact, phone: "9810067890", subject: text, message: text });
      sent.push({ email: contact, kind: "contact", text });
    }

    const dialogs: string[] = [];
    page.on("dialog", (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.addInitScript(() => {
      const flag = () => Object.assign(window, { __xssRan: 1 });
      window.alert = flag;
      window.confirm = () => (flag(), false);
      window.prompt = () => (flag(), null);
    });
    const injected = "#admin-main :is(script, iframe, object, embed, svg, math, details, xss, style, img, [onerror], [onload], [onfocus], [ontoggle], a[href^='javascript'], input[autofocus])";
    const clean = async (where: string) => {
      expect(await page.evaluate(() => (window as unknown as { __xssRan?: number }).__xssRan), `${where}: a payload ran`).toBeUndefined();
      expect(await page.locator(injected).count(), `${where}: an element came from what a shopper typed`).toBe(0);
    };

    await adminSignIn(page, OWNER, `/admin/inbox?q=xss-${tag}`);
    const rows = page.locator("tbody tr[data-inbox-item]");
    const seen = new Map<string, { name: string; about: string }>();
    for (let p = 1; ; p++) {
      await expect(page.getByText(`Page ${p} of 2`)).toBeVisible();
      await clean(`list page ${p}`);
      for (const row of await rows.all()) {
        const cells = row.locator("td");
        seen.set((await cells.nth(0).locator("span").textContent())!, { name: (await cells.nth(0).getByRole("link").textContent())!, about: (await cells.nth(2).textContent())! });
      }
      if (p === 2) break;
      await page.getByRole("link", { name: "Next →" }).click();
    }
    expect(seen.size).toBe(sent.length);
    for (const s of sent) {
      const row = seen.get(s.email);
      expect(row?.name, s.email).toBe(s.kind === "contact" ? `${s.text} ${s.text}` : s.text);
      expect(row?.about, s.email).toContain(s.text);
    }

    for (const s of sent) {
      const id = await inboxId(s.email);
      await page.goto(`/admin/inbox/${id}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(s.kind === "contact" ? `Contact message #${id}` : `Gifting enquiry #${id}`);
      expect(await page.getByRole("region", { name: "Message" }).textContent(), s.email).toBe(s.text);
      const facts = page.locator("dl");
      expect(await facts.locator("dd").first().textContent(), s.email).toBe(s.kind === "contact" ? `${s.text} ${s.text}` : s.text);
      if (s.kind === "enquiry") expect(await page.getByRole("region", { name: "Address" }).textContent()).toBe(s.text);
      else expect(await facts.locator("div").filter({ has: page.locator("dt", { hasText: /^Subject$/ }) }).locator("dd").textContent()).toBe(s.text);
      await clean(s.email);
    }
    expect(dialogs).toEqual([]);
  });

  test("the inbox list, an item and the subscribers have no serious accessibility violation", { tag: [TAG.db] }, async ({ page }) => {
    const tag = unique();
    await sendForm(page, "/contact/save", { name: `Arjun ${tag}`, surname: "Menon", email: `axe-${tag}@example.com`, phone: "9810012345", subject: "Curtain lengths", message: "Do the 9 ft curtains come lined?\nAnd in which colours?" });
    const id = await inboxId(`axe-${tag}@example.com`);
    await readyForAxe(page);
    await adminSignIn(page, OWNER, "/admin/inbox");
    // One note and one reply, so their lists are scanned too.
    await page.goto(`/admin/inbox/${id}`);
    await page.getByLabel(/^Note/).fill("Lined in cotton.");
    await page.getByRole("button", { name: "Add note" }).click();
    await expect(page.getByRole("list", { name: "Staff notes" })).toBeVisible();
    for (const path of ["/admin/inbox", "/admin/inbox?status=new&assignee=none", `/admin/inbox/${id}`, "/admin/subscribers"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const results = await new AxeBuilder({ page }).analyze();
      const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(bad.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`)).toEqual([]);
    }
  });

  test("subscribers: support reads the list; the owner exports what the search keeps as CSV", { tag: [TAG.db] }, async ({ page, browser }) => {
    const tag = unique();
    for (const email of [`reader-${tag}@example.com`, `-2+3-${tag}@example.com`]) {
      const res = await page.request.post("/api/v2/subscriber-add", { data: { email }, headers: { "System-Key": SYSTEM_KEY, "X-Requested-With": "XMLHttpRequest" } });
      expect(res.status(), await res.text()).toBe(201);
    }
    const clerk = await createStaffMember("support");
    const context = await browser.newContext();
    const support = await context.newPage();
    await adminSignIn(support, clerk, `/admin/subscribers?q=${tag}`);
    await expect(support.getByRole("heading", { level: 1, name: "Subscribers" })).toBeVisible();
    await expect(support.locator("tbody tr")).toHaveCount(2);
    await expect(support.getByRole("link", { name: "Export CSV" })).toHaveCount(0);
    expect((await support.request.get(`/admin/subscribers/export?q=${tag}`)).status()).toBe(403);
    await context.close();

    await adminSignIn(page, OWNER, "/admin/subscribers");
    await page.getByLabel("Email", { exact: true }).fill(tag);
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/subscribers\\?q=${tag}$`));
    await expect(page.locator("tbody tr")).toHaveCount(2);
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = fs.readFileSync((await file.path())!, "utf8").replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toBe("id,email,subscribed_at");
    expect(lines.slice(1).map((l) => l.split(",")[1])).toEqual([`'-2+3-${tag}@example.com`, `reader-${tag}@example.com`]);
  });

  test("a catalog clerk sees no Inbox and gets 403 on its pages, never a shopper's message", { tag: [TAG.db] }, async ({ page }) => {
    const tag = unique();
    await sendForm(page, "/contact/save", { name: `Private ${tag}`, email: `private-${tag}@example.com`, message: `Only support may read this ${tag}.` });
    const id = await inboxId(`private-${tag}@example.com`);
    const clerk = await createStaffMember("catalog");
    await adminSignIn(page, clerk);
    await expect(sidebar(page).getByRole("link", { name: "Products" })).toBeVisible();
    await expect(sidebar(page).getByRole("link", { name: /^Inbox/ })).toHaveCount(0);
    await expect(sidebar(page).getByRole("link", { name: "Subscribers" })).toHaveCount(0);
    for (const path of ["/admin/inbox", `/admin/inbox/${id}`, "/admin/subscribers"]) {
      const answer = await page.goto(path);
      expect(answer?.status(), path).toBe(403);
      await expect(page.getByRole("heading", { name: "You do not have access to this page" })).toBeVisible();
      await expect(page.getByText(tag)).toHaveCount(0);
    }
  });
});
