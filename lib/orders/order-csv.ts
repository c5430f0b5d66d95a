import { csvLine } from "@/lib/platform/csv";
import { IST_OFFSET_MS } from "@/lib/platform/format";
import { PAYMENT_TYPE_FILTERS } from "./admin-list";
import type { PaymentType } from "./status";

/**
 * The order list's CSV export (GET /admin/orders/export, GET /api/v2/admin/orders/export): the
 * columns a shop owner reads in a spreadsheet, and one order's line. Pure; the rows are read in
 * batches by ./server/order-export.ts. Cells go through lib/platform/csv.ts, so a name or an
 * e-mail typed as `=HYPERLINK(...)` reaches the spreadsheet as text.
 */

export const ORDER_CSV_COLUMNS = [
  "code",
  "date",
  "customer",
  "phone",
  "email",
  "city",
  "state",
  "status",
  "payment_type",
  "payment_status",
  "items",
  "total",
  "gst",
  "shipping",
  "coupon",
  "coupon_discount",
  "awb",
  "refunded",
] as const;

export type OrderCsvRow = {
  code: string;
  /** An instant (ISO). */
  createdAt: string;
  customer: string;
  phone: string;
  email: string;
  city: string;
  state: string;
  deliveryStatus: string;
  paymentType: PaymentType;
  paymentStatus: string;
  /** Units over all lines. */
  items: number;
  /** Paise. */
  total: number;
  gst: number;
  shipping: number;
  coupon: string | null;
  couponDiscount: number;
  /** The AWBs of the order's shipments, oldest first. */
  awbs: readonly string[];
  refunded: number;
};

/** Rupees as a spreadsheet reads them: 2499 or 2499.50. */
export const csvRupees = (paise: number) => (paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2));

/** An instant as India's date and time, 2026-11-24 10:00 (the shop's day, as the list shows it). */
export function indianDateTime(iso: string): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  return new Date(t + IST_OFFSET_MS).toISOString().slice(0, 16).replace("T", " ");
}

export const orderCsvHeader = () => ORDER_CSV_COLUMNS.join(",");

/** One order's line (without its line break). */
export function orderCsvLine(o: OrderCsvRow): string {
  return csvLine([
    o.code,
    indianDateTime(o.createdAt),
    o.customer,
    o.phone,
    o.email,
    o.city,
    o.state,
    o.deliveryStatus,
    PAYMENT_TYPE_FILTERS[o.paymentType] ?? o.paymentType,
    o.paymentStatus,
    o.items,
    csvRupees(o.total),
    csvRupees(o.gst),
    csvRupees(o.shipping),
    o.coupon ?? "",
    csvRupees(o.couponDiscount),
    o.awbs.join(" "),
    csvRupees(o.refunded),
  ]);
}

/** The export's file name: orders-2026-11-26.csv (India's day). */
export const orderCsvFileName = (now = new Date()) => `orders-${indianDateTime(now.toISOString()).slice(0, 10)}.csv`;
