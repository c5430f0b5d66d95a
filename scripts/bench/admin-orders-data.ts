/**
 * The admin-orders measurement's database: a PostgreSQL database of its own
 * (BENCH_ORDERS_DATABASE_URL, furnish_bench_orders on the local server of scripts/pg-local.sh),
 * made on first use and reused while it holds BENCH_ADMIN_ORDERS orders (1,000,000):
 *
 * - the demo catalog, and 60,000 customers with Indian names, e-mail addresses as customers have
 *   them (aditi.sharma4127@gmail.com) and mobile numbers;
 * - the orders, written by set statements in batches of 100,000 (a loop of a million inserts
 *   through the checkout would take hours): over the last three years, more of them lately; each
 *   to one of the customers (its name, e-mail and phone on the order, as checkout copies them), to
 *   a city of India; 60 % Cash on Delivery; the states of a shop that has run a while (most
 *   delivered, some cancelled, the last days' still pending, confirmed or shipped), with the
 *   payment status that goes with each; one to three lines of real products, and the payment row
 *   (cash pending or collected; online paid, refunded or, for a few cancelled ones, refund due);
 * - a shipment for every shipped or delivered order, with a 13-digit AWB as Delhivery's
 *   (1 and the order's id), so the list's search by AWB looks among some 870,000 (added apart,
 *   once, to a database made before shipments were: one set statement);
 * - an owner to sign in as (the admin-list bench's), password only.
 *
 * Then VACUUM (ANALYZE), as autovacuum leaves a running shop's tables, and it reads what the
 * request mix is drawn from (./admin-orders-mix.ts): some orders' codes, e-mails, phones, names.
 */
import { sql } from "kysely";
import { insertUserWithPassword } from "../../lib/accounts/server/user-rows";
import { openDatabase, type DbHandle } from "../../lib/platform/db/connection";
import { migrateToLatest } from "../../lib/platform/db/migrate";
import { seedDatabase } from "../../lib/seed";
import { BENCH_OWNER, ensureDatabase } from "./admin-list-data";
import type { OrderMixData } from "./admin-orders-mix";

export const ORDERS_DATABASE_URL = process.env.BENCH_ORDERS_DATABASE_URL ?? "postgres://postgres@127.0.0.1:54329/furnish_bench_orders";
export const ADMIN_ORDERS = Number(process.env.BENCH_ADMIN_ORDERS ?? 1_000_000);
const CUSTOMERS = 60_000;
const BATCH = 100_000;

const FIRST = ["Aarav", "Aditi", "Ananya", "Arjun", "Deepa", "Farhan", "Gurpreet", "Ishaan", "Kavya", "Lakshmi", "Meera", "Mohammed", "Neha", "Pooja", "Rahul", "Ritu", "Sanjay", "Shreya", "Suresh", "Tanvi", "Vikram", "Zoya"];
const LAST = ["Sharma", "Iyer", "Reddy", "Khan", "Singh", "Patel", "Nair", "Gupta", "Mukherjee", "Das", "Menon", "Joshi", "Kulkarni", "Fernandes", "Chauhan", "Bose", "Rao", "Pillai"];
const CITIES = [
  ["Mumbai", "Maharashtra", "400050"],
  ["Bengaluru", "Karnataka", "560001"],
  ["New Delhi", "Delhi", "110016"],
  ["Chennai", "Tamil Nadu", "600028"],
  ["Hyderabad", "Telangana", "500034"],
  ["Pune", "Maharashtra", "411001"],
  ["Kolkata", "West Bengal", "700019"],
  ["Jaipur", "Rajasthan", "302001"],
  ["Kochi", "Kerala", "682016"],
  ["Ahmedabad", "Gujarat", "380009"],
] as const;

const count = async (handle: DbHandle, query: ReturnType<typeof sql<{ n: number }>>) => Number((await query.execute(handle.db)).rows[0]?.n ?? 0);
const textArray = (values: readonly string[]) => sql`array[${sql.join(values.map((v) => sql.lit(v)))}]::text[]`;

async function fillDatabase(handle: DbHandle): Promise<void> {
  const db = handle.db;
  if ((await count(handle, sql<{ n: number }>`select count(*) as n from products`)) === 0) await seedDatabase(handle, {});
  const customers = await count(handle, sql<{ n: number }>`select count(*) as n from users where email ~ '^[a-z]+[.][a-z]+[0-9]+@'`);
  if (customers < CUSTOMERS) {
    await sql`insert into users (name, email, phone, avatar, email_verified, deleted_at, role, created_at, updated_at)
      select (${textArray(FIRST)})[1 + (g * 7) % ${FIRST.length}] || ' ' || (${textArray(LAST)})[1 + (g * 13) % ${LAST.length}],
             -- Addresses as customers have them (aditi.sharma4127@gmail.com), not one shared
             -- prefix, which would make every order match a search by part of an e-mail.
             lower((${textArray(FIRST)})[1 + (g * 7) % ${FIRST.length}]) || '.' || lower((${textArray(LAST)})[1 + (g * 13) % ${LAST.length}]) || g
               || '@' || (${textArray(["gmail.com", "yahoo.co.in", "outlook.com", "rediffmail.com", "hotmail.com"])})[1 + g % 5],
             '9' || lpad(((g::bigint * 104729) % 1000000000)::text, 9, '0'),
             null, true, null, null, now() - interval '3 years', now() - interval '3 years'
      from generate_series(${customers + 1}::int, ${CUSTOMERS}::int) as g`.execute(db);
    console.log(`Added ${CUSTOMERS - customers} bench customers`);
  }
  const have = await count(handle, sql<{ n: number }>`select count(*) as n from orders`);
  if (have >= ADMIN_ORDERS) {
    await addShipments(handle);
    return;
  }
  const firstCustomer = await count(handle, sql<{ n: number }>`select min(id) as n from users where email ~ '^[a-z]+[.][a-z]+[0-9]+@'`);
  const products = (await sql<{ id: number; name: string; slug: string; price: number }>`select id, name, slug, price from products where published = 1 and variant_count = 0 order by id limit 200`.execute(db)).rows;
  if (!products.length) throw new Error("the bench's catalog has no published product to order");
  const started = Date.now();
  console.log(`Generating ${ADMIN_ORDERS - have} orders on PostgreSQL (once; later runs reuse them)...`);
  for (let from = have + 1; from <= ADMIN_ORDERS; from += BATCH) {
    const to = Math.min(ADMIN_ORDERS, from + BATCH - 1);
    await db.transaction().execute(async (trx) => {
      // g: the order's number; placed: 1 - sqrt(u) of three years ago, a density that falls
      // linearly with age, so the shop takes twice as many orders now as a year and a half ago.
      await sql`insert into orders (code, user_id, shipping_name, shipping_email, shipping_address, shipping_city, shipping_state, shipping_country, shipping_postal_code, shipping_phone,
          shipping_type, shipping_method, payment_type, subtotal, shipping_cost, tax, coupon_discount, grand_total, delivery_status, payment_status, created_at, updated_at)
        select 'KH' || to_char(placed at time zone 'Asia/Kolkata', 'YYMMDD') || '-' || upper(lpad(to_hex(g), 6, '0')),
               u.id, u.name, u.email, (g % 400 + 1) || ', ' || (${textArray(["MG Road", "Linking Road", "Park Street", "Anna Salai", "Banjara Hills Road 2", "FC Road"])})[1 + g % 6],
               (${textArray(CITIES.map((c) => c[0]))})[1 + g % ${CITIES.length}], (${textArray(CITIES.map((c) => c[1]))})[1 + g % ${CITIES.length}], 'India',
               (${textArray(CITIES.map((c) => c[2]))})[1 + g % ${CITIES.length}], u.phone,
               'Standard delivery', 'standard', case when g % 10 < 6 then 'cash_on_delivery' else 'online' end,
               total, 0, total * 12 / 112, 0, total,
               state, case when state = 'Cancelled' then (case when g % 10 < 6 then 'Un-Paid' when g % 3 = 0 then 'Refunded' else 'Paid' end)
                           when g % 10 >= 6 then 'Paid' when state = 'Delivered' then 'Paid' else 'Un-Paid' end,
               placed, placed
        from (
          select g, now() - ((1 - sqrt(((g::bigint * 2654435761) % 1000003) / 1000003.0)) * interval '1095 days') as placed,
                 ((g::bigint * 48271) % 4500 + 500) * 100 as total
          from generate_series(${from}::int, ${to}::int) as g
        ) as o
        cross join lateral (select case
            when placed > now() - interval '2 days' then (array['Pending', 'Confirmed', 'Shipped'])[1 + g % 3]
            when placed > now() - interval '8 days' then (array['Shipped', 'Delivered', 'Delivered', 'Cancelled'])[1 + g % 4]
            when g % 8 = 0 then 'Cancelled' else 'Delivered' end as state) as s
        join users as u on u.id = ${firstCustomer} + (g::bigint * 7919) % ${CUSTOMERS}`.execute(trx);
      await sql`insert into order_lines (order_id, product_id, product_name, product_slug, quantity, unit_price, total, delivery_status, hsn_code, gst_rate)
        select o.id, p.id, p.name, p.slug, 1, o.grand_total / n.lines, o.grand_total / n.lines, o.delivery_status, '63049990', 12
        from orders as o
        cross join lateral (select 1 + o.id % 3 as lines) as n
        cross join lateral generate_series(1, n.lines) as l
        join (select row_number() over (order by id) - 1 as i, id, name, slug from (values ${sql.join(products.map((p) => sql`(${p.id}::int, ${p.name}::text, ${p.slug}::text)`))}) as v(id, name, slug)) as p
          on p.i = (o.id * 31 + l) % ${products.length}
        where o.id > (select coalesce(max(order_id), 0) from order_lines)`.execute(trx);
      await sql`insert into payments (order_id, provider, amount, status, created_at, refunded_amount)
        select o.id, case when o.payment_type = 'online' then 'razorpay' else 'cod' end, o.grand_total,
               case when o.payment_type = 'online' then (case when o.payment_status = 'Refunded' then 'refunded' when o.delivery_status = 'Cancelled' then 'refund_due' else 'paid' end)
                    else (case when o.payment_status = 'Paid' then 'paid' when o.delivery_status = 'Cancelled' then 'failed' else 'pending' end) end,
               o.created_at, case when o.payment_status = 'Refunded' then o.grand_total else 0 end
        from orders as o where o.id > (select coalesce(max(order_id), 0) from payments)`.execute(trx);
    });
    console.log(`  ${to} orders (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  await addShipments(handle);
  const owner = await db.selectFrom("users").select("id").where("email", "=", BENCH_OWNER.email).executeTakeFirst();
  if (!owner) await db.transaction().execute((trx) => insertUserWithPassword(trx, handle.dialect, { ...BENCH_OWNER, at: new Date().toISOString() }));
  console.log("VACUUM (ANALYZE), as autovacuum would have...");
  await sql`vacuum (analyze)`.execute(db);
}

/** The shipments of the shipped and delivered orders, when there are none yet (then ANALYZE them). */
async function addShipments(handle: DbHandle): Promise<void> {
  if ((await count(handle, sql<{ n: number }>`select count(*) as n from (select 1 from shipments limit 1) as s`)) > 0) return;
  const started = Date.now();
  await sql`insert into shipments (order_id, provider, carrier, awb, tracking_url, status, created_at, updated_at, delivered_at)
    select o.id, 'shiprocket', 'Delhivery', '1' || lpad(o.id::text, 12, '0'), null,
           case when o.delivery_status = 'Delivered' then 'delivered' else 'in_transit' end,
           o.created_at + interval '1 day', o.created_at + interval '1 day',
           case when o.delivery_status = 'Delivered' then o.created_at + interval '4 days' end
    from orders as o where o.delivery_status in ('Shipped', 'Delivered')`.execute(handle.db);
  await sql`analyze shipments`.execute(handle.db);
  console.log(`Added the shipped orders' shipments (${((Date.now() - started) / 1000).toFixed(0)} s)`);
}

/** Orders the mix looks for: a spread sample of codes, e-mails, phones and names, and the range of dates. */
async function readMixData(handle: DbHandle): Promise<OrderMixData> {
  const rows = (
    await sql<{ id: number; code: string; email: string; phone: string; name: string }>`select id, code, shipping_email as email, shipping_phone as phone, shipping_name as name from orders where id % 997 = 0 order by id`.execute(handle.db)
  ).rows.map((r) => ({ ...r, id: Number(r.id) }));
  const range = (await sql<{ first: string; last: string }>`select min(created_at) as first, max(created_at) as last from orders`.execute(handle.db)).rows[0];
  return { orders: rows, first: new Date(range?.first ?? Date.now()).toISOString(), last: new Date(range?.last ?? Date.now()).toISOString() };
}

/** The database ready to measure, and what the mix is drawn from. */
export async function prepareOrdersDatabase(): Promise<OrderMixData> {
  await ensureDatabase(ORDERS_DATABASE_URL);
  const handle = await openDatabase({ dialect: "postgres", url: ORDERS_DATABASE_URL });
  try {
    await migrateToLatest(handle);
    await fillDatabase(handle);
    const data = await readMixData(handle);
    console.log(`Orders: ${await count(handle, sql<{ n: number }>`select count(*) as n from orders`)} (${ORDERS_DATABASE_URL.replace(/\/\/[^@/]*@/, "//")})`);
    return data;
  } finally {
    await handle.close();
  }
}
