import { PDFParse } from "pdf-parse";
import { afterAll, describe, expect, inject, it } from "vitest";
import { adjustVariantStock, saveProductVariants } from "@/lib/catalog";
import { variantSetSchema } from "@/lib/catalog/variant-schemas";
import type { StaffActor } from "@/lib/platform/audit";
import { cartApi, cartRowCount, customer, dropTestProducts, guest, linesOf, makeProduct, type Caller, type TestProduct } from "./cart-client";
import { api, clientAddresses, closeTestDb, mailTo, newUser, post, runTag, testDb, type ApiAnswer, type TestUser } from "./client";
import { addressOf, newKey, payOnline } from "./orders-client";

/**
 * Product variants end to end (docs/storefront.md "Variants", docs/api-v2.md carts/add): what
 * carts/add takes as a variant and what it refuses with nothing stored, the per-line cap per
 * variant, the product answer's variants, the Size filter, orders, mails' and invoices' Variation
 * from the catalog, stock per variant through the ledger, and the last unit of a variant raced by
 * 20 checkouts. Products are made for each test; their variants through the catalog's own service
 * (lib/catalog/server/variants.ts) on the server's database.
 */

afterAll(async () => {
  await dropTestProducts();
  await closeTestDb();
});

/** Client addresses 10.160.x.y: this file's own block. */
const nextIp = clientAddresses(160);
/** The variant services are the back office's: the tests' owner calls them, as a session would. */
const staff = (): StaffActor => ({ userId: inject("owner").id, kind: "staff", tokenId: null, ip: "127.0.0.1", userAgent: "variants.api.test" });
const user = () => newUser(nextIp());

type VariantRow = { id: number; sku: string; label: string; slug: string; price: number; stock_quantity: number; availability: string };
type VariantProduct = TestProduct & { variants: VariantRow[] };

let made = 0;
/**
 * A product sold by variant: one option (Length unless told), each variant with its price in
 * rupees and its first stock (made to order when `mto`).
 */
async function variantProduct(choices: { value: string; price: number; stock?: number; mto?: boolean }[], option = "Length", base: Parameters<typeof makeProduct>[0] = {}): Promise<VariantProduct> {
  const p = await makeProduct({ stock: 0, ...base });
  const n = ++made;
  const input = variantSetSchema.parse({
    options: [{ name: option, values: choices.map((c) => c.value) }],
    variants: choices.map((c, i) => ({
      sku: `VT-${runTag}-${n}-${i + 1}`.toUpperCase(),
      options: { [option]: c.value },
      price: c.price,
      compare_at_price: c.price + 500,
      initial_stock: c.stock ?? 0,
      made_to_order: c.mto ?? false,
    })),
  });
  await saveProductVariants(p.slug, input, staff(), new Date(), await testDb());
  return { ...p, variants: await variantsOf(p.id) };
}

async function variantsOf(productId: number): Promise<VariantRow[]> {
  const { db } = await testDb();
  return db.selectFrom("product_variants").select(["id", "sku", "label", "slug", "price", "stock_quantity", "availability"]).where("product_id", "=", productId).orderBy("position").execute();
}

async function productRow(id: number) {
  const { db } = await testDb();
  return db.selectFrom("products").select(["price", "stock_quantity", "availability", "variant_count"]).where("id", "=", id).executeTakeFirstOrThrow();
}

/** What the ledger sums to for a product, or for one variant. */
async function ledger(productId: number, variantId?: number): Promise<number> {
  const { db } = await testDb();
  let q = db.selectFrom("stock_movements").select((eb) => eb.fn.sum<number>("delta").as("n")).where("product_id", "=", productId);
  if (variantId !== undefined) q = q.where("variant_id", "=", variantId);
  return Number((await q.executeTakeFirst())?.n ?? 0);
}

/** Every variant's stock is its ledger's sum, and the product's stock the sum of both. */
async function expectLedgerSums(p: { id: number }) {
  const variants = await variantsOf(p.id);
  for (const v of variants) expect(await ledger(p.id, v.id), v.sku).toBe(v.stock_quantity);
  const product = await productRow(p.id);
  expect(product.stock_quantity).toBe(variants.reduce((n, v) => n + v.stock_quantity, 0));
  expect(await ledger(p.id)).toBe(product.stock_quantity);
}

const add = (c: Caller, id: number, quantity: number, variant: unknown) => cartApi(c).add(id, quantity, { variant });

async function expectRefused(res: ApiAnswer, status: number, message: string) {
  expect(res.status, res.text).toBe(status);
  expect(res.json).toMatchObject({ result: false, message });
}

const FREE = "FREE: paid in full, nothing due on delivery";

describe("POST /carts/add: the variant must be one of the product's", () => {
  it("refuses an empty, made-up or other product's variant with 422 and stores nothing; takes one by SKU or label in any case as the same line", async () => {
    const p = await variantProduct([
      { value: "5 ft", price: 2099, stock: 4 },
      { value: "7 ft", price: 2799, stock: 6 },
    ]);
    const other = await variantProduct([{ value: "9 ft", price: 3499, stock: 3 }]);
    const g = guest();
    await expectRefused(await add(g, p.id, 1, ""), 422, `Choose the length of ${p.name}: 5 ft or 7 ft.`);
    await expectRefused(await add(g, p.id, 1, null), 422, `Choose the length of ${p.name}: 5 ft or 7 ft.`);
    await expectRefused(await add(g, p.id, 1, FREE), 422, `${p.name} comes in 5 ft or 7 ft only: choose one of these.`);
    await expectRefused(await add(g, p.id, 1, other.variants[0]!.sku), 422, `${p.name} comes in 5 ft or 7 ft only: choose one of these.`);
    await expectRefused(await add(g, p.id, 1, "7ft"), 422, `${p.name} comes in 5 ft or 7 ft only: choose one of these.`);
    const refused = await add(g, p.id, 1, FREE);
    expect(refused.json.errors).toEqual({ variant: [`${p.name} comes in 5 ft or 7 ft only: choose one of these.`] });
    expect(refused.text).not.toContain("FREE");
    // Nothing stored: not even the cart.
    expect(await cartRowCount(g.owner)).toBe(0);

    expect((await add(g, p.id, 1, p.variants[1]!.sku.toLowerCase())).status).toBe(200);
    expect((await add(g, p.id, 2, "  7 FT ")).status).toBe(200);
    expect((await add(g, p.id, 1, "5 ft")).status).toBe(200);
    const { db } = await testDb();
    const lines = await db.selectFrom("cart_lines as l").innerJoin("carts as c", "c.id", "l.cart_id").select(["l.variant", "l.variant_id", "l.quantity", "l.unit_price"]).where("c.guest_id", "=", (g.owner as { guestId: string }).guestId).orderBy("l.id").execute();
    expect(lines).toEqual([
      { variant: "7 ft", variant_id: p.variants[1]!.id, quantity: 3, unit_price: 279900 },
      { variant: "5 ft", variant_id: p.variants[0]!.id, quantity: 1, unit_price: 209900 },
    ]);
    // The cart shows each line's variant, its price and its stock.
    const items = (await cartApi(g).cart()).json.data[0].cart_items;
    expect(items.map((i: Record<string, unknown>) => [i.variation, i.variant_id, i.price, i.upper_limit])).toEqual([
      ["7 ft", p.variants[1]!.id, 2799, 6],
      ["5 ft", p.variants[0]!.id, 2099, 4],
    ]);
  });

  it("refuses a variant for a product that has none (the FREE… text that reached invoices), and takes it with none", async () => {
    const plain = await makeProduct({ stock: 5 });
    const g = guest();
    await expectRefused(await add(g, plain.id, 1, FREE), 422, `${plain.name} has no variants to choose from: send an empty variant.`);
    expect(await cartRowCount(g.owner)).toBe(0);
    expect((await add(g, plain.id, 1, "")).status).toBe(200);
    expect((await add(g, plain.id, 1, null)).status).toBe(200);
    expect(await linesOf(g.owner)).toEqual([expect.objectContaining({ product_id: plain.id, variant: "", quantity: 2 })]);
  });

  it("caps each line per variant: made-up names no longer multiply the cap of a made-to-order piece", async () => {
    const plain = await makeProduct({ availability: "made_to_order", stock: 1 });
    const g = guest();
    expect((await add(g, plain.id, 100, "")).status).toBe(200);
    for (const variant of ["a", "b", "c"]) await expectRefused(await add(g, plain.id, 100, variant), 422, `${plain.name} has no variants to choose from: send an empty variant.`);
    await expectRefused(await add(g, plain.id, 1, ""), 409, "You already have 100 in your cart, the most you can order.");
    expect((await linesOf(g.owner)).reduce((n, l) => n + l.quantity, 0)).toBe(100);

    // A product sold by variant: 100 of each variant at most, whatever it is called.
    const rug = await variantProduct(
      [
        { value: "4 x 6 ft", price: 9999, stock: 1, mto: true },
        { value: "5 x 8 ft", price: 15999, stock: 1, mto: true },
      ],
      "Size",
    );
    const h = guest();
    expect((await add(h, rug.id, 100, "4 x 6 ft")).status).toBe(200);
    await expectRefused(await add(h, rug.id, 1, rug.variants[0]!.sku), 409, "You already have 100 in your cart, the most you can order.");
    await expectRefused(await add(h, rug.id, 100, "4 x 6 ft (again)"), 422, `${rug.name} comes in 4 x 6 ft or 5 x 8 ft only: choose one of these.`);
    expect((await add(h, rug.id, 100, "5 x 8 ft")).status).toBe(200);
    expect((await linesOf(h.owner)).map((l) => [l.variant, l.quantity])).toEqual([
      ["4 x 6 ft", 100],
      ["5 x 8 ft", 100],
    ]);
  });

  it("refuses a variant out of stock (409) and more than its stock, whatever the product's total", async () => {
    const p = await variantProduct([
      { value: "5 ft", price: 2099, stock: 0 },
      { value: "7 ft", price: 2799, stock: 2 },
    ]);
    const g = guest();
    await expectRefused(await add(g, p.id, 1, "5 ft"), 409, "Out Of Stock");
    await expectRefused(await add(g, p.id, 3, "7 ft"), 409, "Only 2 left in stock.");
    expect(await cartRowCount(g.owner)).toBe(0);
    const ok = await add(g, p.id, 2, "7 ft");
    expect(ok.status).toBe(200);
    const [line] = await linesOf(g.owner);
    await expectRefused(await cartApi(g).change(line!.id, 3), 409, "Only 2 left in stock.");
  });

  it("drops a line kept from before variants were checked (a made-up name), telling the shopper without repeating it", async () => {
    const plain = await makeProduct({ stock: 5 });
    const g = guest();
    expect((await add(g, plain.id, 1, "")).status).toBe(200);
    const { db } = await testDb();
    const [line] = await linesOf(g.owner);
    const cart = await db.selectFrom("cart_lines").select("cart_id").where("id", "=", line!.id).executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    await db.insertInto("cart_lines").values({ cart_id: cart.cart_id, product_id: plain.id, variant: FREE, quantity: 100, unit_price: 150000, created_at: now, updated_at: now }).execute();
    const read = await cartApi(g).cart();
    expect(read.json.notices).toEqual([`The choice of ${plain.name} in your cart is no longer offered, so it was removed. Choose again on its page.`]);
    expect(read.json.data[0].cart_items.map((i: Record<string, unknown>) => [i.variation, i.quantity])).toEqual([["", 1]]);
    expect(await linesOf(g.owner)).toHaveLength(1);
  });
});

describe("the product answer and the listing", () => {
  it("lists a product's options and variants with their SKU, prices in rupees, stock and link slug; the product carries the lowest price and the total stock", async () => {
    const p = await variantProduct([
      { value: "7 ft", price: 2799, stock: 6 },
      { value: "5 ft", price: 2099, stock: 0 },
    ]);
    const res = await api(`/products/${p.slug}/0`);
    expect(res.status).toBe(200);
    const detail = res.json.data[0];
    expect(detail).toMatchObject({ main_price: 2099, stroked_price: 2599, stock_quantity: 6, availability: "in_stock", options: [{ name: "Length", values: ["7 ft", "5 ft"] }] });
    expect(detail.variants).toEqual([
      { id: p.variants[0]!.id, sku: p.variants[0]!.sku, label: "7 ft", slug: "7-ft", options: { Length: "7 ft" }, main_price: 2799, stroked_price: 3299, discount: "15", stock_quantity: 6, availability: "in_stock", photo: null },
      { id: p.variants[1]!.id, sku: p.variants[1]!.sku, label: "5 ft", slug: "5-ft", options: { Length: "5 ft" }, main_price: 2099, stroked_price: 2599, discount: "19", stock_quantity: 0, availability: "out_of_stock", photo: null },
    ]);
    expect(detail.attributes).toContainEqual({ name: "Size", value: "7 ft, 5 ft" });
    const plain = (await api(`/products/${(await makeProduct()).slug}/0`)).json.data[0];
    expect(plain).toMatchObject({ options: [], variants: [] });
  });

  it("finds a product by any of its variants' sizes in the Size filter, and marks its card", async () => {
    const size = `${(Date.now() % 900) + 100} x ${runTag.length} ft`;
    const p = await variantProduct(
      [
        { value: "2 x 3 ft", price: 999, stock: 2 },
        { value: size, price: 1999, stock: 2 },
      ],
      "Size",
      { name: `Variant Filter Rug ${runTag}` },
    );
    const search = () => api(`/products/search?name=${encodeURIComponent(p.name)}&selected_attribute_values[]=${encodeURIComponent(`Size:${size}`)}`);
    // Written straight to the database: the search index reads it within a second or so.
    await expect.poll(async () => (await search()).json.data.map((c: { id: number }) => c.id), { timeout: 5000, interval: 200 }).toEqual([p.id]);
    const found = await search();
    expect(found.status).toBe(200);
    expect(found.json.data[0]).toMatchObject({ has_variants: true, variant_count: 2, main_price: 999 });
    const { db } = await testDb();
    const sizes = await db.selectFrom("product_attribute_values as pav").innerJoin("attribute_values as av", "av.id", "pav.attribute_value_id").select("av.value").where("pav.product_id", "=", p.id).orderBy("av.value").execute();
    expect(sizes.map((r) => r.value)).toEqual(expect.arrayContaining(["2 x 3 ft", size]));
  });
});

/** Checkout of the customer's cart; the answer. */
const place = async (u: TestUser, payment: "cod" | "online" = "cod") =>
  post("/checkout/place", { address_id: await addressOf(u), shipping_method: "standard", payment_method: payment }, { token: u.token, ip: u.ip, headers: { "Idempotency-Key": newKey() } });

describe("orders of variants", () => {
  it("carry each line's variant: its stock taken from that variant through the ledger, the Variation in the order's items, the invoice PDF and the mail", async () => {
    const p = await variantProduct([
      { value: "5 ft", price: 2099, stock: 5 },
      { value: "9 ft", price: 3499, stock: 5 },
    ]);
    const u = await user();
    const c = customer(u);
    expect((await add(c, p.id, 2, "5 ft")).status).toBe(200);
    expect((await add(c, p.id, 1, p.variants[1]!.sku)).status).toBe(200);
    const placed = await place(u, "online");
    expect(placed.status, placed.text).toBe(201);
    const order = { id: Number(placed.json.order.id), code: String(placed.json.order.code) };

    const { db } = await testDb();
    const lines = await db.selectFrom("order_lines").select(["id", "variant_id", "variation", "quantity", "unit_price", "reserved_quantity"]).where("order_id", "=", order.id).orderBy("id").execute();
    expect(lines.map((l) => ({ variant_id: l.variant_id, variation: l.variation, quantity: l.quantity, unit_price: l.unit_price, reserved_quantity: l.reserved_quantity }))).toEqual([
      { variant_id: p.variants[0]!.id, variation: "5 ft", quantity: 2, unit_price: 209900, reserved_quantity: 2 },
      { variant_id: p.variants[1]!.id, variation: "9 ft", quantity: 1, unit_price: 349900, reserved_quantity: 1 },
    ]);
    expect((await variantsOf(p.id)).map((v) => v.stock_quantity)).toEqual([3, 4]);
    const sales = await db.selectFrom("stock_movements").select(["variant_id", "delta", "reason", "order_line_id"]).where("order_id", "=", order.id).orderBy("id").execute();
    expect(sales).toEqual([
      { variant_id: p.variants[0]!.id, delta: -2, reason: "sale", order_line_id: lines[0]!.id },
      { variant_id: p.variants[1]!.id, delta: -1, reason: "sale", order_line_id: lines[1]!.id },
    ]);
    await expectLedgerSums(p);

    const items = await api(`/purchase-history-items/${order.id}`, { token: u.token, ip: u.ip });
    expect(items.json.data.map((i: Record<string, unknown>) => [i.product_name, i.variation, i.quantity])).toEqual([
      [p.name, "5 ft", 2],
      [p.name, "9 ft", 1],
    ]);
    // The placed mail lists each line with its variant.
    const mail = await mailTo(u.email, { subject: new RegExp(`Order ${order.code} placed`) });
    expect(mail.text).toContain(`2 × ${p.name} (5 ft)`);
    expect(mail.text).toContain(`1 × ${p.name} (9 ft)`);

    // Paid online: the GST invoice names each line's variant.
    await payOnline(u, order);
    const pdf = await fetch(`${inject("baseUrl")}/api/v2/invoice/download/${order.id}`, { headers: { "System-Key": inject("systemKey"), Cookie: u.cookie, "X-Forwarded-For": u.ip } });
    expect(pdf.status).toBe(200);
    const parser = new PDFParse({ data: new Uint8Array(await pdf.arrayBuffer()) });
    const text = (await parser.getText()).text.replace(/\s+/g, " ");
    await parser.destroy();
    expect(text).toContain(`${p.name} (5 ft)`);
    expect(text).toContain(`${p.name} (9 ft)`);
  });

  it("prints no Variation for a line that names no variant, whatever text it holds (orders placed before variants were checked)", async () => {
    const plain = await makeProduct({ stock: 5 });
    const u = await user();
    expect((await add(customer(u), plain.id, 1, "")).status).toBe(200);
    const placed = await place(u);
    expect(placed.status, placed.text).toBe(201);
    const { db } = await testDb();
    await db.updateTable("order_lines").set({ variation: FREE }).where("order_id", "=", Number(placed.json.order.id)).execute();
    const items = await api(`/purchase-history-items/${placed.json.order.id}`, { token: u.token, ip: u.ip });
    expect(items.json.data[0]).toMatchObject({ product_name: plain.name, variation: null });
  });

  it("gives a cancelled order's units back to their variants", async () => {
    const p = await variantProduct([
      { value: "5 ft", price: 2099, stock: 3 },
      { value: "7 ft", price: 2799, stock: 3 },
    ]);
    const u = await user();
    expect((await add(customer(u), p.id, 2, "7 ft")).status).toBe(200);
    const placed = await place(u);
    expect(placed.status, placed.text).toBe(201);
    expect((await variantsOf(p.id)).map((v) => v.stock_quantity)).toEqual([3, 1]);
    const cancelled = await api(`/order/cancel/${placed.json.order.id}`, { token: u.token, ip: u.ip, method: "POST" });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect((await variantsOf(p.id)).map((v) => v.stock_quantity)).toEqual([3, 3]);
    await expectLedgerSums(p);
  });
});

describe("stock per variant", () => {
  it("moves a variant's stock only by an adjustment with a reason; the product follows the sum and the best availability", async () => {
    const p = await variantProduct([
      { value: "5 ft", price: 2099, stock: 2 },
      { value: "7 ft", price: 2799, stock: 0, mto: true },
    ]);
    const handle = await testDb();
    expect(await productRow(p.id)).toMatchObject({ stock_quantity: 2, availability: "in_stock", variant_count: 2, price: 209900 });
    expect(await adjustVariantStock(p.variants[0]!.sku, { delta: -2, reason: "Water damage in the store room" }, staff(), new Date(), handle)).toEqual({ stock: 0, availability: "out_of_stock" });
    // Only a made-to-order variant with no stock is left: out of stock everywhere.
    expect(await productRow(p.id)).toMatchObject({ stock_quantity: 0, availability: "out_of_stock" });
    await expect(adjustVariantStock(p.variants[0]!.sku, { delta: -1, reason: "Counted one short" }, staff(), new Date(), handle)).rejects.toMatchObject({ status: 409, message: "Only 0 in stock: an adjustment cannot take out 1." });
    expect(await adjustVariantStock(p.variants[1]!.sku, { delta: 4, reason: "Workshop ready to make" }, staff(), new Date(), handle)).toEqual({ stock: 4, availability: "made_to_order" });
    expect(await productRow(p.id)).toMatchObject({ stock_quantity: 4, availability: "made_to_order" });
    await expectLedgerSums(p);
    const { db } = handle;
    const notes = await db.selectFrom("stock_movements").select(["variant_id", "delta", "reason", "actor", "note"]).where("product_id", "=", p.id).orderBy("id").execute();
    expect(notes.slice(-2)).toEqual([
      { variant_id: p.variants[0]!.id, delta: -2, reason: "adjustment", actor: "staff", note: "Water damage in the store room" },
      { variant_id: p.variants[1]!.id, delta: 4, reason: "adjustment", actor: "staff", note: "Workshop ready to make" },
    ]);
    // Each adjustment that happened is an audit row of the staff member; the refused one left none.
    const audited = await db.selectFrom("audit_log").select(["actor_id", "action", "entity_type", "entity_id", "after"]).where("action", "=", "stock.adjust").where("entity_type", "=", "variant").where("entity_id", "in", [String(p.variants[0]!.id), String(p.variants[1]!.id)]).orderBy("id").execute();
    expect(audited.map((a) => [a.actor_id, a.entity_id, JSON.parse(a.after ?? "{}").delta])).toEqual([
      [inject("owner").id, String(p.variants[0]!.id), -2],
      [inject("owner").id, String(p.variants[1]!.id), 4],
    ]);
  });

  it("keeps a variant that was ordered, refuses a SKU of another product, and brings a product's own stock into its variants through the ledger", async () => {
    const plain = await makeProduct({ stock: 7 });
    const handle = await testDb();
    const set = (skus: string[]) =>
      variantSetSchema.parse({
        options: [{ name: "Size", values: skus.map((_, i) => ["Single", "Double", "King"][i]!) }],
        variants: skus.map((sku, i) => ({ sku, options: { Size: ["Single", "Double", "King"][i]! }, price: 1000 + i * 500, initial_stock: 2 })),
      });
    const a = `VS-${runTag}-A`.toUpperCase();
    const b = `VS-${runTag}-B`.toUpperCase();
    await saveProductVariants(plain.slug, set([a, b]), staff(), new Date(), handle);
    // The product's own 7 were written off; its variants' 2 + 2 came in.
    expect(await productRow(plain.id)).toMatchObject({ stock_quantity: 4, variant_count: 2, price: 100000 });
    await expectLedgerSums(plain);
    const other = await variantProduct([{ value: "5 ft", price: 1, stock: 0 }]);
    await expect(saveProductVariants(plain.slug, set([a, other.variants[0]!.sku]), staff(), new Date(), handle)).rejects.toMatchObject({ status: 409, message: `SKU ${other.variants[0]!.sku} belongs to another product or variant.` });

    const u = await user();
    expect((await add(customer(u), plain.id, 1, "Double")).status).toBe(200);
    expect((await place(u)).status).toBe(201);
    await expect(saveProductVariants(plain.slug, set([a]), staff(), new Date(), handle)).rejects.toMatchObject({ status: 409, message: "Double has been ordered, so it stays: set its stock to 0 instead of removing it." });
    // A new price and a third size; the ordered one stays.
    await saveProductVariants(plain.slug, set([a, b, `VS-${runTag}-C`.toUpperCase()]), staff(), new Date(), handle);
    expect((await variantsOf(plain.id)).map((v) => [v.label, v.stock_quantity])).toEqual([
      ["Single", 2],
      ["Double", 1],
      ["King", 2],
    ]);
    await expectLedgerSums(plain);
  });
});

describe("the last unit of a variant", () => {
  it("20 customers check out its last unit at once: exactly one order, 19 clear 409s, stock 0, the other variant untouched, every ledger summing to its stock", async () => {
    const p = await variantProduct([
      { value: "5 ft", price: 2099, stock: 1 },
      { value: "7 ft", price: 2799, stock: 9 },
    ]);
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => user()));
    for (const s of shoppers) expect((await add(customer(s), p.id, 1, "5 ft")).status).toBe(200);
    await Promise.all(shoppers.map((s) => addressOf(s)));
    const answers = await Promise.all(shoppers.map((s) => place(s)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201), answers.map((r) => r.text).join("\n")).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const r of answers.filter((a) => a.status === 409)) expect(r.json).toEqual({ result: false, message: `${p.name} (5 ft) is out of stock.` });
    expect(await variantsOf(p.id)).toEqual([expect.objectContaining({ stock_quantity: 0, availability: "out_of_stock" }), expect.objectContaining({ stock_quantity: 9, availability: "in_stock" })]);
    expect(await productRow(p.id)).toMatchObject({ stock_quantity: 9, availability: "in_stock" });
    const { db } = await testDb();
    const sold = await db.selectFrom("order_lines as l").innerJoin("orders as o", "o.id", "l.order_id").select((eb) => eb.fn.countAll<number>().as("n")).where("l.variant_id", "=", p.variants[0]!.id).executeTakeFirstOrThrow();
    expect(Number(sold.n)).toBe(1);
    await expectLedgerSums(p);
  }, 180_000);
});
