import { PDFParse } from "pdf-parse";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { paiseInWords } from "@/lib/orders/amount-in-words";
import { computeTotals } from "@/lib/cart/totals";
import { getDb } from "@/lib/platform/db";
import { writeTransaction } from "@/lib/platform/db/transaction";
import { formatPaise } from "@/lib/platform/format";
import { findInvoice, invoiceData } from "@/lib/orders/server/invoices/data";
import { markOrderPaid as recordPayment } from "@/lib/orders/server/order-state";
import { issueInvoice } from "@/lib/orders/server/transition";
import { dispatchNow } from "@/lib/platform/outbox";
import { getSiteSettings } from "@/lib/platform/settings";
import { MIGRATION_RATES } from "@/lib/testing/commerce-fixtures";
import { startMailReceiver, waitForMail } from "@/lib/testing/mail-receiver";
import { api, clientAddresses, closeTestDb, newUser, runTag, testDb, type TestUser } from "./client";

/**
 * GST invoices: issued when an order is paid (gap-free numbers per financial year), rendered as
 * a PDF on the first download and served byte for byte after that, attached to the payment mail.
 *
 * The payment itself is recorded by calling lib/orders/server/order-state.ts from this process on the
 * server's own database (this half of the store has no payment route to drive it). Settings are
 * read straight from the database here (the server reads them through Next's data cache).
 */
vi.mock("@/lib/platform/settings", async () => {
  const client = await import("./client");
  return {
    getSiteSettings: async () => {
      const { db } = await client.testDb();
      const rows = await db.selectFrom("business_settings").select(["type", "value"]).execute();
      return Object.fromEntries(rows.map((r) => [r.type, r.value ?? ""]));
    },
  };
});

/** Client addresses 10.130.x.y (block 130–139 belongs to this file). */
const nextIp = clientAddresses(130);

const SELLER_GSTIN = "07AAKFK4821M1Z0";
const NOT_PAID = { result: false, message: "The invoice is available once the order is paid." };
const NOT_FOUND = { result: false, message: "Order not found." };

let mail: Awaited<ReturnType<typeof startMailReceiver>>;

beforeAll(async () => {
  // Server modules imported here open their own handle on the server's database and send mail
  // over SMTP to a receiver of this file's own.
  mail = await startMailReceiver();
  process.env.DATABASE_URL = inject("databaseUrl");
  process.env.SMTP_URL = mail.url;
  process.env.MAIL_FROM = "Kesar Home <care@kesarhome.in>";
});

afterAll(async () => {
  await (await getDb()).close();
  await closeTestDb();
  await mail?.stop();
});

type Cart = Array<{ name: string; hsn: string; unitPrice: number; quantity: number }>;

const CART: Cart = [
  { name: "Indigo Bagru Curtain", hsn: "6303", unitPrice: 270000, quantity: 1 },
  { name: "Kantha Cushion Cover", hsn: "6304", unitPrice: 89900, quantity: 3 },
];

let orderCount = 0;

/**
 * An Un-Paid order as checkout stores it: the figures of computeTotals (a flat ₹150 coupon
 * spread over the lines, standard shipping) on the order and, per line, its HSN, rate, tax and
 * share of the discount.
 */
async function placeOrder(user: TestUser, options: { state: string; city?: string; postalCode?: string; gstin?: string | null; billing?: boolean; cart?: Cart } = { state: "Delhi" }) {
  const { db } = await testDb();
  const cart = options.cart ?? CART;
  const products = await db.selectFrom("products").select("id").where("published", "=", 1).orderBy("id").limit(cart.length).execute();
  const shipping = 9900;
  const totals = computeTotals({
    lines: cart.map((l, i) => ({ key: i, unitPrice: l.unitPrice, quantity: l.quantity, hsn: l.hsn })),
    rates: MIGRATION_RATES,
    defaultRate: 18,
    day: "2026-03-01",
    shipping,
    coupon: { ok: true, code: "FLAT150", title: "Flat ₹150 off", kind: "flat", discount: 15000 },
  });
  const now = new Date().toISOString();
  const code = `I${runTag}${++orderCount}`.toUpperCase();
  const order = await db
    .insertInto("orders")
    .values({
      code,
      user_id: user.id,
      shipping_name: user.name,
      shipping_email: user.email,
      shipping_address: "B-12 Hauz Khas",
      shipping_city: options.city ?? "New Delhi",
      shipping_state: options.state,
      shipping_country: "India",
      shipping_postal_code: options.postalCode ?? "110016",
      shipping_phone: "9810012345",
      shipping_type: "Standard delivery",
      shipping_method: "standard",
      payment_type: "online",
      payment_provider: "sandbox",
      coupon_code: "FLAT150",
      subtotal: totals.subtotal,
      shipping_cost: shipping,
      tax: totals.tax,
      coupon_discount: totals.couponDiscount,
      grand_total: totals.total,
      delivery_status: "Pending",
      payment_status: "Un-Paid",
      buyer_gstin: options.gstin ?? null,
      billing_name: options.billing ? "Sharma Interiors LLP" : null,
      billing_address: options.billing ? "Unit 7, Kamala Mills, Lower Parel" : null,
      billing_city: options.billing ? "Mumbai" : null,
      billing_state: options.billing ? "Maharashtra" : null,
      billing_postal_code: options.billing ? "400013" : null,
      billing_phone: options.billing ? "9820012345" : null,
      created_at: now,
      updated_at: now,
    })
    .returning(["id", "grand_total", "tax"])
    .executeTakeFirstOrThrow();
  for (const [i, line] of cart.entries()) {
    const t = totals.lines[i]!;
    const net = t.lineTotal - t.discount;
    await db
      .insertInto("order_lines")
      .values({
        order_id: order.id,
        product_id: products[i]!.id,
        product_name: line.name,
        variation: null,
        quantity: line.quantity,
        unit_price: line.unitPrice,
        total: t.lineTotal,
        delivery_status: "Pending",
        refund_status: null,
        hsn_code: line.hsn,
        gst_rate: t.gstRate,
        tax_amount: t.gst,
        taxable_value: net - t.gst,
        discount: t.discount,
        reserved_quantity: 0,
      })
      .execute();
  }
  await db
    .insertInto("payments")
    .values({ order_id: order.id, provider: "sandbox", reference: null, amount: order.grand_total, status: "created", created_at: now, provider_order_id: `order_${code}`, currency: "INR", updated_at: now })
    .execute();
  return { id: order.id, code, grandTotal: order.grand_total, tax: order.tax };
}

/**
 * markOrderPaid, and then the outbox's dispatch of its mail from this process, awaited: a write
 * of this process to the SQLite file while the server runs a sign-up's transaction makes that
 * one fail (SQLITE_BUSY_SNAPSHOT), so this process is done writing before the test goes on.
 */
async function markOrderPaid(...args: Parameters<typeof recordPayment>) {
  const outcome = await recordPayment(...args);
  await dispatchNow();
  return outcome;
}

async function pay(order: { id: number; grandTotal: number; code: string }) {
  const outcome = await markOrderPaid(order.id, { provider: "sandbox", providerPaymentId: `pay_${order.code}`, amount: order.grandTotal, currency: "INR" });
  expect(outcome.kind).toBe("paid");
  return outcome.kind === "paid" ? outcome.invoiceNumber : "";
}

const download = (user: TestUser, id: number | string, via: "cookie" | "token" = "cookie") =>
  api(`/invoice/download/${id}`, via === "cookie" ? { cookie: user.cookie, ip: user.ip } : { token: user.token, ip: user.ip });

/** The raw bytes of a download (api() reads the body as text, which mangles binary). */
async function downloadBytes(user: TestUser, id: number) {
  const res = await fetch(`${inject("baseUrl")}/api/v2/invoice/download/${id}`, {
    headers: { "System-Key": inject("systemKey"), Cookie: user.cookie, "X-Forwarded-For": user.ip },
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

describe("GET /invoice/download/{id}", () => {
  it("gives the paid order's GST invoice as a PDF: seller GSTIN, HSN codes, CGST and SGST within Delhi, total in words", async () => {
    const user = await newUser(nextIp(), { name: "Ananya Sharma" });
    const order = await placeOrder(user, { state: "Delhi" });
    const number = await pay(order);
    expect(number).toMatch(/^KH\/\d{2}-\d{2}\/\d{6}$/);

    const res = await downloadBytes(user, order.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(`inline; filename="invoice-${number.replaceAll("/", "-")}.pdf"`);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.bytes.subarray(0, 5).toString()).toBe("%PDF-");

    const text = await pdfText(res.bytes);
    expect(text).toContain("TAX INVOICE");
    expect(text).toContain("Kesar Furnishing Company");
    expect(text).toContain(`GSTIN: ${SELLER_GSTIN}`);
    expect(text).toContain(`Invoice no.: ${number}`);
    expect(text).toContain(`Order no.: ${order.code}`);
    expect(text).toContain("Ananya Sharma");
    expect(text).toContain("Place of supply: Delhi (07)");
    expect(text).toContain("Reverse charge: No");
    expect(text).toContain("Indigo Bagru Curtain");
    expect(text).toMatch(/\b6303\b/);
    expect(text).toMatch(/\b6304\b/);
    expect(text).toContain("3 NOS");
    expect(text).toContain("CGST");
    expect(text).toContain("SGST");
    expect(text).not.toContain("IGST");
    expect(text).toContain(formatPaise(order.grandTotal));
    expect(text).toContain("₹");
    expect(text).not.toContain("¹");
    expect(text.replace(/\s+/g, " ")).toContain(paiseInWords(order.grandTotal));
    expect(text).toContain("For Kesar Furnishing Company — Authorised Signatory");

    // The invoice's figures: taxable value plus GST is the grand total to the paisa, the GST is
    // the order's, and CGST and SGST add up to it.
    const { db } = await testDb();
    const found = await findInvoice(db, user.id, order.id);
    expect(found.kind).toBe("issued");
    if (found.kind !== "issued") return;
    const data = invoiceData(found.order, found.lines, found.invoice, await getSiteSettings());
    expect(data.intraState).toBe(true);
    expect(data.totals.taxable + data.totals.tax).toBe(order.grandTotal);
    expect(data.totals.tax).toBe(order.tax);
    expect(data.totals.cgst + data.totals.sgst).toBe(order.tax);
    expect(data.totals.igst).toBe(0);
    expect(data.lines.map((l) => l.hsn)).toEqual(["6303", "6304", "6303"]);
    for (const line of data.lines) expect(text).toContain(formatPaise(line.taxable));
  });

  it("charges IGST for a Maharashtra address and shows the buyer's GSTIN and billing address", async () => {
    const user = await newUser(nextIp(), { name: "Rohan Mehta" });
    const order = await placeOrder(user, { state: "Maharashtra", city: "Mumbai", postalCode: "400050", gstin: "27AAPFU0939F1ZV", billing: true });
    const number = await pay(order);
    const res = await downloadBytes(user, order.id);
    expect(res.status).toBe(200);
    const text = await pdfText(res.bytes);
    expect(text).toContain(`Invoice no.: ${number}`);
    expect(text).toContain("Place of supply: Maharashtra (27)");
    expect(text).toContain("IGST");
    expect(text).not.toContain("CGST");
    expect(text).not.toContain("SGST");
    expect(text).toContain("GSTIN: 27AAPFU0939F1ZV");
    expect(text).toContain(`GSTIN: ${SELLER_GSTIN}`);
    expect(text).toContain("Sharma Interiors LLP");
    expect(text).toContain("Unit 7, Kamala Mills, Lower Parel");
    expect(text).toContain("Rohan Mehta");
    expect(text.replace(/\s+/g, " ")).toContain(paiseInWords(order.grandTotal));

    const { db } = await testDb();
    const found = await findInvoice(db, user.id, order.id);
    if (found.kind !== "issued") throw new Error("no invoice");
    const data = invoiceData(found.order, found.lines, found.invoice, await getSiteSettings());
    expect(data.intraState).toBe(false);
    expect(data.totals.igst).toBe(order.tax);
    expect(data.totals.taxable + data.totals.tax).toBe(order.grandTotal);
  });

  it("serves the same bytes on every download, the ones stored with the invoice, by cookie or token", async () => {
    const user = await newUser(nextIp());
    const order = await placeOrder(user, { state: "Delhi" });
    await pay(order);
    // Two first downloads at once: one rendering is stored, both answer it.
    const [a, b] = await Promise.all([downloadBytes(user, order.id), downloadBytes(user, order.id)]);
    const c = await downloadBytes(user, order.id);
    expect(a.status).toBe(200);
    expect(a.bytes.equals(b.bytes)).toBe(true);
    expect(a.bytes.equals(c.bytes)).toBe(true);
    const { db } = await testDb();
    const row = await db.selectFrom("invoices").select("pdf").where("order_id", "=", order.id).executeTakeFirstOrThrow();
    expect(Buffer.from(row.pdf!).equals(a.bytes)).toBe(true);
    const byToken = await download(user, order.id, "token");
    expect(byToken.status).toBe(200);
    expect(byToken.headers.get("content-type")).toBe("application/pdf");

    // A later change to the catalog or the settings does not change an issued invoice.
    await db.updateTable("order_lines").set({ product_name: "Renamed later" }).where("order_id", "=", order.id).execute();
    const later = await downloadBytes(user, order.id);
    expect(later.bytes.equals(a.bytes)).toBe(true);
  });

  it("refuses an unpaid order with a message", async () => {
    const user = await newUser(nextIp());
    const order = await placeOrder(user, { state: "Delhi" });
    const res = await download(user, order.id);
    expect(res.status).toBe(409);
    expect(res.json).toEqual(NOT_PAID);
    expect(res.headers.get("content-type")).toContain("application/json");
  });

  it("answers 404 for another customer's order or an unknown one, and never 500 for a bad id", async () => {
    const owner = await newUser(nextIp());
    const other = await newUser(nextIp());
    const order = await placeOrder(owner, { state: "Delhi" });
    await pay(order);
    const res = await download(other, order.id);
    expect(res.status).toBe(404);
    expect(res.json).toEqual(NOT_FOUND);
    expect((await download(other, 2_000_000_000)).json).toEqual(NOT_FOUND);
    for (const bad of ["abc", "0", "-1", "1.5", "99999999999", "1e3", "%20"]) {
      const answer = await download(other, bad);
      expect(answer.status, bad).toBe(404);
      expect(answer.json, bad).toEqual(NOT_FOUND);
    }
  });

  it("asks a guest to sign in", async () => {
    const owner = await newUser(nextIp());
    const order = await placeOrder(owner, { state: "Delhi" });
    await pay(order);
    for (const key of [undefined, null]) {
      const guest = await api(`/invoice/download/${order.id}`, { key, ip: nextIp() });
      expect(guest.status).toBe(401);
      expect(guest.json).toEqual({ result: false, message: "Please log in to continue." });
    }
  });

  it("opens from a plain link (a navigation sends no System-Key), for the signed-in owner only", async () => {
    const owner = await newUser(nextIp());
    const other = await newUser(nextIp());
    const order = await placeOrder(owner, { state: "Delhi" });
    const number = await pay(order);
    const res = await fetch(`${inject("baseUrl")}/api/v2/invoice/download/${order.id}`, { headers: { Cookie: owner.cookie, "X-Forwarded-For": owner.ip } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(await pdfText(Buffer.from(await res.arrayBuffer()))).toContain(`Invoice no.: ${number}`);
    const notTheirs = await api(`/invoice/download/${order.id}`, { key: null, cookie: other.cookie, ip: other.ip });
    expect(notTheirs.status).toBe(404);
    expect(notTheirs.json).toEqual(NOT_FOUND);
  });
});

describe("invoice numbers", () => {
  it("gives 30 payments at once the serials 1 to 30 of the financial year, without gap or duplicate", async () => {
    const user = await newUser(nextIp());
    const orders: Array<Awaited<ReturnType<typeof placeOrder>>> = [];
    for (let i = 0; i < 31; i += 1) orders.push(await placeOrder(user, { state: "Delhi" }));
    // A financial year no other test uses: 1 Apr 2031 – 31 Mar 2032.
    const at = new Date("2031-06-15T06:00:00.000Z");
    const handle = await getDb();
    const numbers = await Promise.all(orders.slice(0, 30).map((o) => writeTransaction(handle, (trx) => issueInvoice(trx, o.id, at))));
    expect(new Set(numbers).size).toBe(30);
    for (const number of numbers) expect(number.length).toBeLessThanOrEqual(16);
    const { db } = await testDb();
    const rows = await db.selectFrom("invoices").select(["number", "serial", "financial_year"]).where("financial_year", "=", "31-32").orderBy("serial").execute();
    expect(rows.map((r) => r.serial)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(rows[0]!.number).toBe("KH/31-32/000001");
    expect(rows[29]!.number).toBe("KH/31-32/000030");
    expect([...numbers].sort()).toEqual(rows.map((r) => r.number));

    // An order keeps its invoice.
    expect(await writeTransaction(handle, (trx) => issueInvoice(trx, orders[0]!.id, at))).toBe(numbers[0]);

    // A payment whose transaction rolls back takes its serial back with it: the next is 31.
    const last = orders[30]!;
    await expect(
      writeTransaction(handle, async (trx) => {
        await issueInvoice(trx, last.id, at);
        throw new Error("payment failed after the invoice number was taken");
      }),
    ).rejects.toThrow("payment failed");
    expect(await db.selectFrom("invoices").select("id").where("order_id", "=", last.id).executeTakeFirst()).toBeUndefined();
    expect(await writeTransaction(handle, (trx) => issueInvoice(trx, last.id, at))).toBe("KH/31-32/000031");
  });

  it("issues one invoice however many times the same payment is reported", async () => {
    const user = await newUser(nextIp());
    const order = await placeOrder(user, { state: "Delhi" });
    const report = { provider: "sandbox", providerPaymentId: `pay_${order.code}`, amount: order.grandTotal, currency: "INR" };
    const outcomes = await Promise.allSettled([markOrderPaid(order.id, report), markOrderPaid(order.id, report), markOrderPaid(order.id, report)]);
    const numbers = outcomes.flatMap((o) => (o.status === "fulfilled" && o.value.kind === "paid" ? [o.value.invoiceNumber] : []));
    expect(numbers.length).toBeGreaterThanOrEqual(1);
    expect(new Set(numbers).size).toBe(1);
    const { db } = await testDb();
    const invoices = await db.selectFrom("invoices").select("number").where("order_id", "=", order.id).execute();
    expect(invoices.map((i) => i.number)).toEqual([numbers[0]]);
  });
});

describe("payment mail", () => {
  it("attaches the invoice PDF, the same bytes the download gives", async () => {
    const user = await newUser(nextIp(), { name: "Meera Iyer" });
    const order = await placeOrder(user, { state: "Delhi" });
    // The payment asks the outbox for its mail, which this process delivers to this file's
    // receiver right after the commit (the server's once-a-minute sweep would have to claim it
    // within those milliseconds to send it to its own).
    const since = Date.now();
    const number = await pay(order);
    const received = await waitForMail(mail.dir, user.email, { since, subject: new RegExp(`^Payment received for order ${order.code}$`) });
    expect(received.text).toContain("Your GST invoice is attached.");
    expect(received.attachments).toHaveLength(1);
    const [file] = received.attachments!;
    expect(file!.filename).toBe(`invoice-${number.replaceAll("/", "-")}.pdf`);
    expect(file!.contentType).toBe("application/pdf");
    const attached = Buffer.from(file!.base64, "base64");
    const downloaded = await downloadBytes(user, order.id);
    expect(attached.equals(downloaded.bytes)).toBe(true);
    expect(await pdfText(attached)).toContain(`Invoice no.: ${number}`);
  });
});
