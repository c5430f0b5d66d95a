import "server-only";
import { sql } from "kysely";
import { getDb, type Db } from "@/lib/platform/db";
import { ApiError } from "@/lib/platform/errors";
import { formatDate } from "@/lib/platform/format";
import type { SiteSettings } from "@/lib/platform/settings";
import { fileStorage } from "@/lib/platform/storage";
import { log } from "@/lib/platform/log";
import { paiseInWords } from "../amount-in-words";
import { type CreditableLine, type Credited, type CreditNoteData, type CreditRequest, creditLines, creditTotals, formatCreditNoteNumber, SHIPPING_KEY } from "../credit-note";
import { financialYear } from "../invoice-number";
import { ORDER_MESSAGES } from "../status";
import { invoiceData, type InvoiceLineRow, type InvoiceOrderRow } from "./invoices/data";
import { renderCreditNotePdf } from "./invoices/credit-note-pdf";
import { variationColumn } from "./variation";

/**
 * GST credit notes (CGST Act s.34, CGST Rule 53(1A); docs/back-office.md "Refunds and credit
 * notes", decision 0058). Every refund or return of an INVOICED order issues one, in the
 * transaction that records it:
 *  - its number comes from its own series per financial year ("CN/26-27/000001"): the series row is
 *    created or raised by one conditional statement in that transaction, so the series has no gap
 *    (a rolled-back refund takes its serial with it) and two notes never share a serial;
 *  - what it credits per invoice line comes from ../credit-note.ts, bounded by what the invoice
 *    charged less what earlier notes credited (the order is locked, so two notes of one order are
 *    figured one after the other);
 *  - the document as issued (seller, recipient, original invoice, lines, totals) is kept as JSON,
 *    and its PDF rendered once from it on the first download and kept in the file storage
 *    ("creditnotes" folder): the same bytes ever after, whatever the settings say later.
 */

export const CREDIT_NOTE_FOLDER = "creditnotes";

export const CREDIT_NOTE_MESSAGES = {
  notFound: "Credit note not found.",
} as const;

/** The settings an invoice reads, read through the transaction (the cached read would wait for it on SQLite). */
const SETTING_TYPES = ["seller_gstin", "seller_state", "seller_legal_name", "company_name", "website_name", "seller_address", "contact_address", "gst_default_rate"] as const;

async function settingsIn(trx: Db): Promise<Partial<SiteSettings>> {
  const rows = await trx.selectFrom("business_settings").select(["type", "value"]).where("type", "in", [...SETTING_TYPES]).execute();
  return Object.fromEntries(rows.map((r) => [r.type, r.value ?? ""])) as Partial<SiteSettings>;
}

const ORDER_COLUMNS = [
  "id", "code", "created_at", "shipping_name", "shipping_address", "shipping_city", "shipping_state", "shipping_country", "shipping_postal_code", "shipping_phone",
  "billing_name", "billing_address", "billing_city", "billing_state", "billing_postal_code", "billing_phone", "buyer_gstin", "shipping_cost", "tax", "grand_total",
] as const;

type Invoiced = {
  order: InvoiceOrderRow;
  invoice: { number: string; issued_at: string };
  lines: (InvoiceLineRow & { id: number })[];
};

async function invoicedOrder(trx: Db, orderId: number): Promise<Invoiced | null> {
  const invoice = await trx.selectFrom("invoices").select(["id", "number", "issued_at"]).where("order_id", "=", orderId).executeTakeFirst();
  if (!invoice) return null;
  const order = await trx.selectFrom("orders").select([...ORDER_COLUMNS]).where("id", "=", orderId).executeTakeFirst();
  if (!order) return null;
  const lines = await trx
    .selectFrom("order_lines")
    .select(["id", "product_name", variationColumn(), "hsn_code", "quantity", "unit_price", "total", "discount", "gst_rate", "tax_amount"])
    .where("order_id", "=", orderId)
    .orderBy("id")
    .execute();
  return { order, invoice, lines };
}

/** What earlier notes of the order credited, per invoice line (SHIPPING_KEY for shipping). */
async function creditedSoFar(trx: Db, orderId: number): Promise<Map<number, Credited>> {
  const rows = await trx
    .selectFrom("credit_note_lines")
    .select((eb) => [
      "order_line_id",
      eb.fn.sum<number>("quantity").as("quantity"),
      eb.fn.sum<number>("total").as("total"),
      eb.fn.sum<number>("cgst").as("cgst"),
      eb.fn.sum<number>("sgst").as("sgst"),
      eb.fn.sum<number>("igst").as("igst"),
    ])
    .where("order_id", "=", orderId)
    .groupBy("order_line_id")
    .execute();
  return new Map(rows.map((r) => [r.order_line_id ?? SHIPPING_KEY, { quantity: Number(r.quantity), total: Number(r.total), cgst: Number(r.cgst), sgst: Number(r.sgst), igst: Number(r.igst) }]));
}

export type IssuedCreditNote = { id: number; number: string; total: number };

/** What a request would credit now (the refund form's amount for pieces), outside any change. */
export async function previewCredit(orderId: number, request: CreditRequest): Promise<{ invoiced: boolean; total: number }> {
  const { db } = await getDb();
  const found = await invoicedOrder(db, orderId);
  if (!found) return { invoiced: false, total: 0 };
  const { lines, intraState } = await figuresOf(db, found);
  return { invoiced: true, total: creditTotals(creditLines(lines, await creditedSoFar(db, orderId), request, intraState)).total };
}

async function figuresOf(trx: Db, found: Invoiced) {
  const settings = await settingsIn(trx);
  const data = invoiceData(found.order, found.lines, { id: 0, number: found.invoice.number, issued_at: found.invoice.issued_at, pdf: null }, settings);
  // invoiceData keeps the order lines' order, the shipping line last.
  const lines: CreditableLine[] = data.lines.map((l, i) => ({
    key: l.shipping ? SHIPPING_KEY : found.lines[i]!.id,
    description: l.description,
    hsn: l.hsn,
    quantity: l.quantity,
    rate: l.rate,
    total: l.total,
    tax: l.tax,
    cgst: l.cgst,
    sgst: l.sgst,
    igst: l.igst,
  }));
  return { data, lines, intraState: data.intraState };
}

/**
 * Issues the credit note of a refund or a return, in the caller's transaction: null when the order
 * has no invoice (nothing was invoiced, so nothing is credited) or nothing is left to credit.
 */
export async function issueCreditNote(trx: Db, orderId: number, request: CreditRequest, reason: string, refundId: number | null, now = new Date()): Promise<IssuedCreditNote | null> {
  if (refundId !== null) {
    const earlier = await trx.selectFrom("credit_notes").select(["id", "number", "total"]).where("refund_id", "=", refundId).executeTakeFirst();
    if (earlier) return earlier;
  }
  // Notes of one order are figured one after another (SQLite: the transaction's write lock).
  const { dialect } = await getDb();
  await trx.selectFrom("orders").select("id").where("id", "=", orderId).$call((q) => (dialect === "postgres" ? q.forUpdate() : q)).executeTakeFirst();
  const found = await invoicedOrder(trx, orderId);
  if (!found) return null;
  const { data: invoice, lines: invoiceLines, intraState } = await figuresOf(trx, found);
  const lines = creditLines(invoiceLines, await creditedSoFar(trx, orderId), request, intraState);
  if (lines.length === 0) return null;
  const totals = creditTotals(lines);
  const year = financialYear(now);
  const series = await trx
    .insertInto("credit_note_series")
    .values({ financial_year: year, last_serial: 1 })
    .onConflict((oc) => oc.column("financial_year").doUpdateSet({ last_serial: sql<number>`credit_note_series.last_serial + 1` }))
    .returning("last_serial")
    .executeTakeFirstOrThrow();
  const number = formatCreditNoteNumber(year, series.last_serial);
  const issuedAt = now.toISOString();
  const document: CreditNoteData = {
    number,
    issuedAt,
    date: formatDate(issuedAt),
    reason,
    orderCode: found.order.code,
    invoice: { number: found.invoice.number, date: formatDate(found.invoice.issued_at) },
    seller: invoice.seller,
    recipient: { name: invoice.billing.name, lines: invoice.billing.lines, state: invoice.billing.state, stateCode: invoice.billing.stateCode, gstin: invoice.buyer.gstin },
    delivery: { name: invoice.shipping.name, lines: invoice.shipping.lines, state: invoice.shipping.state, stateCode: invoice.shipping.stateCode },
    placeOfSupply: invoice.placeOfSupply,
    intraState,
    lines,
    totals,
    amountInWords: paiseInWords(totals.total),
    signature: invoice.signature,
  };
  const note = await trx
    .insertInto("credit_notes")
    .values({
      order_id: orderId,
      refund_id: refundId,
      number,
      financial_year: year,
      serial: series.last_serial,
      invoice_number: found.invoice.number,
      reason: reason.slice(0, 500),
      taxable: totals.taxable,
      cgst: totals.cgst,
      sgst: totals.sgst,
      igst: totals.igst,
      total: totals.total,
      data: JSON.stringify(document),
      pdf_name: null,
      issued_at: issuedAt,
    })
    .returning(["id"])
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("credit_note_lines")
    .values(
      lines.map((l) => ({
        credit_note_id: note.id,
        order_id: orderId,
        order_line_id: l.key === SHIPPING_KEY ? null : l.key,
        quantity: l.quantity,
        taxable: l.taxable,
        rate: l.rate,
        cgst: l.cgst,
        sgst: l.sgst,
        igst: l.igst,
        total: l.total,
      })),
    )
    .execute();
  return { id: note.id, number, total: totals.total };
}

/**
 * The seam for returns and for a return to origin (RTO) of an invoiced order: the credit note of
 * the lines and pieces given back, in the caller's transaction (which should hold the order's
 * lock). Null when the order has no invoice or the pieces were credited already (a refund of them
 * later credits nothing more). lines: order line ids and pieces.
 */
export function issueCreditNoteForReturn(trx: Db, orderId: number, lines: readonly { lineId: number; quantity: number }[], reason: string, now = new Date()): Promise<IssuedCreditNote | null> {
  return issueCreditNote(trx, orderId, { kind: "lines", lines }, reason, null, now);
}

export type CreditNoteSummary = { id: number; orderId: number; number: string; invoiceNumber: string; refundId: number | null; reason: string; total: number; cgst: number; sgst: number; igst: number; issuedAt: string };

/** An order's credit notes, oldest first. */
export async function creditNotesOf(orderId: number): Promise<CreditNoteSummary[]> {
  const { db } = await getDb();
  const rows = await db
    .selectFrom("credit_notes")
    .select(["id", "order_id", "number", "invoice_number", "refund_id", "reason", "total", "cgst", "sgst", "igst", "issued_at"])
    .where("order_id", "=", orderId)
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ id: r.id, orderId: r.order_id, number: r.number, invoiceNumber: r.invoice_number, refundId: r.refund_id, reason: r.reason, total: Number(r.total), cgst: Number(r.cgst), sgst: Number(r.sgst), igst: Number(r.igst), issuedAt: r.issued_at }));
}

/** The credit note's file name: "credit-note-CN-26-27-000001.pdf". */
export const creditNoteFileName = (number: string) => `credit-note-${number.replace(/[^A-Za-z0-9-]/g, "-")}.pdf`;

/**
 * A credit note as a PDF: `userId` scopes it to the order's customer (another customer's, or none,
 * is 404); null is the store's staff. Rendered on the first request from the document as issued
 * and kept in the file storage; two first requests at once both render, one name is kept (the
 * other file removed), and both answer the kept bytes.
 */
export async function creditNotePdf(userId: number | null, creditNoteId: number): Promise<{ number: string; pdf: Buffer }> {
  const { db } = await getDb();
  let query = db.selectFrom("credit_notes as c").innerJoin("orders as o", "o.id", "c.order_id").select(["c.id", "c.number", "c.data", "c.pdf_name"]).where("c.id", "=", creditNoteId);
  if (userId !== null) query = query.where("o.user_id", "=", userId);
  const note = await query.executeTakeFirst();
  if (!note) throw new ApiError(404, userId === null ? CREDIT_NOTE_MESSAGES.notFound : ORDER_MESSAGES.notFound);
  const storage = fileStorage();
  if (note.pdf_name) {
    const stored = await storage.get(CREDIT_NOTE_FOLDER, note.pdf_name);
    if (stored) return { number: note.number, pdf: stored };
    log.error({ creditNote: note.id, name: note.pdf_name }, "a credit note's stored PDF is missing: rendered again from the document as issued");
  }
  const pdf = await renderCreditNotePdf(JSON.parse(note.data) as CreditNoteData);
  const name = await storage.put(CREDIT_NOTE_FOLDER, "pdf", pdf);
  let kept = db.updateTable("credit_notes").set({ pdf_name: name }).where("id", "=", note.id);
  kept = note.pdf_name ? kept.where("pdf_name", "=", note.pdf_name) : kept.where("pdf_name", "is", null);
  const updated = await kept.executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) {
    await storage.remove(CREDIT_NOTE_FOLDER, name).catch(() => undefined);
    const row = await db.selectFrom("credit_notes").select("pdf_name").where("id", "=", note.id).executeTakeFirstOrThrow();
    const other = row.pdf_name ? await storage.get(CREDIT_NOTE_FOLDER, row.pdf_name) : null;
    if (other) return { number: note.number, pdf: other };
  }
  return { number: note.number, pdf };
}
