import "server-only";
import type { Selectable } from "kysely";
import { paiseInWords } from "../../amount-in-words";
import { sameState, stateCodeOf, stateNameOf } from "../../gstin";
import { invoiceFigures, type InvoiceLineFigures, type InvoiceTotals } from "../../invoice-tax";
import type { Db } from "@/lib/platform/db";
import type { OrderLinesTable, OrdersTable } from "@/lib/platform/db/schema";
import { formatDate } from "@/lib/platform/format";
import type { SiteSettings } from "@/lib/platform/settings";
import { variationColumn } from "../variation";

/**
 * What a GST tax invoice shows (CGST Rules, rule 46), built from one paid order: the seller from
 * the business settings, the buyer and addresses and every figure from the order as it was
 * placed (its lines keep their HSN, rate and tax), never from today's catalog.
 */

export type InvoiceAddress = { name: string; lines: string[]; state: string; stateCode: string | null; phone: string | null };

export type InvoiceData = {
  number: string;
  /** ISO timestamp the invoice was issued (the payment). */
  issuedAt: string;
  date: string;
  orderCode: string;
  orderDate: string;
  seller: { name: string; address: string; gstin: string | null; state: string; stateCode: string | null };
  buyer: { name: string; gstin: string | null };
  billing: InvoiceAddress;
  shipping: InvoiceAddress;
  /** "Maharashtra (27)". */
  placeOfSupply: string;
  /** Same state as the seller: CGST + SGST; otherwise IGST. */
  intraState: boolean;
  reverseCharge: "No";
  /** Unit quantity code of the goods lines. */
  uqc: "NOS";
  lines: InvoiceLineFigures[];
  totals: InvoiceTotals;
  amountInWords: string;
  signature: string;
};

export const DEFAULT_GST_RATE = 18;

/** The seller as the settings name it, with fallbacks to the shop's general details. */
export function sellerFrom(settings: Partial<SiteSettings>): InvoiceData["seller"] {
  const pick = (...values: Array<string | undefined>) => values.map((v) => (v ?? "").trim()).find((v) => v !== "") ?? "";
  const gstin = pick(settings.seller_gstin).toUpperCase() || null;
  const state = pick(settings.seller_state, gstin ? (stateNameOf(gstin.slice(0, 2)) ?? undefined) : undefined);
  return {
    name: pick(settings.seller_legal_name, settings.company_name, settings.website_name) || "Our store",
    address: pick(settings.seller_address, settings.contact_address),
    gstin,
    state,
    stateCode: stateCodeOf(state) ?? (gstin ? gstin.slice(0, 2) : null),
  };
}

/** The order and line columns an invoice is made from (the table types, so they cannot drift). */
export type InvoiceOrderRow = Pick<
  Selectable<OrdersTable>,
  | "id"
  | "code"
  | "created_at"
  | "shipping_name"
  | "shipping_address"
  | "shipping_city"
  | "shipping_state"
  | "shipping_country"
  | "shipping_postal_code"
  | "shipping_phone"
  | "billing_name"
  | "billing_address"
  | "billing_city"
  | "billing_state"
  | "billing_postal_code"
  | "billing_phone"
  | "buyer_gstin"
  | "shipping_cost"
  | "tax"
  | "grand_total"
>;

export type InvoiceLineRow = Pick<
  Selectable<OrderLinesTable>,
  "product_name" | "variation" | "hsn_code" | "quantity" | "unit_price" | "total" | "discount" | "gst_rate" | "tax_amount"
>;

export type InvoiceRow = { id: number; number: string; issued_at: string; pdf: Buffer | Uint8Array | null };

function address(name: string, street: string, city: string, state: string, postalCode: string, country: string | null, phone: string | null): InvoiceAddress {
  const place = [city.trim(), [state.trim(), postalCode.trim()].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  const code = stateCodeOf(state);
  return {
    name: name.trim(),
    lines: [street.trim(), place, country?.trim() ?? ""].filter((l) => l !== ""),
    state: code ? (stateNameOf(code) ?? state.trim()) : state.trim(),
    stateCode: code,
    phone: phone?.trim() || null,
  };
}

/** The invoice's view of an order, its lines, its invoice row and the current settings. */
export function invoiceData(order: InvoiceOrderRow, lineRows: readonly InvoiceLineRow[], invoice: InvoiceRow, settings: Partial<SiteSettings>): InvoiceData {
  const seller = sellerFrom(settings);
  const shipping = address(order.shipping_name, order.shipping_address, order.shipping_city, order.shipping_state, order.shipping_postal_code, order.shipping_country, order.shipping_phone);
  const billing = order.billing_address?.trim()
    ? address(order.billing_name || order.shipping_name, order.billing_address, order.billing_city ?? "", order.billing_state ?? "", order.billing_postal_code ?? "", order.shipping_country, order.billing_phone)
    : shipping;
  const intraState = sameState(order.shipping_state, seller.state);
  const configured = Number(settings.gst_default_rate);
  const defaultRate = Number.isFinite(configured) && configured >= 0 && configured <= 40 ? configured : DEFAULT_GST_RATE;
  const { lines, totals } = invoiceFigures(
    { shippingCost: order.shipping_cost, tax: order.tax, grandTotal: order.grand_total },
    lineRows.map((l) => ({
      description: l.variation ? `${l.product_name} (${l.variation})` : l.product_name,
      hsn: l.hsn_code,
      quantity: l.quantity,
      unitPrice: l.unit_price,
      total: l.total,
      discount: l.discount,
      gstRate: l.gst_rate,
      taxAmount: l.tax_amount,
    })),
    intraState,
    defaultRate,
  );
  // Goods that are shipped are supplied where the movement ends (IGST Act s.10(1)(a)).
  const supplyState = shipping.state;
  const supplyCode = shipping.stateCode;
  return {
    number: invoice.number,
    issuedAt: invoice.issued_at,
    date: formatDate(invoice.issued_at),
    orderCode: order.code,
    orderDate: formatDate(order.created_at),
    seller,
    buyer: { name: billing.name, gstin: order.buyer_gstin?.trim().toUpperCase() || null },
    billing,
    shipping,
    placeOfSupply: supplyCode ? `${stateNameOf(supplyCode) ?? supplyState} (${supplyCode})` : supplyState,
    intraState,
    reverseCharge: "No",
    uqc: "NOS",
    lines,
    totals,
    amountInWords: paiseInWords(totals.grandTotal),
    signature: `For ${seller.name} — Authorised Signatory`,
  };
}

export type InvoiceLookup =
  | { kind: "not_found" }
  | { kind: "not_issued" }
  | { kind: "issued"; order: InvoiceOrderRow; lines: InvoiceLineRow[]; invoice: InvoiceRow };

/** One order's invoice rows, looked up through its customer when `userId` is given. */
export async function findInvoice(db: Db, userId: number | null, orderId: number): Promise<InvoiceLookup> {
  let query = db
    .selectFrom("orders")
    .select([
      "id", "code", "created_at", "shipping_name", "shipping_address", "shipping_city", "shipping_state", "shipping_country", "shipping_postal_code", "shipping_phone",
      "billing_name", "billing_address", "billing_city", "billing_state", "billing_postal_code", "billing_phone", "buyer_gstin", "shipping_cost", "tax", "grand_total",
    ])
    .where("id", "=", orderId);
  if (userId !== null) query = query.where("user_id", "=", userId);
  const order = await query.executeTakeFirst();
  if (!order) return { kind: "not_found" };
  const invoice = await db.selectFrom("invoices").select(["id", "number", "issued_at", "pdf"]).where("order_id", "=", orderId).executeTakeFirst();
  if (!invoice) return { kind: "not_issued" };
  const lines = await db
    .selectFrom("order_lines")
    .select(["product_name", variationColumn(), "hsn_code", "quantity", "unit_price", "total", "discount", "gst_rate", "tax_amount"])
    .where("order_id", "=", orderId)
    .orderBy("id")
    .execute();
  return { kind: "issued", order, lines, invoice };
}
