import { readFile } from "node:fs/promises";
import { createCustomer, insertJourneyOrder, withE2eDb } from "./db";
import { expect, TAG, test } from "./fixtures";
import { adminSignIn, createStaffMember } from "./staff";

/**
 * The back office's order list (docs/back-office.md "Orders", "Orders: export and notes"), on a
 * desktop: a manager narrows the list to one order by its total, finds another by its shipment's
 * AWB, downloads the CSV of what the search keeps and reads the order's row in it, then leaves a
 * staff note on the order's page and sees it with their name.
 */

test("a manager filters orders by amount, finds one by its AWB, exports the CSV and notes the order", { tag: [TAG.db, TAG.desktop] }, async ({ page }) => {
  const customer = await createCustomer("Ishaan Kapoor");
  const at = new Date().toISOString();
  // Totals no other journey's order has: ₹12,345.67 and ₹76,543.21.
  const cheap = { code: `O${customer.id}LOW`, total: 1_234_567 };
  const dear = { code: `O${customer.id}HIGH`, total: 7_654_321 };
  const low = await insertJourneyOrder(customer.id, { code: cheap.code, createdAt: at, total: cheap.total, deliveryStatus: "Shipped", lines: [{ name: "Handloom throw", quantity: 2 }] });
  await insertJourneyOrder(customer.id, { code: dear.code, createdAt: at, total: dear.total });
  const awb = `DL${customer.id}0099`;
  await withE2eDb((db) => db.insertInto("shipments").values({ order_id: low.id, provider: "manual", carrier: "Delhivery", awb, tracking_url: null, status: "in_transit", created_at: at, updated_at: at }).execute());

  const manager = await createStaffMember("manager", "Mira Sethi");
  await adminSignIn(page, manager, "/admin/orders");
  const orders = page.getByRole("table", { name: "Orders" });

  // By amount: ₹12,345.67 exactly keeps the cheap order, not the dear one; the range is the URL.
  await page.getByLabel("Total from (₹)").fill("12345.67");
  await page.getByLabel("Total to (₹)").fill("12345.67");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/min=12345\.67&max=12345\.67/);
  await expect(orders.getByRole("link", { name: cheap.code })).toBeVisible();
  await expect(orders.getByRole("link", { name: dear.code })).toHaveCount(0);
  await expect(page.getByLabel("Total from (₹)")).toHaveValue("12345.67");

  // By AWB, typed in small letters, in the box that says it finds one.
  await page.getByRole("link", { name: "Clear" }).click();
  await page.getByLabel("Code, name, email, phone or AWB").fill(awb.toLowerCase());
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(orders.locator("tbody tr")).toHaveCount(1);
  await expect(orders.getByRole("link", { name: cheap.code })).toBeVisible();

  // The CSV of what the search keeps: its header and the order's row.
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await readFile(await download.path(), "utf8")).replace(/^\uFEFF/, "");
  const lines = csv.trimEnd().split("\r\n");
  expect(lines[0]).toBe("code,date,customer,phone,email,city,state,status,payment_type,payment_status,items,total,gst,shipping,coupon,coupon_discount,awb,refunded");
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(new RegExp(`^${cheap.code},\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2},Kavya Menon,9845012345,kavya@example.com,Bengaluru,Karnataka,Shipped,Cash on Delivery,Un-Paid,2,12345.67,0,0,,0,${awb},0$`));

  // A staff note on the order's page, newest first with its author.
  await orders.getByRole("link", { name: cheap.code }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Order ${cheap.code}` })).toBeVisible();
  const note = `Customer called: deliver after 6 pm <gate 4411>`;
  await page.getByLabel("New note (staff only)").fill(note);
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByText("Note added.")).toBeVisible();
  const notes = page.getByRole("list", { name: "Staff notes" });
  await expect(notes.getByRole("listitem")).toHaveCount(1);
  await expect(notes.getByRole("listitem").first()).toContainText(note);
  await expect(notes.getByRole("listitem").first()).toContainText("Mira Sethi");
});
