/**
 * The requests of the admin-orders measurement: what staff do on /admin/orders of a shop with a
 * million orders, as distinct URLs (none twice in a run), each built by the list's own
 * orderListHref (lib/orders/admin-list.ts), so they are the URLs its filter form and links make:
 *
 * - a delivery status (the day's work: Pending, Confirmed, Shipped; or Delivered, Cancelled), now
 *   and then with a payment status or type, sometimes a few pages in;
 * - a date range of one day to two months somewhere in the shop's years, alone or with a status;
 * - a search by phone: the whole mobile number as a customer reads it out (with +91 or spaces
 *   sometimes), or its last digits;
 * - a search by order code (the whole code from a mail, or its start), by e-mail (whole or a
 *   part) or by the customer's name.
 *
 * Pure: the orders come in (./admin-orders-data.ts reads a sample), the paths go out.
 */
import { orderListHref, type OrderListQuery } from "../../lib/orders/admin-list";
import { DELIVERY_STATUSES, PAYMENT_STATUSES, PAYMENT_TYPE } from "../../lib/orders/status";
import { mulberry32 } from "../../lib/seed/prng";
import { drawDistinct } from "./mix-draw";

export type OrderMixData = { orders: { id: number; code: string; email: string; phone: string; name: string }[]; first: string; last: string };

/** What kind of request a path is, and how often each comes (weights, summing to 1). */
export const ORDER_MIX = { status: 0.3, dateRange: 0.25, phone: 0.2, code: 0.1, email: 0.1, name: 0.05 } as const;
export type OrderMixKind = keyof typeof ORDER_MIX;

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms + 330 * 60_000).toISOString().slice(0, 10);

/** `count` distinct order-list paths drawn from `data` with the seed `seed`, each kind's share as ORDER_MIX says, shuffled. */
export function adminOrdersMix(data: OrderMixData, count: number, seed: number): { path: string; kind: OrderMixKind }[] {
  const random = mulberry32(seed).next;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const chance = (p: number) => random() < p;
  const first = Date.parse(data.first);
  const last = Date.parse(data.last);
  const range = (): Pick<OrderListQuery, "from" | "to"> => {
    const days = pick([1, 1, 7, 7, 14, 30, 61]);
    const start = first + random() * Math.max(0, last - first - days * DAY);
    return { from: isoDay(start), to: isoDay(start + (days - 1) * DAY) };
  };
  const request = (kind: OrderMixKind): string => {
    const order = pick(data.orders);
    switch (kind) {
      case "status": {
        const query: OrderListQuery = { status: pick(DELIVERY_STATUSES) };
        if (chance(0.25)) query.payment = pick(PAYMENT_STATUSES);
        if (chance(0.2)) query.type = pick([PAYMENT_TYPE.cod, PAYMENT_TYPE.online]);
        return orderListHref(query, chance(0.3) ? { page: 2 + Math.floor(random() * 19) } : {});
      }
      case "dateRange":
        return orderListHref({ ...range(), ...(chance(0.4) ? { status: pick(DELIVERY_STATUSES) } : {}) });
      case "phone": {
        const digits = order.phone.replace(/\D/g, "").slice(-10);
        const q = chance(0.6) ? (chance(0.3) ? `+91 ${digits.slice(0, 5)} ${digits.slice(5)}` : digits) : digits.slice(-(6 + Math.floor(random() * 3)));
        return orderListHref({ q });
      }
      case "code":
        return orderListHref({ q: chance(0.7) ? order.code : order.code.slice(0, -2) });
      case "email":
        return orderListHref({ q: chance(0.6) ? order.email : order.email.split("@")[0] as string });
      case "name":
        return orderListHref({ q: chance(0.5) ? order.name : (order.name.split(" ")[1] ?? order.name) });
    }
  };
  return drawDistinct(ORDER_MIX, count, random, request, (n) => `the orders give only ${n} distinct order list requests, not ${count}`);
}
