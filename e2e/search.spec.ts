import type { ApiSearchMeta } from "@/lib/api/types";
import { storeApi } from "./api";
import { expect, TAG, test, type Page } from "./fixtures";

/**
 * Search as a shopper meets it (issue 26): a typo still finds, the filter bar counts what each
 * value would give, a search that finds nothing offers other queries and popular products, and
 * the default list opens on what can be bought.
 */

const cards = (page: Page) => page.getByRole("main").locator("article");

/** Under 768 px the filters fold behind a Filters button: open them. */
async function openFilters(page: Page) {
  const toggle = page.getByRole("button", { name: /^Filters( \d+)?$/ });
  if (await toggle.isVisible()) {
    if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
  }
}

test("typing a typo in the header shows curtains, with matching categories above them", { tag: TAG.readonly }, async ({ page }) => {
  await page.goto("/products");
  const box = page.getByRole("combobox", { name: "Search products" });
  await box.pressSequentially("curtian", { delay: 40 });
  const results = page.getByRole("list", { name: "Search results" });
  await expect(results).toBeVisible();
  const names = await results.getByRole("link").allTextContents();
  expect(names.length).toBeGreaterThan(0);
  expect(names[0]?.toLowerCase()).toContain("curtain");

  // Categories, as links reached with the keyboard.
  await box.fill("");
  await box.pressSequentially("velvet cur", { delay: 40 });
  const categories = page.getByRole("list", { name: "Categories" });
  const link = categories.getByRole("link", { name: /Velvet Curtains/ });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute("href", "/category/velvet-curtains");
  // Tab goes from the box past its search button to the dropdown's first link, a category.
  for (let i = 0; i < 4 && !(await link.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
  await expect(link).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/category\/velvet-curtains$/);
});

test("a typo on the search page says what it searched for", { tag: TAG.readonly }, async ({ page }) => {
  await page.goto("/search?query=velvet%20curtian");
  await expect(page.getByText("Showing results for")).toContainText("“velvet curtain”");
  await expect(cards(page).first()).toBeVisible();
  await expect(cards(page).first().getByRole("heading")).toContainText(/curtain/i);
  // A word no product has, beside words that find something, is left out, and said so.
  await page.goto("/search?query=zzqx%20velvet%20curtain");
  await expect(page.getByText("No product matches every word; showing results without")).toContainText("“zzqx”");
  await expect(cards(page).first()).toBeVisible();
  // As typed, nothing is said.
  await page.goto("/search?query=velvet%20curtain");
  await expect(cards(page).first()).toBeVisible();
  await expect(page.getByText("Showing results for")).toHaveCount(0);
});

// @alone: compares the API's counts with the page's, which a product saved meanwhile would split.
test("the filter bar counts each value's results, and choosing one filters to that many", { tag: [TAG.readonly, TAG.alone] }, async ({ page }) => {
  const meta = (await storeApi.search({ name: "curtain", per_page: "1" })).meta as ApiSearchMeta;
  const material = meta.facets.attributes.find((a) => a.name === "Material");
  const value = material?.values.find((v) => v.count > 0);
  if (!material || !value) throw new Error("no material among curtains");
  const none = material.values.find((v) => v.count === 0);

  await page.goto("/search?query=curtain");
  await openFilters(page);
  const select = page.getByLabel("Material", { exact: true });
  const option = select.locator("option", { hasText: `${value.value} (${value.count})` });
  await expect(option).toHaveCount(1);
  if (none) await expect(select.locator("option", { hasText: `${none.value} (0)` })).toBeDisabled();

  await select.selectOption(value.value);
  await expect(page).toHaveURL(new RegExp(`material=${encodeURIComponent(value.value).replace(/%20/g, "(\\+|%20)")}`));
  await expect(page.getByText(`(${value.count} product${value.count === 1 ? "" : "s"})`, { exact: true })).toBeVisible();
  // The chosen value keeps its count, and stays chosen.
  await openFilters(page);
  await expect(page.getByLabel("Material", { exact: true })).toHaveValue(value.value);
});

test("a search that finds nothing says so, suggests a query and shows popular products", { tag: TAG.readonly }, async ({ page }) => {
  await page.goto("/search?query=cotxnn");
  await expect(page.getByText("No products found.")).toBeVisible();
  await expect(page.getByText("(0 products)", { exact: true })).toBeVisible();
  const suggestion = page.getByRole("navigation", { name: "Did you mean" }).getByRole("link", { name: "cotton" });
  await expect(suggestion).toHaveAttribute("href", "/search?query=cotton");
  const popular = page.getByRole("region", { name: "Popular right now" });
  await expect(popular.locator("article").first()).toBeVisible();
  await suggestion.click();
  await expect(page).toHaveURL(/\/search\?query=cotton$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("cotton");
  await expect(cards(page).first()).toBeVisible();
});

test("the product list opens on what can be bought, out of stock last, and the sort still applies", { tag: [TAG.readonly, TAG.alone] }, async ({ page }) => {
  for (const path of ["/products", "/category/curtains"]) {
    await page.goto(path);
    await expect(cards(page).first()).toBeVisible();
    const labels = await cards(page).locator("p.product-card-stock").allTextContents();
    expect(labels[0], path).not.toBe("Out Of Stock");
    // Nothing buyable after the first out-of-stock card.
    const firstOut = labels.indexOf("Out Of Stock");
    if (firstOut >= 0) expect(labels.slice(firstOut).every((l) => l === "Out Of Stock"), `${path}: ${labels.join(", ")}`).toBe(true);
  }

  await page.goto("/products");
  await page.getByLabel("Sort by").selectOption("price_asc");
  await expect(page).toHaveURL(/\/products\?sort=price_asc$/);
  const expected = (await storeApi.search({ sort: "price_asc", per_page: "12" })).data.map((p) => p.name);
  await expect(cards(page).getByRole("heading")).toHaveText(expected);
  await page.getByLabel("Sort by").selectOption("newest");
  await expect(page).toHaveURL(/\/products\?sort=newest$/);
  const newest = (await storeApi.search({ sort: "newest", per_page: "12" })).data.map((p) => p.name);
  await expect(cards(page).getByRole("heading")).toHaveText(newest);
});
