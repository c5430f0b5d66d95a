import { waitForMail } from "../lib/testing/mail-receiver";
import { E2E_MAIL_DIR } from "../scripts/lib/build";
import { withE2eDb } from "./db";
import { expect, TAG, test } from "./fixtures";
import { adminSignIn, createStaffMember } from "./staff";

/**
 * The grievance desk (docs/back-office.md "Grievances"): a shopper files a complaint on
 * /grievances, where the grievance officer is named, and gets a ticket number on the page and by
 * mail; a support clerk finds it on the desk with its two timers, acknowledges it and resolves it,
 * and the shopper is mailed each step.
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
});
