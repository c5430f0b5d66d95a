import { PDFParse } from "pdf-parse";
import { formatDate } from "@/lib/platform/format";
import { createCustomer, insertJourneyOrder, signIn, withE2eDb } from "./db";
import { expect, type Page, TAG, test } from "./fixtures";
import { adminSignIn, createStaffMember } from "./staff";

/**
 * Fulfilment (docs/back-office.md "Fulfilment"), on a desktop: a fulfilment clerk confirms a Cash
 * on Delivery order, prints its packing slip (the order code, the SKU and the amount to collect
 * read back from the PDF), ships it with the sandbox courier and plays the courier's part with the
 * "Sandbox:" buttons to the door; after each step the shopper's order page shows the state, and
 * once delivered the cash is recorded as collected. Then the courier's remittance comes: a manager
 * uploads its CSV on the Cash on Delivery page, checks it, reconciles it, sees the order's row
 * matched and a stray AWB listed as a mismatch, and the order says its COD was remitted.
 */

async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

async function shopperSees(shopper: Page, orderId: number, shipment: string | null, steps: string[]) {
  await shopper.goto(`/order-details/${orderId}`);
  const done = shopper.locator('[data-testid="timeline-step"][data-done="true"]');
  await expect(done).toHaveCount(steps.length);
  for (const [i, step] of steps.entries()) await expect(done.nth(i)).toContainText(step);
  if (shipment) await expect(shopper.getByTestId("shipment")).toContainText(shipment);
  else await expect(shopper.getByTestId("shipment")).toHaveCount(0);
}

test("a Cash on Delivery order is confirmed, packed, shipped with the sandbox courier and delivered, the shopper sees each state, and its remittance is reconciled from a CSV", { tag: [TAG.db, TAG.desktop] }, async ({ page, browser }) => {
  const customer = await createCustomer("Ritika Bose");
  const product = await withE2eDb((db) =>
    db.selectFrom("products").select(["id", "name", "sku"]).where("published", "=", 1).where("variant_count", "=", 0).where("availability", "=", "in_stock").where("stock_quantity", ">=", 5).orderBy("id", "desc").executeTakeFirstOrThrow(),
  );
  const code = `F${customer.id}COD`;
  const order = await insertJourneyOrder(customer.id, { code, createdAt: new Date().toISOString(), total: 318_000, lines: [{ productId: product.id, name: product.name, quantity: 2, reserve: true }] });

  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  await signIn(shopper, customer);
  await shopperSees(shopper, order.id, null, ["Placed"]);

  const clerk = await createStaffMember("fulfilment", "Farhan Ali");
  await adminSignIn(page, clerk, `/admin/orders/${order.id}`);
  await expect(page.getByRole("heading", { name: `Order ${code}` })).toBeVisible();
  await expect(page.getByRole("button", { name: "Mark shipped" })).toHaveCount(0);

  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText(`Order ${code} is now Confirmed.`)).toBeVisible();
  await shopperSees(shopper, order.id, null, ["Placed", "Confirmed"]);

  // Pack: the slip is a PDF with the code, the SKU and what the courier collects.
  const slipLink = page.getByRole("link", { name: "Packing slip (PDF)" });
  await expect(slipLink).toHaveAttribute("href", `/admin/orders/packing-slips?ids=${order.id}`);
  const slip = await page.request.get(`/admin/orders/packing-slips?ids=${order.id}`);
  expect(slip.status()).toBe(200);
  expect(slip.headers()["content-type"]).toBe("application/pdf");
  const text = await pdfText(Buffer.from(await slip.body()));
  expect(text).toContain(`Order ${code}`);
  expect(text).toContain(product.sku);
  expect(text).toContain("Cash on Delivery: collect ₹3,180");

  // Ship with the sandbox courier.
  await page.getByLabel("Shipping provider").selectOption("sandbox");
  await page.getByRole("button", { name: "Ship", exact: true }).click();
  // The order is Shipped: the Ship form gives way to the shipment's row and the courier's buttons.
  const shipment = page.getByTestId("admin-shipment");
  await expect(shipment).toContainText("Sandbox Express");
  await expect(page.getByLabel("Shipping provider")).toHaveCount(0);
  const awb = (await shipment.locator("td.font-mono").textContent())?.trim() ?? "";
  expect(awb).toMatch(/^SBX\d{10}$/);
  await shopperSees(shopper, order.id, awb, ["Placed", "Confirmed", "Shipped"]);
  await expect(shopper.getByTestId("shipment")).toContainText("Sandbox Express");

  await shipment.getByRole("button", { name: "Sandbox: out for delivery" }).click();
  await expect(page.getByText("Out for delivery: the shipment is now Out for delivery.")).toBeVisible();
  await expect(shipment.getByRole("button", { name: "Sandbox: out for delivery" })).toHaveCount(0);
  await shopperSees(shopper, order.id, "Out for delivery", ["Placed", "Confirmed", "Shipped", "Out for delivery"]);

  await shipment.getByRole("button", { name: "Sandbox: delivered" }).click();
  // Delivered is the end of its way: no more buttons, the row says so.
  await expect(shipment.getByRole("button")).toHaveCount(0);
  await expect(shipment.getByRole("cell", { name: "Delivered", exact: true })).toBeVisible();
  await shopperSees(shopper, order.id, "Delivered", ["Placed", "Confirmed", "Shipped", "Out for delivery", "Delivered"]);
  await expect(shopper.getByText("Paid", { exact: true })).toBeVisible();

  // The cash was collected with the delivery.
  const row = await withE2eDb((db) => db.selectFrom("orders").select(["delivery_status", "payment_status"]).where("id", "=", order.id).executeTakeFirstOrThrow());
  expect(row).toEqual({ delivery_status: "Delivered", payment_status: "Paid" });
  await shopperContext.close();

  // The courier remits the cash: a manager reconciles its CSV (the fulfilment clerk may not).
  await page.goto("/admin/cod");
  await expect(page.getByRole("heading", { name: "You do not have access to this page" })).toBeVisible();
  const managerContext = await browser.newContext();
  const office = await managerContext.newPage();
  const manager = await createStaffMember("manager", "Meera Rao");
  await adminSignIn(office, manager, "/admin/cod");
  await expect(office.getByRole("heading", { level: 1, name: "Cash on Delivery" })).toBeVisible();
  const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
  const stray = `ZZ${customer.id}STRAY`;
  const csv = `AWB No.,COD Amount (₹),Remittance Date,UTR\r\n${awb},"₹3,180",${today.split("-").reverse().join("/")},UTR42\r\n${stray},"₹499.00",${today},UTR42\r\n`;
  await office.getByLabel("Courier").fill("Sandbox Express");
  await office.getByLabel("Remittance CSV (AWB, amount, date)").setInputFiles({ name: "sandbox-remittance.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await office.getByRole("button", { name: "Check the file" }).click();
  const preview = office.getByTestId("remittance-preview");
  await expect(preview.getByRole("row").filter({ hasText: awb })).toContainText("Matched");
  await expect(preview.getByRole("row").filter({ hasText: stray })).toContainText("Unknown AWB");
  expect(await withE2eDb((db) => db.selectFrom("shipments").select("cod_remittance_id").where("order_id", "=", order.id).executeTakeFirstOrThrow())).toEqual({ cod_remittance_id: null });

  await office.getByRole("button", { name: "Reconcile" }).click();
  await office.waitForURL(/\/admin\/cod\/remittances\/\d+\?uploaded=1$/);
  const remittanceId = Number(/remittances\/(\d+)/.exec(office.url())?.[1]);
  await expect(office.getByText(`Remittance #${remittanceId} recorded: 1 of 2 rows remitted a parcel (₹3,180); 1 mismatch.`)).toBeVisible();
  const mismatch = office.locator('[data-testid="remittance-row"][data-outcome="unknown"]');
  await expect(mismatch).toContainText(stray);
  await expect(mismatch).toContainText("No shipment of this store has this AWB.");
  const matched = office.locator('[data-testid="remittance-row"][data-outcome="matched"]');
  await expect(matched).toContainText(awb);
  await matched.getByRole("link", { name: code }).click();
  await expect(office.getByRole("heading", { name: `Order ${code}` })).toBeVisible();
  await expect(office.getByTestId("cod-remittance")).toHaveText(`COD remitted on ${formatDate(today)} (remittance #${remittanceId})`);
  await managerContext.close();
});

/**
 * Return to origin (docs/back-office.md "Fulfilment"): a paid, invoiced order shipped with the
 * sandbox courier fails its delivery attempt, goes back to the shop and is received: the order is
 * Returned, its pieces come back into stock through the ledger (the product's stock page lists the
 * movement with the order), and its GST credit note is issued, whose PDF names the original invoice.
 */
test("an RTO of a paid, invoiced order restocks its pieces and issues a credit note naming the invoice", { tag: [TAG.db, TAG.desktop] }, async ({ page }) => {
  const customer = await createCustomer("Devika Nair");
  const product = await withE2eDb((db) =>
    db.selectFrom("products").select(["id", "name", "slug", "stock_quantity"]).where("published", "=", 1).where("variant_count", "=", 0).where("availability", "=", "in_stock").where("stock_quantity", ">=", 5).orderBy("id").executeTakeFirstOrThrow(),
  );
  const code = `F${customer.id}RTO`;
  const total = 318_000;
  const order = await insertJourneyOrder(customer.id, {
    code,
    createdAt: new Date().toISOString(),
    deliveryStatus: "Confirmed",
    paymentStatus: "Paid",
    paymentType: "online",
    total,
    lines: [{ productId: product.id, name: product.name, quantity: 2, reserve: true }],
  });
  const invoiceNumber = `E2E/RTO/${customer.id}`;
  await withE2eDb(async (db) => {
    const at = new Date().toISOString();
    await db.insertInto("payments").values({ order_id: order.id, provider: "sandbox", reference: null, amount: total, status: "paid", created_at: at, provider_order_id: null, provider_payment_id: null, currency: "INR", error: null, updated_at: at }).execute();
    // Its invoice (a series of its own, so no real serial is taken).
    await db.insertInto("invoices").values({ order_id: order.id, number: invoiceNumber, financial_year: "E2E", serial: customer.id, issued_at: at, pdf: null }).execute();
  });
  const stockBefore = await withE2eDb((db) => db.selectFrom("products").select("stock_quantity").where("id", "=", product.id).executeTakeFirstOrThrow());

  const clerk = await createStaffMember("fulfilment", "Imran Qureshi");
  await adminSignIn(page, clerk, `/admin/orders/${order.id}`);
  await expect(page.getByRole("heading", { name: `Order ${code}` })).toBeVisible();
  await page.getByLabel("Shipping provider").selectOption("sandbox");
  await page.getByRole("button", { name: "Ship", exact: true }).click();
  const shipment = page.getByTestId("admin-shipment");
  await expect(shipment).toContainText("Sandbox Express");

  // The courier could not deliver; the shop sends it back; it arrives.
  await shipment.getByRole("button", { name: "Sandbox: failed delivery attempt (ndr)" }).click();
  await expect(shipment.getByRole("cell", { name: "Delivery attempt failed", exact: true })).toBeVisible();
  await shipment.getByRole("button", { name: "Return to origin (RTO)" }).click();
  await expect(shipment.getByRole("cell", { name: "Returning to the shop", exact: true })).toBeVisible();
  await shipment.getByRole("button", { name: "RTO received (restock)" }).click();
  await expect(shipment.getByRole("cell", { name: "Returned", exact: true })).toBeVisible();
  await expect(shipment.getByRole("button")).toHaveCount(0);

  const row = await withE2eDb((db) => db.selectFrom("orders").select(["delivery_status", "payment_status"]).where("id", "=", order.id).executeTakeFirstOrThrow());
  expect(row.delivery_status).toBe("Returned");
  // The two pieces are back in stock, and the ledger says why and for which order.
  const stockAfter = await withE2eDb((db) => db.selectFrom("products").select("stock_quantity").where("id", "=", product.id).executeTakeFirstOrThrow());
  expect(stockAfter.stock_quantity).toBe(stockBefore.stock_quantity + 2);

  // The order's credit note, and its PDF naming the original invoice.
  await page.reload();
  const notes = page.getByRole("table", { name: "Credit notes" });
  const noteRow = notes.getByRole("row").filter({ hasText: invoiceNumber });
  await expect(noteRow).toHaveCount(1);
  const number = (await noteRow.locator("td").first().textContent())!.trim();
  expect(number).toMatch(/^CN\/\d{2}-\d{2}\/\d{6}$/);
  const href = await noteRow.getByRole("link", { name: "PDF" }).getAttribute("href");
  const pdf = await page.request.get(href!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  const text = await pdfText(Buffer.from(await pdf.body()));
  for (const expected of ["Credit Note", number, "Original invoice no.", invoiceNumber]) expect(text).toContain(expected);

  // The product's stock page lists the movement back, with the order.
  await page.goto(`/admin/stock/${product.slug}`);
  const movement = page.getByRole("table", { name: "Stock movements" }).getByRole("row").filter({ hasText: "Returned by the courier" }).filter({ hasText: code });
  await expect(movement).toHaveCount(1);
  await expect(movement).toContainText("+2");
});
