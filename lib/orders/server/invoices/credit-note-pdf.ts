import "server-only";
import path from "node:path";
import PDFDocument from "pdfkit";
import { DEJAVU as FONT_FILES, dejavuFontDir } from "@/lib/platform/fonts";
import { formatPaise } from "@/lib/platform/format";
import type { CreditLine, CreditNoteData } from "../../credit-note";

/**
 * Renders a GST credit note as an A4 PDF with pdfkit, as the tax invoice is (./pdf.ts: DejaVu Sans
 * embedded for ₹), with what CGST Rule 53(1A) asks of it: the supplier's name, address and GSTIN;
 * the words "Credit Note"; its serial and date; the recipient's name and address (GSTIN when
 * given; the delivery address with its State's name and code); the original invoice's number and
 * date; per line the taxable value, rate and tax credited (CGST + SGST or IGST as on the invoice);
 * and a signature line. Its dates and file id come from the note itself: the same note renders to
 * the same bytes.
 */

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 36;
const CONTENT = A4.width - 2 * MARGIN;
const INK = "#1f1f1f";
const MUTED = "#5a5a5a";
const RULE = "#b8b8b8";
const HEAD_FILL = "#f1ece4";

type Column = { title: string; width: number; align: "left" | "right" | "center"; cell: (line: CreditLine, index: number) => string };

function columns(note: CreditNoteData): Column[] {
  const all: Column[] = [
    { title: "#", width: 16, align: "center", cell: (_l, i) => String(i + 1) },
    { title: "Description", width: 0, align: "left", cell: (l) => l.description },
    { title: "HSN", width: 40, align: "left", cell: (l) => l.hsn || "—" },
    { title: "Qty", width: 34, align: "right", cell: (l) => (l.quantity ? `${l.quantity} NOS` : "—") },
    { title: "Taxable value", width: 62, align: "right", cell: (l) => formatPaise(l.taxable) },
    { title: "GST rate", width: 34, align: "right", cell: (l) => `${l.rate}%` },
    ...(note.intraState
      ? [
          { title: "CGST", width: 56, align: "right" as const, cell: (l: CreditLine) => `${formatPaise(l.cgst)}\n@ ${l.rate / 2}%` },
          { title: "SGST", width: 56, align: "right" as const, cell: (l: CreditLine) => `${formatPaise(l.sgst)}\n@ ${l.rate / 2}%` },
        ]
      : [{ title: "IGST", width: 62, align: "right" as const, cell: (l: CreditLine) => `${formatPaise(l.igst)}\n@ ${l.rate}%` }]),
    { title: "Total credited", width: 64, align: "right", cell: (l) => formatPaise(l.total) },
  ];
  all[1]!.width = CONTENT - all.reduce((a, c) => a + c.width, 0);
  return all;
}

export async function renderCreditNotePdf(note: CreditNoteData): Promise<Buffer> {
  const dir = dejavuFontDir();
  const regular = path.join(/*turbopackIgnore: true*/ dir, FONT_FILES.regular);
  const bold = path.join(/*turbopackIgnore: true*/ dir, FONT_FILES.bold);
  const issued = new Date(note.issuedAt);
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    font: regular,
    info: { Title: `Credit note ${note.number}`, Author: note.seller.name, Subject: `Invoice ${note.invoice.number}, order ${note.orderCode}`, Creator: note.seller.name, Producer: "PDFKit", CreationDate: issued, ModDate: issued },
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

  doc.font("bold").fontSize(15).fillColor(INK).text("Credit Note", MARGIN, y, { width: CONTENT, align: "center" });
  y += 22;
  doc.font("regular").fontSize(7.5).fillColor(MUTED).text("Issued under section 34 of the CGST Act, 2017 (Rule 53(1A))", MARGIN, y, { width: CONTENT, align: "center" });
  y += 16;

  const half = CONTENT / 2 - 8;
  const right = MARGIN + CONTENT / 2 + 8;
  let left = y;
  doc.font("bold").fontSize(11).fillColor(INK).text(note.seller.name, MARGIN, left, { width: half });
  left = doc.y + 2;
  doc.font("regular").fontSize(8.5);
  if (note.seller.address) {
    doc.text(note.seller.address, MARGIN, left, { width: half });
    left = doc.y + 1;
  }
  doc.text(`GSTIN: ${note.seller.gstin ?? "Not registered"}`, MARGIN, left, { width: half });
  left = doc.y + 1;
  if (note.seller.state) {
    doc.text(`State: ${note.seller.state}${note.seller.stateCode ? ` (${note.seller.stateCode})` : ""}`, MARGIN, left, { width: half });
    left = doc.y;
  }
  const details: Array<[string, string]> = [
    ["Credit note no.", note.number],
    ["Credit note date", note.date],
    ["Original invoice no.", note.invoice.number],
    ["Original invoice date", note.invoice.date],
    ["Order no.", note.orderCode],
    ["Place of supply", note.placeOfSupply || "—"],
    ["Reason", note.reason],
  ];
  let top = y;
  for (const [label, value] of details) {
    doc.font("regular").fontSize(8.5).fillColor(MUTED).text(`${label}:`, right, top, { width: 96 });
    doc.font("bold").fillColor(INK).text(value, right + 98, top, { width: half - 98 });
    top = Math.max(doc.y, top + 11);
  }
  y = Math.max(left, top) + 12;

  const party = (title: string, p: { name: string; lines: string[]; state: string; stateCode: string | null }, x: number, gstin: string | null) => {
    doc.font("bold").fontSize(8.5).fillColor(MUTED).text(title, x, y, { width: half });
    let py = doc.y + 1;
    doc.font("bold").fillColor(INK).text(p.name, x, py, { width: half });
    py = doc.y;
    doc.font("regular");
    for (const line of p.lines) {
      doc.text(line, x, py, { width: half });
      py = doc.y;
    }
    if (p.state) {
      doc.text(`State: ${p.state}${p.stateCode ? ` (${p.stateCode})` : ""}`, x, py, { width: half });
      py = doc.y;
    }
    if (gstin) {
      doc.text(`GSTIN: ${gstin}`, x, py, { width: half });
      py = doc.y;
    }
    return py;
  };
  doc.moveTo(MARGIN, y - 5).lineTo(MARGIN + CONTENT, y - 5).lineWidth(0.5).strokeColor(RULE).stroke();
  y = Math.max(party("Recipient", note.recipient, MARGIN, note.recipient.gstin), party("Delivery address", note.delivery, right, null)) + 14;

  const cols = columns(note);
  const pad = 3;
  const size = 7.5;
  const header = () => {
    doc.font("bold").fontSize(size);
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
  note.lines.forEach((line, index) => {
    doc.font("regular").fontSize(size);
    const cells = cols.map((c) => c.cell(line, index));
    const height = Math.max(...cols.map((c, i) => doc.heightOfString(cells[i]!, { width: c.width - 2 * pad }))) + 2 * pad;
    if (y + height > bottom - 150) {
      doc.addPage();
      y = MARGIN;
      header();
      doc.font("regular").fontSize(size);
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

  y += 10;
  const t = note.totals;
  const rows: Array<[string, string, boolean]> = [["Total taxable value", formatPaise(t.taxable), false]];
  if (note.intraState) rows.push(["CGST credited", formatPaise(t.cgst), false], ["SGST credited", formatPaise(t.sgst), false]);
  else rows.push(["IGST credited", formatPaise(t.igst), false]);
  rows.push(["Total tax credited", formatPaise(t.tax), false], ["Total credited", formatPaise(t.total), true]);
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
  doc.font("bold").fillColor(INK).text(note.amountInWords, MARGIN, y, { width: CONTENT });
  y = doc.y + 28;
  if (y > bottom - 40) {
    doc.addPage();
    y = MARGIN;
  }
  doc.font("bold").fontSize(9).fillColor(INK).text(note.signature, MARGIN, y, { width: CONTENT, align: "right" });
  y = doc.y + 14;
  doc.font("regular").fontSize(7.5).fillColor(MUTED).text("This is a computer-generated credit note.", MARGIN, y, { width: CONTENT, align: "center" });
  doc.end();
  return done;
}
