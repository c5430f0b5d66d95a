import { PDFParse } from "pdf-parse";
import { DEMO_OWNER } from "../lib/seed/content";
import { formatPaise } from "../lib/platform/format";
import { createCustomer, insertJourneyOrder, withE2eDb } from "./db";
import { expect, TAG, test } from "./fixtures";
import { adminSignIn } from "./staff";

/**
 * Refunds and credit notes in the back office (docs/back-office.md "Refunds and credit notes"): the
 * owner refunds one of three pieces of a paid, delivered, invoiced order from its page by bank
 * transfer; the refund is listed with its reference, the order's GST credit note is issued, and
 * its PDF names the note's serial, the words "Credit Note", the original invoice and the CGST and
 * SGST credited (the order went to Delhi, the seller's own State).
 */

const OWNER = { email: DEMO_OWNER.email, password: DEMO_OWNER.password };

async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

test("the owner refunds a piece of a paid order and its credit note shows the serial, the original invoice and the tax split", { tag: [TAG.db, TAG.desktop] }, async ({ page }) => {
  const customer = await createCustomer("Nandini Rao");
  const total = 299_700;
  const order = await insertJourneyOrder(customer.id, {
    code: `E${customer.id}CN`,
    createdAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
    deliveryStatus: "Delivered",
    paymentStatus: "Paid",
    deliveredAt: new Date(Date.now() - 86_400_000).toISOString(),
    total,
    lines: [{ name: "Block-printed table runner", quantity: 3 }],
  });
  const invoiceNumber = `E2E/${customer.id}`;
  await withE2eDb(async (db) => {
    const at = new Date().toISOString();
    await db.updateTable("orders").set({ shipping_state: "Delhi", shipping_city: "New Delhi", shipping_postal_code: "110001" }).where("id", "=", order.id).execute();
    await db.insertInto("payments").values({ order_id: order.id, provider: "cod", reference: null, amount: total, status: "paid", created_at: at, provider_order_id: null, provider_payment_id: null, currency: "INR", error: null, updated_at: at }).execute();
    // Its invoice (a series of its own, so no real serial is taken).
    await db.insertInto("invoices").values({ order_id: order.id, number: invoiceNumber, financial_year: "E2E", serial: customer.id, issued_at: at, pdf: null }).execute();
  });

  await adminSignIn(page, OWNER, `/admin/orders/${order.id}`);
  await expect(page.getByRole("heading", { level: 1, name: `Order E${customer.id}CN` })).toBeVisible();
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Refund", exact: true }) });
  await expect(form.getByText(`At most ${formatPaise(total)} can still be refunded.`)).toBeVisible();
  await form.getByLabel("Items").check();
  await form.getByLabel("Quantity of Block-printed table runner to refund").fill("1");
  await form.getByLabel("Method").selectOption("bank_transfer");
  // A bank transfer needs its reference: refused, with the message under the field, nothing recorded.
  await form.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(form.getByRole("alert")).toContainText("Give the reference of the transfer");
  const utr = `UTR${customer.id}0042`;
  await form.getByLabel("Reference (UTR or UPI id)").fill(utr);
  await form.getByLabel("Reason").fill("One runner arrived stained");
  await form.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(form.getByRole("status")).toContainText(`${formatPaise(99_900)} is refunded. Credit note CN/`);

  const refunds = page.getByRole("table", { name: "Refunds" });
  await expect(refunds.getByRole("row").filter({ hasText: utr })).toContainText("processed");
  const notes = page.getByRole("table", { name: "Credit notes" });
  const row = notes.getByRole("row").filter({ hasText: invoiceNumber });
  await expect(row).toHaveCount(1);
  const number = (await row.locator("td").first().textContent())!.trim();
  expect(number).toMatch(/^CN\/\d{2}-\d{2}\/\d{6}$/);

  const note = await withE2eDb((db) => db.selectFrom("credit_notes").select(["id", "cgst", "sgst", "igst", "total"]).where("order_id", "=", order.id).executeTakeFirstOrThrow());
  expect(note).toMatchObject({ total: 99_900, igst: 0 });
  const href = await row.getByRole("link", { name: "PDF" }).getAttribute("href");
  expect(href).toBe(`/admin/credit-notes/${note.id}`);
  const pdf = await page.request.get(href!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  const text = await pdfText(await pdf.body());
  for (const expected of ["Credit Note", number, invoiceNumber, "CGST credited", "SGST credited", formatPaise(note.cgst), formatPaise(note.sgst), formatPaise(note.total), "Original invoice no."]) expect(text).toContain(expected);
  // One refund recorded, holding its amount on the payment.
  expect(await withE2eDb(async (db) => (await db.selectFrom("refunds").select("id").where("order_id", "=", order.id).execute()).length)).toBe(1);
  expect(await withE2eDb(async (db) => (await db.selectFrom("payments").select("refunded_amount").where("order_id", "=", order.id).executeTakeFirstOrThrow()).refunded_amount)).toBe(99_900);
});
