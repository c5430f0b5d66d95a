import "server-only";
import { sql, type SqlBool } from "kysely";
import { audit, type StaffActor } from "@/lib/platform/audit";
import { CSV_BOM } from "@/lib/platform/csv";
import { getDb } from "@/lib/platform/db";
import { writeTransaction } from "@/lib/platform/db/transaction";
import { amountParam, type OrderListQuery } from "../admin-list";
import { orderCsvHeader, orderCsvLine } from "../order-csv";
import { all, filtersOf, SEARCH_SORT_LIMIT } from "./order-admin-list";

/**
 * The order list's CSV export (docs/back-office.md "Orders"): every order the list's filters and
 * search keep — all pages, not the one on screen — newest first as the list shows them, as CSV
 * (../order-csv.ts). A stream read 500 orders at a time by a keyset on (created_at, id), each
 * batch with its lines' units, shipments' AWBs and refunds read for those 500 alone, so 100,000
 * orders never sit in memory. The export is audited (order.export, with its filters) when it starts.
 */

export const ORDER_EXPORT_BATCH = 500;

/** The filters as the audit row keeps them (the URL's names; rupees). */
function filtersNamed(query: OrderListQuery): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of ["q", "status", "payment", "type", "refund", "from", "to"] as const) if (query[key] !== undefined) out[key] = String(query[key]);
  if (query.min !== undefined) out.min = amountParam(query.min);
  if (query.max !== undefined) out.max = amountParam(query.max);
  return out;
}

/** Writes the export's audit row (its own transaction: an export changes nothing else), then answers the CSV stream. */
export async function exportOrders(query: OrderListQuery, actor: StaffActor, now = new Date()): Promise<ReadableStream<Uint8Array>> {
  const handle = await getDb();
  await writeTransaction(handle, (trx) => audit(trx, actor, { action: "order.export", entityType: "order", entityId: "list", before: null, after: { filters: filtersNamed(query) } }, now));
  return orderCsvStream(query);
}

/** The CSV itself (BOM, header, a line per order), read `batch` orders at a time. */
export async function orderCsvStream(query: OrderListQuery, batch = ORDER_EXPORT_BATCH): Promise<ReadableStream<Uint8Array>> {
  const { db, dialect } = await getDb();
  const where = filtersOf({ ...query, page: undefined }, dialect);
  // A search matching few orders reads them by its own index first (as the list does): left to
  // itself PostgreSQL may walk a million orders newest first to find a phone number's few.
  let few = false;
  if (query.q) {
    const counted = await db
      .selectFrom((eb) => eb.selectFrom("orders as o").select(sql.lit(1).as("one")).where(all(where)).limit(SEARCH_SORT_LIMIT + 1).as("capped"))
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    few = Number(counted.n) <= SEARCH_SORT_LIMIT;
  }
  const encoder = new TextEncoder();
  // The keyset's time as the database has it: PostgreSQL keeps microseconds, which the ISO
  // string the driver gives (milliseconds) would lose, skipping an order placed within the same
  // millisecond; its text form keeps them.
  const cursorAt = dialect === "postgres" ? sql<string>`o.created_at::text` : sql<string>`o.created_at`;
  let after: { at: string; id: number } | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(`${CSV_BOM}${orderCsvHeader()}\r\n`));
          return;
        }
        const keyset = after ? [sql<SqlBool>`(o.created_at < ${after.at} or (o.created_at = ${after.at} and o.id < ${after.id}))`] : [];
        const orders = await db
          .with((cte) => cte("matched").materialized(), (d) => d.selectFrom("orders as o").select("o.id").where(all(where)))
          .selectFrom("orders as o")
          .select([
            "o.id",
            "o.code",
            "o.created_at",
            "o.shipping_name",
            "o.shipping_phone",
            "o.shipping_email",
            "o.shipping_city",
            "o.shipping_state",
            "o.delivery_status",
            "o.payment_type",
            "o.payment_status",
            "o.grand_total",
            "o.tax",
            "o.shipping_cost",
            "o.coupon_code",
            "o.coupon_discount",
          ])
          .select(cursorAt.as("cursor_at"))
          .where(all([...(few ? [sql<SqlBool>`o.id in (select matched.id from matched)`] : where), ...keyset]))
          .orderBy("o.created_at", "desc")
          .orderBy("o.id", "desc")
          .limit(batch)
          .execute();
        const last = orders.at(-1);
        if (!last) {
          controller.close();
          return;
        }
        after = { at: last.cursor_at, id: last.id };
        const ids = orders.map((o) => o.id);
        const [units, shipments, refunds] = await Promise.all([
          db.selectFrom("order_lines").select(["order_id", sql<number>`sum(quantity)`.as("n")]).where("order_id", "in", ids).groupBy("order_id").execute(),
          db.selectFrom("shipments").select(["order_id", "awb"]).where("order_id", "in", ids).where("awb", "is not", null).orderBy("order_id").orderBy("id").execute(),
          db.selectFrom("payments").select(["order_id", sql<number>`sum(refunded_amount)`.as("n")]).where("order_id", "in", ids).groupBy("order_id").execute(),
        ]);
        const unitsOf = new Map(units.map((u) => [u.order_id, Number(u.n)]));
        const refundedOf = new Map(refunds.map((r) => [r.order_id, Number(r.n)]));
        const awbsOf = new Map<number, string[]>();
        for (const s of shipments) if (s.awb) (awbsOf.get(s.order_id) ?? awbsOf.set(s.order_id, []).get(s.order_id))?.push(s.awb);
        const lines = orders.map((o) =>
          orderCsvLine({
            code: o.code,
            createdAt: o.created_at,
            customer: o.shipping_name,
            phone: o.shipping_phone,
            email: o.shipping_email,
            city: o.shipping_city,
            state: o.shipping_state,
            deliveryStatus: o.delivery_status,
            paymentType: o.payment_type,
            paymentStatus: o.payment_status,
            items: unitsOf.get(o.id) ?? 0,
            total: Number(o.grand_total),
            gst: Number(o.tax),
            shipping: Number(o.shipping_cost),
            coupon: o.coupon_code,
            couponDiscount: Number(o.coupon_discount),
            awbs: awbsOf.get(o.id) ?? [],
            refunded: refundedOf.get(o.id) ?? 0,
          }),
        );
        controller.enqueue(encoder.encode(`${lines.join("\r\n")}\r\n`));
      } catch (error) {
        controller.error(error);
      }
    },
  });
}
