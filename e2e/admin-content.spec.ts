import AxeBuilder from "@axe-core/playwright";
import sharp from "sharp";
import { hashPassword } from "../lib/accounts/server/auth/password";
import { withE2eDb } from "./db";
import { expect, type Page, readyForAxe, TAG, test } from "./fixtures";

/**
 * Content and settings in the back office (docs/back-office.md "Content and settings"): a content
 * editor writes a draft blog post with a banner, previews it on its storefront address (where a
 * shopper meanwhile gets 404), publishes it, and it is listed on /blogs; the owner changes the
 * footer's phone in the business settings and the storefront shows it. Axe finds nothing serious
 * on the pages.
 */

async function adminSignIn(page: Page, who: { email: string; password: string }, path: string) {
  await page.goto(path);
  await expect(page).toHaveURL(/\/admin\/login\?redirect=/);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname !== "/admin/login");
}

/** A staff member with `role` written into the journeys' database (a verified account with a password). */
async function createStaff(name: string, role: string): Promise<{ email: string; password: string }> {
  const email = `content-${role}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const password = "Ink-and-indigo-42";
  const hash = await hashPassword(password);
  const at = new Date().toISOString();
  await withE2eDb(async (db) => {
    const user = await db.insertInto("users").values({ name, email, phone: null, avatar: null, email_verified: 1, deleted_at: null, role, created_at: at, updated_at: at }).returning("id").executeTakeFirstOrThrow();
    await db
      .insertInto("accounts")
      .values({ user_id: user.id, account_id: String(user.id), provider_id: "credential", password: hash, access_token: null, refresh_token: null, id_token: null, access_token_expires_at: null, refresh_token_expires_at: null, scope: null, created_at: at, updated_at: at })
      .execute();
  });
  return { email, password };
}

async function noSeriousViolations(page: Page, path: string) {
  await readyForAxe(page);
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`)).toEqual([]);
}

test.describe("content and settings", () => {
  test("a content editor writes a draft post with a banner, previews it while shoppers get 404, publishes it, and /blogs lists it", { tag: [TAG.db, TAG.desktop] }, async ({ page, browser }) => {
    test.setTimeout(180_000);
    const tag = Date.now().toString(36);
    const title = `Monsoon Linen Curtains ${tag}`;
    const editor = await createStaff("Meera Writer", "content");

    await adminSignIn(page, editor, "/admin/content/blog");
    await expect(page.getByRole("heading", { level: 1, name: "Blog posts" })).toBeVisible();
    await noSeriousViolations(page, "/admin/content/blog");
    await page.getByRole("link", { name: "New post" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "New blog post" })).toBeVisible();

    // A refused save keeps what was typed, with the message under the field.
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByRole("button", { name: "Create post" }).click();
    await expect(page.locator("#editor-errors")).toBeVisible();
    await expect(page.locator("#f-description-error")).toContainText("Write the text");
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);

    await page.getByRole("textbox", { name: "Text", exact: true }).click();
    await page.keyboard.type("Light linen lets the monsoon breeze in and keeps the damp out.");
    await page.getByLabel("SEO title").fill(`${title} | Kesar Home`);
    await expect(page.getByTestId("search-preview")).toContainText(title);
    await noSeriousViolations(page, "/admin/content/blog/new");
    await page.getByRole("button", { name: "Create post" }).click();
    await page.waitForURL(/\/admin\/content\/blog\/\d+\?created=1$/);
    const id = new URL(page.url()).pathname.split("/").pop()!;
    const slug = `monsoon-linen-curtains-${tag}`;
    await expect(page.getByText(`/blog/${slug}`).first()).toBeVisible();

    // The banner: uploaded, re-encoded, shown.
    const banner = await sharp({ create: { width: 1200, height: 630, channels: 3, background: { r: 30, g: 90, b: 140 } } }).jpeg().toBuffer();
    await page.getByLabel("Choose a banner image").setInputFiles({ name: "banner.jpg", mimeType: "image/jpeg", buffer: banner });
    await expect(page.getByRole("status").filter({ hasText: "The banner is saved." })).toBeVisible();
    await expect(page.getByAltText("The post's banner")).toHaveAttribute("src", /^\/media\/content\/[a-z0-9-]+\.webp$/);
    await noSeriousViolations(page, `/admin/content/blog/${id}`);

    // A shopper meanwhile: the address is not found.
    const shopper = await browser.newContext();
    const shopperPage = await shopper.newPage();
    expect((await shopperPage.goto(`/blog/${slug}`))?.status()).toBe(404);

    // Preview: the draft on its real address, under the Preview bar.
    await page.getByRole("link", { name: "Preview", exact: true }).click();
    await page.waitForURL(new RegExp(`/blog/${slug}$`));
    await expect(page.getByRole("region", { name: "Preview" })).toContainText("a draft, not published");
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByText("Light linen lets the monsoon breeze in")).toBeVisible();
    expect((await shopperPage.goto(`/blog/${slug}`))?.status()).toBe(404);
    await page.getByRole("link", { name: "Back to the editor" }).click();
    await page.waitForURL(new RegExp(`/admin/content/blog/${id}$`));

    // Published: the shopper sees it on its page and on /blogs.
    await page.getByRole("radio", { name: "Published" }).check();
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByRole("status").filter({ hasText: "The changes are saved." })).toBeVisible();
    expect((await shopperPage.goto(`/blog/${slug}`))?.status()).toBe(200);
    await expect(shopperPage.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(shopperPage.getByRole("region", { name: "Preview" })).toHaveCount(0);
    await shopperPage.goto("/blogs");
    await expect(shopperPage.getByText(title).first()).toBeVisible();
    await shopper.close();

    // The other content pages pass axe too.
    for (const [path, heading] of [
      ["/admin/content/pages", "Pages"],
      ["/admin/content/pages/new", "New page"],
      ["/admin/content/home", "Home page"],
      ["/admin/content/faqs", "FAQs"],
      ["/admin/content/policies", "Policies"],
      ["/admin/content/policies/return-policy", "Return Policy"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await noSeriousViolations(page, path);
    }
  });

  test("the owner changes the footer's phone in the business settings and the storefront shows it", { tag: [TAG.db, TAG.desktop] }, async ({ page, browser }) => {
    test.setTimeout(120_000);
    const owner = await createStaff("Anil Owner", "owner");
    const before = await withE2eDb(async (db) => (await db.selectFrom("business_settings").select("value").where("type", "=", "contact_phone").executeTakeFirstOrThrow()).value ?? "");
    await adminSignIn(page, owner, "/admin/settings/business");
    await expect(page.getByRole("heading", { level: 1, name: "Business settings" })).toBeVisible();
    await noSeriousViolations(page, "/admin/settings/business");

    // A wrong value is refused beside its field; nothing is saved.
    await page.getByLabel("Phone", { exact: true }).fill("12345");
    await page.getByLabel("Instagram").fill("javascript:alert(1)");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.locator("#f-contact_phone-error")).toContainText("10-digit mobile number");
    await expect(page.locator("#f-instagram_link-error")).toContainText("https://");

    try {
      await page.getByLabel("Instagram").fill("https://www.instagram.com/kesarhome");
      await page.getByLabel("Phone", { exact: true }).fill("98765 43210");
      await page.getByRole("button", { name: "Save settings" }).click();
      await expect(page.getByRole("status").filter({ hasText: "The settings are saved" })).toBeVisible();

      const shopper = await browser.newContext();
      const shopperPage = await shopper.newPage();
      await shopperPage.goto("/about-us");
      await expect(shopperPage.getByRole("contentinfo")).toContainText("+91 98765 43210");
      await shopper.close();
    } finally {
      await page.getByLabel("Phone", { exact: true }).fill(before);
      await page.getByRole("button", { name: "Save settings" }).click();
      await expect(page.getByRole("status").filter({ hasText: /saved|Nothing changed/ })).toBeVisible();
    }
  });
});
