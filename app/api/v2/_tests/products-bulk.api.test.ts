import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { permissionsOf } from "@/lib/accounts/access";
import { saveProductVariants } from "@/lib/catalog";
import { variantSetSchema } from "@/lib/catalog/variant-schemas";
import type { StaffActor } from "@/lib/platform/audit";
import { dropTestProducts, makeProduct } from "./cart-client";
import { clientAddresses, closeTestDb, runTag, testDb } from "./client";
import { adminAs, auditRows, invitedStaff, ownerToken, tokenFor } from "./staff-client";

/**
 * Bulk work on the catalog (docs/back-office.md "Bulk actions", "Importing and exporting
 * products"): POST /admin/products/bulk with each action and its refusals, GET
 * /admin/products/export's columns and filters, POST /admin/products/import's dry run against its
 * apply, a role without the permission refused with nothing changed, an audit row per change.
 */

/** Client addresses 10.213.x.y: this file's own block. */
const nextIp = clientAddresses(213);
const owner = () => ownerToken();
const staffActor = (): StaffActor => ({ userId: inject("owner").id, kind: "staff", tokenId: null, ip: "127.0.0.1", userAgent: "products-bulk.api.test" });
const tag = runTag.toUpperCase();
const importPrefix = `IMP-${tag}-`;

afterAll(async () => {
  const { db } = await testDb();
  await db.deleteFrom("products").where("sku", "like", `${importPrefix}%`).execute();
  await dropTestProducts();
  await closeTestDb();
});

let fulfilment: string;
let content: string;
beforeAll(async () => {
  const f = await invitedStaff("fulfilment", nextIp(), "bulk-fulfilment");
  fulfilment = await tokenFor(f.id, permissionsOf(["fulfilment"]), f.ip);
  const c = await invitedStaff("content", nextIp(), "bulk-content");
  content = await tokenFor(c.id, permissionsOf(["content"]), c.ip);
}, 120_000);

const bulk = (body: unknown, token: string | null = owner()) => adminAs(token, "/products/bulk", { json: body, ip: nextIp() });

async function rowOf(id: number) {
  const { db } = await testDb();
  return db.selectFrom("products").select(["sku", "price", "list_price", "discount_percent", "published", "category_id", "stock_quantity", "archived_at"]).where("id", "=", id).executeTakeFirstOrThrow();
}

async function categoryId(slug: string) {
  const { db } = await testDb();
  return (await db.selectFrom("categories").select("id").where("slug", "=", slug).executeTakeFirstOrThrow()).id;
}

let variantMade = 0;
/** A product sold by variant (Length 5 ft, 7 ft), made through the catalog's own service. */
async function variantProduct(prices: [number, number], stock: [number, number] = [4, 6]) {
  const p = await makeProduct({ stock: 0 });
  const n = ++variantMade;
  const input = variantSetSchema.parse({
    options: [{ name: "Length", values: ["5 ft", "7 ft"] }],
    variants: prices.map((price, i) => ({ sku: `BVQZ-${tag}-${n}-${i + 1}`, options: { Length: i ? "7 ft" : "5 ft" }, price, compare_at_price: price + 500, initial_stock: stock[i], made_to_order: false })),
  });
  await saveProductVariants(p.slug, input, staffActor(), new Date(), await testDb());
  const { db } = await testDb();
  const variants = await db.selectFrom("product_variants").select(["id", "sku", "price", "list_price", "stock_quantity"]).where("product_id", "=", p.id).orderBy("position").execute();
  return { ...p, variants };
}

async function auditCount() {
  const { db } = await testDb();
  return Number((await db.selectFrom("audit_log").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
}

describe("POST /admin/products/bulk", () => {
  it("publishes and unpublishes, skipping archived, unchanged and unknown products, with an audit row per product changed", async () => {
    const a = await makeProduct({ published: 0 });
    const b = await makeProduct({ published: 0 });
    const live = await makeProduct({ published: 1 });
    const archived = await makeProduct({ published: 0 });
    const { db } = await testDb();
    await db.updateTable("products").set({ archived_at: new Date().toISOString() }).where("id", "=", archived.id).execute();
    const since = new Date().toISOString();

    const res = await bulk({ action: "publish", ids: [b.id, a.id, live.id, archived.id, 2_000_000_000] });
    expect(res.status, res.text).toBe(200);
    expect(res.json.message).toBe("2 products changed, 3 skipped.");
    expect(res.json.data).toEqual({
      action: "publish",
      changed: 2,
      changedIds: [a.id, b.id].sort((x, y) => x - y),
      skipped: [
        { id: live.id, name: live.name, reason: "Already published." },
        { id: archived.id, name: archived.name, reason: "Archived: unarchive it first." },
        { id: 2_000_000_000, name: null, reason: "There is no such product." },
      ],
    });
    expect((await rowOf(a.id)).published).toBe(1);
    expect((await rowOf(archived.id)).published).toBe(0);
    const rows = await auditRows({ action: "product.update", since });
    const mine = rows.filter((r) => [a.id, b.id, live.id, archived.id].map(String).includes(r.entity_id));
    expect(mine.map((r) => Number(r.entity_id)).sort()).toEqual([a.id, b.id].sort());
    expect(mine[0]).toMatchObject({ actor_id: inject("owner").id, before: { published: 0 }, after: { published: 1, bulk: "publish" } });

    const down = await bulk({ action: "unpublish", ids: [a.id] });
    expect(down.json.data.changed).toBe(1);
    expect((await rowOf(a.id)).published).toBe(0);
  });

  it("moves products to a category; an unknown category is refused and changes nothing", async () => {
    const p = await makeProduct();
    const blinds = await categoryId("blinds");
    const before = await auditCount();
    const refused = await bulk({ action: "category", ids: [p.id], category_id: 2_000_000_000 });
    expect(refused.status).toBe(422);
    expect(refused.json.errors).toEqual({ category_id: ["There is no such category."] });
    expect(await auditCount()).toBe(before);
    const moved = await bulk({ action: "category", ids: [p.id], category_id: blinds });
    expect(moved.status, moved.text).toBe(200);
    expect((await rowOf(p.id)).category_id).toBe(blinds);
    const again = await bulk({ action: "category", ids: [p.id], category_id: blinds });
    expect(again.json.data.skipped).toEqual([{ id: p.id, name: p.name, reason: "Already in this category." }]);
  });

  it("changes prices by a percentage: rounded to the rupee, compare-at following, variants too", async () => {
    const plain = await makeProduct({ price: 149900, listPrice: 199900 });
    const v = await variantProduct([2099, 2799]);
    const since = new Date().toISOString();
    const res = await bulk({ action: "price", ids: [plain.id, v.id], by: "percent", value: 10 });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.changed).toBe(2);
    // 1499 × 1.1 = 1648.90 → 1649; 1999 × 1.1 = 2198.90 → 2199.
    expect(await rowOf(plain.id)).toMatchObject({ price: 164900, list_price: 219900, discount_percent: 25 });
    const { db } = await testDb();
    const variants = await db.selectFrom("product_variants").select(["sku", "price", "list_price"]).where("product_id", "=", v.id).orderBy("position").execute();
    // 2099 → 2308.90 → 2309 (compare-at 2599 → 2858.90 → 2859); 2799 → 3079 (3299 → 3629).
    expect(variants).toEqual([
      { sku: v.variants[0]?.sku, price: 230900, list_price: 285900 },
      { sku: v.variants[1]?.sku, price: 307900, list_price: 362900 },
    ]);
    expect(await rowOf(v.id)).toMatchObject({ price: 230900, list_price: 285900 });
    const audit = (await auditRows({ entityId: v.id, since })).find((r) => r.after?.bulk === "price");
    expect(audit?.after.variants[v.variants[0]?.sku as string]).toEqual([230900, 285900]);
  });

  it("changes prices by an amount, never below zero, clearing a compare-at that falls to the price", async () => {
    const cheap = await makeProduct({ price: 30000, listPrice: 40000 });
    const res = await bulk({ action: "price", ids: [cheap.id], by: "amount", value: -500 });
    expect(res.status, res.text).toBe(200);
    expect(await rowOf(cheap.id)).toMatchObject({ price: 0, list_price: 0, discount_percent: 0 });
    const again = await bulk({ action: "price", ids: [cheap.id], by: "amount", value: -1 });
    expect(again.json.data.skipped).toEqual([{ id: cheap.id, name: cheap.name, reason: "The change leaves its price as it was." }]);
  });

  it("adjusts stock through the ledger; products sold by variant and shortages are skipped", async () => {
    const a = await makeProduct({ stock: 5 });
    const short = await makeProduct({ stock: 1 });
    const v = await variantProduct([1000, 1200]);
    const res = await bulk({ action: "stock", ids: [a.id, short.id, v.id], delta: -2, reason: "Damaged in the monsoon leak" });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.changedIds).toEqual([a.id]);
    expect(res.json.data.skipped).toEqual([
      { id: short.id, name: short.name, reason: "Only 1 in stock: cannot take out 2." },
      { id: v.id, name: v.name, reason: "Sold by variant: adjust each variant's stock on the Stock page." },
    ].sort((x, y) => x.id - y.id));
    expect((await rowOf(a.id)).stock_quantity).toBe(3);
    expect((await rowOf(short.id)).stock_quantity).toBe(1);
    const { db } = await testDb();
    const moves = await db.selectFrom("stock_movements").select(["delta", "reason", "note", "actor_id"]).where("product_id", "=", a.id).orderBy("id").execute();
    expect(moves.at(-1)).toEqual({ delta: -2, reason: "adjustment", note: "Damaged in the monsoon leak", actor_id: inject("owner").id });
    const audit = await auditRows({ entityId: a.id, action: "stock.adjust" });
    expect(audit[0]?.after).toMatchObject({ stock_quantity: 3, delta: -2, bulk: "stock" });
  });

  it("refuses a role without the action's permission, and bad input, changing nothing", async () => {
    const p = await makeProduct({ published: 0, stock: 4, price: 100000 });
    const before = { row: await rowOf(p.id), audit: await auditCount() };
    // fulfilment may adjust stock but not publish or reprice; content may do none of it.
    for (const [token, body] of [
      [fulfilment, { action: "publish", ids: [p.id] }],
      [fulfilment, { action: "price", ids: [p.id], by: "percent", value: 10 }],
      [fulfilment, { action: "category", ids: [p.id], category_id: await categoryId("blinds") }],
      [content, { action: "stock", ids: [p.id], delta: 1, reason: "Found one more" }],
    ] as const) {
      const res = await bulk(body, token);
      expect(res.status, `${JSON.stringify(body)}: ${res.text}`).toBe(403);
    }
    expect((await bulk({ action: "publish", ids: [p.id] }, null)).status).toBe(401);
    for (const body of [{}, { action: "publish" }, { action: "publish", ids: ["x"] }, { action: "price", ids: [p.id], by: "percent", value: -100 }, { action: "stock", ids: [p.id], delta: 1 }, { action: "publish", ids: [p.id], extra: 1 }]) {
      const res = await bulk(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    expect({ row: await rowOf(p.id), audit: await auditCount() }).toEqual(before);
    // What fulfilment may do, it does.
    expect((await bulk({ action: "stock", ids: [p.id], delta: 1, reason: "Found one more" }, fulfilment)).status).toBe(200);
  });
});

/** The CSV's rows as objects by column (a small reader for the tests: no quoted commas in what they read). */
function csvRows(text: string): Record<string, string>[] {
  const [header, ...lines] = text.replace(/^\uFEFF/, "").trimEnd().split("\r\n");
  const cols = (header ?? "").split(",");
  return lines.map((l) => Object.fromEntries(l.split(",").map((v, i) => [cols[i], v])));
}

describe("GET /admin/products/export", () => {
  it("writes one row per product and per variant with the export's columns, the list's filters applied, formula-safe", async () => {
    const plain = await makeProduct({ price: 149950, listPrice: 199900, stock: 7, name: `=SUM(A1) Export Test ${runTag}` });
    const v = await variantProduct([2099, 2799]);
    const all = await adminAs(owner(), `/products/export?q=${encodeURIComponent(`Export Test ${runTag}`)}`, { ip: nextIp() });
    expect(all.status, all.text).toBe(200);
    expect(all.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(all.text.startsWith("sku,variant_sku,variant,name,slug,category,price,compare_at_price,stock,made_to_order,lead_time_days,hsn_code,published,short_description,meta_title,meta_description\r\n")).toBe(true);
    const rows = csvRows(all.text);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ sku: (await rowOf(plain.id)).sku, variant_sku: "", name: `'=SUM(A1) Export Test ${runTag}`, category: "curtains", price: "1499.50", compare_at_price: "1999", stock: "7", made_to_order: "no", hsn_code: "6303", published: "yes" });

    const sku = (await rowOf(v.id)).sku;
    // A variant's SKU finds its product (the list's search), whose variants are all exported.
    const byVariant = csvRows((await adminAs(owner(), `/products/export?q=${v.variants[0]?.sku}`, { ip: nextIp() })).text);
    expect(byVariant.map((r) => [r.sku, r.variant_sku, r.variant, r.price, r.compare_at_price, r.stock])).toEqual([
      [sku, v.variants[0]?.sku, "5 ft", "2099", "2599", "4"],
      [sku, v.variants[1]?.sku, "7 ft", "2799", "3299", "6"],
    ]);
    expect((await adminAs(owner(), "/products/export?category=no-such-category", { ip: nextIp() })).status).toBe(404);
    expect((await adminAs(content, "/products/export", { ip: nextIp() })).status).toBe(403);
  });
});

const importCsv = (body: string, mode: "dry_run" | "apply" | null, token: string | null = owner()) =>
  adminAs(token, `/products/import${mode ? `?mode=${mode}` : ""}`, { method: "POST", body, headers: { "Content-Type": "text/csv" }, ip: nextIp() });

function ndjson(text: string): { progress?: Record<string, number>; result?: Record<string, unknown>; error?: string }[] {
  return text
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
}

describe("POST /admin/products/import", () => {
  it("dry run reports every row's errors and changes and writes nothing; apply writes the good rows alike", async () => {
    const existing = await makeProduct({ price: 100000, stock: 3 });
    const existingSku = (await rowOf(existing.id)).sku;
    const same = await makeProduct({ price: 100000 });
    const sameSku = (await rowOf(same.id)).sku;
    const v = await variantProduct([2099, 2799]);
    const vSku = (await rowOf(v.id)).sku;
    const other = await variantProduct([500, 600]);
    const header = "sku,variant_sku,name,category,price,compare_at_price,stock,published,hsn_code";
    const lines = [
      header,
      `${importPrefix}1,,Import Test Cushion One,cushions,899,1199,25,yes,6304`, // 2: new
      `${importPrefix}2,,Import Test Cushion Two,cushions,499,,,no,`, // 3: new, no stock
      `${existingSku},,,,1200,,10,,`, // 4: update price and stock
      `${existingSku},,,,1300,,,,`, // 5: the same SKU again
      `${importPrefix}3,,Import Test Bad,no-such-category,abc,,,maybe,12`, // 6: bad cells and category
      `${vSku},${v.variants[1]?.sku},,,2999,3499,9,,`, // 7: a variant's price and stock
      `${vSku},${other.variants[0]?.sku},,,100,,,,`, // 8: another product's variant
      `${v.variants[0]?.sku},,Import Test Variant As Product,cushions,100,,,,`, // 9: a variant's SKU as a product's
      `${importPrefix}4,,Import Test Cheap,cushions,500,400,,,`, // 10: compare-at below the price
      `${importPrefix}5,,,,,,,,`, // 11: new without name, category, price
      `${sameSku},,,,1000,,,,`, // 12: unchanged
    ];
    const csv = `${lines.join("\r\n")}\r\n`;
    const before = { existing: await rowOf(existing.id), audit: await auditCount() };

    const dry = await importCsv(csv, "dry_run");
    expect(dry.status, dry.text).toBe(200);
    expect(dry.json.data.counts).toEqual({ rows: 11, create: 2, update: 2, unchanged: 1, error: 6 });
    const errors = (dry.json.data.rows as { row: number; errors: { column: string; message: string }[] }[]).flatMap((r) => r.errors.map((e) => `${r.row} ${e.column}: ${e.message}`));
    expect(errors).toEqual([
      `5 sku: SKU ${existingSku} is also on row 4: a product is on one row (or one row per variant).`,
      "6 published: Write yes or no.",
      "6 price: A number of rupees, like 1499 or 1499.50.",
      "6 hsn_code: An HSN code is 4, 6 or 8 digits.",
      "6 category: There is no category no-such-category.",
      `8 variant_sku: Variant ${other.variants[0]?.sku} belongs to the product with SKU ${(await rowOf(other.id)).sku}, not this one.`,
      `9 sku: ${v.variants[0]?.sku} is the SKU of a variant of the product ${vSku}: put it in variant_sku, and its product's SKU in sku.`,
      "10 compare_at_price: The compare-at price cannot be below the price.",
      "11 name: Required for a new product: name.",
      "11 category: Required for a new product: category.",
      "11 price: Required for a new product: price.",
    ]);
    const row4 = (dry.json.data.rows as { row: number; outcome: string; changes: unknown }[]).find((r) => r.row === 4);
    expect(row4).toEqual({ row: 4, sku: existingSku, variantSku: null, outcome: "update", changes: { price: { from: "1000", to: "1200" }, stock: { from: 3, to: 10 } }, errors: [] });
    expect({ existing: await rowOf(existing.id), audit: await auditCount() }).toEqual(before);
    const { db } = await testDb();
    expect(await db.selectFrom("products").select("id").where("sku", "like", `${importPrefix}%`).execute()).toEqual([]);

    const applied = await importCsv(csv, "apply");
    expect(applied.status, applied.text).toBe(200);
    expect(applied.headers.get("content-type")).toBe("application/x-ndjson; charset=utf-8");
    const messages = ndjson(applied.text);
    expect(messages[0]?.progress).toEqual({ done: 7, total: 11, created: 0, updated: 0, unchanged: 1, failed: 6 });
    const result = messages.at(-1)?.result as { created: number; updated: number; failed: number; rows: { row: number; outcome: string }[] };
    expect(result).toMatchObject({ done: 11, total: 11, created: 2, updated: 2, unchanged: 1, failed: 6 });
    expect(result.rows.filter((r) => r.outcome === "error").map((r) => r.row)).toEqual([5, 6, 8, 9, 10, 11]);

    const created = await db.selectFrom("products").select(["id", "sku", "name", "price", "list_price", "stock_quantity", "published", "hsn_code", "slug"]).where("sku", "like", `${importPrefix}%`).orderBy("sku").execute();
    expect(created.map((p) => [p.sku, p.price, p.list_price, p.stock_quantity, p.published, p.hsn_code])).toEqual([
      [`${importPrefix}1`, 89900, 119900, 25, 1, "6304"],
      [`${importPrefix}2`, 49900, 49900, 0, 0, null],
    ]);
    expect(created[0]?.slug).toBe("import-test-cushion-one");
    const moves = await db.selectFrom("stock_movements").select(["delta", "reason", "note"]).where("product_id", "=", created[0]?.id as number).execute();
    expect(moves).toEqual([{ delta: 25, reason: "import", note: "CSV import" }]);
    expect(await rowOf(existing.id)).toMatchObject({ price: 120000, stock_quantity: 10 });
    const variant = await db.selectFrom("product_variants").select(["price", "list_price", "stock_quantity"]).where("id", "=", v.variants[1]?.id as number).executeTakeFirstOrThrow();
    expect(variant).toEqual({ price: 299900, list_price: 349900, stock_quantity: 9 });
    // An audit row per change: the creations, the update, the stock moves.
    expect((await auditRows({ entityId: created[0]?.id, action: "product.create" }))[0]?.after).toMatchObject({ sku: `${importPrefix}1`, import: true });
    expect((await auditRows({ entityId: existing.id, action: "product.update" }))[0]?.after).toMatchObject({ price: 120000, import: true });
    expect((await auditRows({ entityId: existing.id, action: "stock.adjust" }))[0]?.after).toMatchObject({ stock_quantity: 10, delta: 7, import: true });

    // The same file again: what was written is unchanged now.
    const again = await importCsv(csv, "dry_run");
    expect(again.json.data.counts).toMatchObject({ create: 0, update: 0, unchanged: 5, error: 6 });
  });

  it("refuses a role without product:create and product:update, and files it cannot read, never a 500", async () => {
    const csv = `sku,name,category,price\r\n${importPrefix}R1,Import Refused,cushions,100\r\n`;
    const before = await auditCount();
    expect((await importCsv(csv, "apply", fulfilment)).status).toBe(403);
    expect((await importCsv(csv, "dry_run", content)).status).toBe(403);
    expect((await importCsv(csv, "apply", null)).status).toBe(401);
    const cases: [BodyInit, "dry_run" | "apply" | null, number, string][] = [
      [csv, null, 422, "mode is dry_run (check every row, write nothing) or apply (write the good rows)."],
      ["", "dry_run", 422, "The file is empty: send the CSV with its header row (download the template)."],
      ["\uFEFF\r\n", "apply", 422, "The file is empty: send the CSV with its header row (download the template)."],
      ["sku,name\r\n", "dry_run", 422, "The file has a header but no rows."],
      ["name,colour\r\nx,red\r\n", "dry_run", 422, "Unknown columns: colour. The columns are sku, variant_sku, variant, name, slug, category, price, compare_at_price, stock, made_to_order, lead_time_days, hsn_code, published, short_description, meta_title, meta_description."],
      ["name,price\r\nx,1\r\n", "apply", 422, "The header has no sku column: the first row names the columns (download the template)."],
      [new Uint8Array([0x73, 0x6b, 0x75, 0x0a, 0xff, 0xfe, 0x41, 0x0a]), "dry_run", 422, "The file is not UTF-8 text: save it as CSV UTF-8 (comma delimited)."],
      ['sku,name\r\n"A1,unclosed\r\n', "dry_run", 422, ""],
      ["sku,name\r\nA1,x,extra\r\n", "apply", 422, ""],
      [`sku\r\n${"A\r\n".repeat(10_001)}`, "dry_run", 413, "The file has more than 10,000 rows: split it."],
      [`sku,name\r\nA1,${"x".repeat(5 * 1024 * 1024 + 70_000)}\r\n`, "dry_run", 413, "The file is larger than 5 MB: split it."],
    ];
    for (const [body, mode, status, message] of cases) {
      const res = await adminAs(owner(), `/products/import${mode ? `?mode=${mode}` : ""}`, { method: "POST", body, headers: { "Content-Type": "text/csv" }, ip: nextIp() });
      expect(res.status, `${String(body).slice(0, 40)}: ${res.text.slice(0, 300)}`).toBe(status);
      if (message) expect(res.json.message).toBe(message);
      else expect(res.json.message).toMatch(/^Line \d+ cannot be read as CSV: /);
    }
    // The page's form sends the file in a multipart field too.
    const form = new FormData();
    form.append("file", new Blob([csv], { type: "text/csv" }), "products.csv");
    const multipart = await adminAs(owner(), "/products/import?mode=dry_run", { method: "POST", body: form, ip: nextIp() });
    expect(multipart.status, multipart.text).toBe(200);
    expect(multipart.json.data.counts).toMatchObject({ rows: 1, create: 1 });
    expect(await auditCount()).toBe(before);
    const { db } = await testDb();
    expect(await db.selectFrom("products").select("id").where("sku", "=", `${importPrefix}R1`).execute()).toEqual([]);
  });
});
