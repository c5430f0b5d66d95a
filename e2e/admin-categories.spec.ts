import AxeBuilder from "@axe-core/playwright";
import sharp from "sharp";
import { storeApi } from "./api";
import { expect, readyForAxe, TAG, test } from "./fixtures";
import { adminSignIn, createStaffMember } from "./staff";
import { BASE_URL } from "./target";

/**
 * Categories and attributes (docs/back-office.md "Categories and attributes"): a catalog clerk
 * adds a subcategory with a cover, adds a value to Material, gives a new product that value, and
 * the shop's category page lists the subcategory and its filter offers the value, each within
 * 5 seconds. Axe finds no serious or critical violation on the category list, the category form
 * or an attribute's page. At 390 px (the phone project) every one of these pages fits the screen.
 */

const cover = () => sharp({ create: { width: 1200, height: 600, channels: 3, background: { r: 150, g: 110, b: 60 } } }).jpeg().toBuffer();

const serious = async (page: Parameters<typeof readyForAxe>[0]) => {
  await readyForAxe(page);
  const axe = await new AxeBuilder({ page }).analyze();
  return axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
};

const visible = async (path: string, text: string) => {
  const res = await fetch(`${BASE_URL}${path}`);
  return res.ok && (await res.text()).includes(text);
};

test.describe("categories and attributes", () => {
  test("a catalog clerk adds a subcategory with a cover and a Material value, gives a product that value, and the shop shows both", { tag: [TAG.db, TAG.desktop] }, async ({ page }) => {
    test.setTimeout(180_000);
    const stamp = Date.now().toString(36);
    const parent = (await storeApi.categories())[0]!;
    const name = `Journey Jute Rugs ${stamp}`;
    const value = `Seagrass ${stamp}`;
    const clerk = await createStaffMember("catalog");
    await adminSignIn(page, clerk, "/admin/categories");
    await expect(page.getByRole("heading", { level: 1, name: "Categories" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Categories" }).first()).toBeVisible();
    expect(await serious(page)).toEqual([]);

    // The subcategory: a refused save keeps what was typed, then it is made.
    await page.getByRole("link", { name: "New category" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "New category" })).toBeVisible();
    await page.getByLabel("Name", { exact: true }).fill("x");
    await page.getByLabel("Parent").selectOption({ label: parent.name });
    await page.getByLabel("Description", { exact: true }).fill("Flat-woven jute, cool underfoot.");
    await page.getByLabel("SEO title").fill(`${name} | Kesar Home`);
    await expect(page.getByTestId("search-preview")).toContainText(`${name} | Kesar Home`);
    await page.getByRole("button", { name: "Create category" }).click();
    await expect(page.locator("#editor-errors")).toBeVisible();
    await expect(page.locator("#f-name-error")).toContainText("A name is 2 to 100 characters.");
    await expect(page.getByLabel("Description", { exact: true })).toHaveValue("Flat-woven jute, cool underfoot.");
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByRole("button", { name: "Create category" }).click();
    await page.waitForURL(/\/admin\/categories\/\d+\?created=1$/);
    expect(await serious(page)).toEqual([]);

    // Its cover, checked and re-encoded by the server.
    await page.locator("#cover-file").setInputFiles({ name: "jute.jpg", mimeType: "image/jpeg", buffer: await cover() });
    await page.getByRole("button", { name: "Upload cover" }).click();
    await expect(page.getByRole("status").filter({ hasText: "The cover is saved." })).toBeVisible();
    await expect(page.getByRole("img", { name: `The cover of ${name}` })).toHaveAttribute("src", /^\/media\/uploads\/.+\.webp$/);
    const slug = await page.getByLabel("Slug", { exact: true }).inputValue();

    // Its place among its siblings, by keyboard: the keyboard stays on the row's buttons.
    if (parent.subcategories.length) {
      await page.goto("/admin/categories");
      await page.getByRole("button", { name: `Move ${name} up` }).focus();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("status").filter({ hasText: `${name} moved up.` })).toBeAttached();
      await expect(page.locator(":focus")).toHaveAttribute("aria-label", new RegExp(`^Move ${name} (up|down)$`));
    }

    // A new value of Material.
    await page.goto("/admin/attributes");
    await page.getByRole("link", { name: "Material", exact: true }).click();
    await page.getByLabel("New value").fill(value);
    await page.getByRole("button", { name: "Add value" }).click();
    await expect(page.getByRole("cell", { name: value, exact: true })).toBeVisible();
    expect(await serious(page)).toEqual([]);

    // A product in the subcategory with that value.
    await page.goto("/admin/products/new");
    const product = `Journey Seagrass Mat ${stamp}`;
    await page.getByLabel("Name", { exact: true }).fill(product);
    await page.getByLabel("SKU", { exact: true }).fill(`KH-JSM-${stamp}`.toUpperCase());
    await page.getByLabel("Category").selectOption({ label: `${parent.name} › ${name}` });
    await page.getByLabel("Price (₹)").fill("1899");
    await page.getByLabel("Material", { exact: true }).fill(value);
    await page.getByLabel("Published (shown in the shop)").check();
    await page.getByRole("button", { name: "Create product" }).click();
    await page.waitForURL(/\/admin\/products\/journey-seagrass-mat-[a-z0-9]+\?created=1$/);

    // The shop: the parent lists the subcategory, whose filter offers the value and finds the product.
    const soon = { timeout: 5_000, intervals: [250, 500] };
    await expect.poll(() => visible(`/category/${parent.slug}`, name), soon).toBe(true);
    await expect.poll(() => visible(`/category/${slug}`, value), soon).toBe(true);
    const shop = await page.context().newPage();
    await shop.goto(`/category/${parent.slug}`);
    await shop.getByRole("navigation", { name: `${parent.name} collections` }).getByRole("link", { name, exact: true }).click();
    await expect(shop).toHaveURL(new RegExp(`/category/${slug}$`));
    await expect(shop.getByRole("heading", { level: 1, name })).toBeVisible();
    const filter = shop.getByRole("form", { name: "Filter products" }).getByLabel("Material", { exact: true });
    await expect(filter.locator("option", { hasText: value })).toHaveCount(1);
    await filter.selectOption(value);
    await expect(shop).toHaveURL(/material=Seagrass/);
    await expect(shop.getByRole("link", { name: new RegExp(product) }).first()).toBeVisible();
  });

  test("at 390 px the categories and attributes pages fit the screen", { tag: [TAG.db, TAG.phone] }, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const clerk = await createStaffMember("catalog");
    await adminSignIn(page, clerk, "/admin/categories");
    const width = () => page.evaluate(() => document.documentElement.scrollWidth);
    await expect(page.getByRole("region", { name: "Categories" })).toBeVisible();
    expect(await width()).toBeLessThanOrEqual(390);
    const first = page.locator("tbody tr td:first-child a").first();
    await first.click();
    await expect(page.getByRole("button", { name: "Save changes" })).toBeVisible();
    expect(await width()).toBeLessThanOrEqual(390);
    await page.goto("/admin/categories/new");
    await expect(page.getByRole("button", { name: "Create category" })).toBeVisible();
    expect(await width()).toBeLessThanOrEqual(390);
    await page.goto("/admin/attributes");
    await expect(page.getByRole("region", { name: "Attributes" })).toBeVisible();
    expect(await width()).toBeLessThanOrEqual(390);
    await page.getByRole("link", { name: "Material", exact: true }).click();
    await expect(page.getByRole("button", { name: "Add value" })).toBeVisible();
    expect(await width()).toBeLessThanOrEqual(390);
  });
});
