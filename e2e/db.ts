import path from "node:path";
import { sql } from "kysely";
import type { DeliveryStatus, PaymentStatus, PaymentType } from "../lib/orders/status";
import { hashPassword } from "../lib/accounts/server/auth/password";
import { openDatabase, type DbHandle } from "../lib/platform/db/connection";
import { ROOT } from "../scripts/lib/build";
import { DEPLOYED_BASE_URL, TAG } from "./target";

/**
 * The e2e server's database (scripts/e2e-server.ts), for journeys that must write rows (a customer,
 * an order) or check what a form stored. Such journeys are tagged @db (e2e/target.ts TAG.db) and
 * skipped against a deployed store; catalog expectations come from the API (e2e/api.ts) instead.
 */
export async function withE2eDb<T>(read: (db: DbHandle["db"]) => Promise<T>): Promise<T> {
  if (DEPLOYED_BASE_URL) {
    throw new Error(`A journey against ${DEPLOYED_BASE_URL} asked for the e2e database: read through the API (e2e/api.ts) or tag the journey ${TAG.db}.`);
  }
  const handle = await openDatabase({ dialect: "sqlite", file: path.join(ROOT, "data", "e2e.db") });
  try {
    return await read(handle.db);
  } finally {
    await handle.close();
  }
}

let customers = 0;

/**
 * A customer made straight in the journeys' database (user and credential rows, as sign-up makes
 * them), so journeys do not spend the per-address sign-up limit; the register journey signs up
 * through the page.
 */
export async function createCustomer(name = "Meera Iyer"): Promise<{ id: number; email: string; password: string; name: string }> {
  const email = `journey-${Date.now().toString(36)}-${++customers}@example.com`;
  const password = "Jasmine-tea-42";
  const now = new Date().toISOString();
  const hash = await hashPassword(password);
  const id = await withE2eDb(async (db) => {
    const user = await db
      .insertInto("users")
      .values({ name, email, phone: null, avatar: null, email_verified: 1, deleted_at: null, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("accounts")
      .values({
        user_id: user.id,
        account_id: String(user.id),
        provider_id: "credential",
        password: hash,
        access_token: null,
        refresh_token: null,
        id_token: null,
        access_token_expires_at: null,
        refresh_token_expires_at: null,
        scope: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return user.id;
  });
  return { id, email, password, name };
}

/** Signs in through the login page and waits for the landing page. */
export async function signIn(page: import("@playwright/test").Page, who: { email: string; password: string }, path = "/login"): Promise<void> {
  await page.goto(path);
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(who.email);
  await page.getByLabel("Password", { exact: true }).fill(who.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await page.waitForURL((url) => url.pathname !== "/login");
}

export type JourneyOrder = {
  code: string;
  createdAt: string;
  deliveryStatus?: DeliveryStatus;
  paymentStatus?: PaymentStatus;
  paymentType?: PaymentType;
  deliveredAt?: string | null;
  shippingType?: string;
  /** Paise. */
  total?: number;
  lines?: { productId?: number | null; name: string; variation?: string | null; quantity: number; reserve?: boolean }[];
};

/**
 * An order of a customer made straight in the journeys' database, as checkout leaves one (lines
 * with their reservation taken from stock when `reserve` is set); returns the order and line ids.
 */
export async function insertJourneyOrder(userId: number, o: JourneyOrder): Promise<{ id: number; lineIds: number[] }> {
  const total = o.total ?? 249_900;
  const status = o.deliveryStatus ?? "Pending";
  return withE2eDb(async (db) => {
    const order = await db
      .insertInto("orders")
      .values({
        code: o.code,
        user_id: userId,
        shipping_name: "Kavya Menon",
        shipping_email: "kavya@example.com",
        shipping_address: "21 Church Street",
        shipping_city: "Bengaluru",
        shipping_state: "Karnataka",
        shipping_country: "India",
        shipping_postal_code: "560001",
        shipping_phone: "9845012345",
        shipping_type: o.shippingType ?? "",
        payment_type: o.paymentType ?? "cash_on_delivery",
        coupon_code: null,
        subtotal: total,
        shipping_cost: 0,
        tax: 0,
        coupon_discount: 0,
        grand_total: total,
        delivery_status: status,
        payment_status: o.paymentStatus ?? "Un-Paid",
        delivered_at: o.deliveredAt ?? null,
        created_at: o.createdAt,
        updated_at: o.createdAt,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const lineIds: number[] = [];
    for (const l of o.lines ?? [{ name: "Ikat cushion cover", quantity: 1 }]) {
      if (l.reserve && l.productId) {
        // As a sale takes stock: a relative update and its movement in the stock ledger.
        await db.updateTable("products").set({ stock_quantity: sql<number>`stock_quantity - ${l.quantity}` }).where("id", "=", l.productId).execute();
        await db
          .insertInto("stock_movements")
          .values({ product_id: l.productId, delta: -l.quantity, reason: "sale", order_id: order.id, order_line_id: null, actor: "customer", actor_id: userId, note: "journey order", created_at: o.createdAt })
          .execute();
      }
      const line = await db
        .insertInto("order_lines")
        .values({
          order_id: order.id,
          product_id: l.productId ?? null,
          product_name: l.name,
          variation: l.variation ?? null,
          quantity: l.quantity,
          unit_price: Math.round(total / l.quantity),
          total,
          delivery_status: status,
          refund_status: null,
          reserved_quantity: l.reserve ? l.quantity : 0,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      lineIds.push(line.id);
    }
    return { id: order.id, lineIds };
  });
}
