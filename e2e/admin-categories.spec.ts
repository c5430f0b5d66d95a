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
 * 5 seconds. A clerk makes a new attribute (a Colour) with a value, picks it for a product in the
 * editor's Attributes (and adds another value there, explicitly), and the shop's /products page
 * offers a filter for it under its own address key that narrows the list to that product
 * (docs/decisions/0056). Axe finds no serious or critical violation on the category list, the
 * category form, an attribute's page or the product editor. At 390 px (the phone project) every
 * one of these pages fits the screen, and so do the editor's picker and the shop's filter bar.
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

/**
 * A clerk makes the attribute `name` with the value Blue on its page, then a published product
 * that has Blue, picked in the editor (the picker's "Add a value" makes Navy, ticked, which is
 * unticked again), and answers the product's name.
 */
async function colourProduct(page: Parameters<typeof readyForAxe>[0], name: string, stamp: string, checkAxe: boolean): Promise<string> {
  const key = name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  await page.goto("/admin/attributes");
  await page.getByLabel("Name of the new attribute").fill(name);
  await page.getByRole("button", { name: "Add attribute" }).click();
  await page.waitForURL(/\/admin\/attributes\/\d+\?created=1$/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText(`Renaming it changes its address key (now ?${key}=)`)).toBeVisible();
  await page.getByLabel("New value").fill("Blue");
  await page.getByRole("button", { name: "Add value" }).click();
  await expect(page.getByRole("cell", { name: "Blue", exact: true })).toBeVisible();

  await page.goto("/admin/products/new");
  const product = `Journey Indigo Throw ${stamp}`;
  await page.getByLabel("Name", { exact: true }).fill(product);
  await page.getByLabel("SKU", { exact: true }).fill(`KH-JIT-${stamp}`.toUpperCase());
  await page.getByLabel("Category").selectOption({ index: 1 });
  await page.getByLabel("Price (₹)").fill("2499");
  const picker = page.getByRole("group", { name, exact: true });
  // By keyboard: Tab reaches the checkbox, Space ticks it.
  await picker.getByLabel("Blue", { exact: true }).focus();
  await page.keyboard.press("Space");
  await expect(picker.getByLabel("Blue", { exact: true })).toBeChecked();
  // A value the list lacks is made only by asking for it, and comes ticked.
  await picker.getByLabel(`New value of ${name}`).fill("Navy");
  await picker.getByLabel(`New value of ${name}`).press("Enter");
  await expect(picker.getByRole("status")).toHaveText(`Navy is added to ${name}.`);
  await expect(picker.getByLabel("Navy", { exact: true })).toBeChecked();
  await picker.getByLabel("Navy", { exact: true }).uncheck();
  if (checkAxe) expect(await serious(page)).toEqual([]);
  await page.getByLabel("Published (shown in the shop)").check();
  await page.getByRole("button", { name: "Create product" }).click();
  await page.waitForURL(/\/admin\/products\/journey-indigo-throw-[a-z0-9]+\?created=1$/);
  await expect(page.getByRole("group", { name, exact: true }).getByLabel("Blue", { exact: true })).toBeChecked();
  await expect(page.getByRole("group", { name, exact: true }).getByLabel("Navy", { exact: true })).not.toBeChecked();
  return product;
}

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
    await page.getByRole("group", { name: "Material", exact: true }).getByLabel(value, { exact: true }).check();
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

  test("a clerk adds a Colour with Blue, picks Blue for a product in the editor, and the shop's /products filter narrows to it", { tag: [TAG.db, TAG.desktop] }, async ({ page }) => {
    test.setTimeout(180_000);
    const stamp = Date.now().toString(36);
    const name = `Colour ${stamp}`;
    const key = `colour-${stamp}`;
    const clerk = await createStaffMember("catalog");
    await adminSignIn(page, clerk, "/admin/attributes");
    const product = await colourProduct(page, name, stamp, true);

    await expect.poll(() => visible("/products", `name="${key}"`), { timeout: 5_000, intervals: [250, 500] }).toBe(true);
    const shop = await page.context().newPage();
    await shop.goto("/products");
    const filter = shop.getByRole("form", { name: "Filter products" }).getByLabel(name, { exact: true });
    await expect(filter.locator("option")).toHaveText(["All", "Blue (1)"]);
    await filter.selectOption("Blue");
    await expect(shop).toHaveURL(new RegExp(`/products\\?${key}=Blue$`));
    await expect(shop.getByText("(1 product)")).toBeVisible();
    await expect(shop.getByRole("link", { name: new RegExp(product) }).first()).toBeVisible();
    // The API answers the same key.
    expect((await storeApi.search({ [key]: "Blue" })).data.map((p) => p.name)).toEqual([product]);
  });

  test("at 390 px the editor's attribute picker and the shop's filter bar with a new attribute fit the screen", { tag: [TAG.db, TAG.phone] }, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 390, height: 844 });
    const stamp = Date.now().toString(36);
    const name = `Shade ${stamp}`;
    const clerk = await createStaffMember("catalog");
    await adminSignIn(page, clerk, "/admin/attributes");
    const width = () => page.evaluate(() => document.documentElement.scrollWidth);
    await colourProduct(page, name, stamp, false);
    expect(await width()).toBeLessThanOrEqual(390);

    const key = `shade-${stamp}`;
    await expect.poll(() => visible("/products", `name="${key}"`), { timeout: 5_000, intervals: [250, 500] }).toBe(true);
    await page.goto("/products");
    await page.getByRole("button", { name: "Filters", exact: true }).click();
    const filter = page.getByRole("form", { name: "Filter products" }).getByLabel(name, { exact: true });
    await expect(filter).toBeVisible();
    expect(await width()).toBeLessThanOrEqual(390);
    await filter.selectOption("Blue");
    await expect(page).toHaveURL(new RegExp(`${key}=Blue`));
    await expect(page.getByText("(1 product)")).toBeVisible();
    expect(await width()).toBeLessThanOrEqual(390);
  });
});

