import { z } from "@/lib/platform/zod";
import { ORDER_TRANSITIONS, orderRefusal, type OrderFacts, type OrderTransitionName } from "./lifecycle";
import { DELIVERY, DELIVERY_STATUSES, type DeliveryStatus, PAYMENT_STATUSES, PAYMENT_TYPE } from "./status";

/**
 * The back office's order list as a URL (/admin/orders?q=&status=&payment=&type=&refund=&from=&to=&min=&max=&page=)
 * and the status moves an order page offers. Pure (zod and the lifecycle table): the page parses
 * its searchParams here and builds its links with `orderListHref`. A value the URL cannot mean is
 * dropped (an old bookmark still opens the list), and the page names what it ignored.
 */

export const ADMIN_ORDERS_PER_PAGE = 25;
/** The list counts its matches up to this many ("10,000+"): past it, staff filter rather than page. */
export const ADMIN_ORDERS_COUNT_CAP = 10_000;

export const REFUND_FILTERS = { due: "Refund due", requested: "Refund requested", return: "Return requested" } as const;

export const PAYMENT_TYPE_FILTERS = { [PAYMENT_TYPE.cod]: "Cash on Delivery", [PAYMENT_TYPE.online]: "Online" } as const;

const dropped = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)));

/**
 * The amount filter's bounds: rupees, 0 to 99,99,999.99 with at most two decimals (an order's
 * total in paise then fits PostgreSQL's integer, so no bound can make the query fail).
 */
const AMOUNT_PATTERN = /^\d{1,7}(\.\d{1,2})?$/;
export const amountFilterMessage = (name: string) => `${name} is an amount in rupees from 0 to 9999999.99, with at most two decimals.`;
/** A bound of the amount filter as the URL or the API carries it (rupees), read as paise. */
export const amountFilter = (name: string) =>
  z
    .string({ error: amountFilterMessage(name) })
    .trim()
    .regex(AMOUNT_PATTERN, { error: amountFilterMessage(name) })
    .transform((v) => Math.round(Number(v) * 100));
export const AMOUNT_ORDER_MESSAGE = "max must not be below min.";
/** Paise as the URL writes a bound: 2499 or 2499.50. */
export const amountParam = (paise: number) => (paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2));

export const orderListQuerySchema = z.object({
  /** An order code, a customer's email, a phone number (or part of one), a name, or a shipment's AWB. */
  q: dropped(z.string().trim().min(1).max(100)),
  status: dropped(z.enum(DELIVERY_STATUSES as [DeliveryStatus, ...DeliveryStatus[]])),
  payment: dropped(z.enum(PAYMENT_STATUSES as [string, ...string[]])),
  type: dropped(z.enum([PAYMENT_TYPE.cod, PAYMENT_TYPE.online])),
  /** due: a payment is due back (refund_due); requested: a customer's refund claim waits for a decision; return: a return request does (lib/orders/returns.ts). */
  refund: dropped(z.enum(["due", "requested", "return"])),
  /** Placed on or after this day, and on or before `to` (India's calendar days). */
  from: dropped(day),
  to: dropped(day),
  /** The order's total (what the customer pays) at least `min` and at most `max`, rupees in the URL, paise here. */
  min: dropped(amountFilter("min")),
  max: dropped(amountFilter("max")),
  page: dropped(z.string().regex(/^\d{1,6}$/).transform(Number).refine((n) => n >= 1)),
});
export type OrderListQuery = z.output<typeof orderListQuerySchema>;

export function parseOrderListQuery(params: Record<string, string | string[] | undefined>): { query: OrderListQuery; ignored: string[] } {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === "string" && first.trim() !== "") flat[key] = first;
  }
  const query = orderListQuerySchema.parse(flat);
  const ignored: string[] = (Object.keys(orderListQuerySchema.shape) as (keyof OrderListQuery)[]).filter((k) => flat[k] !== undefined && query[k] === undefined);
  // A range that cannot hold an order (min above max) is dropped whole, and said so.
  if (query.min !== undefined && query.max !== undefined && query.min > query.max) {
    delete query.min;
    delete query.max;
    ignored.push("min above max");
  }
  return { query, ignored };
}

export function orderListHref(current: OrderListQuery, change: Partial<Record<keyof OrderListQuery, string | number | undefined>> = {}): string {
  const next: Record<string, string> = {};
  for (const key of ["q", "status", "payment", "type", "refund", "from", "to", "min", "max"] as const) {
    const value = key in change ? change[key] : current[key];
    if (value === undefined || value === "") continue;
    next[key] = (key === "min" || key === "max") && typeof value === "number" ? amountParam(value) : String(value);
  }
  // A new filter starts at the first page.
  const page = "page" in change ? change.page : undefined;
  if (page !== undefined && Number(page) > 1) next.page = String(page);
  const search = new URLSearchParams(next).toString();
  return search ? `/admin/orders?${search}` : "/admin/orders";
}

/** The list's "Export CSV" link: the same filters and search, every page (GET /admin/orders/export). */
export function orderExportHref(current: OrderListQuery): string {
  const list = orderListHref({ ...current, page: undefined });
  return list.replace(/^\/admin\/orders/, "/admin/orders/export");
}

/**
 * What the list's search box was given, so only the columns it can be in are searched: a code
 * (KH and a digit), a phone (digits, with +91, spaces or dashes), an e-mail (has @, or one word
 * with a dot, digit or underscore, as the part before the @ is typed: aditi.sharma84), or a name.
 */
export function orderSearchKind(term: string): "code" | "email" | "phone" | "words" {
  const trimmed = term.trim();
  const compact = trimmed.replace(/[\s().-]/g, "");
  if (/^KH\d[0-9A-Z-]*$/i.test(trimmed)) return "code";
  if (/^\+?\d{4,}$/.test(compact)) return "phone";
  if (trimmed.includes("@") || (!/\s/.test(trimmed) && /\p{L}/u.test(trimmed) && /[._\d+]/.test(trimmed))) return "email";
  return "words";
}

/** Whether the list filters at all (the page says "match", the export names its filters). */
export const isFiltered = (query: OrderListQuery) => Boolean(query.q || query.status || query.payment || query.type || query.refund || query.from || query.to || query.min !== undefined || query.max !== undefined);

/**
 * The AWB a search term may be (a shipment's tracking number: 4 to 40 letters, digits or
 * hyphens with a digit among them, as shipments take it), in capitals; null when it cannot be
 * one (a name, an e-mail with an @, a phrase), so those searches stay one condition on their index.
 */
export function awbOf(term: string): string | null {
  const trimmed = term.trim();
  return /^[A-Za-z0-9-]{4,40}$/.test(trimmed) && /\d/.test(trimmed) ? trimmed.toUpperCase() : null;
}

/** India's offset: a day of the filter is a calendar day in India (IST, no daylight saving). */
const IST_OFFSET = "+05:30";

/** The date range of the filter as instants: from the start of `from` to before the day after `to`. */
export function orderDateBounds(from?: string, to?: string): { from?: string; below?: string } {
  const start = (d: string) => new Date(`${d}T00:00:00${IST_OFFSET}`);
  const out: { from?: string; below?: string } = {};
  if (from) out.from = start(from).toISOString();
  if (to) out.below = new Date(start(to).getTime() + 86_400_000).toISOString();
  return out;
}

/** The status moves of the order page: the target, the transition it applies, and its button text. */
export const STAFF_MOVES = [
  { target: DELIVERY.confirmed, transition: "confirm", label: "Confirm" },
  { target: DELIVERY.shipped, transition: "ship", label: "Mark shipped" },
  { target: DELIVERY.delivered, transition: "deliver", label: "Mark delivered" },
  { target: DELIVERY.cancelled, transition: "staff_cancel", label: "Cancel order" },
] as const satisfies readonly { target: DeliveryStatus; transition: OrderTransitionName; label: string }[];

export type StaffMove = (typeof STAFF_MOVES)[number];

/**
 * The moves the transitions table allows staff on an order as it is (the server asks the table
 * again when one is made). A Cash on Delivery order delivered but not paid may be marked
 * Delivered again: that records its cash.
 */
export function staffMoves(order: OrderFacts): StaffMove[] {
  return STAFF_MOVES.filter((m) => {
    if (m.target === DELIVERY.delivered && order.delivery === DELIVERY.delivered) return order.paymentType === PAYMENT_TYPE.cod && order.payment === "Un-Paid";
    return (ORDER_TRANSITIONS[m.transition].actors as readonly string[]).includes("staff") && orderRefusal(m.transition, order) === null;
  });
}
