import AxeBuilder from "@axe-core/playwright";
import { withE2eDb } from "./db";
import { expect, type Page, readyForAxe, TAG, test } from "./fixtures";
import { adminSignIn, createStaffMember } from "./staff";

/**
 * The Stock page (docs/back-office.md "Stock"), on a desktop and at a phone's 390 px: a fulfilment
 * clerk finds a low product, adjusts its stock with a reason, and it leaves the Low tab; its
 * ledger shows the movement with the reason and the clerk's name; an adjustment that would take
 * more than there is is refused with its message and changes nothing. Axe finds nothing serious.
 */

/**
 * A product sold from stock without variants, made low for the journey: its own threshold set to
 * the units it has. Each project takes its own product (`which`), so the two runs never meet.
 */
async function lowProduct(which: number) {
  return withE2eDb(async (db) => {
    const product = await db
      .selectFrom("products")
      .select(["id", "name", "slug", "sku", "stock_quantity"])
      .where("variant_count", "=", 0)
      .where("made_to_order", "=", 0)
      .where("archived_at", "is", null)
      .where("stock_quantity", ">", 0)
      .orderBy("id")
      .offset(which)
      .limit(1)
      .executeTakeFirstOrThrow();
    await db.updateTable("products").set({ low_stock_threshold: product.stock_quantity }).where("id", "=", product.id).execute();
    return product;
  });
}

const stockOf = (id: number) => withE2eDb(async (db) => (await db.selectFrom("products").select("stock_quantity").where("id", "=", id).executeTakeFirstOrThrow()).stock_quantity);
const movementsOf = (id: number) => withE2eDb(async (db) => Number((await db.selectFrom("stock_movements").select((eb) => eb.fn.countAll<number>().as("n")).where("product_id", "=", id).executeTakeFirstOrThrow()).n));

async function noSeriousViolations(page: Page, path: string) {
  await readyForAxe(page);
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`)).toEqual([]);
}

async function journey(page: Page, which: number, phone: boolean) {
  test.setTimeout(120_000);
  const product = await lowProduct(which);
  const clerkName = `Kiran Dispatch ${which}`;
  const clerk = await createStaffMember("fulfilment", clerkName);
  const fits = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The Low tab, searched by the product's SKU: its row, at its threshold.
  await adminSignIn(page, clerk, `/admin/stock?q=${encodeURIComponent(product.sku)}`);
  await expect(page.getByRole("heading", { level: 1, name: "Stock" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Low", exact: true })).toHaveAttribute("aria-current", "page");
  const row = page.getByRole("row").filter({ hasText: product.sku });
  await expect(row).toHaveCount(1);
  if (phone) await fits();
  await noSeriousViolations(page, "/admin/stock");

  // Five units in, with a reason: the row leaves the Low tab, and the page says what was done.
  await row.getByLabel(`Units in or out, ${product.name}`).fill("5");
  await row.getByLabel(`Reason, ${product.name}`).fill("Received from the weaver");
  await row.getByRole("button", { name: "Adjust" }).click();
  await expect(page.getByRole("status").filter({ hasText: "5 in" })).toHaveText(`${product.name}: 5 in, ${product.stock_quantity + 5} in stock now.`);
  await expect(page.getByRole("row").filter({ hasText: product.sku })).toHaveCount(0);
  await expect(page.getByText("Nothing here matches this search.")).toBeVisible();
  expect(await stockOf(product.id)).toBe(product.stock_quantity + 5);

  // The ledger: the newest movement is the adjustment, with its reason and the clerk's name.
  await page.goto(`/admin/stock/${product.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: product.name })).toBeVisible();
  const newest = page.getByRole("region", { name: "Stock movements" }).getByRole("row").nth(1);
  await expect(newest).toContainText("Adjustment");
  await expect(newest).toContainText("+5");
  await expect(newest).toContainText(String(product.stock_quantity + 5));
  await expect(newest).toContainText("Received from the weaver");
  await expect(newest).toContainText(clerkName);
  if (phone) await fits();
  await noSeriousViolations(page, `/admin/stock/${product.slug}`);

  // Taking out more than there is: refused with the ledger's message, nothing changes.
  const before = await movementsOf(product.id);
  const have = product.stock_quantity + 5;
  await page.getByLabel(`Units in or out, ${product.name}`).fill(String(-(have + 10)));
  await page.getByLabel(`Reason, ${product.name}`).fill("Write off the lot");
  await page.getByRole("button", { name: "Adjust" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Only" })).toHaveText(`Only ${have} in stock: an adjustment cannot take out ${have + 10}.`);
  expect(await stockOf(product.id)).toBe(have);
  expect(await movementsOf(product.id)).toBe(before);
  await page.reload();
  await expect(page.getByText("Write off the lot")).toHaveCount(0);
}

test.describe("the Stock page", () => {
  test("a fulfilment clerk adjusts a low product with a reason: it leaves the Low tab and its ledger names the clerk; taking more than there is is refused", { tag: [TAG.db] }, async ({ page }) => {
    await journey(page, 0, false);
  });

  test("at 390 px, a fulfilment clerk adjusts a low product and reads its ledger; a refused adjustment changes nothing", { tag: [TAG.db, TAG.phone] }, async ({ page }) => {
    await journey(page, 1, true);
  });
});
