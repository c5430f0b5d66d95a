import "server-only";
import { sql } from "kysely";
import { evaluateCoupon, type CouponOutcome, type CouponRule } from "../coupons";
import { businessDaysText, deliveryPromise, NOT_SERVED_MESSAGE, type PromiseScope } from "../delivery";
import type { GstRate } from "../gst";
import { SHIPPING_METHODS, shippingFee, type ShippingConfig, type ShippingMethod } from "../shipping";
import { computeTotals, type Totals } from "../totals";
import { getDb } from "@/lib/platform/db";
import { DELIVERY } from "@/lib/orders/status";
import type { Db, Dialect } from "@/lib/platform/db/connection";
import { lineCapOf } from "@/lib/catalog/display";
import { findVariant, VARIANT_MESSAGES } from "@/lib/catalog/variants";
import { formatPaise } from "@/lib/platform/format";
import { getDefaultAddress } from "@/lib/accounts";
import { findDeliveryZone, readActiveZones } from "./delivery";
import { ApiError } from "@/lib/platform/errors";
import { getShippingConfig } from "./shipping";
import { MAX_QUANTITY } from "../schemas";

/**
 * Carts. A cart belongs to a signed-in customer or to a guest's opaque cookie value;
 * the caller's identity decides which, never an id sent in a body. Quantities only change in
 * single conditional statements (insert … on conflict … where), so parallel adds cannot lose an
 * update or pass the stock cap, on SQLite and PostgreSQL alike.
 */

export type CartOwner = { kind: "user"; userId: number } | { kind: "guest"; guestId: string };

/** No line may hold more than this, whatever the stock (a made-to-order piece has none). */
export const MAX_LINE_QUANTITY = MAX_QUANTITY;
/** Distinct lines per cart; a cart is a shopping list, not a warehouse. */
export const MAX_CART_LINES = 50;

export const CART_MESSAGES = {
  added: "Product added to cart",
  updated: "Cart updated",
  removed: "Product removed from cart",
  lineNotFound: "Cart item not found.",
  productGone: "This product is no longer available.",
  outOfStock: "Out Of Stock",
  tooManyLines: `Your cart can hold up to ${MAX_CART_LINES} different products.`,
  couponApplied: "Coupon applied",
  couponRemoved: "Coupon removed",
  shippingChanged: "Shipping method updated",
  cartMoved: "Your cart was just updated. Please try again.",
  /** A line whose variant is no longer one the product offers (the shopper's text is not repeated). */
  choiceGone: (name: string) => `The choice of ${name} in your cart is no longer offered, so it was removed. Choose again on its page.`,
} as const;

/** SQLite's "FOREIGN KEY constraint failed" or PostgreSQL's foreign_key_violation (23503). */
function isForeignKeyViolation(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === "23503" || code === "SQLITE_CONSTRAINT_FOREIGNKEY" || (typeof message === "string" && message.includes("FOREIGN KEY constraint failed"));
}

export const onlyLeft = (stock: number) => `Only ${stock} left in stock.`;
export const alreadyInCart = (inCart: number, cap: number) =>
  cap > inCart
    ? `You already have ${inCart} in your cart; you can add up to ${cap - inCart} more.`
    : `You already have ${inCart} in your cart, the most you can order.`;

type ProductForCart = {
  id: number;
  name: string;
  slug: string;
  price: number;
  list_price: number;
  stock_quantity: number;
  availability: "in_stock" | "made_to_order" | "out_of_stock";
  published: number;
  thumbnail_image: string | null;
  hsn_code: string | null;
  variant_count: number;
};

/**
 * What a cart line sells: the product itself, or one of its variants, with the price, stock and
 * availability that apply (a variant's own).
 */
type Unit = { variantId: number | null; label: string; price: number; stock_quantity: number; availability: ProductForCart["availability"] };

/** How many units of a product one line may hold: its stock when it is stocked, else the line cap. */
export function lineCap(p: Pick<ProductForCart, "availability" | "stock_quantity">): number {
  return lineCapOf(p.availability, p.stock_quantity, MAX_LINE_QUANTITY);
}

const ownerColumn = (owner: CartOwner) => (owner.kind === "user" ? ("user_id" as const) : ("guest_id" as const));
const ownerValue = (owner: CartOwner) => (owner.kind === "user" ? owner.userId : owner.guestId);

async function findCartId(db: Db, owner: CartOwner): Promise<number | null> {
  const row = await db
    .selectFrom("carts")
    .select("id")
    .where(ownerColumn(owner), "=", ownerValue(owner))
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The owner's cart, created on first use (a concurrent creator's row is reused). */
async function ensureCartId(db: Db, owner: CartOwner): Promise<number> {
  const existing = await findCartId(db, owner);
  if (existing !== null) return existing;
  const now = new Date().toISOString();
  await db
    .insertInto("carts")
    .values({ user_id: owner.kind === "user" ? owner.userId : null, guest_id: owner.kind === "guest" ? owner.guestId : null, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column(ownerColumn(owner)).doNothing())
    .execute();
  const id = await findCartId(db, owner);
  if (id === null) throw new Error("cart row missing after insert");
  return id;
}

async function productForCart(db: Db, productId: number): Promise<ProductForCart | undefined> {
  return db
    .selectFrom("products")
    .select(["id", "name", "slug", "price", "list_price", "stock_quantity", "availability", "published", "thumbnail_image", "hsn_code", "variant_count"])
    .where("id", "=", productId)
    .executeTakeFirst();
}

/** The product, or 404 when it is not for sale (unpublished or gone). */
function assertPublished(product: ProductForCart | undefined): asserts product is ProductForCart {
  if (!product || product.published !== 1) throw new ApiError(404, CART_MESSAGES.productGone);
}

const variantRefusal = (message: string) => new ApiError(422, message, { variant: [message] });

/**
 * What `variant` names for this product (docs/api-v2.md, carts/add): one of its variants, by SKU
 * or label without regard to case or spaces, or nothing for a product without variants. Anything
 * else is refused (422) and nothing is stored: the text a shopper sends is never kept, printed on
 * an invoice or used to tell lines apart.
 */
async function unitFor(db: Db, product: ProductForCart, variant: string): Promise<Unit> {
  if (product.variant_count === 0) {
    if (variant.trim()) throw variantRefusal(VARIANT_MESSAGES.none(product.name));
    return { variantId: null, label: "", price: product.price, stock_quantity: product.stock_quantity, availability: product.availability };
  }
  const [variants, options] = await Promise.all([
    db.selectFrom("product_variants").select(["id", "sku", "label", "price", "stock_quantity", "availability"]).where("product_id", "=", product.id).orderBy("position").orderBy("id").execute(),
    db.selectFrom("product_options").select("name").where("product_id", "=", product.id).orderBy("position").orderBy("id").execute(),
  ]);
  const labels = variants.map((v) => v.label);
  if (!variant.trim()) throw variantRefusal(VARIANT_MESSAGES.choose(product.name, options.map((o) => o.name), labels));
  const found = findVariant(variants, variant);
  if (!found) throw variantRefusal(VARIANT_MESSAGES.unknown(product.name, labels));
  return { variantId: found.id, label: found.label, price: found.price, stock_quantity: found.stock_quantity, availability: found.availability };
}

/** The unit a line holds now: its variant's figures, or its product's. */
async function unitOfLine(db: Db, product: ProductForCart, variantId: number | null): Promise<Unit> {
  if (variantId === null) {
    if (product.variant_count > 0) throw new ApiError(404, CART_MESSAGES.productGone);
    return { variantId: null, label: "", price: product.price, stock_quantity: product.stock_quantity, availability: product.availability };
  }
  const v = await db.selectFrom("product_variants").select(["id", "label", "price", "stock_quantity", "availability"]).where("id", "=", variantId).where("product_id", "=", product.id).executeTakeFirst();
  if (!v) throw new ApiError(404, CART_MESSAGES.productGone);
  return { variantId: v.id, label: v.label, price: v.price, stock_quantity: v.stock_quantity, availability: v.availability };
}

/** Refuses what cannot be bought now, and a quantity above what a line may hold (per variant). */
function assertBuyable(unit: Unit, quantity: number): void {
  const cap = lineCap(unit);
  if (cap === 0) throw new ApiError(409, CART_MESSAGES.outOfStock);
  if (quantity > cap) throw new ApiError(409, unit.availability === "in_stock" ? onlyLeft(cap) : `You can order up to ${cap} at a time.`);
}

/**
 * Adds a product, or one of its variants, to the owner's cart; adding one already there adds to
 * its line, up to the cap. A line is one product and variant: the variant's label as the catalog
 * has it, so a variant named by SKU or in other case is the same line, and a made-up name is
 * refused before anything is written.
 */
export async function addToCart(owner: CartOwner, input: { productId: number; variant: string; quantity: number }): Promise<void> {
  const { db } = await getDb();
  const product = await productForCart(db, input.productId);
  assertPublished(product);
  const unit = await unitFor(db, product, input.variant);
  assertBuyable(unit, input.quantity);
  const cap = lineCap(unit);
  const variant = unit.label;
  // The cart and its number of other lines in one read; a cart made now has none.
  const found = await db
    .selectFrom("carts as c")
    .select((eb) => [
      "c.id",
      eb
        .selectFrom("cart_lines as l")
        .select((sub) => sub.fn.countAll<number>().as("n"))
        .whereRef("l.cart_id", "=", "c.id")
        .where((sub) => sub.or([sub("l.product_id", "!=", input.productId), sub("l.variant", "!=", variant)]))
        .as("other_lines"),
    ])
    .where(`c.${ownerColumn(owner)}`, "=", ownerValue(owner))
    .executeTakeFirst();
  const cartId = found ? found.id : await ensureCartId(db, owner);
  if (Number(found?.other_lines ?? 0) >= MAX_CART_LINES) throw new ApiError(409, CART_MESSAGES.tooManyLines);
  const now = new Date().toISOString();
  // One statement: a new line, or the existing line grown, but only while it stays within the cap.
  const written = await db
    .insertInto("cart_lines")
    .values({ cart_id: cartId, product_id: product.id, variant, variant_id: unit.variantId, quantity: input.quantity, unit_price: unit.price, created_at: now, updated_at: now })
    .onConflict((oc) =>
      oc
        .columns(["cart_id", "product_id", "variant"])
        .doUpdateSet({
          quantity: sql<number>`cart_lines.quantity + excluded.quantity`,
          unit_price: sql<number>`excluded.unit_price`,
          variant_id: sql<number | null>`excluded.variant_id`,
          updated_at: sql<string>`excluded.updated_at`,
        })
        .where(sql<boolean>`cart_lines.quantity + excluded.quantity <= ${cap}`),
    )
    .returning("quantity")
    .executeTakeFirst()
    .catch((error: unknown) => {
      // The cart row went away between finding it and writing the line: this browser's guest
      // cart was merged into a customer's by a sign-in at that very moment.
      if (isForeignKeyViolation(error)) throw new ApiError(409, CART_MESSAGES.cartMoved);
      throw error;
    });
  if (!written) {
    const line = await db.selectFrom("cart_lines").select("quantity").where("cart_id", "=", cartId).where("product_id", "=", product.id).where("variant", "=", variant).executeTakeFirst();
    throw new ApiError(409, alreadyInCart(line?.quantity ?? 0, cap));
  }
  await db.updateTable("carts").set({ updated_at: now }).where("id", "=", cartId).execute();
}

/** The line with this id in the owner's cart, or 404: another owner's line is never found. */
async function ownLine(db: Db, owner: CartOwner, lineId: number) {
  const line = await db
    .selectFrom("cart_lines as l")
    .innerJoin("carts as c", "c.id", "l.cart_id")
    .select(["l.id", "l.cart_id", "l.product_id", "l.variant_id", "l.quantity"])
    .where("l.id", "=", lineId)
    .where(`c.${ownerColumn(owner)}`, "=", ownerValue(owner))
    .executeTakeFirst();
  if (!line) throw new ApiError(404, CART_MESSAGES.lineNotFound);
  return line;
}

/** Sets a line's quantity (and takes the catalog's current price, which the shopper now sees). */
export async function changeQuantity(owner: CartOwner, lineId: number, quantity: number): Promise<void> {
  const { db } = await getDb();
  const line = await ownLine(db, owner, lineId);
  const product = await productForCart(db, line.product_id);
  assertPublished(product);
  const unit = await unitOfLine(db, product, line.variant_id);
  assertBuyable(unit, quantity);
  await db
    .updateTable("cart_lines")
    .set({ quantity, unit_price: unit.price, updated_at: new Date().toISOString() })
    .where("id", "=", line.id)
    .where("cart_id", "=", line.cart_id)
    .execute();
}

export async function removeLine(owner: CartOwner, lineId: number): Promise<void> {
  const { db } = await getDb();
  const line = await ownLine(db, owner, lineId);
  await db.deleteFrom("cart_lines").where("id", "=", line.id).where("cart_id", "=", line.cart_id).execute();
}

/** Units in the owner's cart (the header's count), published products only. */
export async function cartCount(owner: CartOwner | null): Promise<number> {
  if (!owner) return 0;
  const { db } = await getDb();
  const row = await db
    .selectFrom("cart_lines as l")
    .innerJoin("carts as c", "c.id", "l.cart_id")
    .innerJoin("products as p", "p.id", "l.product_id")
    .select((eb) => eb.fn.sum<number | string | null>("l.quantity").as("n"))
    .where(`c.${ownerColumn(owner)}`, "=", ownerValue(owner))
    .where("p.published", "=", 1)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

// ---------------------------------------------------------------------------------------------
// Reading a cart: lines re-checked against the catalog, the coupon re-checked, totals
// ---------------------------------------------------------------------------------------------

export type CartLineView = {
  id: number;
  productId: number;
  slug: string;
  name: string;
  thumbnail: string | null;
  /** The variant's label as the catalog has it now ("7 ft"); "" for a product without variants. */
  variant: string;
  variantId: number | null;
  quantity: number;
  /** Current catalog price of one piece, paise. */
  unitPrice: number;
  listPrice: number;
  /** The price the shopper saw when adding, when the catalog price has changed since. */
  previousPrice: number | null;
  /** Most this line may hold now. */
  maxQuantity: number;
  availability: ProductForCart["availability"];
  stock: number;
  lineTotal: number;
  gstRate: number;
  gst: number;
};

export type CartView = {
  lines: CartLineView[];
  count: number;
  totals: Totals;
  coupon: { code: string; title: string; kind: CouponRule["kind"] } | null;
  shippingMethod: ShippingMethod;
  shippingOptions: CartShippingOption[];
  /** The PIN the delivery promises are for (null: none known, they span every served zone), and why it cannot be served. */
  delivery: { pin: string | null; message: string | null };
  /** What changed since the shopper last looked (removed products, lowered quantities, dropped coupon). */
  notices: string[];
};

export type CartShippingOption = {
  method: ShippingMethod;
  name: string;
  /** "5-10 business days" from today; null when nothing in the cart can be sent there. */
  days: string | null;
  fee: number;
  /**
   * The delivery promise of the cart's lines by this method (lib/cart/delivery.ts): for a PIN
   * the dates and "Delivery by Fri, 28 Nov", exactly as checkout shows them for an address with
   * that PIN; without one "Delivery in 5-10 business days" over every served zone.
   */
  delivery: { from: string; to: string; text: string } | null;
};

/**
 * Whose PIN the cart's promises are for: the one asked for, else a signed-in customer's default
 * address (the one checkout starts with), else none.
 */
async function promisePin(owner: CartOwner | null, pin: string | null | undefined): Promise<string | null> {
  if (pin !== undefined) return pin;
  if (owner?.kind !== "user") return null;
  return (await getDefaultAddress(owner.userId))?.postalCode ?? null;
}

const today = (now: Date) => new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10);

export async function loadGstRates(db: Db): Promise<GstRate[]> {
  const rows = await db.selectFrom("gst_rates").select(["hsn_prefix", "max_taxable_value", "rate_percent", "effective_from"]).execute();
  return rows.map((r) => ({ hsnPrefix: r.hsn_prefix, maxTaxableValue: r.max_taxable_value, ratePercent: r.rate_percent, effectiveFrom: r.effective_from }));
}

export async function loadCouponRule(db: Db, code: string): Promise<CouponRule | null> {
  const row = await db.selectFrom("coupons").selectAll().where(sql<string>`upper(code)`, "=", code.toUpperCase()).executeTakeFirst();
  if (!row) return null;
  return {
    code: row.code,
    title: row.title,
    kind: row.kind,
    value: row.value,
    minSubtotal: row.min_order,
    maxDiscount: row.max_discount,
    firstOrderOnly: row.first_order_only === 1,
    active: row.active === 1,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    usageLimit: row.usage_limit,
    perCustomerLimit: row.per_customer_limit,
  };
}

/** Counts a coupon's rules need: the customer's orders and the code's uses (cancelled orders excluded). */
async function couponCounts(db: Db, code: string, userId: number | null) {
  const live = (q: ReturnType<typeof baseOrders>) => q.where("delivery_status", "!=", DELIVERY.cancelled);
  const baseOrders = () => db.selectFrom("orders").select((eb) => eb.fn.countAll<number>().as("n"));
  const usedTotal = Number((await live(baseOrders()).where(sql<string>`upper(coupon_code)`, "=", code.toUpperCase()).executeTakeFirstOrThrow()).n);
  if (userId === null) return { usedTotal, usedByCustomer: 0, hasOrders: false };
  const usedByCustomer = Number((await live(baseOrders()).where(sql<string>`upper(coupon_code)`, "=", code.toUpperCase()).where("user_id", "=", userId).executeTakeFirstOrThrow()).n);
  const hasOrders = Number((await live(baseOrders()).where("user_id", "=", userId).executeTakeFirstOrThrow()).n) > 0;
  return { usedTotal, usedByCustomer, hasOrders };
}

export async function checkCoupon(db: Db, code: string, owner: CartOwner, subtotal: number, config: ShippingConfig, now = new Date()): Promise<CouponOutcome> {
  const rule = await loadCouponRule(db, code);
  const userId = owner.kind === "user" ? owner.userId : null;
  const counts = rule ? await couponCounts(db, rule.code, userId) : { usedTotal: 0, usedByCustomer: 0, hasOrders: false };
  return evaluateCoupon(rule, code, { subtotal, waivableShipping: config.standardFee, signedIn: userId !== null, now, ...counts });
}

const methodName: Record<ShippingMethod, string> = { standard: "Standard", express: "Express" };

type LineRow = {
  variant: string;
  variant_id: number | null;
  price: number | null;
  list_price: number | null;
  stock_quantity: number | null;
  availability: ProductForCart["availability"] | null;
  thumbnail_image: string | null;
  variant_count: number | null;
  v_id: number | null;
  v_label: string | null;
  v_price: number | null;
  v_list_price: number | null;
  v_stock: number | null;
  v_availability: ProductForCart["availability"] | null;
  v_photo: string | null;
};

/**
 * A line's figures: its variant's when it has one (label, price, stock, availability, photo), else
 * its product's; `valid` is false for a line that no longer names what it sells (a product now
 * sold by variant without one, or a label that is no variant of a product without variants: a
 * line kept from before variants were checked), which readCart and checkout remove.
 */
export function lineUnit(r: LineRow) {
  if ((r.variant_count ?? 0) > 0) {
    const valid = r.v_id !== null;
    return {
      valid,
      variant: r.v_label ?? "",
      variant_id: r.v_id,
      price: r.v_price,
      list_price: r.v_list_price,
      stock_quantity: r.v_stock,
      availability: r.v_availability,
      thumbnail_image: r.v_photo ?? r.thumbnail_image,
    };
  }
  return { valid: r.variant === "" && r.variant_id === null, variant: "", variant_id: null, price: r.price, list_price: r.list_price, stock_quantity: r.stock_quantity, availability: r.availability, thumbnail_image: r.thumbnail_image };
}

/**
 * A cart's lines with their product and the variant they name, selecting what lineUnit reads and
 * whether the product is published; callers add their own columns and order. A line whose product
 * is gone keeps its row, its product's columns null (unpublished to every caller).
 */
export function cartLineUnits(db: Db, cartId: number) {
  return db
    .selectFrom("cart_lines as l")
    .leftJoin("products as p", "p.id", "l.product_id")
    .leftJoin("product_variants as v", (join) => join.onRef("v.id", "=", "l.variant_id").onRef("v.product_id", "=", "l.product_id"))
    .select([
      "l.product_id",
      "l.variant",
      "l.variant_id",
      "l.quantity",
      "p.price",
      "p.list_price",
      "p.stock_quantity",
      "p.availability",
      "p.published",
      "p.thumbnail_image",
      "p.variant_count",
      "v.id as v_id",
      "v.label as v_label",
      "v.price as v_price",
      "v.list_price as v_list_price",
      "v.stock_quantity as v_stock",
      "v.availability as v_availability",
      "v.photo as v_photo",
    ])
    .where("l.cart_id", "=", cartId);
}

/**
 * The owner's cart as the shopper should see it now. Lines of products that were unpublished or
 * deleted are removed, quantities above the stock are lowered, and a coupon that no longer
 * applies is dropped; each change is reported once in `notices`. Price changes are shown on the
 * line (previousPrice) until the shopper changes its quantity.
 */
export async function readCart(owner: CartOwner | null, now = new Date(), options: { pin?: string | null } = {}): Promise<CartView> {
  const { db } = await getDb();
  const config = await getShippingConfig();
  const cart = owner
    ? await db.selectFrom("carts").select(["id", "coupon_code", "shipping_method"]).where(ownerColumn(owner), "=", ownerValue(owner)).executeTakeFirst()
    : undefined;
  const shippingMethod: ShippingMethod = (SHIPPING_METHODS as readonly string[]).includes(cart?.shipping_method ?? "") ? (cart!.shipping_method as ShippingMethod) : "standard";
  const notices: string[] = [];
  const rows = cart
    ? await cartLineUnits(db, cart.id)
        .select(["l.id", "l.unit_price", "p.name", "p.slug", "p.hsn_code"])
        .orderBy("l.created_at")
        .orderBy("l.id")
        .execute()
    : [];
  const lines: Omit<CartLineView, "lineTotal" | "gstRate" | "gst">[] = [];
  for (const raw of rows) {
    const r = { ...raw, ...lineUnit(raw) };
    if (r.published !== 1 || r.price === null || r.name === null || r.slug === null || r.availability === null || !r.valid) {
      await db.deleteFrom("cart_lines").where("id", "=", r.id).where("cart_id", "=", cart!.id).execute();
      notices.push(!r.name ? "A product in your cart is no longer available and was removed." : r.published === 1 && !r.valid ? CART_MESSAGES.choiceGone(r.name) : `${r.name} is no longer available and was removed from your cart.`);
      continue;
    }
    const cap = lineCap({ availability: r.availability, stock_quantity: r.stock_quantity ?? 0 });
    let quantity = r.quantity;
    if (cap > 0 && quantity > cap) {
      // Stock fell below what the line holds: lower it (conditionally, so a parallel change wins).
      await db.updateTable("cart_lines").set({ quantity: cap }).where("id", "=", r.id).where("quantity", ">", cap).execute();
      notices.push(`Only ${cap} of ${r.name} ${cap === 1 ? "is" : "are"} left, so your quantity was lowered to ${cap}.`);
      quantity = cap;
    } else if (cap === 0) {
      notices.push(`${r.name} is out of stock. Remove it to check out.`);
    }
    lines.push({
      id: r.id,
      productId: r.product_id,
      slug: r.slug,
      name: r.name,
      thumbnail: r.thumbnail_image,
      variant: r.variant,
      variantId: r.variant_id,
      quantity,
      unitPrice: r.price,
      listPrice: r.list_price ?? r.price,
      previousPrice: r.unit_price !== null && r.unit_price !== r.price ? r.unit_price : null,
      maxQuantity: cap,
      availability: r.availability,
      stock: r.stock_quantity ?? 0,
    });
    if (r.unit_price !== null && r.unit_price !== r.price) {
      notices.push(`The price of ${r.name} changed from ${formatPaise(r.unit_price)} to ${formatPaise(r.price)}.`);
    }
  }
  const buyable = lines.filter((l) => l.maxQuantity > 0);
  const subtotal = buyable.reduce((a, l) => a + l.unitPrice * l.quantity, 0);
  let coupon: CouponOutcome | null = null;
  if (cart?.coupon_code) {
    coupon = await checkCoupon(db, cart.coupon_code, owner!, subtotal, config, now);
    if (!coupon.ok) {
      await db.updateTable("carts").set({ coupon_code: null }).where("id", "=", cart.id).where("coupon_code", "=", cart.coupon_code).execute();
      notices.push(`Coupon ${cart.coupon_code} was removed: ${coupon.message}`);
    }
  }
  const totals = computeTotals({
    lines: buyable.map((l) => ({ key: l.id, unitPrice: l.unitPrice, quantity: l.quantity, hsn: rows.find((r) => r.id === l.id)?.hsn_code ?? null })),
    rates: await loadGstRates(db),
    defaultRate: config.gstDefaultRate,
    day: today(now),
    shipping: buyable.length ? shippingFee(config, shippingMethod) : 0,
    coupon,
  });
  const taxByLine = new Map(totals.lines.map((t) => [t.key, t]));
  // Nothing to send (an empty cart, or only sold-out lines): no promise, and no lookups for one.
  let pin = options.pin ?? null;
  let scope: PromiseScope | null = null;
  let notServed = false;
  if (buyable.length) {
    pin = await promisePin(owner, options.pin);
    const zone = pin ? await findDeliveryZone(pin) : null;
    notServed = pin !== null && zone === null;
    scope = pin ? (zone ? { zone } : null) : { zones: await readActiveZones() };
  }
  const shippingOptions = SHIPPING_METHODS.map((method): CartShippingOption => {
    const promise = scope ? deliveryPromise(buyable.map((l) => l.availability), scope, config, method, now) : null;
    return {
      method,
      name: methodName[method],
      days: promise ? businessDaysText(promise.days.total) : null,
      fee: shippingFee(config, method),
      delivery: promise ? { from: promise.earliest, to: promise.latest, text: promise.text } : null,
    };
  });
  return {
    lines: lines.map((l) => {
      const t = taxByLine.get(l.id);
      return { ...l, lineTotal: l.unitPrice * l.quantity, gstRate: t?.gstRate ?? 0, gst: t?.gst ?? 0 };
    }),
    count: lines.reduce((a, l) => a + l.quantity, 0),
    totals,
    coupon: coupon?.ok ? { code: coupon.code, title: coupon.title, kind: coupon.kind } : null,
    shippingMethod,
    shippingOptions,
    delivery: { pin, message: notServed ? NOT_SERVED_MESSAGE : null },
    notices,
  };
}

/** Applies a code to the owner's cart after checking it against the cart as it is now. */
export async function applyCoupon(owner: CartOwner, code: string): Promise<CouponOutcome> {
  const { db } = await getDb();
  const view = await readCart(owner);
  const outcome = await checkCoupon(db, code, owner, view.totals.subtotal, await getShippingConfig());
  if (!outcome.ok) return outcome;
  const cartId = await ensureCartId(db, owner);
  await db.updateTable("carts").set({ coupon_code: outcome.code, updated_at: new Date().toISOString() }).where("id", "=", cartId).execute();
  return outcome;
}

export async function removeCoupon(owner: CartOwner): Promise<void> {
  const { db } = await getDb();
  await db.updateTable("carts").set({ coupon_code: null }).where(ownerColumn(owner), "=", ownerValue(owner)).execute();
}

export async function setShippingMethod(owner: CartOwner, method: ShippingMethod): Promise<void> {
  const { db } = await getDb();
  const cartId = await ensureCartId(db, owner);
  await db.updateTable("carts").set({ shipping_method: method }).where("id", "=", cartId).execute();
}

// ---------------------------------------------------------------------------------------------
// Merge at sign-in
// ---------------------------------------------------------------------------------------------

async function lockCart(trx: Db, dialect: Dialect, cartId: number): Promise<void> {
  // SQLite runs one write transaction at a time; PostgreSQL needs the row lock.
  if (dialect === "postgres") await sql`select id from carts where id = ${cartId} for update`.execute(trx);
}

/**
 * Moves a guest's cart into the customer's, in one transaction: the same product and variant add
 * their quantities (capped at what a line may hold), other lines move over, the guest's coupon
 * is kept when the customer has none, and the guest cart is deleted so its cookie value can
 * never bring it back. Returns the number of units moved.
 */
export async function mergeGuestCart(guestId: string, userId: number): Promise<number> {
  const handle = await getDb();
  const { db, dialect } = handle;
  const guestCart = await findCartId(db, { kind: "guest", guestId });
  if (guestCart === null) return 0;
  const userCart = await ensureCartId(db, { kind: "user", userId });
  return db.transaction().execute(async (trx) => {
    await lockCart(trx, dialect, userCart);
    await lockCart(trx, dialect, guestCart);
    const guest = await trx.selectFrom("carts").select(["id", "coupon_code"]).where("id", "=", guestCart).where("guest_id", "=", guestId).executeTakeFirst();
    if (!guest) return 0;
    const guestLines = await cartLineUnits(trx, guest.id).select("l.unit_price").execute();
    const now = new Date().toISOString();
    let moved = 0;
    for (const raw of guestLines) {
      // A line of a variant moves as that variant (its label as the catalog has it), capped by its stock.
      const g = { ...raw, ...lineUnit(raw) };
      if (g.published !== 1 || !g.valid || g.availability === null) continue;
      const cap = lineCap({ availability: g.availability, stock_quantity: g.stock_quantity ?? 0 });
      if (cap === 0) continue;
      const existing = await trx.selectFrom("cart_lines").select(["id", "quantity"]).where("cart_id", "=", userCart).where("product_id", "=", g.product_id).where("variant", "=", g.variant).executeTakeFirst();
      if (existing) {
        // Relative to the row as it is when updated: the customer may be adding to this line from
        // another tab right now, and on PostgreSQL such an add is not held back by the cart's
        // row lock, so a quantity computed from the read above would overwrite it.
        const updated = await trx
          .updateTable("cart_lines")
          .set({ quantity: sql<number>`case when quantity + ${g.quantity} > ${cap} then ${cap} else quantity + ${g.quantity} end`, updated_at: now })
          .where("id", "=", existing.id)
          .returning("quantity")
          .executeTakeFirst();
        moved += Math.max((updated?.quantity ?? existing.quantity) - existing.quantity, 0);
      } else {
        const count = await trx.selectFrom("cart_lines").select((eb) => eb.fn.countAll<number>().as("n")).where("cart_id", "=", userCart).executeTakeFirstOrThrow();
        if (Number(count.n) >= MAX_CART_LINES) continue;
        const quantity = Math.min(g.quantity, cap);
        moved += quantity;
        await trx.insertInto("cart_lines").values({ cart_id: userCart, product_id: g.product_id, variant: g.variant, variant_id: g.variant_id, quantity, unit_price: g.unit_price, created_at: now, updated_at: now }).execute();
      }
    }
    if (guest.coupon_code) {
      await trx.updateTable("carts").set({ coupon_code: guest.coupon_code }).where("id", "=", userCart).where("coupon_code", "is", null).execute();
    }
    await trx.updateTable("carts").set({ updated_at: now }).where("id", "=", userCart).execute();
    await trx.deleteFrom("carts").where("id", "=", guest.id).execute();
    return moved;
  });
}
