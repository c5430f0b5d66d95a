import "server-only";
import path from "node:path";
import PDFDocument from "pdfkit";
import { DEJAVU as FONT_FILES, dejavuFontDir } from "@/lib/platform/fonts";
import { formatPaise } from "@/lib/platform/format";
import { code128Bars } from "./code128";

/**
 * Packing slips (one A4 page per order, several orders in one PDF) and the sandbox courier's
 * label, drawn with pdfkit as the invoices are (../invoices/pdf.ts), in embedded DejaVu Sans for
 * the ₹ sign. The order code is printed as a Code 128 barcode (./code128.ts) drawn as rectangles,
 * so a scanner at the packing table finds the order.
 */
export type SlipData = {
  code: string;
  placedAt: string;
  shopName: string;
  address: { name: string; line: string; city: string; state: string; postalCode: string; country: string; phone: string };
  lines: { name: string; variant: string | null; sku: string | null; quantity: number }[];
  /** Paise to collect at the door; null when prepaid. */
  codAmount: number | null;
  shipment: { carrier: string; awb: string | null } | null;
};

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 40;
const CONTENT = A4.width - 2 * MARGIN;
const INK = "#1f1f1f";
const MUTED = "#5a5a5a";
const RULE = "#b8b8b8";

function document(title: string, at: Date) {
  const dir = dejavuFontDir();
  const doc = new PDFDocument({ size: "A4", margin: MARGIN, font: path.join(/*turbopackIgnore: true*/ dir, FONT_FILES.regular), info: { Title: title, Producer: "PDFKit", CreationDate: at, ModDate: at } });
  doc.registerFont("regular", path.join(/*turbopackIgnore: true*/ dir, FONT_FILES.regular));
  doc.registerFont("bold", path.join(/*turbopackIgnore: true*/ dir, FONT_FILES.bold));
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  return { doc, done };
}

/** Draws `text` as a Code 128 barcode of `height` points in `width` points (quiet zones inside), with the text under it. */
function barcode(doc: PDFKit.PDFDocument, text: string, x: number, y: number, width: number, height: number): void {
  const { bars, modules } = code128Bars(text);
  const unit = width / (modules + 20);
  const left = x + 10 * unit;
  doc.save().fillColor("#000000");
  for (const [start, w] of bars) doc.rect(left + start * unit, y, w * unit, height).fill();
  doc.restore();
  doc.font("regular").fontSize(9).fillColor(INK).text(text, x, y + height + 3, { width, align: "center" });
}

/** Packing slips of `slips`, one page each, in one PDF. */
export async function renderPackingSlips(slips: SlipData[], at = new Date()): Promise<Buffer> {
  const { doc, done } = document(slips.length === 1 ? `Packing slip ${slips[0]!.code}` : `Packing slips (${slips.length})`, at);
  slips.forEach((slip, index) => {
    if (index > 0) doc.addPage();
    let y = MARGIN;
    doc.font("bold").fontSize(16).fillColor(INK).text("PACKING SLIP", MARGIN, y, { width: CONTENT / 2 });
    doc.font("regular").fontSize(9).fillColor(MUTED).text(slip.shopName, MARGIN, y + 22, { width: CONTENT / 2 });
    barcode(doc, slip.code, MARGIN + CONTENT - 220, y, 220, 44);
    y += 70;
    doc.font("bold").fontSize(11).fillColor(INK).text(`Order ${slip.code}`, MARGIN, y);
    doc.font("regular").fontSize(9).fillColor(MUTED).text(`Placed ${new Date(slip.placedAt).toLocaleDateString("en-IN", { timeZone: "Asia/Kolkata", day: "numeric", month: "short", year: "numeric" })}`, MARGIN, doc.y + 2);
    y = doc.y + 12;

    // Deliver to (left), payment (right)
    const half = CONTENT / 2 - 10;
    const a = slip.address;
    doc.font("bold").fontSize(9).fillColor(MUTED).text("DELIVER TO", MARGIN, y, { width: half });
    doc.font("regular").fontSize(10).fillColor(INK).text([a.name, a.line, `${a.city}, ${a.state} ${a.postalCode}`, a.country, `Phone: ${a.phone}`].join("\n"), MARGIN, doc.y + 2, { width: half });
    const afterAddress = doc.y;
    const right = MARGIN + CONTENT / 2 + 10;
    doc.font("bold").fontSize(9).fillColor(MUTED).text("PAYMENT", right, y, { width: half });
    if (slip.codAmount !== null) {
      doc.font("bold").fontSize(13).fillColor(INK).text(`Cash on Delivery: collect ${formatPaise(slip.codAmount)}`, right, doc.y + 2, { width: half });
    } else {
      doc.font("bold").fontSize(13).fillColor(INK).text("Prepaid: collect nothing", right, doc.y + 2, { width: half });
    }
    if (slip.shipment) doc.font("regular").fontSize(9).fillColor(INK).text(`${slip.shipment.carrier}${slip.shipment.awb ? ` · AWB ${slip.shipment.awb}` : ""}`, right, doc.y + 6, { width: half });
    y = Math.max(afterAddress, doc.y) + 18;

    // Lines
    const cols = [
      { title: "Item", width: CONTENT - 170 - 50 },
      { title: "SKU", width: 170 },
      { title: "Qty", width: 50 },
    ];
    doc.moveTo(MARGIN, y).lineTo(MARGIN + CONTENT, y).strokeColor(RULE).lineWidth(0.8).stroke();
    let x = MARGIN;
    for (const c of cols) {
      doc.font("bold").fontSize(9).fillColor(INK).text(c.title, x + 3, y + 5, { width: c.width - 6, align: c.title === "Qty" ? "right" : "left" });
      x += c.width;
    }
    y += 20;
    doc.moveTo(MARGIN, y).lineTo(MARGIN + CONTENT, y).stroke();
    for (const l of slip.lines) {
      const cells = [`${l.name}${l.variant ? `\n${l.variant}` : ""}`, l.sku ?? "—", String(l.quantity)];
      let h = 0;
      x = MARGIN;
      cells.forEach((cell, i) => {
        doc.font("regular").fontSize(9.5).fillColor(INK).text(cell, x + 3, y + 5, { width: cols[i]!.width - 6, align: i === 2 ? "right" : "left" });
        h = Math.max(h, doc.y - y);
        x += cols[i]!.width;
      });
      y += h + 6;
      doc.moveTo(MARGIN, y).lineTo(MARGIN + CONTENT, y).strokeColor(RULE).stroke();
    }
    const units = slip.lines.reduce((s, l) => s + l.quantity, 0);
    doc.font("regular").fontSize(9).fillColor(MUTED).text(`${slip.lines.length} item${slip.lines.length === 1 ? "" : "s"}, ${units} unit${units === 1 ? "" : "s"}`, MARGIN, y + 8, { width: CONTENT, align: "right" });
    doc.font("regular").fontSize(8.5).fillColor(MUTED).text("Packed by: ____________________     Checked by: ____________________", MARGIN, A4.height - MARGIN - 20, { width: CONTENT, lineBreak: false });
  });
  doc.end();
  return done;
}

/** The sandbox courier's labels, one page each: its carrier, the AWB as a barcode, and the order code. */
export async function renderSandboxLabel(labels: { awb: string; carrier: string; orderCode: string }[], at = new Date()): Promise<Buffer> {
  const { doc, done } = document(labels.length === 1 ? `Label ${labels[0]!.awb}` : `Labels (${labels.length})`, at);
  labels.forEach((label, i) => {
    if (i > 0) doc.addPage();
    doc.font("bold").fontSize(18).fillColor(INK).text(label.carrier, MARGIN, MARGIN);
    doc.font("regular").fontSize(10).fillColor(MUTED).text("Sandbox courier: a test label, not for a real parcel.", MARGIN, doc.y + 4);
    const y = doc.y + 16;
    barcode(doc, label.awb, MARGIN, y, 300, 60);
    doc.font("regular").fontSize(11).fillColor(INK).text(`Order ${label.orderCode}`, MARGIN, y + 90);
  });
  doc.end();
  return done;
}
