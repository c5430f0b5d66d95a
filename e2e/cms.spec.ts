import { expect, test } from "@playwright/test";
import path from "node:path";
import { openDatabase } from "../lib/db/connection";
import { ROOT } from "../scripts/lib/build";

/** Product cards per page of a product grid. */
const PER_PAGE = 12;

/** A seeded CMS page whose grid shows the whole catalog, and how many products that is. */
async function seeded() {
  const handle = await openDatabase({ dialect: "sqlite", file: path.join(ROOT, "data", "e2e.db") });
  try {
    const { db } = handle;
    const [page, count] = await Promise.all([
      db
        .selectFrom("cms_pages")
        .select(["slug", "title", "short_desc", "content"])
        .where("published", "=", 1)
        .where("category_id", "is", null)
        .orderBy("id")
        .executeTakeFirstOrThrow(),
      db.selectFrom("products").select((eb) => eb.fn.countAll<number>().as("n")).where("published", "=", 1).executeTakeFirstOrThrow(),
    ]);
    return { page, products: Number(count.n) };
  } finally {
    await handle.close();
  }
}

test("a CMS page shows its title, summary, product grid with pages, and its content", async ({ page }) => {
  const data = await seeded();
  const lastPage = Math.ceil(data.products / PER_PAGE);
  expect(lastPage).toBeGreaterThan(1);

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

test("an unknown or malformed CMS slug answers 404", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  // The CMS page's own text (spec §2.7), not the site-wide "Page not found!".
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found.");

  for (const bad of ["/Festive-Collection", "/no_such.page", "/--"]) {
    const r = await page.request.get(bad);
    expect(r.status(), bad).toBe(404);
  }
});
