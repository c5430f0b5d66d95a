import AxeBuilder from "@axe-core/playwright";
import sharp from "sharp";
import { hashPassword } from "../lib/accounts/server/auth/password";
import { BASE_URL } from "./target";
import { formatRupees, sitemapPaths, storeApi } from "./api";
import { withE2eDb } from "./db";
import { expect, type Page, readyForAxe, TAG, test } from "./fixtures";

/**
 * The product editor (docs/back-office.md "Editing products"): a catalog clerk makes a product
 * with two variants and three photos and publishes it; within 5 seconds the shop shows it on its
 * page, in search, in its category and in the sitemap, and a ?variant= link opens that variant;
 * a price change shows on the product page; a renamed slug redirects from the old address. What
 * was typed survives a refused save, each error beside its field and in the summary. Axe finds no
 * serious or critical violation on the editor.
 */

async function createStaff(role: string): Promise<{ email: string; password: string }> {
  const email = `editor-${role}-${Date.now().toString(36)}@example.com`;
  const password = "Shelf-and-loom-77";
  const hash = await hashPassword(password);
  const at = new Date().toISOString();
  await withE2eDb(async (db) => {
    const user = await db.insertInto("users").values({ name: `A ${role} editor`, email, phone: null, avatar: null, email_verified: 1, deleted_at: null, role, created_at: at, updated_at: at }).returning("id").executeTakeFirstOrThrow();
    await db
      .insertInto("accounts")
      .values({ user_id: user.id, account_id: String(user.id), provider_id: "credential", password: hash, access_token: null, refresh_token: null, id_token: null, access_token_expires_at: null, refresh_token_expires_at: null, scope: null, created_at: at, updated_at: at })
      .execute();
  });
  return { email, password };
}

async function adminSignIn(page: Page, who: { email: string; password: string }, path: string) {
  await page.goto(path);
  await expect(page).toHaveURL(/\/admin\/login\?redirect=/);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname !== "/admin/login");
}

/** A square photo of one colour, as a PNG a phone might take (800 px). */
const photo = (r: number, g: number, b: number) => sharp({ create: { width: 800, height: 800, channels: 3, background: { r, g, b } } }).png().toBuffer();

const visible = async (path: string, text: string) => {
  const res = await fetch(`${BASE_URL}${path}`);
  return res.ok && (await res.text()).includes(text);
};

test.describe("the product editor", () => {
  test("a catalog clerk creates a product with two variants and three photos, publishes it, changes a price and renames it", { tag: [TAG.db, TAG.desktop] }, async ({ page }) => {
    test.setTimeout(180_000);
    const stamp = Date.now().toString(36);
    const name = `Journey Kantha Quilt ${stamp}`;
    const sku = `KH-JQ-${stamp}`.toUpperCase();
    const category = (await storeApi.categories())[0]!;
    const clerk = await createStaff("catalog");
    await adminSignIn(page, clerk, "/admin/products/new");
    await expect(page.getByRole("heading", { level: 1, name: "New product" })).toBeVisible();

    // The fields, and what they say beside them.
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("SKU", { exact: true }).fill(sku);
    await page.getByLabel("Category").selectOption({ label: category.name });
    await page.getByLabel("Price (₹)").fill("abc");
    await page.getByLabel("HSN code").fill("6304");
    await expect(page.getByText(/GST \d+%|default GST of \d+%/)).toBeVisible();
    await page.getByLabel("Short description").fill("A hand-stitched kantha quilt in soft cotton.");
    await page.getByRole("textbox", { name: "Description", exact: true }).click();
    await page.keyboard.type("Layers of old cotton saris, stitched by hand.");
    await page.getByLabel("SEO title").fill("K".repeat(70));
    await expect(page.getByText("cut it after about 60")).toBeVisible();
    await page.getByLabel("SEO title").fill(`${name} | Kesar Home`);
    await expect(page.getByTestId("search-preview")).toContainText(name);

    // A refused save keeps everything typed, with the error beside the field and in the summary.
    await page.getByRole("button", { name: "Create product" }).click();
    const summary = page.locator("#editor-errors");
    await expect(summary).toBeVisible();
    await expect(summary.getByRole("link", { name: /Price/ })).toHaveAttribute("href", "#f-main_price");
    await expect(page.locator("#f-main_price-error")).toContainText("Must be a number of rupees.");
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
    await expect(page.getByRole("textbox", { name: "Description", exact: true })).toContainText("stitched by hand");

    await page.getByLabel("Price (₹)").fill("2499");
    await page.getByLabel("List price, MRP (₹)").fill("2999");
    await page.getByRole("button", { name: "Create product" }).click();
    await page.waitForURL(/\/admin\/products\/journey-kantha-quilt-[a-z0-9]+\?created=1$/);
    const slug = new URL(page.url()).pathname.split("/").pop()!;

    // Three photos at once, each with its alt text (the upload waits for them).
    const files = await Promise.all([photo(200, 80, 40), photo(40, 90, 160), photo(230, 200, 120)]);
    await page.locator("#photo-files").setInputFiles(files.map((buffer, i) => ({ name: `quilt-${i + 1}.png`, mimeType: "image/png", buffer })));
    const upload = page.getByRole("button", { name: "Upload 3 photos" });
    await expect(upload).toBeDisabled();
    for (let i = 1; i <= 3; i++) await page.getByLabel(`Alt text for quilt-${i}.png`).fill(`The quilt, view ${i}`);
    await upload.click();
    const photos = page.getByRole("list", { name: "Photos, in the order the shop shows them" }).getByRole("listitem");
    await expect(photos).toHaveCount(3);
    // The third becomes second, by keyboard.
    await page.getByRole("button", { name: "Move photo 3 up" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "The photos' order is saved." })).toBeVisible();

    // Two variants, with their first stock.
    await page.getByLabel("Option 1 name").fill("Size");
    await page.getByLabel("Values, separated by commas").fill("Single, Double");
    await page.getByRole("button", { name: "Make the variants" }).click();
    await page.getByLabel("Stock of Single", { exact: true }).fill("5");
    await page.getByLabel("Stock of Double", { exact: true }).fill("3");
    await page.getByLabel("Price of Double", { exact: true }).fill("2999");
    await page.getByRole("button", { name: "Save variants" }).click();
    await expect(page.getByText("2 variant(s) saved.")).toBeVisible();

    // Publish.
    await page.getByLabel("Published (shown in the shop)").check();
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByRole("status").filter({ hasText: "The product is saved." })).toBeVisible();
    const published = Date.now();

    // Within 5 seconds: its page, search, its category, the sitemap.
    const soon = { timeout: 5_000, intervals: [250, 500] };
    await expect.poll(() => visible(`/products/${slug}`, name), soon).toBe(true);
    await expect.poll(() => visible(`/search?query=${encodeURIComponent(name)}`, `/products/${slug}`), soon).toBe(true);
    await expect.poll(() => visible(`/category/${category.slug}`, `/products/${slug}`), soon).toBe(true);
    await expect.poll(async () => (await sitemapPaths()).includes(`/products/${slug}`), soon).toBe(true);
    expect(Date.now() - published).toBeLessThan(5_000 + 2_000);

    // A shared ?variant= link opens that variant.
    const shop = await page.context().newPage();
    await shop.goto(`/products/${slug}?variant=double`);
    await expect(shop.locator('[data-chosen-variant="double"]')).toBeVisible();
    await expect(shop.getByText(formatRupees(2999)).first()).toBeVisible();

    // A price change shows on the product page.
    await page.getByLabel("Price of Double", { exact: true }).fill("2799");
    await page.getByRole("button", { name: "Save variants" }).click();
    await expect(page.getByText("2 variant(s) saved.")).toBeVisible();
    await expect.poll(() => visible(`/products/${slug}?variant=double`, formatRupees(2799)), soon).toBe(true);

    // An existing variant's stock changes by an adjustment with a reason.
    await page.getByRole("button", { name: "Adjust" }).first().click();
    await page.getByLabel("Units in (+) or out (−) of Single").fill("2");
    await page.getByLabel("Reason for adjusting Single").fill("found two in the store room");
    await page.getByRole("button", { name: "Adjust stock" }).click();
    await expect(page.getByText("Stock is now 7.")).toBeVisible();

    // A renamed slug: the old address redirects to the new one.
    await page.getByLabel("Slug", { exact: true }).fill(`${slug}-renamed`);
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.waitForURL(new RegExp(`/admin/products/${slug}-renamed\\?saved=1$`));
    const old = await page.request.get(`/products/${slug}`, { maxRedirects: 0 });
    expect([301, 308]).toContain(old.status());
    expect(old.headers().location).toContain(`/products/${slug}-renamed`);

    // Axe: nothing serious on the editor.
    await readyForAxe(page);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });
});
