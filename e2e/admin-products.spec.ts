import AxeBuilder from "@axe-core/playwright";
import sharp from "sharp";
import { resetTokenIn, waitForMail } from "../lib/testing/mail-receiver";
import { E2E_MAIL_DIR } from "../scripts/lib/build";
import { BASE_URL } from "./target";
import { formatRupees, sitemapPaths, storeApi } from "./api";
import { expect, type Page, readyForAxe, TAG, test } from "./fixtures";
import { adminSignIn, createStaffMember, turnOnTwoFactor } from "./staff";

/**
 * The back office's main journey (docs/back-office.md "Editing products"): the owner signs in
 * with the second factor and invites a catalog manager by email; the manager chooses a password
 * through the mailed link, signs in, makes a product with two variants and three photos and
 * publishes it; within 5 seconds the shop shows it on its page, in search, in its category, in
 * the sitemap and on a shared ?variant= link, where a shopper puts that variant in the cart; a
 * price change shows on the product page and in that cart with the price-change notice; a renamed
 * slug redirects from the old address. What was typed survives a refused save, each error beside
 * its field and in the summary. Axe finds no serious or critical violation on the editor. At a
 * phone's 390 px a catalog manager makes and publishes a product the same way, and no step of the
 * editor is wider than the screen.
 */

/** A square photo of one colour, as a PNG a phone might take (800 px). */
const photo = (r: number, g: number, b: number) => sharp({ create: { width: 800, height: 800, channels: 3, background: { r, g, b } } }).png().toBuffer();

const visible = async (path: string, text: string) => {
  const res = await fetch(`${BASE_URL}${path}`);
  return res.ok && (await res.text()).includes(text);
};

const soon = { timeout: 5_000, intervals: [250, 500] };

async function noSeriousViolations(page: Page, what: string) {
  await readyForAxe(page);
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${what} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

type Made = { name: string; slug: string; category: { name: string; slug: string } };

/**
 * From /admin/products/new (where the signed-in catalog manager is): the fields and their hints, a
 * refused save that keeps what was typed, the product created, three photos with their alt texts
 * (the third moved up by keyboard), two variants with their first stock (Double at ₹2,999), and
 * published. `fits` runs after each step, named (the phone's width check).
 */
async function createAndPublish(page: Page, fits: (step: string) => Promise<void>): Promise<Made> {
  const stamp = Date.now().toString(36);
  const name = `Journey Kantha Quilt ${stamp}`;
  const sku = `KH-JQ-${stamp}`.toUpperCase();
  const category = (await storeApi.categories())[0]!;
  await expect(page.getByRole("heading", { level: 1, name: "New product" })).toBeVisible();
  await fits("the new product's form");

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
  await fits("the fields filled in");

  // A refused save keeps everything typed, with the error beside the field and in the summary.
  await page.getByRole("button", { name: "Create product" }).click();
  const summary = page.locator("#editor-errors");
  await expect(summary).toBeVisible();
  await expect(summary.getByRole("link", { name: /Price/ })).toHaveAttribute("href", "#f-main_price");
  await expect(page.locator("#f-main_price-error")).toContainText("Must be a number of rupees.");
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
  await expect(page.getByRole("textbox", { name: "Description", exact: true })).toContainText("stitched by hand");
  await fits("the refused save");

  await page.getByLabel("Price (₹)").fill("2499");
  await page.getByLabel("List price, MRP (₹)").fill("2999");
  await page.getByRole("button", { name: "Create product" }).click();
  await page.waitForURL(/\/admin\/products\/journey-kantha-quilt-[a-z0-9]+\?created=1$/);
  const slug = new URL(page.url()).pathname.split("/").pop()!;
  await fits("the created product");

  // Three photos at once, each with its alt text (the upload waits for them).
  const files = await Promise.all([photo(200, 80, 40), photo(40, 90, 160), photo(230, 200, 120)]);
  await page.locator("#photo-files").setInputFiles(files.map((buffer, i) => ({ name: `quilt-${i + 1}.png`, mimeType: "image/png", buffer })));
  const upload = page.getByRole("button", { name: "Upload 3 photos" });
  await expect(upload).toBeDisabled();
  for (let i = 1; i <= 3; i++) await page.getByLabel(`Alt text for quilt-${i}.png`).fill(`The quilt, view ${i}`);
  await fits("three photos to upload");
  await upload.click();
  const photos = page.getByRole("list", { name: "Photos, in the order the shop shows them" }).getByRole("listitem");
  await expect(photos).toHaveCount(3);
  // The third becomes second, by keyboard.
  await page.getByRole("button", { name: "Move photo 3 up" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "The photos' order is saved." })).toBeVisible();
  await fits("the photos uploaded and reordered");

  // Two variants, with their first stock.
  await page.getByLabel("Option 1 name").fill("Size");
  await page.getByLabel("Values, separated by commas").fill("Single, Double");
  await page.getByRole("button", { name: "Make the variants" }).click();
  await page.getByLabel("Stock of Single", { exact: true }).fill("5");
  await page.getByLabel("Stock of Double", { exact: true }).fill("3");
  await page.getByLabel("Price of Double", { exact: true }).fill("2999");
  await fits("the variants' grid");
  await page.getByRole("button", { name: "Save variants" }).click();
  await expect(page.getByText("2 variant(s) saved.")).toBeVisible();
  await fits("the variants saved");

  // Publish.
  await page.getByLabel("Published (shown in the shop)").check();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The product is saved." })).toBeVisible();
  await fits("published");
  return { name, slug, category };
}

test.describe("the product editor", () => {
  test("the owner signs in with the second factor and invites a catalog manager, who makes a product with two variants and three photos and publishes it; within 5 seconds the shop shows it; a price change reaches the product page and a shopper's cart", { tag: [TAG.db, TAG.desktop] }, async ({ page, browser }) => {
    test.setTimeout(240_000);

    // The owner turns on a second factor; from then on the sign-in asks for the app's code.
    const owner = await createStaffMember("owner", "Anjali Kapoor");
    const ownerContext = await browser.newContext();
    const office = await ownerContext.newPage();
    await adminSignIn(office, owner, "/admin");
    const key = await turnOnTwoFactor(office, owner.password);
    await office.goto("/admin");
    await office.getByRole("button", { name: "Sign out" }).click();
    await office.waitForURL(/\/admin\/login/);
    await adminSignIn(office, { ...owner, totpKey: key }, "/admin/staff");
    await expect(office.getByRole("heading", { level: 1, name: "Staff" })).toBeVisible();

    // The owner invites a catalog manager by email.
    const manager = { email: `catalog-manager-${Date.now().toString(36)}@example.com`, password: "Indigo-block-print-31", name: "Rohan Mehta" };
    await office.getByRole("link", { name: "Invite" }).click();
    const dialog = office.getByRole("dialog", { name: "Invite a staff member" });
    const since = Date.now();
    await dialog.getByLabel("Email").fill(manager.email);
    await dialog.getByLabel("Name (optional)").fill(manager.name);
    await dialog.getByLabel("Role").selectOption("catalog");
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    await expect(dialog.getByRole("status")).toHaveText(`Invitation sent to ${manager.email} (catalog).`);
    const mail = await waitForMail(E2E_MAIL_DIR, manager.email, { since, subject: /invited to the .* back office/, timeoutMs: 20_000 });
    expect(mail.text).toContain("Anjali Kapoor invited you");

    // The manager chooses a password through the mailed link, and signs in to a new product.
    await page.goto(`/reset-password?token=${resetTokenIn(mail)}`);
    await page.getByLabel("New Password").fill(manager.password);
    await page.getByLabel("Confirm Password").fill(manager.password);
    await page.getByRole("button", { name: "Reset Password" }).click();
    await page.waitForURL("**/login");
    await adminSignIn(page, manager, "/admin/products/new");
    await office.goto("/admin/staff");
    await expect(office.locator(`tr[data-staff="${manager.email}"]`)).toContainText("Active");
    await ownerContext.close();

    await noSeriousViolations(page, "/admin/products/new");
    const { name, slug, category } = await createAndPublish(page, async () => undefined);
    const published = Date.now();

    // Within 5 seconds: its page, search, its category, the sitemap and a shared ?variant= link.
    await expect.poll(() => visible(`/products/${slug}`, name), soon).toBe(true);
    await expect.poll(() => visible(`/search?query=${encodeURIComponent(name)}`, `/products/${slug}`), soon).toBe(true);
    await expect.poll(() => visible(`/category/${category.slug}`, `/products/${slug}`), soon).toBe(true);
    await expect.poll(async () => (await sitemapPaths()).includes(`/products/${slug}`), soon).toBe(true);
    await expect.poll(() => visible(`/products/${slug}?variant=double`, 'data-chosen-variant="double"'), soon).toBe(true);
    expect(Date.now() - published).toBeLessThan(5_000 + 2_000);

    // A shopper opens the shared ?variant= link and puts that variant in the cart.
    const shopperContext = await browser.newContext();
    const shop = await shopperContext.newPage();
    await shop.goto(`/products/${slug}?variant=double`);
    const picker = shop.locator("[data-chosen-variant]");
    await expect(picker).toHaveAttribute("data-chosen-variant", "double");
    await expect(picker.locator(".price-now")).toHaveText(formatRupees(2999));
    await picker.getByRole("button", { name: "Add to Cart", exact: true }).click();
    await expect(shop.getByText("Product added to cart").first()).toBeVisible();
    await shop.goto("/cart");
    const line = shop.getByTestId("cart-line");
    await expect(line).toHaveCount(1);
    await expect(line.getByTestId("line-variant")).toHaveText("Double");
    await expect(line.getByTestId("line-total")).toHaveText(formatRupees(2999));
    await expect(line).not.toContainText("Price changed");

    // A price change shows on the product page, and in the shopper's cart with its notice.
    await page.getByLabel("Price of Double", { exact: true }).fill("2799");
    await page.getByRole("button", { name: "Save variants" }).click();
    await expect(page.getByText("2 variant(s) saved.")).toBeVisible();
    await expect.poll(() => visible(`/products/${slug}?variant=double`, formatRupees(2799)), soon).toBe(true);
    await shop.goto(`/products/${slug}?variant=double`);
    await expect(picker.locator(".price-now")).toHaveText(formatRupees(2799));
    await shop.goto("/cart");
    await expect(shop.getByRole("status").filter({ hasText: "The price of" })).toContainText(`The price of ${name} changed from ${formatRupees(2999)} to ${formatRupees(2799)}.`);
    await expect(line).toContainText(`${formatRupees(2799)} each`);
    await expect(line).toContainText(`Price changed from ${formatRupees(2999)}`);
    await expect(line.getByTestId("line-total")).toHaveText(formatRupees(2799));
    await shopperContext.close();

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
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await noSeriousViolations(page, `/admin/products/${slug}-renamed`);
  });

  test("at 390 px a catalog manager makes a product with three photos and two variants and publishes it, and no step is wider than the screen", { tag: [TAG.db, TAG.phone] }, async ({ page }) => {
    test.setTimeout(180_000);
    const manager = await createStaffMember("catalog", "Rohan Mehta");
    await adminSignIn(page, manager, "/admin/products/new");
    // Each step is checked and the journey goes on, so one run names every step that is too wide
    // and the elements that stick out.
    const fits = async (step: string) => {
      const { width, outermost } = await page.evaluate(() => {
        const limit = document.documentElement.clientWidth;
        const sticking = (e: Element | null) => !!e && e.getBoundingClientRect().right > limit + 0.5;
        const out = [...document.querySelectorAll("body *")].filter((e) => sticking(e) && !sticking(e.parentElement));
        return { width: document.documentElement.scrollWidth, outermost: out.slice(0, 5).map((e) => `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ""}.${[...e.classList].join(".")}`) };
      });
      expect.soft(width, `${step}: wider than 390 px (${outermost.join(" | ")})`).toBeLessThanOrEqual(390);
    };
    const { name, slug } = await createAndPublish(page, fits);
    await expect(page.getByRole("list", { name: "Photos, in the order the shop shows them" }).getByRole("listitem")).toHaveCount(3);
    await expect.poll(() => visible(`/products/${slug}`, name), soon).toBe(true);
    await page.goto(`/products/${slug}?variant=double`);
    await expect(page.locator("[data-chosen-variant]")).toHaveAttribute("data-chosen-variant", "double");
    await expect(page.locator("[data-chosen-variant] .price-now")).toHaveText(formatRupees(2999));
  });
});
