import AxeBuilder from "@axe-core/playwright";
import { expect, readyForAxe, TAG, test } from "./fixtures";
import { adminSignIn, createStaffMember } from "./staff";

/**
 * Search synonyms (docs/operations.md "Search synonyms"): a catalog clerk opens Search synonyms
 * from the sidebar, has a save refused with the message under the field (what was typed stays),
 * adds "kambal → blanket", finds it with the page's search, edits it on its page, and deletes it
 * (asked first). Axe finds no serious or critical violation on the list or the rule's page.
 */

const serious = async (page: Parameters<typeof readyForAxe>[0]) => {
  await readyForAxe(page);
  const axe = await new AxeBuilder({ page }).analyze();
  return axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
};

test.describe("search synonyms", () => {
  test("a catalog clerk adds kambal → blanket, edits it and deletes it; a refused save says why under the field", { tag: [TAG.db, TAG.desktop] }, async ({ page }) => {
    test.setTimeout(120_000);
    // A word of this run's own, beside kambal (which the default rules have too), finds this rule alone.
    const own = `kammal${Date.now().toString(36)}`;
    const clerk = await createStaffMember("catalog");
    await adminSignIn(page, clerk, "/admin");
    await page.getByRole("link", { name: "Search synonyms" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Search synonyms" })).toBeVisible();
    await expect(page.getByText("A one-way rule makes each word also find what it means")).toBeVisible();
    expect(await serious(page)).toEqual([]);

    // Refused: punctuation in a word. The message is under the field, what was typed stays.
    const form = page.getByRole("form", { name: "New synonym rule" });
    await form.getByLabel("Shoppers type").fill("kambal!");
    await form.getByLabel("They mean").fill("blanket");
    await form.getByRole("button", { name: "Add rule" }).click();
    await expect(page.locator("#editor-errors")).toBeVisible();
    await expect(page.locator("#f-words-error")).toHaveText('"kambal!" may have only letters, digits and spaces (no punctuation).');
    await expect(form.getByLabel("Shoppers type")).toHaveValue("kambal!");
    await expect(form.getByLabel("They mean")).toHaveValue("blanket");

    // Added.
    await form.getByLabel("Shoppers type").fill(`Kambal, ${own}`);
    await form.getByRole("button", { name: "Add rule" }).click();
    await expect(form.getByRole("status")).toHaveText("The synonym rule is added.");
    await expect(form.getByLabel("Shoppers type")).toHaveValue("");
    const row = page.getByTestId("synonym-rule").filter({ hasText: own });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole("cell").first()).toHaveText(`kambal, ${own}`);
    await expect(row).toContainText("blanket");
    await expect(row).toContainText("One-way");

    // Found by the page's search.
    await page.getByLabel("A word").fill(own.slice(0, 10));
    await page.getByLabel("A word").press("Enter");
    await page.waitForURL(/\/admin\/synonyms\?q=/);
    await expect(page.getByTestId("synonym-rule")).toHaveCount(1);

    // Edited on its page.
    await page.getByRole("link", { name: `Edit kambal, ${own}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: `kambal, ${own} → blanket` })).toBeVisible();
    expect(await serious(page)).toEqual([]);
    const edit = page.getByRole("form", { name: "Synonym rule" });
    await edit.getByLabel("They mean").fill("blanket, throw");
    await edit.getByRole("button", { name: "Save rule" }).click();
    await expect(edit.getByRole("status")).toHaveText("The synonym rule is saved.");
    await expect(page.getByRole("heading", { level: 1, name: `kambal, ${own} → blanket, throw` })).toBeVisible();

    // Deleted, after saying yes.
    page.once("dialog", (dialog) => {
      expect(dialog.message()).toBe(`Delete the rule kambal, ${own} → blanket, throw?`);
      void dialog.accept();
    });
    await page.getByRole("button", { name: /^Delete rule/ }).click();
    await page.waitForURL(/\/admin\/synonyms\?deleted=1$/);
    await expect(page.getByText("The synonym rule is deleted.")).toBeVisible();
    await expect(page.getByTestId("synonym-rule").filter({ hasText: own })).toHaveCount(0);
  });
});
