import { formatRupees, storeApi } from "./api";
import { expect, jsonLdOf, TAG, test, type Page } from "./fixtures";

/**
 * The product cards of the list, once at least one shows: a check that iterates the cards must
 * fail on an empty list, not pass without looking at anything.
 */
async function shownCards(page: Page) {
  const cards = page.getByRole("main").locator("article");
  await expect(cards.first()).toBeVisible();
  return cards;
}

/** Every card of the list, of which there is at least one, says MADE TO ORDER. */
async function expectOnlyMadeToOrder(page: Page) {
  const cards = await shownCards(page);
  const labels = await cards.locator("p.product-card-stock").allTextContents();
  expect(labels.length).toBe(await cards.count());
  for (const label of labels) expect(label).toBe("MADE TO ORDER");
}

/** The name of a product that its own name finds and nothing else does. */
async function productFoundAlone(): Promise<string> {
  for (const product of await storeApi.products()) {
    if ((await storeApi.search({ name: product.name })).meta.total === 1) return product.name;
  }
  throw new Error("every product's name finds other products too");
}

/** Under 768 px the filters fold behind a Filters button (its label counts the filters in use): open them. */
async function openFilters(page: Page) {
  const toggle = page.getByRole("button", { name: /^Filters( \d+)?$/ });
  if (await toggle.isVisible()) {
    if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
  }
}

test("filters live in the URL, go back to page 1 and survive the back button", { tag: TAG.readonly }, async ({ page }) => {
  await page.goto("/products?page=2");
  await expect(page.getByRole("link", { name: "2", exact: true })).toHaveAttribute("aria-current", "page");

  await openFilters(page);
  // A list without words counts its filter values too.
  await expect(page.getByLabel("Availability", { exact: true }).locator("option", { hasText: /^In Stock \((\d[\d,]*|1,000\+)\)$/ })).toHaveCount(1);
  await page.getByLabel("Price", { exact: true }).selectOption("under_10000");
  await expect(page).toHaveURL(/\/products\?price=under_10000$/);
  await shownCards(page);

  await page.getByLabel("Availability", { exact: true }).selectOption("made_to_order");
  await expect(page).toHaveURL(/price=under_10000&availability=made_to_order/);
  await expectOnlyMadeToOrder(page);

  await page.goBack();
  await expect(page).toHaveURL(/\/products\?price=under_10000$/);
  await openFilters(page);
  await expect(page.getByLabel("Availability", { exact: true })).toHaveValue("");

  await page.getByRole("button", { name: "Reset Filters" }).click();
  await expect(page).toHaveURL(/\/products$/);
});

test.describe("at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the filters fold behind a Filters button next to Sort by, so products show on the first screen", { tag: TAG.readonly }, async ({ page }) => {
    await page.goto("/products");
    const toggle = page.getByRole("button", { name: "Filters", exact: true });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByLabel("Sort by")).toBeVisible();
    await expect(page.getByLabel("Material")).toBeHidden();
    await expect((await shownCards(page)).first()).toBeInViewport();

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await page.getByLabel("Price", { exact: true }).selectOption("under_10000");
    await expect(page).toHaveURL(/\/products\?price=under_10000$/);
    // Still open after the filtered list arrives, and the button counts the filters in use.
    await expect(page.getByLabel("Material")).toBeVisible();
    await expect(page.getByRole("button", { name: "Filters 1", exact: true })).toHaveAttribute("aria-expanded", "true");
    await shownCards(page);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("every filter shows and the form applies them", { tag: TAG.readonly }, async ({ page }) => {
      await page.goto("/products");
      await expect(page.getByLabel("Material")).toBeVisible();
      await expect(page.getByRole("button", { name: "Filters", exact: true })).toBeHidden();
      await page.getByLabel("Availability", { exact: true }).selectOption("made_to_order");
      await page.getByRole("button", { name: "Apply Filters" }).click();
      await expect(page).toHaveURL(/availability=made_to_order/);
      await expectOnlyMadeToOrder(page);
    });
  });
});

test("a filtered URL shared as a link renders the filtered list in the server HTML", { tag: TAG.readonly }, async ({ page, request }) => {
  // The first material (alphabetically) whose filter finds products, and the first page of them.
  const materials = (await storeApi.filters()).find((g) => g.key === "Material")?.options ?? [];
  let material: { value: string } | undefined;
  let names: { name: string }[] = [];
  for (const option of materials) {
    names = (await storeApi.search({ "selected_attribute_values[]": option.value, per_page: "12" })).data;
    if (names.length > 0) {
      material = { value: option.label };
      break;
    }
  }
  if (!material) throw new Error("no material filter finds a product");
  expect(names.length).toBeGreaterThan(0);
  const html = await (await request.get(`/products?material=${encodeURIComponent(material.value)}`)).text();
  for (const { name } of names) expect(html).toContain(name.replace(/&/g, "&amp;"));

  await page.goto(`/products?material=${encodeURIComponent(material.value)}`);
  await expect(page.getByLabel("Material")).toHaveValue(material.value);
  await expect(await shownCards(page)).toHaveCount(names.length);
});

test("cards show ₹ prices in the Indian grouping, struck list prices and discounts", { tag: TAG.readonly }, async ({ page }) => {
  // The dearest discounted product.
  const discounted = (await storeApi.products()).filter((p) => p.discount > 0).sort((a, b) => b.main_price - a.main_price)[0];
  if (!discounted) throw new Error("the store has no discounted product");
  await page.goto(`/search?query=${encodeURIComponent(discounted.name)}`);
  const card = page.locator("article", { hasText: discounted.name }).first();
  await expect(card).toContainText(formatRupees(discounted.main_price));
  await expect(card.locator("s")).toContainText(formatRupees(discounted.stocked_price));
  await expect(card).toContainText(`${discounted.discount}% Off`);
});

test("lists carry ItemList structured data", { tag: [TAG.readonly, TAG.desktop] }, async ({ page }) => {
  await page.goto("/products");
  const ld = await jsonLdOf(page);
  const list = ld.find((x) => x["@type"] === "ItemList") as { itemListElement: unknown[] };
  expect(list.itemListElement.length).toBe(12);
});

test("the search page asks for 3 characters and counts its results", { tag: TAG.readonly }, async ({ page }) => {
  await page.goto("/search?query=ab");
  await expect(page.getByText("Enter at least 3 characters to search.")).toBeVisible();
  await page.goto("/search?query=qqqzzz");
  await expect(page.getByText("No products found.")).toBeVisible();
  await expect(page.getByText("(0 products)")).toBeVisible();
  // The count in words: "(9 products)", "(1 product)".
  const cushions = (await storeApi.search({ name: "cushion" })).meta.total;
  expect(cushions).toBeGreaterThan(1);
  await page.goto("/search?query=cushion");
  await expect(page.getByText(`(${new Intl.NumberFormat("en-IN").format(cushions)} products)`, { exact: true })).toBeVisible();
  await shownCards(page);
  const alone = await productFoundAlone();
  await page.goto(`/search?query=${encodeURIComponent(alone)}`);
  await expect(page.getByText("(1 product)", { exact: true })).toBeVisible();
  await page.goto("/search?query=cushion");
  await page.getByText("Browse categories").click();
  const firstCategory = page.locator("details a").first();
  const href = await firstCategory.getAttribute("href");
  await firstCategory.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
});

test("a category page shows its banner, subcategories and products; an unknown one is a 404", { tag: TAG.readonly }, async ({ page }) => {
  const [category] = await storeApi.categories();
  if (!category) throw new Error("the store has no category");
  const subs = category.subcategories;
  const res = await page.goto(`/category/${category.slug}`);
  expect(res?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: category.name })).toBeVisible();
  for (const s of subs) await expect(page.getByRole("link", { name: s.name, exact: true }).first()).toBeVisible();
  expect(subs.length).toBeGreaterThan(0);
  await shownCards(page);
  expect((await page.goto("/category/no-such-category"))?.status()).toBe(404);
});
