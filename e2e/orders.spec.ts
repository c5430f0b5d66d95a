import { createCustomer, insertJourneyOrder, signIn, withE2eDb } from "./db";
import { expect, TAG, test } from "./fixtures";

const DAY = 24 * 60 * 60 * 1000;

async function stockOf(productId: number): Promise<number> {
  return withE2eDb(async (db) => (await db.selectFrom("products").select("stock_quantity").where("id", "=", productId).executeTakeFirstOrThrow()).stock_quantity);
}

test("a customer pages through Purchase History, cancels a pending order and claims a refund on a delivered item", { tag: TAG.db }, async ({ page }) => {
  const customer = await createCustomer("Kavya Menon");
  const tag = `E${customer.id}`;
  const product = await withE2eDb((db) =>
    db.selectFrom("products").select(["id", "name"]).where("published", "=", 1).where("variant_count", "=", 0).where("availability", "=", "in_stock").where("stock_quantity", ">=", 5).orderBy("id").executeTakeFirstOrThrow(),
  );
  const start = Date.now() - 30 * DAY;
  // Ten older paid orders, the oldest first: with the two below, 12 orders on two pages.
  for (let i = 0; i < 10; i++) {
    await insertJourneyOrder(customer.id, { code: `${tag}O${i}`, createdAt: new Date(start + i * 60_000).toISOString(), deliveryStatus: "Confirmed", paymentStatus: "Paid", paymentType: "online" });
  }
  const delivered = await insertJourneyOrder(customer.id, {
    code: `${tag}DLV`,
    createdAt: new Date(Date.now() - 3 * DAY).toISOString(),
    deliveryStatus: "Delivered",
    paymentStatus: "Paid",
    deliveredAt: new Date(Date.now() - DAY).toISOString(),
    lines: [{ name: "Handloom bath mat", quantity: 1 }],
  });
  // Its invoice was issued (a series of its own, so no real serial is taken).
  await withE2eDb((db) =>
    db.insertInto("invoices").values({ order_id: delivered.id, number: `E2E/${customer.id}`, financial_year: "E2E", serial: customer.id, issued_at: new Date().toISOString(), pdf: null }).execute(),
  );
  const stockBefore = await stockOf(product.id);
  const pending = await insertJourneyOrder(customer.id, {
    code: `${tag}PND`,
    createdAt: new Date(Date.now() - DAY).toISOString(),
    lines: [{ productId: product.id, name: product.name, quantity: 2, reserve: true }],
  });
  expect(await stockOf(product.id)).toBe(stockBefore - 2);

  await signIn(page, customer, "/login?redirect=%2Fpurchase-history");
  await expect(page.getByRole("heading", { name: "Purchase History" })).toBeVisible();
  await expect(page.getByRole("columnheader")).toHaveText(["Code", "Date", "Amount", "Delivery Status", "Payment Status", "Payment Type", "Options"]);
  await expect(page.getByTestId("order-row")).toHaveCount(10);

  // Newest first: the pending order, then the delivered one. Badges: red for Un-Paid, green otherwise.
  const pendingRow = page.getByRole("row", { name: new RegExp(`${tag}PND`) });
  const deliveredRow = page.getByRole("row", { name: new RegExp(`${tag}DLV`) });
  await expect(page.getByTestId("order-row").first()).toContainText(`${tag}PND`);
  await expect(pendingRow.getByText("Un-Paid")).toHaveClass(/bg-madder/);
  await expect(deliveredRow.getByText("Paid", { exact: true })).toHaveClass(/bg-leaf/);
  await expect(pendingRow.getByText("Cash on Delivery")).toBeVisible();
  // Cancel only on the Pending, Un-Paid order; the invoice only on paid ones, in a new tab.
  await expect(deliveredRow.getByRole("button", { name: /Cancel/ })).toHaveCount(0);
  await expect(pendingRow.getByRole("link", { name: /Invoice/ })).toHaveCount(0);
  const invoice = deliveredRow.getByRole("link", { name: /Invoice/ });
  await expect(invoice).toHaveAttribute("href", `/api/v2/invoice/download/${delivered.id}`);
  await expect(invoice).toHaveAttribute("target", "_blank");
  const opened = page.waitForEvent("popup");
  await invoice.click();
  const tab = await opened;
  await tab.waitForURL(/^blob:/);
  await tab.close();
  // A paid order whose invoice is not there: the spec's message.
  await page.getByRole("link", { name: `Invoice of order ${tag}O9` }).click();
  await expect(page.getByText("An error occurred while fetching the invoice.")).toBeVisible();

  // A real pagination control.
  const pagination = page.getByRole("navigation", { name: "Pagination" });
  await expect(pagination.getByRole("link", { name: "1" })).toHaveAttribute("aria-current", "page");
  await pagination.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/purchase-history\?page=2$/);
  await expect(page.getByTestId("order-row")).toHaveCount(2);
  await expect(page.getByTestId("order-row").last()).toContainText(`${tag}O0`);
  await expect(pagination.getByRole("link", { name: "2" })).toHaveAttribute("aria-current", "page");
  // Past the end: the last page.
  await page.goto("/purchase-history?page=7");
  await expect(page).toHaveURL(/\/purchase-history\?page=2$/);
  await pagination.getByRole("link", { name: "Previous" }).click();
  await expect(page).toHaveURL(/\/purchase-history$/);

  // Cancel: the server's message, the list reloads with the new status, the stock comes back.
  await pendingRow.getByRole("button", { name: `Cancel order ${tag}PND` }).click();
  await expect(page.getByText("Your order has been cancelled.")).toBeVisible();
  await expect(pendingRow.getByRole("cell", { name: "Cancelled" })).toBeVisible();
  await expect(pendingRow.getByRole("button", { name: /Cancel/ })).toHaveCount(0);
  expect(await stockOf(product.id)).toBe(stockBefore);
  expect(await withE2eDb(async (db) => (await db.selectFrom("orders").select("delivery_status").where("id", "=", pending.id).executeTakeFirstOrThrow()).delivery_status)).toBe("Cancelled");

  // Order details of the delivered order: summary with N/A for what is missing, then a refund claim.
  await deliveredRow.getByRole("link", { name: /Details/ }).click();
  await expect(page.getByRole("heading", { name: `Order Id: ${tag}DLV` })).toBeVisible();
  await expect(page.getByText("Flat shipping rate")).toBeVisible();
  await expect(page.getByText("Cash on Delivery")).toBeVisible();
  const line = page.getByTestId("order-line");
  await expect(line.getByRole("cell", { name: "N/A" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Order Amount" })).toBeVisible();
  await line.getByRole("button", { name: "Refund Handloom bath mat" }).click();
  const dialog = page.getByRole("dialog", { name: "Request a refund" });
  await dialog.getByLabel("Reason").fill("short");
  await dialog.getByRole("button", { name: "Send request" }).click();
  await expect(dialog.getByText("Please describe the damage or defect in 10 to 500 characters.")).toBeVisible();
  await dialog.getByLabel("Reason").fill("The mat arrived with a burn mark in the middle.");
  await dialog.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByText("Your refund request has been sent. We will get back to you soon.")).toBeVisible();
  await expect(line.getByRole("cell", { name: "Refund Requested" })).toBeVisible();
  await expect(line.getByRole("button", { name: /Refund/ })).toHaveCount(0);
  const stored = await withE2eDb((db) => db.selectFrom("order_lines").select(["refund_status", "refund_reason"]).where("id", "=", delivered.lineIds[0] as number).executeTakeFirstOrThrow());
  expect(stored).toEqual({ refund_status: "Requested", refund_reason: "The mat arrived with a burn mark in the middle." });
});
