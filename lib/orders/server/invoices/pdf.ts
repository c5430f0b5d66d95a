import "server-only";
import path from "node:path";
import PDFDocument from "pdfkit";
import { DEJAVU as FONT_FILES, dejavuFontDir } from "@/lib/platform/fonts";
import { formatPaise } from "@/lib/platform/format";
import type { InvoiceAddress, InvoiceData } from "./data";

/**
 * Renders an invoice as an A4 PDF with pdfkit. The text is set in DejaVu Sans, embedded (a
 * subset): pdfkit's built-in fonts have no ₹ and print another glyph in its place without a word.
 * The output depends only on the invoice: its dates are the invoice's own issue time and the
 * file id is derived from them, so the same invoice renders to the same bytes.
 */

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 36;
const CONTENT = A4.width - 2 * MARGIN;
const INK = "#1f1f1f";
const MUTED = "#5a5a5a";
const RULE = "#b8b8b8";
const HEAD_FILL = "#f1ece4";

type Column = { title: string; width: number; align: "left" | "right" | "center"; cell: (line: InvoiceData["lines"][number], index: number) => string };

const money = (paise: number) => formatPaise(paise);

function columns(invoice: InvoiceData): Column[] {
  const first: Column[] = [
    { title: "#", width: 16, align: "center", cell: (_l, i) => String(i + 1) },
    { title: "Description", width: 0, align: "left", cell: (l) => l.description },
    { title: "HSN", width: 38, align: "left", cell: (l) => l.hsn || "—" },
    { title: "Qty", width: 36, align: "right", cell: (l) => (l.quantity === null ? "—" : `${l.quantity} ${invoice.uqc}`) },
    { title: "Unit price", width: 52, align: "right", cell: (l) => (l.unitPrice === null ? "—" : money(l.unitPrice)) },
    { title: "Discount", width: 44, align: "right", cell: (l) => money(l.discount) },
    { title: "Taxable value", width: 56, align: "right", cell: (l) => money(l.taxable) },
    { title: "GST rate", width: 30, align: "right", cell: (l) => `${l.rate}%` },
  ];
  const tax: Column[] = invoice.intraState
    ? [
        // CGST Rules 46(l): the rate of each tax, here half the GST rate each.
        { title: "CGST", width: 44, align: "right", cell: (l) => `${money(l.cgst)}\n@ ${l.rate / 2}%` },
        { title: "SGST", width: 44, align: "right", cell: (l) => `${money(l.sgst)}\n@ ${l.rate / 2}%` },
      ]
    : [{ title: "IGST", width: 50, align: "right", cell: (l) => money(l.igst) }];
  const all = [...first, ...tax, { title: "Amount", width: 56, align: "right" as const, cell: (l: InvoiceData["lines"][number]) => money(l.total) }];
  const used = all.reduce((a, c) => a + c.width, 0);
  all[1]!.width = CONTENT - used;
  return all;
}

export async function renderInvoicePdf(invoice: InvoiceData): Promise<Buffer> {
  const dir = dejavuFontDir();
  const regular = path.join(/*turbopackIgnore: true*/ dir, FONT_FILES.regular);
  const bold = path.join(/*turbopackIgnore: true*/ dir, FONT_FILES.bold);
  const issued = new Date(invoice.issuedAt);
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    font: regular,
    info: {
      Title: `Tax invoice ${invoice.number}`,
      Author: invoice.seller.name,
      Subject: `Order ${invoice.orderCode}`,
      Creator: invoice.seller.name,
      Producer: "PDFKit",
      CreationDate: issued,
      ModDate: issued,
    },
  });
  doc.registerFont("regular", regular);
  doc.registerFont("bold", bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const bottom = A4.height - MARGIN;
  let y = MARGIN;

  // Title
  doc.font("bold").fontSize(15).fillColor(INK).text("TAX INVOICE", MARGIN, y, { width: CONTENT, align: "center" });
  y += 22;
  doc.font("regular").fontSize(7.5).fillColor(MUTED).text("Original for recipient", MARGIN, y, { width: CONTENT, align: "center" });
  y += 16;

  // Seller (left) and invoice details (right)
  const half = CONTENT / 2 - 8;
  const right = MARGIN + CONTENT / 2 + 8;
  let left = y;
  doc.font("bold").fontSize(11).fillColor(INK).text(invoice.seller.name, MARGIN, left, { width: half });
  left = doc.y + 2;
  doc.font("regular").fontSize(8.5);
  if (invoice.seller.address) {
    doc.text(invoice.seller.address, MARGIN, left, { width: half });
    left = doc.y + 1;
  }
  doc.text(`GSTIN: ${invoice.seller.gstin ?? "Not registered"}`, MARGIN, left, { width: half });
  left = doc.y + 1;
  if (invoice.seller.state) {
    doc.text(`State: ${invoice.seller.state}${invoice.seller.stateCode ? ` (${invoice.seller.stateCode})` : ""}`, MARGIN, left, { width: half });
    left = doc.y;
  }
  const details: Array<[string, string]> = [
    ["Invoice no.", invoice.number],
    ["Invoice date", invoice.date],
    ["Order no.", invoice.orderCode],
    ["Order date", invoice.orderDate],
    ["Place of supply", invoice.placeOfSupply || "—"],
    ["Reverse charge", invoice.reverseCharge],
  ];
  let top = y;
  for (const [label, value] of details) {
    doc.font("regular").fontSize(8.5).fillColor(MUTED).text(`${label}:`, right, top, { width: 80 });
    doc.font("bold").fillColor(INK).text(value, right + 82, top, { width: half - 82 });
    top = Math.max(doc.y, top + 11);
  }
  y = Math.max(left, top) + 12;

  // Bill to / Ship to
  const party = (title: string, a: InvoiceAddress, x: number, gstin: string | null) => {
    doc.font("bold").fontSize(8.5).fillColor(MUTED).text(title, x, y, { width: half });
    let py = doc.y + 1;
    doc.font("bold").fillColor(INK).text(a.name, x, py, { width: half });
    py = doc.y;
    doc.font("regular");
    for (const line of a.lines) {
      doc.text(line, x, py, { width: half });
      py = doc.y;
    }
    if (a.state) {
      doc.text(`State: ${a.state}${a.stateCode ? ` (${a.stateCode})` : ""}`, x, py, { width: half });
      py = doc.y;
    }
    if (a.phone) {
      doc.text(`Phone: ${a.phone}`, x, py, { width: half });
      py = doc.y;
    }
    if (gstin) {
      doc.text(`GSTIN: ${gstin}`, x, py, { width: half });
      py = doc.y;
    }
    return py;
  };
  doc.moveTo(MARGIN, y - 5).lineTo(MARGIN + CONTENT, y - 5).lineWidth(0.5).strokeColor(RULE).stroke();
  y = Math.max(party("Bill to", invoice.billing, MARGIN, invoice.buyer.gstin), party("Ship to", invoice.shipping, right, null)) + 14;

  // Lines
  const cols = columns(invoice);
  const pad = 3;
  const fontSize = 7.5;
  const header = () => {
    doc.font("bold").fontSize(fontSize);
    const height = Math.max(...cols.map((c) => doc.heightOfString(c.title, { width: c.width - 2 * pad }))) + 2 * pad;
    doc.rect(MARGIN, y, CONTENT, height).fillColor(HEAD_FILL).fill();
    let x = MARGIN;
    doc.fillColor(INK);
    for (const c of cols) {
      doc.text(c.title, x + pad, y + pad, { width: c.width - 2 * pad, align: c.align });
      x += c.width;
    }
    y += height;
  };
  header();
  invoice.lines.forEach((line, index) => {
    doc.font("regular").fontSize(fontSize);
    const cells = cols.map((c) => c.cell(line, index));
    const height = Math.max(...cols.map((c, i) => doc.heightOfString(cells[i]!, { width: c.width - 2 * pad }))) + 2 * pad;
    if (y + height > bottom - 150) {
      doc.addPage();
      y = MARGIN;
      header();
      doc.font("regular").fontSize(fontSize);
    }
    let x = MARGIN;
    doc.fillColor(INK);
    cols.forEach((c, i) => {
      doc.text(cells[i]!, x + pad, y + pad, { width: c.width - 2 * pad, align: c.align });
      x += c.width;
    });
    y += height;
    doc.moveTo(MARGIN, y).lineTo(MARGIN + CONTENT, y).lineWidth(0.4).strokeColor(RULE).stroke();
  });

  // Totals
  y += 10;
  const t = invoice.totals;
  const rows: Array<[string, string, boolean]> = [["Total taxable value", money(t.taxable), false]];
  if (invoice.intraState) {
    rows.push(["CGST", money(t.cgst), false], ["SGST", money(t.sgst), false]);
  } else {
    rows.push(["IGST", money(t.igst), false]);
  }
  rows.push(["Total tax", money(t.tax), false], ["Grand total", money(t.grandTotal), true]);
  const labelX = MARGIN + CONTENT - 230;
  for (const [label, value, strong] of rows) {
    doc.font(strong ? "bold" : "regular").fontSize(strong ? 10 : 8.5).fillColor(INK);
    doc.text(label, labelX, y, { width: 130 });
    doc.text(value, labelX + 130, y, { width: 100, align: "right" });
    y = doc.y + 3;
  }
  y += 6;
  doc.font("regular").fontSize(8.5).fillColor(MUTED).text("Amount in words:", MARGIN, y, { width: CONTENT });
  y = doc.y + 1;
  doc.font("bold").fillColor(INK).text(invoice.amountInWords, MARGIN, y, { width: CONTENT });
  y = doc.y + 8;
  doc.font("regular").fontSize(8).fillColor(MUTED);
  doc.text(`Prices include GST. Reverse charge: ${invoice.reverseCharge}.`, MARGIN, y, { width: CONTENT });
  y = doc.y + 28;

  // Signature
  if (y > bottom - 40) {
    doc.addPage();
    y = MARGIN;
  }
  doc.font("bold").fontSize(9).fillColor(INK).text(invoice.signature, MARGIN, y, { width: CONTENT, align: "right" });
  y = doc.y + 14;
  doc.font("regular").fontSize(7.5).fillColor(MUTED).text("This is a computer-generated invoice.", MARGIN, y, { width: CONTENT, align: "center" });

  doc.end();
  return done;
}
