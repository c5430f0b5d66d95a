import { gstContained } from "@/lib/cart/money";

/**
 * The figures of a GST tax invoice from an order's stored amounts, all in integer paise. Prices
 * are tax-inclusive, so each line's GST is the tax its amount after discount contains, and its
 * taxable value is that amount less the tax: taxable + tax of every line (shipping included) is
 * the order's grand total to the paisa. An intra-state supply splits each line's GST into CGST
 * and SGST, half each; an inter-state one charges it all as IGST.
 */

/** CGST and SGST halves of a line's GST that add up to it exactly (the odd paisa goes to CGST). */
export function splitGst(tax: number): { cgst: number; sgst: number } {
  const cgst = Math.ceil(tax / 2);
  return { cgst, sgst: tax - cgst };
}

export type InvoiceSourceLine = {
  description: string;
  hsn: string | null;
  quantity: number;
  /** Tax-inclusive price of one piece. */
  unitPrice: number;
  /** unitPrice × quantity. */
  total: number;
  /** The line's share of the coupon discount. */
  discount: number | null;
  /** GST rate in percent stored with the line; null = the default rate. */
  gstRate: number | null;
  /** GST stored with the line; null = computed from the rate. */
  taxAmount: number | null;
};

export type InvoiceSourceOrder = {
  /** Shipping fee before any coupon. */
  shippingCost: number;
  /** Total GST of the order (goods and shipping). */
  tax: number;
  grandTotal: number;
};

export type InvoiceLineFigures = {
  description: string;
  hsn: string;
  /** null for the shipping line. */
  quantity: number | null;
  unitPrice: number | null;
  gross: number;
  discount: number;
  taxable: number;
  rate: number;
  tax: number;
  cgst: number;
  sgst: number;
  igst: number;
  /** taxable + tax. */
  total: number;
  shipping: boolean;
};

export type InvoiceTotals = { gross: number; discount: number; taxable: number; cgst: number; sgst: number; igst: number; tax: number; grandTotal: number };

export const SHIPPING_DESCRIPTION = "Shipping charges";

function figures(base: Omit<InvoiceLineFigures, "cgst" | "sgst" | "igst" | "total">, intraState: boolean): InvoiceLineFigures {
  const { cgst, sgst } = intraState ? splitGst(base.tax) : { cgst: 0, sgst: 0 };
  return { ...base, cgst, sgst, igst: intraState ? 0 : base.tax, total: base.taxable + base.tax };
}

/**
 * Invoice lines (goods, then shipping when something was charged for it) and totals. Shipping is
 * taxed at the rate of the most valuable line (the principal supply, as lib/cart/totals.ts
 * does); its GST is what the order's tax holds beyond the goods' GST.
 */
export function invoiceFigures(order: InvoiceSourceOrder, source: readonly InvoiceSourceLine[], intraState: boolean, defaultRate: number): { lines: InvoiceLineFigures[]; totals: InvoiceTotals } {
  const lines: InvoiceLineFigures[] = source.map((l) => {
    const discount = Math.max(l.discount ?? 0, 0);
    const net = l.total - discount;
    const rate = l.gstRate ?? defaultRate;
    const tax = l.taxAmount ?? gstContained(net, rate);
    return figures({ description: l.description, hsn: (l.hsn ?? "").trim(), quantity: l.quantity, unitPrice: l.unitPrice, gross: l.total, discount, taxable: net - tax, rate, tax, shipping: false }, intraState);
  });
  const goodsNet = lines.reduce((a, l) => a + l.total, 0);
  const goodsTax = lines.reduce((a, l) => a + l.tax, 0);
  // What the customer paid for shipping: a free-shipping coupon takes its fee off.
  const shippingCharged = order.grandTotal - goodsNet;
  let principal: InvoiceLineFigures | undefined;
  for (const line of lines) if (!principal || line.total > principal.total) principal = line;
  if (shippingCharged > 0 || order.shippingCost > 0) {
    const charged = Math.max(shippingCharged, 0);
    const rate = principal?.rate ?? defaultRate;
    const rest = order.tax - goodsTax;
    const tax = rest >= 0 && rest <= charged ? rest : gstContained(charged, rate);
    lines.push(
      figures(
        { description: SHIPPING_DESCRIPTION, hsn: principal?.hsn ?? "", quantity: null, unitPrice: null, gross: order.shippingCost, discount: Math.max(order.shippingCost - charged, 0), taxable: charged - tax, rate, tax, shipping: true },
        intraState,
      ),
    );
  }
  const sum = (pick: (l: InvoiceLineFigures) => number) => lines.reduce((a, l) => a + pick(l), 0);
  const totals: InvoiceTotals = {
    gross: sum((l) => l.gross),
    discount: sum((l) => l.discount),
    taxable: sum((l) => l.taxable),
    cgst: sum((l) => l.cgst),
    sgst: sum((l) => l.sgst),
    igst: sum((l) => l.igst),
    tax: sum((l) => l.tax),
    grandTotal: sum((l) => l.total),
  };
  return { lines, totals };
}
