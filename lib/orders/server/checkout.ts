import "server-only";
import type { ProviderName } from "./payments";
import { enabledOnlineProvider, paymentsOn } from "./payments/switch";
import { randomInt } from "node:crypto";
import { sql } from "kysely";
import type { CouponOutcome } from "@/lib/cart/coupons";
import { deliveryPromise, indiaDay, isArmyPostalPin, isoDay, NOT_SERVED_MESSAGE, type DeliveryPromise, type ZoneDays } from "@/lib/cart/delivery";
import { SHIPPING_METHODS, shippingFee, type ShippingConfig, type ShippingMethod } from "@/lib/cart/shipping";
import { computeTotals, type Totals } from "@/lib/cart/totals";
import { getDb } from "@/lib/platform/db";
import type { Db, Dialect } from "@/lib/platform/db/connection";
import { writeTransaction } from "@/lib/platform/db/transaction";
import { formatPaise } from "@/lib/platform/format";
import { NO_PO_BOX, PO_BOX_PATTERN } from "@/lib/accounts/schemas";
import type { PlaceOrderInput } from "../checkout-schemas";
import { ADDRESS_NOT_FOUND, getAddress, type Address } from "@/lib/accounts";
import { cartLineUnits, type CartLineView, checkCoupon, findDeliveryZone, getShippingConfig, lineUnit, loadGstRates, readCart } from "@/lib/cart";
import { lockProducts, moveStock, StockShortage } from "@/lib/catalog";
import { STOCK_REASON } from "@/lib/catalog/stock";
import { ApiError } from "@/lib/platform/errors";
import { paymentTimeoutMinutes, releaseExpiredOrders } from "./order-state";
import { ACTOR, DELIVERY, type DeliveryStatus, PAYMENT, PAYMENT_ROW, PAYMENT_TYPE, type PaymentStatus, type PaymentType } from "../status";
import { afterCommit, type Committed, deliverAfterCommit, writeAfterCommit } from "./after-commit";
import { noticeNewOrder } from "./staff-notices";
import { applyTransition } from "./transition";
import { getSiteSettings } from "@/lib/platform/settings";
import { log } from "@/lib/platform/log";

/**
 * Checkout (docs/storefront.md, "Checkout, payments and orders"): the summary the checkout page shows, and placing an order.
 *
 * Placing is one write transaction (lib/platform/db/transaction.ts): the cart, the products' prices,
 * stock and HSN codes, the coupon and its usage counts, and the GST rates are all read again
 * inside it, never taken from the browser; the order, its lines, the address snapshot and the
 * payment row are written, every stocked line takes its units through the stock ledger (moveStock:
 * products locked in id order, stock never below zero, one 'sale' movement per line), the
 * transition `place` is recorded (lib/orders/lifecycle.ts) and the cart emptied — or, on any
 * refusal, nothing is written. The placed mail and the refresh of the products' pages run after
 * commit.
 *
 * An Idempotency-Key (one per Place Order click, sent again on a retry) makes a repeated submit
 * answer with the order the first one placed: the key is stored on the order, unique per
 * customer, checked inside the transaction, and a concurrent duplicate that loses the race on the
 * unique index reads the winner's order.
 */

export const CHECKOUT_MESSAGES = {
  placed: "Your order has been placed.",
  emptyCart: "Your cart is empty.",
  chooseAddress: "Choose a delivery address.",
  onlineUnavailable: "Online payment is not available right now. Please choose Cash on Delivery.",
  outOfStock: (name: string) => `${name} is out of stock.`,
  onlyLeft: (left: number, name: string) => `Only ${left} left of ${name}.`,
  unavailable: (name: string) => `${name} is no longer available and was removed from your cart.`,
  couponRemoved: (code: string, why: string) => `Coupon ${code} was removed: ${why}`,
  codOff: "Cash on Delivery is not available right now. Please pay online.",
  codOverLimit: (limitPaise: number) => `Cash on Delivery is available on orders up to ${formatPaise(limitPaise)}.`,
  tooManyOpen: (count: number) => `You already have ${count} orders waiting to be paid or confirmed. Please complete or cancel one of them first.`,
} as const;

export const SHIPPING_LABELS: Record<ShippingMethod, string> = { standard: "Standard delivery", express: "Express delivery" };

/** Cash on Delivery limit when the cod_limit setting is missing or not a whole number of rupees. */
export const DEFAULT_COD_LIMIT_PAISE = 50_000_00;

export async function codLimitPaise(): Promise<number> {
  const raw = (await getSiteSettings()).cod_limit?.trim() ?? "";
  return /^\d{1,9}$/.test(raw) ? Number(raw) * 100 : DEFAULT_COD_LIMIT_PAISE;
}

/** Orders still Pending and Un-Paid that one customer may hold (setting max_open_orders; 0 = no cap). */
export const DEFAULT_MAX_OPEN_ORDERS = 5;

/**
 * Every Pending, Un-Paid order holds its stock (a Cash on Delivery order until the shop confirms
 * or cancels it), so one account scripting orders could hold all of it; the cap stops that.
 */
export async function maxOpenOrders(): Promise<number> {
  const raw = (await getSiteSettings()).max_open_orders?.trim() ?? "";
  return /^\d{1,4}$/.test(raw) ? Number(raw) : DEFAULT_MAX_OPEN_ORDERS;
}

export type OnlineProvider = ProviderName;

/**
 * Which provider takes online payments now (lib/orders/server/payments/: Razorpay, else the
 * sandbox, each when configured and not switched off in the back office: ./payments/switch.ts).
 */
export function onlinePaymentProvider(): Promise<OnlineProvider | null> {
  return enabledOnlineProvider();
}

/* ---------------------------------------------------------------------------------------------
 * Delivery to an address
 * ------------------------------------------------------------------------------------------- */

/** Why an address cannot be delivered to (null: it can), and its zone. */
async function addressDelivery(address: Address): Promise<{ zone: ZoneDays | null; message: string | null }> {
  if (isArmyPostalPin(address.postalCode) || PO_BOX_PATTERN.test(address.address)) return { zone: null, message: NO_PO_BOX };
  const zone = await findDeliveryZone(address.postalCode);
  return zone ? { zone, message: null } : { zone: null, message: NOT_SERVED_MESSAGE };
}

/** A delivery promise as checkout shows it: the dates and "Delivery by Fri, 28 Nov". */
export type DeliveryWindow = { from: string; to: string; text: string };

const deliveryWindow = (promise: DeliveryPromise | null): DeliveryWindow | null => (promise ? { from: promise.earliest, to: promise.latest, text: promise.text } : null);

/* ---------------------------------------------------------------------------------------------
 * Pricing a cart (shared by the summary and placement, so both show the same figures)
 * ------------------------------------------------------------------------------------------- */

type PricedLine = { key: number; unitPrice: number; quantity: number; hsn: string | null };

type Pricing = { config: ShippingConfig; day: string };

async function priceCart(db: Db, userId: number, lines: readonly PricedLine[], couponCode: string | null, method: ShippingMethod, pricing: Pricing, now: Date): Promise<{ totals: Totals; coupon: CouponOutcome | null }> {
  const subtotal = lines.reduce((a, l) => a + l.unitPrice * l.quantity, 0);
  const coupon = couponCode ? await checkCoupon(db, couponCode, { kind: "user", userId }, subtotal, pricing.config, now) : null;
  const totals = computeTotals({
    lines,
    rates: await loadGstRates(db),
    defaultRate: pricing.config.gstDefaultRate,
    day: pricing.day,
    shipping: lines.length ? shippingFee(pricing.config, method) : 0,
    coupon,
  });
  return { totals, coupon };
}

/** The calendar day in India (GST rates are looked up by it). */
const indiaToday = (now: Date) => isoDay(indiaDay(now));

/* ---------------------------------------------------------------------------------------------
 * GET /checkout/summary
 * ------------------------------------------------------------------------------------------- */

export type CheckoutSummary = {
  lines: CartLineView[];
  totals: Totals;
  couponCode: string | null;
  shippingMethods: { method: ShippingMethod; label: string; fee: number; delivery: DeliveryWindow | null }[];
  deliverable: boolean;
  deliveryMessage: string | null;
  cod: { allowed: boolean; limit: number; message: string | null };
  online: { available: boolean; provider: OnlineProvider | null };
  notices: string[];
};

/**
 * What the checkout page shows for the customer's cart, a delivery address and a shipping method.
 * The cart is read as the cart page reads it (unavailable lines removed, quantities lowered to
 * the stock, a coupon that no longer applies dropped, each reported once in `notices`); the
 * totals are those placement will charge for the chosen method.
 */
export async function checkoutSummary(userId: number, input: { addressId?: number; shippingMethod: ShippingMethod }, now = new Date()): Promise<CheckoutSummary> {
  const address = input.addressId === undefined ? null : await getAddress(userId, input.addressId);
  if (input.addressId !== undefined && !address) throw new ApiError(404, ADDRESS_NOT_FOUND);
  // The cart's own promises are not shown here (pin null: no address lookup); checkout makes its own below.
  const view = await readCart({ kind: "user", userId }, now, { pin: null });
  const { db } = await getDb();
  const config = await getShippingConfig();
  const buyable = view.lines.filter((l) => l.maxQuantity > 0);
  const hsn = new Map<number, string | null>();
  if (buyable.length) {
    const rows = await db.selectFrom("products").select(["id", "hsn_code"]).where("id", "in", buyable.map((l) => l.productId)).execute();
    for (const r of rows) hsn.set(r.id, r.hsn_code);
  }
  const { totals, coupon } = await priceCart(
    db,
    userId,
    buyable.map((l) => ({ key: l.id, unitPrice: l.unitPrice, quantity: l.quantity, hsn: hsn.get(l.productId) ?? null })),
    view.coupon?.code ?? null,
    input.shippingMethod,
    { config, day: indiaToday(now) },
    now,
  );
  const delivery = address ? await addressDelivery(address) : { zone: null, message: CHECKOUT_MESSAGES.chooseAddress };
  const availabilities = buyable.map((l) => l.availability);
  const limit = await codLimitPaise();
  const [provider, on] = await Promise.all([onlinePaymentProvider(), paymentsOn()]);
  const empty = buyable.length === 0;
  return {
    lines: view.lines,
    totals,
    couponCode: coupon?.ok ? coupon.code : null,
    shippingMethods: SHIPPING_METHODS.map((method) => ({
      method,
      label: SHIPPING_LABELS[method],
      fee: shippingFee(config, method),
      // The same promise as the cart's for this PIN (lib/cart/server/cart.ts) and the product page's.
      delivery: delivery.zone ? deliveryWindow(deliveryPromise(availabilities, { zone: delivery.zone }, config, method, now)) : null,
    })),
    deliverable: !empty && delivery.zone !== null,
    deliveryMessage: empty ? CHECKOUT_MESSAGES.emptyCart : delivery.message,
    cod: !on.cod ? { allowed: false, limit, message: CHECKOUT_MESSAGES.codOff } : { allowed: totals.total <= limit, limit, message: totals.total <= limit ? null : CHECKOUT_MESSAGES.codOverLimit(limit) },
    online: { available: provider !== null, provider },
    notices: view.notices,
  };
}

/* ---------------------------------------------------------------------------------------------
 * POST /checkout/place
 * ------------------------------------------------------------------------------------------- */

export type PlacedOrder = {
  id: number;
  code: string;
  /** Paise. */
  grandTotal: number;
  paymentType: PaymentType;
  paymentStatus: PaymentStatus;
  deliveryStatus: DeliveryStatus;
  /** True when the key had already placed this order (nothing was written now). */
  replayed: boolean;
};

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** "KH260301-7K3QZ": the day in India and five random Crockford base-32 characters (33 million a day). */
export function newOrderCode(now: Date): string {
  const day = isoDay(indiaDay(now)).replaceAll("-", "").slice(2);
  return `KH${day}-${Array.from({ length: 5 }, () => CROCKFORD[randomInt(CROCKFORD.length)]).join("")}`;
}

/** SQLite's UNIQUE constraint failure or PostgreSQL's unique_violation (23505). */
function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || (typeof message === "string" && message.includes("UNIQUE constraint failed"));
}

async function existingOrder(db: Db, userId: number, key: string): Promise<PlacedOrder | null> {
  const row = await db
    .selectFrom("orders")
    .select(["id", "code", "grand_total", "payment_type", "payment_status", "delivery_status"])
    .where("user_id", "=", userId)
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    code: row.code,
    grandTotal: row.grand_total,
    paymentType: row.payment_type,
    paymentStatus: row.payment_status,
    deliveryStatus: row.delivery_status,
    replayed: true,
  };
}

/** Row locks PostgreSQL needs for what SQLite's single writer (BEGIN IMMEDIATE) already serializes. */
async function lockRow(trx: Db, dialect: Dialect, table: "users" | "coupons", id: number): Promise<void> {
  if (dialect !== "postgres") return;
  if (table === "users") await sql`select id from users where id = ${id} for update`.execute(trx);
  else await sql`select id from coupons where id = ${id} for update`.execute(trx);
}

/** A refusal that still commits what the transaction cleaned up (an unavailable line removed, a dead coupon dropped). */
type Outcome = { kind: "placed"; order: PlacedOrder; committed?: Committed } | { kind: "refused"; status: number; message: string };

type PlaceContext = {
  userId: number;
  key: string;
  input: PlaceOrderInput;
  address: Address;
  billing: Address | null;
  zone: ZoneDays;
  pricing: Pricing;
  codLimit: number;
  /** Cash on Delivery is switched on in the back office. */
  codOn: boolean;
  provider: OnlineProvider | null;
  timeoutMinutes: number;
  maxOpenOrders: number;
  now: Date;
};

async function placeInTransaction(trx: Db, dialect: Dialect, c: PlaceContext): Promise<Outcome> {
  // One customer's placements run one at a time (PostgreSQL: the user's row lock), so a second
  // submit of the same key waits for the first and then finds its order below.
  await lockRow(trx, dialect, "users", c.userId);
  const replay = await existingOrder(trx, c.userId, c.key);
  if (replay) return { kind: "placed", order: replay };

  const user = await trx.selectFrom("users").select(["name", "email"]).where("id", "=", c.userId).executeTakeFirst();
  if (!user) throw new ApiError(401, "Please log in to continue.");
  if (c.maxOpenOrders > 0) {
    const open = await trx
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("user_id", "=", c.userId)
      .where("delivery_status", "=", DELIVERY.pending)
      .where("payment_status", "=", PAYMENT.unpaid)
      .executeTakeFirstOrThrow();
    if (Number(open.n) >= c.maxOpenOrders) throw new ApiError(409, CHECKOUT_MESSAGES.tooManyOpen(Number(open.n)));
  }
  const cart = await trx.selectFrom("carts").select(["id", "coupon_code"]).where("user_id", "=", c.userId).executeTakeFirst();
  if (!cart) throw new ApiError(400, CHECKOUT_MESSAGES.emptyCart);
  const raw = await cartLineUnits(trx, cart.id)
    .select(["l.id", "p.name", "p.slug", "p.hsn_code"])
    .orderBy("l.created_at")
    .orderBy("l.id")
    .execute();
  if (raw.length === 0) throw new ApiError(400, CHECKOUT_MESSAGES.emptyCart);
  // A line of a variant sells that variant: its label, price, stock and availability (lib/cart lineUnit).
  const rows = raw.map((r) => ({ ...r, ...lineUnit(r) }));

  // A product unpublished or deleted since the shopper last looked, or a line that no longer names
  // one of its variants: the line goes (committed), and the shopper is told, rather than being
  // charged for an order they did not see.
  const gone = rows.filter((r) => r.published !== 1 || r.price === null || r.name === null || r.slug === null || r.availability === null || !r.valid);
  if (gone.length) {
    await trx.deleteFrom("cart_lines").where("id", "in", gone.map((r) => r.id)).where("cart_id", "=", cart.id).execute();
    const first = gone[0]!;
    return { kind: "refused", status: 409, message: first.name ? CHECKOUT_MESSAGES.unavailable(first.name) : "A product in your cart is no longer available and was removed." };
  }
  const lines = rows.map((r) => ({ ...r, name: r.name!, slug: r.slug!, price: r.price!, availability: r.availability!, stock: r.stock_quantity ?? 0, shownName: r.variant ? `${r.name!} (${r.variant})` : r.name! }));
  const soldOut = lines.find((l) => l.availability === "out_of_stock");
  if (soldOut) throw new ApiError(409, CHECKOUT_MESSAGES.outOfStock(soldOut.shownName));
  // The stocked products and variants are locked (products in id order, then variants in
  // product and variant id order) before the order's lines are written: a line refers to its
  // product and variant, and on PostgreSQL that reference's lock taken first would deadlock two
  // checkouts of the same product when each then locks it to take its stock (lockProducts).
  await lockProducts(trx, dialect, lines.filter((l) => l.availability === "in_stock").map((l) => ({ productId: l.product_id, variantId: l.variant_id })));

  // The coupon's global limit is counted while its row is held (PostgreSQL), so two customers
  // cannot both take its last use.
  if (cart.coupon_code) {
    const couponRow = await trx.selectFrom("coupons").select("id").where(sql<string>`upper(code)`, "=", cart.coupon_code.toUpperCase()).executeTakeFirst();
    if (couponRow) await lockRow(trx, dialect, "coupons", couponRow.id);
  }
  const { totals, coupon } = await priceCart(
    trx,
    c.userId,
    lines.map((l) => ({ key: l.id, unitPrice: l.price, quantity: l.quantity, hsn: l.hsn_code })),
    cart.coupon_code,
    c.input.shipping_method,
    c.pricing,
    c.now,
  );
  if (coupon && !coupon.ok) {
    await trx.updateTable("carts").set({ coupon_code: null }).where("id", "=", cart.id).execute();
    return { kind: "refused", status: 409, message: CHECKOUT_MESSAGES.couponRemoved(cart.coupon_code as string, coupon.message) };
  }
  const cod = c.input.payment_method === "cod";
  if (cod && !c.codOn) throw new ApiError(422, CHECKOUT_MESSAGES.codOff);
  if (cod && totals.total > c.codLimit) throw new ApiError(422, CHECKOUT_MESSAGES.codOverLimit(c.codLimit));
  if (!cod && !c.provider) throw new ApiError(422, CHECKOUT_MESSAGES.onlineUnavailable);

  const at = c.now.toISOString();
  const promise = deliveryPromise(lines.map((l) => l.availability), { zone: c.zone }, c.pricing.config, c.input.shipping_method, c.now);
  const paymentType = cod ? PAYMENT_TYPE.cod : PAYMENT_TYPE.online;
  let code = newOrderCode(c.now);
  // A code already taken (one in 33 million a day) draws another; a race on it fails the
  // transaction on the unique index and placeOrder runs it again.
  for (let i = 0; i < 5 && (await trx.selectFrom("orders").select("id").where("code", "=", code).executeTakeFirst()); i++) code = newOrderCode(c.now);
  const a = c.address;
  const b = c.billing;
  const order = await trx
    .insertInto("orders")
    .values({
      code,
      user_id: c.userId,
      shipping_name: user.name,
      shipping_email: user.email,
      shipping_address: a.address,
      shipping_city: a.cityName,
      shipping_state: a.stateName,
      shipping_country: a.countryName,
      shipping_postal_code: a.postalCode,
      shipping_phone: a.phone,
      shipping_type: SHIPPING_LABELS[c.input.shipping_method],
      shipping_method: c.input.shipping_method,
      // "by Fri, 28 Nov": the promise checkout showed, kept for the order's page and mails.
      estimated_delivery: promise?.phrase ?? null,
      billing_name: b ? user.name : null,
      billing_address: b?.address ?? null,
      billing_city: b?.cityName ?? null,
      billing_state: b?.stateName ?? null,
      billing_postal_code: b?.postalCode ?? null,
      billing_phone: b?.phone ?? null,
      buyer_gstin: c.input.gstin ?? null,
      payment_type: paymentType,
      payment_provider: cod ? null : c.provider,
      payment_due_at: cod ? null : new Date(c.now.getTime() + c.timeoutMinutes * 60_000).toISOString(),
      coupon_code: coupon?.ok ? coupon.code : null,
      subtotal: totals.subtotal,
      shipping_cost: totals.shipping,
      tax: totals.tax,
      coupon_discount: totals.couponDiscount,
      grand_total: totals.total,
      delivery_status: DELIVERY.pending,
      payment_status: PAYMENT.unpaid,
      idempotency_key: c.key,
      created_at: at,
      updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const tax = new Map(totals.lines.map((t) => [t.key, t]));
  const lineIds = await trx
    .insertInto("order_lines")
    .values(
      lines.map((l) => {
        const t = tax.get(l.id)!;
        return {
          order_id: order.id,
          product_id: l.product_id,
          product_name: l.name,
          product_slug: l.slug,
          // The variant's label from the catalog (never text the shopper sent), with the variant itself.
          variation: l.variant_id === null ? null : l.variant,
          variant_id: l.variant_id,
          quantity: l.quantity,
          unit_price: l.price,
          total: t.lineTotal,
          discount: t.discount,
          taxable_value: t.lineTotal - t.discount - t.gst,
          tax_amount: t.gst,
          gst_rate: t.gstRate,
          hsn_code: l.hsn_code,
          reserved_quantity: l.availability === "in_stock" ? l.quantity : 0,
          delivery_status: DELIVERY.pending,
          refund_status: null,
        };
      }),
    )
    .returning("id")
    .execute();
  await trx
    .insertInto("payments")
    .values({
      order_id: order.id,
      provider: cod ? "cod" : (c.provider as OnlineProvider),
      reference: null,
      amount: totals.total,
      currency: "INR",
      status: cod ? PAYMENT_ROW.pending : PAYMENT_ROW.created,
      provider_order_id: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  // Stock through the ledger, one 'sale' movement per stocked line; a shortage refuses the whole
  // placement (the transaction rolls back).
  const after = afterCommit();
  const sold = lines.map((l, i) => ({ line: l, lineId: lineIds[i]!.id })).filter(({ line }) => line.availability === "in_stock");
  try {
    after.products.push(
      ...(await moveStock(
        trx,
        dialect,
        sold.map(({ line, lineId }) => ({ productId: line.product_id, variantId: line.variant_id, delta: -line.quantity, reason: STOCK_REASON.sale, actor: ACTOR.customer, actorId: c.userId, orderId: order.id, orderLineId: lineId })),
        c.now,
      )),
    );
  } catch (error) {
    if (!(error instanceof StockShortage)) throw error;
    const name = lines.find((l) => l.product_id === error.productId && l.variant_id === error.variantId)?.shownName ?? "A product";
    throw new ApiError(409, error.available > 0 ? CHECKOUT_MESSAGES.onlyLeft(error.available, name) : CHECKOUT_MESSAGES.outOfStock(name));
  }
  await applyTransition({ trx, dialect, now: c.now, actor: ACTOR.customer, actorId: c.userId, after }, { machine: "order", name: "place", orderId: order.id });
  // A Cash on Delivery order waits for the shop now: its staff are told (an online one when paid).
  if (cod) await noticeNewOrder(trx, after, { id: order.id, code, grandTotal: totals.total, customer: user.name, paymentType }, c.now);
  await trx.deleteFrom("cart_lines").where("cart_id", "=", cart.id).execute();
  await trx.updateTable("carts").set({ coupon_code: null, updated_at: at }).where("id", "=", cart.id).execute();
  // Delivered once this commits (the outbox): the placed mail, and the pages of the products whose
  // stock moved (listings too when one sold out: they say Out of stock).
  const committed = await writeAfterCommit(trx, after);
  return {
    kind: "placed",
    order: { id: order.id, code, grandTotal: totals.total, paymentType, paymentStatus: PAYMENT.unpaid, deliveryStatus: DELIVERY.pending, replayed: false },
    committed,
  };
}

/**
 * Places the customer's cart as an order (see the top of this file). Answers the order, with
 * `replayed` when the key had placed it already; throws ApiError 400/404/409/422 with the
 * customer's message, and then nothing was taken or written (apart from an unavailable line or a
 * dead coupon removed from the cart, which the 409 reports).
 */
export async function placeOrder(userId: number, input: PlaceOrderInput, idempotencyKey: string, now = new Date()): Promise<PlacedOrder> {
  const handle = await getDb();
  const early = await existingOrder(handle.db, userId, idempotencyKey);
  if (early) return early;

  // Everything read through the shared connection is read before the transaction: on SQLite
  // the transaction holds the only connection, so a read outside it would wait forever.
  const address = await getAddress(userId, input.address_id);
  if (!address) throw new ApiError(404, ADDRESS_NOT_FOUND);
  const billing = input.billing_address_id && input.billing_address_id !== input.address_id ? await getAddress(userId, input.billing_address_id) : null;
  if (input.billing_address_id && input.billing_address_id !== input.address_id && !billing) throw new ApiError(404, ADDRESS_NOT_FOUND);
  const delivery = await addressDelivery(address);
  if (!delivery.zone) throw new ApiError(422, delivery.message ?? NOT_SERVED_MESSAGE);
  const config = await getShippingConfig();
  const context: PlaceContext = {
    userId,
    key: idempotencyKey,
    input,
    address,
    billing,
    zone: delivery.zone,
    pricing: { config, day: indiaToday(now) },
    codLimit: await codLimitPaise(),
    maxOpenOrders: await maxOpenOrders(),
    provider: await onlinePaymentProvider(),
    codOn: (await paymentsOn()).cod,
    timeoutMinutes: await paymentTimeoutMinutes(),
    now,
  };
  // Stock held by unpaid online orders past their deadline goes back first.
  await releaseExpiredOrders(now).catch((error: unknown) => log.error({ err: error }, "releasing expired orders failed"));

  let outcome: Outcome | undefined;
  for (let attempt = 0; !outcome; attempt++) {
    try {
      outcome = await writeTransaction(handle, (trx) => placeInTransaction(trx, handle.dialect, context));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // A concurrent submit of the same key won: its order is the answer.
      const winner = await existingOrder(handle.db, userId, idempotencyKey);
      if (winner) return winner;
      // Otherwise an order code was taken at that very moment: draw again.
      if (attempt >= 2) throw error;
    }
  }
  if (outcome.kind === "refused") throw new ApiError(outcome.status, outcome.message);
  if (outcome.committed) await deliverAfterCommit(outcome.committed);
  return outcome.order;
}

/* ---------------------------------------------------------------------------------------------
 * The Cash on Delivery confirmation (/checkout/placed/CODE)
 * ------------------------------------------------------------------------------------------- */

/** Where a Cash on Delivery order goes once placed (POST /checkout/place's `next`). */
export const codPlacedPath = (code: string) => `/checkout/placed/${encodeURIComponent(code)}`;

export type PlacedCodOrder = {
  id: number;
  code: string;
  /** Paise. */
  grandTotal: number;
  /** Paise still to be paid in cash at the door: 0 once paid or cancelled. */
  dueOnDelivery: number;
  deliveryStatus: string;
  paymentStatus: string;
  /** The promise made at checkout ("by Fri, 28 Nov"), as stored on the order. */
  estimatedDelivery: string | null;
};

const ORDER_CODE = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * One of the customer's own Cash on Delivery orders, by its code, for its confirmation page.
 * Looked up through the customer's id: another customer's code, an online order's (its page is
 * the payment result) and an unknown code are all null, so none of them reveals anything.
 */
export async function findPlacedCodOrder(userId: number, code: string): Promise<PlacedCodOrder | null> {
  if (!ORDER_CODE.test(code)) return null;
  const { db } = await getDb();
  const o = await db
    .selectFrom("orders")
    .select(["id", "code", "grand_total", "delivery_status", "payment_status", "estimated_delivery"])
    .where("user_id", "=", userId)
    .where("code", "=", code)
    .where("payment_type", "=", PAYMENT_TYPE.cod)
    .executeTakeFirst();
  if (!o) return null;
  const due = o.payment_status === PAYMENT.unpaid && o.delivery_status !== DELIVERY.cancelled;
  return {
    id: o.id,
    code: o.code,
    grandTotal: o.grand_total,
    dueOnDelivery: due ? o.grand_total : 0,
    deliveryStatus: o.delivery_status,
    paymentStatus: o.payment_status,
    estimatedDelivery: o.estimated_delivery,
  };
}
