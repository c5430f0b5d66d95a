import AxeBuilder from "@axe-core/playwright";
import { formatRupees } from "./api";
import { expect, type Page, readyForAxe, TAG, test } from "./fixtures";
import { adminSignIn, createStaffMember } from "./staff";
import { BASE_URL } from "./target";

/**
 * Bulk work on the catalog (docs/back-office.md "Importing and exporting products", "Bulk
 * actions"), issue 24's journey: a catalog clerk imports a CSV of 50 products with 3 bad rows; the
 * dry run lists exactly those 3 with their messages and writes nothing; the import creates the
 * other 47, which the product list then shows; a 10% price change on two of them, chosen in the
 * list, shows on the storefront. Axe finds nothing serious on the import page and the list.
 */

async function noSeriousViolations(page: Page, path: string) {
  await readyForAxe(page);
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`)).toEqual([]);
}

const visible = async (path: string, text: string) => {
  const res = await fetch(`${BASE_URL}${path}`);
  return res.ok && (await res.text()).includes(text);
};

test.describe("the catalog import", () => {
  test("a catalog clerk imports 50 products with 3 bad rows, then raises two prices by 10%", { tag: [TAG.db, TAG.desktop] }, async ({ page }) => {
    test.setTimeout(180_000);
    const stamp = Date.now().toString(36);
    const name = (n: number) => `Import Journey ${stamp} Cushion ${n}`;
    const lines = ["sku,name,category,price,compare_at_price,stock,hsn_code,published"];
    for (let n = 1; n <= 50; n++) {
      const sku = `E2E-IMP-${stamp}-${n}`.toUpperCase();
      if (n === 10) lines.push(`${sku},${name(n)},cushion-covers,abc,,5,6304,yes`);
      else if (n === 20) lines.push(`${sku},${name(n)},no-such-shelf,1000,,5,6304,yes`);
      else if (n === 30) lines.push(`${sku},${name(n)},cushion-covers,1000,,5,12,yes`);
      else lines.push(`${sku},${name(n)},cushion-covers,${1000 + n},,5,6304,yes`);
    }
    const clerk = await createStaffMember("catalog", "Asha Catalog");

    await adminSignIn(page, clerk, "/admin/products/import");
    await expect(page.getByRole("heading", { level: 1, name: "Import products" })).toBeVisible();
    await page.getByLabel(/CSV file/).setInputFiles({ name: "cushions.csv", mimeType: "text/csv", buffer: Buffer.from(`${lines.join("\r\n")}\r\n`) });
    await page.getByRole("button", { name: "Check the file" }).click();
    await expect(page.getByText("Dry run of 50 rows: 47 new, 0 to update, 0 unchanged, 3 with errors. Nothing is written yet.")).toBeVisible();
    // Exactly the three bad rows (row 2 is the first under the header), each with its message.
    const errors = page.getByTestId("import-errors").locator("tbody tr");
    await expect(errors).toHaveCount(3);
    await expect(errors.nth(0)).toContainText("11");
    await expect(errors.nth(0)).toContainText("A number of rupees, like 1499 or 1499.50.");
    await expect(errors.nth(1)).toContainText("21");
    await expect(errors.nth(1)).toContainText("There is no category no-such-shelf.");
    await expect(errors.nth(2)).toContainText("31");
    await expect(errors.nth(2)).toContainText("An HSN code is 4, 6 or 8 digits.");
    await noSeriousViolations(page, "/admin/products/import (dry run)");
    // Nothing is written by the dry run.
    await page.goto(`/admin/products?q=${encodeURIComponent(`Import Journey ${stamp}`)}`);
    await expect(page.getByText("0 products match.")).toBeVisible();

    await page.goto("/admin/products/import");
    await page.getByLabel(/CSV file/).setInputFiles({ name: "cushions.csv", mimeType: "text/csv", buffer: Buffer.from(`${lines.join("\r\n")}\r\n`) });
    await page.getByRole("button", { name: "Check the file" }).click();
    await page.getByRole("button", { name: "Import 47 rows" }).click();
    await expect(page.getByText("Imported: 47 created, 0 updated, 0 unchanged, 3 not imported.")).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("import-errors").locator("tbody tr")).toHaveCount(3);

    // The list shows the 47.
    await page.goto(`/admin/products?q=${encodeURIComponent(`Import Journey ${stamp}`)}&sort=name`);
    await expect(page.getByText("47 products match.")).toBeVisible();
    await noSeriousViolations(page, "/admin/products (bulk bar)");

    // Two chosen, prices up by 10%: 1001 → 1101.10 → ₹1,101 and 1002 → 1102.20 → ₹1,102.
    await page.getByRole("checkbox", { name: `Choose ${name(1)}`, exact: true }).check();
    await page.getByRole("checkbox", { name: `Choose ${name(2)}`, exact: true }).check();
    await expect(page.getByText("2 chosen")).toBeVisible();
    await page.getByLabel("Action", { exact: true }).selectOption("price");
    await page.getByLabel("Up or down").selectOption("up");
    await page.getByLabel("By", { exact: true }).fill("10");
    await page.getByLabel("Percent or rupees").selectOption("percent");
    await page.getByRole("button", { name: "Apply to chosen" }).click();
    await expect(page.getByText("Change prices: 2 products changed.")).toBeVisible();
    const soon = { timeout: 5_000, intervals: [250, 500] };
    await expect.poll(() => visible(`/products/import-journey-${stamp}-cushion-1`, formatRupees(1101)), soon).toBe(true);
    await expect.poll(() => visible(`/products/import-journey-${stamp}-cushion-2`, formatRupees(1102)), soon).toBe(true);
    // The third was not chosen: its price stands.
    expect(await visible(`/products/import-journey-${stamp}-cushion-3`, formatRupees(1003))).toBe(true);
  });
});
