import "server-only";
import { getDb } from "@/lib/platform/db";
import { ApiError } from "@/lib/platform/errors";
import { ORDER_MESSAGES } from "../../status";
import { getSiteSettings } from "@/lib/platform/settings";
import { findInvoice, invoiceData } from "./data";
import { renderInvoicePdf } from "./pdf";

export const INVOICE_MESSAGES = {
  notPaid: "The invoice is available once the order is paid.",
} as const;

export type InvoicePdf = { number: string; pdf: Buffer };

const asBuffer = (value: Buffer | Uint8Array) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength));

/**
 * An order's GST invoice as a PDF. `userId` scopes the order to its customer (null = the store
 * itself, for the payment mail): another customer's order is "not found" (404), an order without
 * an invoice (not paid) is 409. The PDF is rendered on the first request and kept in the
 * invoice's row; every later request serves those bytes, so the invoice never changes after
 * the settings or the catalog do. Two first requests at once both render the same invoice and
 * only one write lands (where pdf is null); both then answer the stored bytes.
 */
export async function invoicePdf(userId: number | null, orderId: number): Promise<InvoicePdf> {
  const { db } = await getDb();
  const found = await findInvoice(db, userId, orderId);
  if (found.kind === "not_found") throw new ApiError(404, ORDER_MESSAGES.notFound);
  if (found.kind === "not_issued") throw new ApiError(409, INVOICE_MESSAGES.notPaid);
  const { invoice } = found;
  if (invoice.pdf) return { number: invoice.number, pdf: asBuffer(invoice.pdf) };
  const rendered = await renderInvoicePdf(invoiceData(found.order, found.lines, invoice, await getSiteSettings()));
  await db.updateTable("invoices").set({ pdf: rendered }).where("id", "=", invoice.id).where("pdf", "is", null).execute();
  const stored = await db.selectFrom("invoices").select("pdf").where("id", "=", invoice.id).executeTakeFirstOrThrow();
  return { number: invoice.number, pdf: stored.pdf ? asBuffer(stored.pdf) : rendered };
}

/** The invoice's file name: "invoice-KH-26-27-000123.pdf". */
export const invoiceFileName = (number: string) => `invoice-${number.replace(/[^A-Za-z0-9-]/g, "-")}.pdf`;
