import { sql } from "kysely";
import { waitForMail } from "../lib/testing/mail-receiver";
import { XSS_CORPUS } from "../lib/testing/xss-corpus";
import { E2E_MAIL_DIR } from "../scripts/lib/build";
import { withE2eDb } from "./db";
import { expect, TAG, test } from "./fixtures";
import { adminSignIn, createStaffMember } from "./staff";
import { SYSTEM_KEY } from "./target";

/**
 * The grievance desk (docs/back-office.md "Grievances"): a shopper files a complaint on
 * /grievances, where the grievance officer is named, and gets a ticket number on the page and by
 * mail; a support clerk finds it on the desk with its two timers, acknowledges it and resolves it,
 * and the shopper is mailed each step. Everything of the stored-XSS corpus filed as a name and a
 * complaint is shown on the desk literally, as text, and runs nothing.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test.describe("the grievance desk", () => {
  test("a shopper files a grievance and gets a ticket; support acknowledges and resolves it against the timers", { tag: [TAG.db] }, async ({ page, browser }) => {
    const tag = unique();
    const shopper = { name: `Asha ${tag}`, email: `grievance-${tag}@example.com`, message: "The curtain arrived torn at the hem.\nI asked for a replacement twice." };

    // The page names the grievance officer, and the footer links to it.
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Grievances" }).click();
    await expect(page).toHaveURL(/\/grievances$/);
    await expect(page.getByRole("heading", { level: 1, name: "Grievances" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Grievance officer" })).toBeVisible();
    await expect(page.locator("[data-grievance-officer]")).not.toBeEmpty();

    // A complaint missing its text is refused at the field; then it is filed and the ticket shown.
    const form = page.getByRole("form", { name: "Complaint form" });
    await expect(form.getByRole("button", { name: "File complaint" })).toBeEnabled();
    await form.getByLabel("Name", { exact: true }).fill(shopper.name);
    await form.getByLabel("Email", { exact: true }).fill(shopper.email);
    await form.getByRole("button", { name: "File complaint" }).click();
    await expect(form.getByText("Your complaint is required.")).toBeVisible();
    const since = Date.now();
    await form.getByLabel("Your complaint").fill(shopper.message);
    await form.getByRole("button", { name: "File complaint" }).click();
    const ticketShown = page.locator("[data-ticket]");
    await expect(ticketShown).toHaveText(/^GR-\d{4}-\d{6,}$/);
    const ticket = (await ticketShown.textContent()) as string;
    const filed = await waitForMail(E2E_MAIL_DIR, shopper.email, { since, subject: new RegExp(`${ticket} is registered`), timeoutMs: 20_000 });
    expect(filed.text).toContain("acknowledges it within 48 hours");

    // A support clerk sees it waiting, with its timers.
    const clerk = await createStaffMember("support", `Support ${tag}`);
    const context = await browser.newContext();
    const staff = await context.newPage();
    await adminSignIn(staff, clerk, "/admin/grievances");
    await expect(staff.getByRole("heading", { level: 1, name: "Grievances" })).toBeVisible();
    await staff.getByLabel("Ticket, name, email or order").fill(ticket);
    await staff.getByRole("button", { name: "Apply" }).click();
    await expect(staff).toHaveURL(new RegExp(`q=${ticket}`));
    const row = staff.locator(`tr[data-grievance="${ticket}"]`);
    await expect(row).toContainText("Open");
    await expect(row).toContainText(/due in 1 day 23 h|due in 2 days/);
    await expect(row).toContainText(/due in 29 days|due in 30 days/);
    await row.getByRole("link", { name: ticket }).click();

    await expect(staff.getByRole("heading", { level: 1, name: `Grievance ${ticket}` })).toBeVisible();
    expect(await staff.getByRole("region", { name: "Complaint" }).textContent()).toBe(shopper.message);

    // Resolving needs a resolution; acknowledging does not.
    await staff.getByRole("button", { name: "Resolve" }).click();
    await expect(staff.locator("#grievance-message-error")).toHaveText("Write the resolution: it is mailed to the complainant.");
    await staff.getByRole("button", { name: "Acknowledge" }).click();
    await expect(staff.getByRole("status").filter({ hasText: `${ticket} is acknowledged` })).toBeVisible();
    await expect(staff.getByText("done in time").first()).toBeVisible();
    await waitForMail(E2E_MAIL_DIR, shopper.email, { since, subject: /looking into your complaint/, timeoutMs: 20_000 });

    await staff.getByLabel(/^Message to the complainant/).fill("A replacement curtain ships tomorrow by Blue Dart.");
    await staff.getByRole("button", { name: "Resolve" }).click();
    // Resolved is final: the form is gone, the resolution and both timers are shown as done.
    await expect(staff.getByRole("button", { name: "Resolve" })).toHaveCount(0);
    await expect(staff.getByText("Resolved", { exact: true }).first()).toBeVisible();
    await expect(staff.getByText("A replacement curtain ships tomorrow by Blue Dart.").first()).toBeVisible();
    await expect(staff.getByText("done in time")).toHaveCount(2);
    const done = await waitForMail(E2E_MAIL_DIR, shopper.email, { since, subject: /is resolved/, timeoutMs: 20_000 });
    expect(done.text).toContain("A replacement curtain ships tomorrow by Blue Dart.");

    const audit = await withE2eDb((db) => db.selectFrom("audit_log").select(["action", "actor_id"]).where("entity_type", "=", "grievance").where("actor_id", "=", clerk.id).orderBy("id").execute());
    expect(audit).toEqual([
      { action: "grievance.acknowledge", actor_id: clerk.id },
      { action: "grievance.resolve", actor_id: clerk.id },
    ]);
    await context.close();
  });

  test("nothing a complainant types runs on the desk: every entry of the stored-XSS corpus is shown literally", { tag: [TAG.db] }, async ({ page }) => {
    test.setTimeout(300_000);
    const tag = unique();
    // The corpus, and two payloads that would set a flag instead of opening a dialog. Each is a
    // name once and a complaint once (a complaint needs 10 characters: a short one is padded).
    const payloads = [...XSS_CORPUS, '<img src=x onerror="window.__xssRan=1">', "<svg onload=window.__xssRan=1>"];
    const filed: { email: string; name: string; message: string; ticket: string }[] = [];
    for (const [i, text] of payloads.entries()) {
      const email = `grievance-xss-${tag}-${i}@example.com`;
      const name = text;
      const message = text.length >= 10 ? text : `${text} ${text} ${text}`;
      // The desk's own limit of 10 complaints an hour from one address: the journey files 24 from
      // one, so its counter is cleared before each (the limit has its own API test).
      await withE2eDb((db) => sql`delete from rate_limits where key like 'grievancesPerIp:%'`.execute(db));
      const res = await page.request.post("/api/v2/grievances", { data: { name, email, message }, headers: { "System-Key": SYSTEM_KEY, "X-Requested-With": "XMLHttpRequest", Accept: "application/json" } });
      expect(res.status(), await res.text()).toBe(201);
      filed.push({ email, name, message, ticket: ((await res.json()) as { ticket: string }).ticket });
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
      expect(await page.locator(injected).count(), `${where}: an element came from what a complainant typed`).toBe(0);
    };

    const clerk = await createStaffMember("support", `Support XSS ${tag}`);
    await adminSignIn(page, clerk, `/admin/grievances?q=grievance-xss-${tag}`);
    await expect(page.getByRole("heading", { level: 1, name: "Grievances" })).toBeVisible();
    const rows = page.locator("tbody tr[data-grievance]");
    await expect(rows).toHaveCount(filed.length);
    await clean("the desk's list");
    for (const g of filed) {
      const from = page.locator(`tr[data-grievance="${g.ticket}"] td`).nth(1);
      expect(await from.textContent(), g.email).toBe(`${g.name}${g.email}`);
    }

    for (const g of filed) {
      await page.locator(`tr[data-grievance="${g.ticket}"]`).getByRole("link", { name: g.ticket }).click();
      await expect(page.getByRole("heading", { level: 1, name: `Grievance ${g.ticket}` })).toBeVisible();
      expect(await page.getByRole("region", { name: "Complaint" }).textContent(), g.email).toBe(g.message);
      const name = page.locator("dl div").filter({ has: page.locator("dt", { hasText: /^Name$/ }) }).locator("dd");
      expect(await name.textContent(), g.email).toBe(g.name);
      await clean(g.ticket);
      await page.goBack();
      await expect(rows).toHaveCount(filed.length);
    }
    expect(dialogs).toEqual([]);
  });
});
