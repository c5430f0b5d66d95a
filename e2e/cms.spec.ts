import { cmsPagesInSitemap } from "./api";
import { expect, TAG, test } from "./fixtures";

/** Product cards per page of a product grid. */
const PER_PAGE = 12;

/** A CMS page of the store whose product grid runs to more than one page, read through the API. */
async function pageWithGrid() {
  const found = (await cmsPagesInSitemap()).find((p) => p.meta.last_page > 1);
  if (!found) throw new Error("the store has no CMS page whose product grid has two pages or more");
  return { page: found.page, lastPage: found.meta.last_page };
}

test("a CMS page shows its title, summary, product grid with pages, and its content", { tag: TAG.readonly }, async ({ page }) => {
  const data = await pageWithGrid();
  const { lastPage } = data;

  const response = await page.goto(`/${data.page.slug}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: data.page.title })).toBeVisible();
  if (data.page.short_desc) await expect(page.getByText(data.page.short_desc)).toBeVisible();
  await expect(page.getByRole("main").getByRole("article")).toHaveCount(PER_PAGE);
  await expect(page.getByText(`Page 1 of ${lastPage}`)).toBeVisible();
  await expect(page.getByRole("form", { name: "Filter products" }).getByRole("button", { name: "Reset Filters" })).toBeVisible();

  const heading = /<h2[^>]*>([^<]+)<\/h2>/.exec(data.page.content)?.[1];
  if (heading) await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();

  await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(new RegExp(`/${data.page.slug}\\?page=2$`));
  await expect(page.getByText(`Page 2 of ${lastPage}`)).toBeVisible();
  await expect(page.getByRole("main").getByRole("article").first()).toBeVisible();
});

test("an unknown or malformed CMS slug answers 404", { tag: TAG.readonly }, async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  // The CMS page's own text (docs/storefront.md, Pages), not the site-wide "Page not found!".
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found.");

  for (const bad of ["/Festive-Collection", "/no_such.page", "/--"]) {
    const r = await page.request.get(bad);
    expect(r.status(), bad).toBe(404);
  }
});
