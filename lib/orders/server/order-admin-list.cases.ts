import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/testing/databases";
import { openDatabase } from "@/lib/platform/db/connection";
import { migrateToLatest } from "@/lib/platform/db/migrate";
import type { DeliveryStatus, PaymentStatus, PaymentType } from "../status";

/**
 * The back office's order reads on a real database of one dialect (order-admin-list.sqlite.test.ts
 * and .postgres.test.ts): the list's search and filters, the dashboard's figures, and the search
 * box's orders and customers.
 */

type Made = { id: number; code: string; email: string; phone: string; name: string; status: DeliveryStatus; payment: PaymentStatus; type: PaymentType; createdAt: string; total: number };

export function orderAdminListCases(dialect: "sqlite" | "postgres") {
  let database: TestDatabase;
  const made: Made[] = [];
  const previousUrl = process.env.DATABASE_URL;
  // "Now" for the dashboard: 24 Nov 2026, 10:00 in India.
  const NOW = new Date("2026-11-24T04:30:00.000Z");

  beforeAll(async () => {
    database = await createTestDatabase(dialect, "admin_orders");
    const handle = await openDatabase(database.target);
    await migrateToLatest(handle);
    const at = "2026-11-01T00:00:00.000Z";
    const people = [
      { name: "Meera Iyer", email: "meera@example.com", phone: "9876543210" },
      { name: "Arjun Rao", email: "arjun.rao@example.in", phone: "9123456780" },
      { name: "Deleted Person", email: "gone@example.com", phone: "9000000001" },
    ];
    const ids: number[] = [];
    for (const [i, p] of people.entries()) {
      const user = await handle.db
        .insertInto("users")
        .values({ name: p.name, email: p.email, phone: p.phone, avatar: null, email_verified: dialect === "postgres" ? true : 1, deleted_at: i === 2 ? at : null, created_at: at, updated_at: at })
        .returning("id")
        .executeTakeFirstOrThrow();
      ids.push(user.id);
    }
    const rows: Omit<Made, "id">[] = [
      // Yesterday evening in India (before today's start at 23 Nov 18:30 UTC).
      { code: "KH261123-AAAA1", ...people[0]!, status: "Delivered", payment: "Paid", type: "online", createdAt: "2026-11-23T18:00:00.000Z", total: 250_000 },
      // Today in India (just after midnight IST).
      { code: "KH261124-BBBB2", ...people[0]!, status: "Pending", payment: "Un-Paid", type: "cash_on_delivery", createdAt: "2026-11-23T18:45:00.000Z", total: 120_000 },
      { code: "KH261124-CCCC3", ...people[1]!, status: "Confirmed", payment: "Paid", type: "online", createdAt: "2026-11-24T03:00:00.000Z", total: 99_900 },
      { code: "KH261124-DDDD4", ...people[1]!, status: "Pending", payment: "Un-Paid", type: "online", createdAt: "2026-11-24T04:00:00.000Z", total: 50_000 },
      { code: "KH261124-EEEE5", ...people[1]!, status: "Cancelled", payment: "Paid", type: "online", createdAt: "2026-11-24T04:10:00.000Z", total: 70_000 },
    ];
    for (const [i, o] of rows.entries()) {
      const userId = ids[o.email === people[0]!.email ? 0 : 1]!;
      const row = await handle.db
        .insertInto("orders")
        .values({
          code: o.code,
          user_id: userId,
          shipping_name: o.name,
          shipping_email: o.email,
          shipping_address: "12 MG Road",
          // One city as a spreadsheet formula: the export must write it as text.
          shipping_city: i === 3 ? "=HYPERLINK(\"http://evil.example\")" : "Bengaluru",
          shipping_state: "Karnataka",
          shipping_country: "India",
          shipping_postal_code: "560001",
          shipping_phone: o.phone,
          shipping_type: "Standard",
          payment_type: o.type,
          subtotal: o.total,
          shipping_cost: 0,
          tax: 0,
          coupon_discount: 0,
          grand_total: o.total,
          delivery_status: o.status,
          payment_status: o.payment,
          created_at: o.createdAt,
          updated_at: o.createdAt,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      made.push({ ...o, id: row.id });
      await handle.db
        .insertInto("payments")
        .values({ order_id: row.id, provider: o.type === "online" ? "sandbox" : "cod", reference: null, amount: o.total, status: i === 4 ? "refund_due" : o.payment === "Paid" ? "paid" : "pending", created_at: o.createdAt })
        .execute();
    }
    // The delivered order's customer asked for a refund of its line.
    await handle.db
      .insertInto("order_lines")
      .values({ order_id: made[0]!.id, product_id: null, product_name: "Ikat cushion cover", variation: null, quantity: 1, unit_price: 250_000, total: 250_000, delivery_status: "Delivered", refund_status: "Requested", reserved_quantity: 0 })
      .execute();
    // Two units on the delivered order, shipments with AWBs: the sandbox courier's, a manual
    // carrier's typed in small letters, and a long number as Delhivery's (not a phone).
    await handle.db
      .insertInto("order_lines")
      .values({ order_id: made[2]!.id, product_id: null, product_name: "Khadi bedsheet", variation: null, quantity: 2, unit_price: 49_950, total: 99_900, delivery_status: "Confirmed", refund_status: null, reserved_quantity: 0 })
      .execute();
    const ship = (orderId: number, provider: string, awb: string) =>
      handle.db.insertInto("shipments").values({ order_id: orderId, provider, carrier: provider === "sandbox" ? "Sandbox Express" : "Delhivery", awb, tracking_url: null, status: "in_transit", created_at: at, updated_at: at }).execute();
    await ship(made[0]!.id, "manual", "1234567890123");
    await ship(made[2]!.id, "sandbox", "SBX100200300");
    await ship(made[2]!.id, "manual", "dl-5501");
    // A return waiting for a decision on the same order, and a declined one on another (not "return requested").
    for (const [orderIndex, state] of [[0, "requested"], [2, "declined"]] as const) {
      const line = await handle.db
        .insertInto("order_lines")
        .values({ order_id: made[orderIndex]!.id, product_id: null, product_name: "Block-printed runner", variation: null, quantity: 1, unit_price: 1_000, total: 1_000, delivery_status: "Delivered", refund_status: null, reserved_quantity: 0 })
        .returning("id")
        .executeTakeFirstOrThrow();
      const at = "2026-11-24T05:00:00.000Z";
      await handle.db.insertInto("returns").values({ order_id: made[orderIndex]!.id, order_line_id: line.id, user_id: 1, kind: "return", quantity: 1, reason: "Colour not as shown", state, created_at: at, updated_at: at }).execute();
    }
    await handle.close();
    process.env.DATABASE_URL = database.url;
  }, 60_000);

  afterAll(async () => {
    const { getDb } = await import("@/lib/platform/db");
    await (await getDb()).close();
    if (previousUrl === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previousUrl;
    await database?.drop();
  });

  const codes = async (query: Parameters<typeof import("./order-admin-list").adminSearchOrders>[0]) => (await (await import("./order-admin-list")).adminSearchOrders(query)).rows.map((r) => r.code);

  describe(`the back office's order reads on ${dialect}`, () => {
    it("lists every order newest first, and filters by status, payment, type and India's days", async () => {
      expect(await codes({})).toEqual([...made].reverse().map((o) => o.code));
      expect(await codes({ status: "Pending" })).toEqual(["KH261124-DDDD4", "KH261124-BBBB2"]);
      expect(await codes({ payment: "Paid", type: "online" })).toEqual(["KH261124-EEEE5", "KH261124-CCCC3", "KH261123-AAAA1"]);
      expect(await codes({ from: "2026-11-24", to: "2026-11-24" })).toEqual(["KH261124-EEEE5", "KH261124-DDDD4", "KH261124-CCCC3", "KH261124-BBBB2"]);
      expect(await codes({ to: "2026-11-23" })).toEqual(["KH261123-AAAA1"]);
      const refund = (await (await import("./order-admin-list")).adminSearchOrders({ status: "Cancelled" })).rows[0];
      expect(refund).toMatchObject({ code: "KH261124-EEEE5", refundDue: true, grandTotal: 70_000 });
      // The refund filters: a payment due back, a customer's refund claim waiting.
      expect(await codes({ refund: "due" })).toEqual(["KH261124-EEEE5"]);
      expect(await codes({ refund: "requested" })).toEqual(["KH261123-AAAA1"]);
      expect(await codes({ refund: "requested", status: "Pending" })).toEqual([]);
      expect(await codes({ refund: "return" })).toEqual(["KH261123-AAAA1"]);
    });

    it("searches by code (or its beginning), email, phone and name, treating % and _ as text", async () => {
      expect(await codes({ q: "kh261124-cccc3" })).toEqual(["KH261124-CCCC3"]);
      expect(await codes({ q: "KH261123" })).toEqual(["KH261123-AAAA1"]);
      expect(await codes({ q: "MEERA@example.com" })).toEqual(["KH261124-BBBB2", "KH261123-AAAA1"]);
      expect(await codes({ q: "+91 91234 56780" })).toEqual(["KH261124-EEEE5", "KH261124-DDDD4", "KH261124-CCCC3"]);
      expect(await codes({ q: "arjun" })).toHaveLength(3);
      expect(await codes({ q: "%" })).toEqual([]);
      expect(await codes({ q: "_" })).toEqual([]);
    });

    it("filters by the order's total, both ends included, alone and with other filters", async () => {
      expect(await codes({ min: 99_900 })).toEqual(["KH261124-CCCC3", "KH261124-BBBB2", "KH261123-AAAA1"]);
      expect(await codes({ max: 70_000 })).toEqual(["KH261124-EEEE5", "KH261124-DDDD4"]);
      expect(await codes({ min: 70_000, max: 120_000 })).toEqual(["KH261124-EEEE5", "KH261124-CCCC3", "KH261124-BBBB2"]);
      expect(await codes({ min: 99_900, max: 99_900 })).toEqual(["KH261124-CCCC3"]);
      expect(await codes({ min: 99_901, max: 119_999 })).toEqual([]);
      expect(await codes({ min: 50_000, type: "online", status: "Pending" })).toEqual(["KH261124-DDDD4"]);
      expect(await codes({ min: 0, q: "arjun" })).toHaveLength(3);
    });

    it("finds an order by the AWB of any of its shipments, in any case, beside its other searches", async () => {
      expect(await codes({ q: "SBX100200300" })).toEqual(["KH261124-CCCC3"]);
      expect(await codes({ q: "sbx100200300" })).toEqual(["KH261124-CCCC3"]);
      expect(await codes({ q: "DL-5501" })).toEqual(["KH261124-CCCC3"]);
      // All digits: a phone's last ten would not match; the AWB does.
      expect(await codes({ q: "1234567890123" })).toEqual(["KH261123-AAAA1"]);
      // A part of an AWB is not one; the phone search still works beside it.
      expect(await codes({ q: "SBX1002" })).toEqual([]);
      expect(await codes({ q: "9876543210" })).toEqual(["KH261124-BBBB2", "KH261123-AAAA1"]);
      expect(await codes({ q: "SBX100200300", status: "Delivered" })).toEqual([]);
      const { findOrders } = await import("./order-admin-list");
      expect((await findOrders("sbx100200300")).map((o) => o.code)).toEqual(["KH261124-CCCC3"]);
    });

    it("exports exactly the orders the list's filters keep, all of them, formula-safe, and audits it", async () => {
      const { orderCsvStream, exportOrders } = await import("./order-export");
      // (Response.text() would drop the byte-order mark the file starts with.)
      const read = async (stream: ReadableStream<Uint8Array>) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());
      const csv = await read(await orderCsvStream({}, 2));
      expect(csv.startsWith("\uFEFFcode,date,customer,phone,email,city,state,status,payment_type,payment_status,items,total,gst,shipping,coupon,coupon_discount,awb,refunded\r\n")).toBe(true);
      const lines = csv.replace(/^\uFEFF/, "").trimEnd().split("\r\n").slice(1);
      // Read two at a time by the keyset: every order once, newest first, as the list.
      expect(lines.map((l) => l.split(",")[0])).toEqual(await codes({}));
      // 3 units: the two-unit bedsheet line above and the runner of the declined return.
      expect(lines.find((l) => l.startsWith("KH261124-CCCC3"))).toBe("KH261124-CCCC3,2026-11-24 08:30,Arjun Rao,9123456780,arjun.rao@example.in,Bengaluru,Karnataka,Confirmed,Online,Paid,3,999,0,0,,0,SBX100200300 dl-5501,0");
      expect(lines.find((l) => l.startsWith("KH261124-DDDD4"))).toContain(`,"'=HYPERLINK(""http://evil.example"")",`);
      for (const query of [{ status: "Pending" as const }, { min: 70_000, max: 120_000 }, { q: "SBX100200300" }, { q: "arjun", type: "online" as const }, { refund: "due" as const }, { from: "2026-11-24", to: "2026-11-24", max: 100_000 }, { q: "zz-nobody" }]) {
        const exported = (await read(await orderCsvStream({ ...query, page: 1 }, 1))).replace(/^\uFEFF/, "").trimEnd().split("\r\n").slice(1).map((l) => l.split(",")[0]);
        expect(exported, JSON.stringify(query)).toEqual(await codes(query));
      }
      const { getDb } = await import("@/lib/platform/db");
      const { db } = await getDb();
      const actor = { userId: made[0]!.id, kind: "staff" as const, tokenId: null, ip: "10.0.0.1", userAgent: "test" };
      const before = Number((await db.selectFrom("audit_log").select((eb) => eb.fn.countAll<number>().as("n")).where("action", "=", "order.export").executeTakeFirstOrThrow()).n);
      const audited = await read(await exportOrders({ status: "Pending", min: 50_000, max: 249_950 }, actor));
      expect(audited.split("\r\n").filter(Boolean)).toHaveLength(3);
      const rows = await db.selectFrom("audit_log").select(["entity_type", "entity_id", "after"]).where("action", "=", "order.export").orderBy("id").execute();
      expect(rows).toHaveLength(before + 1);
      expect(rows.at(-1)).toMatchObject({ entity_type: "order", entity_id: "list" });
      expect(JSON.parse(String(rows.at(-1)?.after))).toEqual({ filters: { status: "Pending", min: "500", max: "2499.50" } });
    });

    it("keeps staff notes on an order, newest first with their author, audited, 404 for no order", async () => {
      const { addOrderNote, orderNotesOf } = await import("./order-notes");
      const author = { userId: made[0]!.id, kind: "staff" as const, tokenId: null, ip: null, userAgent: null };
      const order = made[1]!.id;
      expect(await orderNotesOf(order)).toEqual([]);
      await addOrderNote(author, order, { body: "Customer called: deliver after 6 pm." }, new Date("2026-11-24T05:00:00.000Z"));
      const second = await addOrderNote(author, order, { body: "<b>Gate code</b> 4411" }, new Date("2026-11-24T06:00:00.000Z"));
      expect(second).toMatchObject({ order_id: order, body: "<b>Gate code</b> 4411", author: "Meera Iyer" });
      expect((await orderNotesOf(order))?.map((n) => [n.body, n.author, n.created_at])).toEqual([
        ["<b>Gate code</b> 4411", "Meera Iyer", "2026-11-24T06:00:00.000Z"],
        ["Customer called: deliver after 6 pm.", "Meera Iyer", "2026-11-24T05:00:00.000Z"],
      ]);
      expect(await orderNotesOf(made[2]!.id)).toEqual([]);
      expect(await orderNotesOf(2_000_000_000)).toBeNull();
      await expect(addOrderNote(author, 2_000_000_000, { body: "Nobody" })).rejects.toMatchObject({ status: 404 });
      const { getDb } = await import("@/lib/platform/db");
      const audits = await (await getDb()).db.selectFrom("audit_log").select(["entity_id", "after"]).where("action", "=", "order.note").orderBy("id").execute();
      expect(audits.map((a) => [a.entity_id, JSON.parse(String(a.after)).body])).toEqual([
        [String(order), "Customer called: deliver after 6 pm."],
        [String(order), "<b>Gate code</b> 4411"],
      ]);
    });

    it("pages by 25 and clamps a page past the end to the last", async () => {
      const { adminSearchOrders } = await import("./order-admin-list");
      const far = await adminSearchOrders({ page: 99 });
      expect(far).toMatchObject({ page: 1, lastPage: 1, total: 5 });
    });

    it("gives the dashboard's figures for India's today", async () => {
      const { adminOrderSummary } = await import("./order-admin-list");
      // Today: BBBB2 (COD pending: to dispatch), CCCC3 (confirmed: to dispatch), DDDD4 (online unpaid: not yet); EEEE5 is cancelled.
      expect(await adminOrderSummary(NOW)).toEqual({ today: 3, todayTotal: 120_000 + 99_900 + 50_000, awaitingDispatch: 2, refundsDue: 1, refundClaims: 1 });
    });

    it("finds orders and customers for the search box", async () => {
      const { findOrders } = await import("./order-admin-list");
      expect((await findOrders("9876543210")).map((o) => o.code)).toEqual(["KH261124-BBBB2", "KH261123-AAAA1"]);
      const { findCustomers } = await import("@/lib/accounts");
      expect((await findCustomers("example")).map((c) => c.name)).toEqual(["Arjun Rao", "Meera Iyer"]);
      expect((await findCustomers("98765")).map((c) => c.email)).toEqual(["meera@example.com"]);
      expect(await findCustomers("gone@")).toEqual([]);
    });
  });
}
