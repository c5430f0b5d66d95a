import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { dropTestProducts, makeProduct } from "./cart-client";
import { api, clientAddresses, closeTestDb, newUser, runTag, testDb, type Json } from "./client";
import { placedOrder } from "./orders-client";
import { adminAs, auditRows, ownerToken } from "./staff-client";

/**
 * The back office's products (docs/api-v2.md "Admin"), on the database the run was started with
 * (SQLite and PostgreSQL): create, full edit, duplicate, archive and delete, the slug's permanent
 * redirect, rich text cleaned on save, photos checked by content and re-encoded, and an audit row
 * in the transaction of every change (a refused change leaves none). Roles: admin-matrix.api.test.ts.
 */

const nextIp = clientAddresses(62);
const created: number[] = [];

afterAll(async () => {
  const { db } = await testDb();
  if (created.length) await db.deleteFrom("products").where("id", "in", created).execute();
  await dropTestProducts();
  await closeTestDb();
});

const admin = (path: string, init: Parameters<typeof adminAs>[2] = {}) => adminAs(ownerToken(), path, init);
const send = (method: string, path: string, json?: unknown) => admin(path, { method, ...(json === undefined ? {} : { body: JSON.stringify(json) }) });
/** A storefront page, redirects not followed. */
const page = (path: string) => fetch(`${inject("baseUrl")}${path}`, { redirect: "manual" });

let curtains: number;
let n = 0;
const unique = (label: string) => `${label}-${runTag}-${++n}`.toLowerCase();

beforeAll(async () => {
  const { db } = await testDb();
  curtains = (await db.selectFrom("categories").select("id").where("slug", "=", "curtains").executeTakeFirstOrThrow()).id;
});

async function create(fields: Record<string, unknown> = {}): Promise<Json> {
  const slug = unique("admin-product");
  const res = await send("POST", "/products", { name: `Admin Test Curtain ${slug}`, sku: slug.toUpperCase(), category_id: curtains, main_price: 1499, slug, hsn_code: "6303", ...fields });
  expect(res.status, res.text).toBe(201);
  created.push(Number(res.json.product.id));
  return res.json.product;
}

const count = async (table: "products" | "audit_log" | "product_photos" | "product_slug_redirects") => {
  const { db } = await testDb();
  return Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
};

describe("POST /admin/products", () => {
  it("makes a draft with the slug from its name, no stock, and the GST rate its HSN code implies", async () => {
    const name = `Jaipur Block Print Curtain ${runTag}`;
    const res = await send("POST", "/products", { name, sku: `JBP-${runTag}`, category_id: curtains, main_price: 1499, stocked_price: 1999, hsn_code: "6303" });
    expect(res.status, res.text).toBe(201);
    created.push(Number(res.json.product.id));
    expect(res.json.message).toBe("The product is created.");
    expect(res.json.product).toMatchObject({
      slug: `jaipur-block-print-curtain-${runTag}`.toLowerCase(),
      name,
      main_price: 1499,
      stocked_price: 1999,
      discount: 25,
      stock_quantity: 0,
      availability: "out_of_stock",
      published: false,
      archived: false,
      hsn_code: "6303",
      gst_rate: 5,
      gst_rate_source: "hsn",
      category: { id: curtains, slug: "curtains" },
      ever_ordered: false,
    });
    // A draft: the shop does not show it.
    expect((await page(`/products/${res.json.product.slug}`)).status).toBe(404);
    const [row] = await auditRows({ entityType: "product", entityId: res.json.product.id, action: "product.create" });
    expect(row?.after).toMatchObject({ name, sku: `JBP-${runTag}`, price: 149900, list_price: 199900 });
    expect(row?.actor_kind).toBe("token");
  });

  it("publishes with every field the product page shows, its first stock through the ledger", async () => {
    const product = await create({
      published: true,
      initial_stock: 7,
      main_price: 4999,
      short_description: "Hand block printed in Bagru.",
      description: "<p>Printed by hand.</p>",
      key_features: "<ul><li>Cotton</li></ul>",
      care_instructions: "<p>Dry clean.</p>",
      warranty_summary: "<p>A year.</p>",
      return_policy: "<p>Seven days.</p>",
      about_heading: "About the print",
      about_description: "<p>Dabu mud resist.</p>",
      additional_heading: "The workshop",
      additional_description: "<p>Three generations.</p>",
      meta_title: "Block Print Curtain | Kesar Home",
      meta_description: "A hand block printed cotton curtain.",
      attributes: { Material: ["Cotton"] },
    });
    expect(product).toMatchObject({ published: true, stock_quantity: 7, availability: "in_stock", gst_rate: 18, attributes: { Material: ["Cotton"] } });
    const { db } = await testDb();
    const ledger = await db.selectFrom("stock_movements").select(["delta", "reason", "actor"]).where("product_id", "=", product.id).execute();
    expect(ledger).toEqual([{ delta: 7, reason: "initial", actor: "staff" }]);
    const html = await (await page(`/products/${product.slug}`)).text();
    for (const text of ["Hand block printed in Bagru.", "Printed by hand.", "Dry clean.", "About the print", "Dabu mud resist.", "The workshop", "Three generations."]) expect(html).toContain(text);
    const detail = await api(`/products/${product.slug}/0`);
    expect(detail.json.data[0]).toMatchObject({ meta_title: "Block Print Curtain | Kesar Home", key_features: "<ul><li>Cotton</li></ul>", additonal_heading: "The workshop" });
  });

  it("answers bad fields with a message per field and makes nothing", async () => {
    const before = [await count("products"), await count("audit_log")];
    const res = await send("POST", "/products", { name: "ab", sku: "has space", category_id: 0, main_price: -1, hsn_code: "63", slug: "Not A Slug", lead_time_days: 3, colour: "red" });
    expect(res.status).toBe(422);
    expect(Object.keys(res.json.errors)).toEqual(expect.arrayContaining(["name", "sku", "category_id", "main_price", "hsn_code", "slug"]));
    const missing = await send("POST", "/products", {});
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.json.errors)).toEqual(expect.arrayContaining(["name", "sku", "category_id", "main_price"]));
    const noCategory = await send("POST", "/products", { name: "A Real Name", sku: `NC-${runTag}`, category_id: 999_999, main_price: 10 });
    expect(noCategory.status).toBe(422);
    expect(noCategory.json.errors).toEqual({ category_id: ["There is no such category."] });
    const badAttribute = await send("POST", "/products", { name: "A Real Name", sku: `BA-${runTag}`, category_id: curtains, main_price: 10, attributes: { Colour: ["Red"] } });
    expect(badAttribute.status).toBe(422);
    expect(badAttribute.json.errors["attributes.Colour"][0]).toMatch(/^Colour is not one of the shop's attributes \(.*Material.*\)\.$/);
    expect((await admin("/products", { method: "POST", body: "{not json" })).status).toBe(400);
    expect([await count("products"), await count("audit_log")]).toEqual(before);
  });

  it("refuses a SKU another product or a variant has (409), and a slug another product has", async () => {
    const { db } = await testDb();
    const seeded = await db.selectFrom("products").select(["sku", "slug"]).orderBy("id").executeTakeFirstOrThrow();
    const variant = await db.selectFrom("product_variants").select("sku").orderBy("id").executeTakeFirstOrThrow();
    const before = [await count("products"), await count("audit_log")];
    for (const sku of [seeded.sku, seeded.sku.toLowerCase(), variant.sku]) {
      const res = await send("POST", "/products", { name: "A Clashing Product", sku, category_id: curtains, main_price: 10 });
      expect(res.status, sku).toBe(409);
      expect(res.json.message).toBe(`SKU ${sku} belongs to another product or variant.`);
      expect(res.json.errors.sku).toHaveLength(1);
    }
    const slug = await send("POST", "/products", { name: "A Clashing Product", sku: `SL-${runTag}`, category_id: curtains, main_price: 10, slug: seeded.slug });
    expect(slug.status).toBe(409);
    expect(slug.json.message).toBe(`Another product has the slug ${seeded.slug}: choose another.`);
    expect([await count("products"), await count("audit_log")]).toEqual(before);
  });
});

describe("PATCH /admin/products/{slug}", () => {
  it("changes every field, cleans rich text on save, and writes what changed to the audit log", async () => {
    const product = await create({ published: true });
    const dirty = `<p>Soft <strong>cotton</strong><script>alert("x")</script><img src="x" onerror="alert(1)"><a href="javascript:alert(2)">click</a><a href="https://example.com/care">care</a></p>`;
    const res = await send("PATCH", `/products/${product.slug}`, {
      name: "Renamed Block Print Curtain",
      description: dirty,
      about_description: `<div onclick="steal()">About<iframe src="https://evil.example"></iframe></div>`,
      hsn_code: "9403",
      made_to_order: true,
      lead_time_days: 21,
      is_featured: true,
      meta_description: "New description",
      attributes: { Material: ["Linen", "Cotton"] },
    });
    expect(res.status, res.text).toBe(200);
    const edited = res.json.data[0];
    expect(edited).toMatchObject({ name: "Renamed Block Print Curtain", hsn_code: "9403", gst_rate: 18, made_to_order: true, lead_time_days: 21, is_featured: true, attributes: { Material: ["Cotton", "Linen"] } });
    for (const stored of [edited.description, edited.about_description]) {
      expect(stored).not.toMatch(/script|onerror|onclick|javascript:|iframe/i);
    }
    expect(edited.description).toBe('<p>Soft <strong>cotton</strong><img src="x" /><a>click</a><a href="https://example.com/care" target="_blank" rel="noopener noreferrer">care</a></p>');
    expect(edited.about_description).toBe("<div>About</div>");
    const { db } = await testDb();
    const row = await db.selectFrom("products").select(["description", "about_description"]).where("id", "=", product.id).executeTakeFirstOrThrow();
    expect(row.description).toBe(edited.description);
    // The stored HTML is what the product page renders.
    const html = await (await page(`/products/${product.slug}`)).text();
    expect(html).toContain('<strong>cotton</strong>');
    expect(html).not.toContain("onerror");
    expect(html).not.toContain("javascript:alert");
    const [audit] = await auditRows({ entityType: "product", entityId: product.id, action: "product.update" });
    expect(audit?.before).toMatchObject({ name: product.name, hsn_code: "6303", made_to_order: 0, attributes: {} });
    expect(audit?.after).toMatchObject({ name: "Renamed Block Print Curtain", hsn_code: "9403", made_to_order: 1, lead_time_days: 21, attributes: { Material: ["Cotton", "Linen"] } });
  });

  it("answers a slug change with a permanent redirect from every old slug to today's, and a new product may take an old slug", async () => {
    const product = await create({ published: true });
    const first = product.slug as string;
    const second = unique("renamed-once");
    const third = unique("renamed-twice");
    expect((await send("PATCH", `/products/${first}`, { slug: second })).status).toBe(200);
    const renamed = await send("PATCH", `/products/${second}`, { slug: third });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.json.data[0]).toMatchObject({ slug: third, old_slugs: [first, second] });
    for (const old of [first, second]) {
      const res = await page(`/products/${old}`);
      // Permanent (308: what a Next.js page can answer; search engines treat it as a 301).
      expect(res.status, old).toBe(308);
      expect(res.headers.get("location"), old).toMatch(new RegExp(`/products/${third}$`));
    }
    // A shared link to a variant keeps its choice through the redirect.
    const withVariant = await page(`/products/${first}?variant=anything`);
    expect(withVariant.headers.get("location")).toMatch(new RegExp(`/products/${third}\\?variant=anything$`));
    expect((await page(`/products/${third}`)).status).toBe(200);
    const [audit] = await auditRows({ entityType: "product", entityId: product.id, action: "product.update" });
    expect(audit).toMatchObject({ before: { slug: second }, after: { slug: third } });

    // Another product takes the first slug: it is that product's page now, not a redirect.
    const taker = await create({ slug: first, published: true, name: "The Product That Took The Slug" });
    expect(taker.slug).toBe(first);
    const res = await page(`/products/${first}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("The Product That Took The Slug");
    const moved = await admin(`/products/${third}`);
    expect(moved.json.data.old_slugs).toEqual([second]);
    // Back to an old slug of its own: that redirect goes, the one it leaves comes.
    const back = await send("PATCH", `/products/${third}`, { slug: second });
    expect(back.json.data[0].old_slugs.sort()).toEqual([third].sort());
    expect((await page(`/products/${third}`)).headers.get("location")).toMatch(new RegExp(`/products/${second}$`));
  });

  it("refuses a slug or SKU another product has, and a lead time without made to order, changing nothing", async () => {
    const a = await create();
    const b = await create();
    const before = [await count("audit_log"), await count("product_slug_redirects")];
    const slug = await send("PATCH", `/products/${b.slug}`, { slug: a.slug, name: "Would Be Renamed" });
    expect(slug.status).toBe(409);
    expect(slug.json.errors).toEqual({ slug: [`Another product has the slug ${a.slug}: choose another.`] });
    const sku = await send("PATCH", `/products/${b.slug}`, { sku: a.sku.toLowerCase() });
    expect(sku.status).toBe(409);
    const lead = await send("PATCH", `/products/${b.slug}`, { lead_time_days: 10 });
    expect(lead.status).toBe(422);
    expect(lead.json.errors).toEqual({ lead_time_days: ["A lead time is for a made-to-order product: set made_to_order too."] });
    expect((await admin(`/products/${b.slug}`)).json.data).toMatchObject({ name: b.name, sku: b.sku, lead_time_days: null });
    expect([await count("audit_log"), await count("product_slug_redirects")]).toEqual(before);
  });

  it("writes the edit and its audit rows in one transaction: a refused stock adjustment leaves neither", async () => {
    const product = await create({ initial_stock: 2 });
    const before = await count("audit_log");
    const res = await send("PATCH", `/products/${product.slug}`, { name: "Never Saved Name", slug: unique("never-saved"), stock_adjustment: { delta: -5, reason: "Damaged in the monsoon" } });
    expect(res.status).toBe(409);
    expect(res.json.message).toBe("Only 2 in stock: an adjustment cannot take out 5.");
    expect(await count("audit_log")).toBe(before);
    expect((await admin(`/products/${product.slug}`)).json.data).toMatchObject({ name: product.name, slug: product.slug, stock_quantity: 2, old_slugs: [] });
  });
});

describe("POST /admin/products/{slug}/duplicate", () => {
  it("makes a draft copy without stock, with a new slug and SKU and the same texts, photos and attributes", async () => {
    const product = await create({ published: true, initial_stock: 9, description: "<p>Original text.</p>", attributes: { Material: ["Cotton"] } });
    await upload(product.slug, [await photo(900, 900)]);
    const res = await send("POST", `/products/${product.slug}/duplicate`, {});
    expect(res.status, res.text).toBe(201);
    const copy = res.json.product;
    created.push(Number(copy.id));
    expect(copy).toMatchObject({ slug: `${product.slug}-copy`, sku: `${product.sku}-COPY`, name: `${product.name} (copy)`, published: false, stock_quantity: 0, description: "<p>Original text.</p>", attributes: { Material: ["Cotton"] } });
    expect(copy.photos).toHaveLength(1);
    const again = await send("POST", `/products/${product.slug}/duplicate`, { name: "The Second Copy" });
    created.push(Number(again.json.product.id));
    expect(again.json.product).toMatchObject({ slug: `${product.slug}-copy-2`, sku: `${product.sku}-COPY2`, name: "The Second Copy" });
    const [audit] = await auditRows({ entityType: "product", entityId: copy.id, action: "product.duplicate" });
    expect(audit?.after).toMatchObject({ from: product.id, slug: copy.slug, sku: copy.sku });
    // The copy shares the photo's file: deleting it from the original leaves the copy's.
    const original = (await admin(`/products/${product.slug}`)).json.data;
    expect((await send("DELETE", `/products/${product.slug}/photos/${original.photos[0].id}`)).status).toBe(200);
    expect((await page(copy.photos[0].path)).status).toBe(200);
  });

  it("copies a product sold by variant with its variants, their SKUs suffixed and no stock", async () => {
    const { db } = await testDb();
    const source = await db.selectFrom("products").select(["slug", "sku", "variant_count"]).where("variant_count", ">", 1).where("published", "=", 1).orderBy("id").executeTakeFirstOrThrow();
    const res = await send("POST", `/products/${source.slug}/duplicate`, { slug: unique("variant-copy") });
    expect(res.status, res.text).toBe(201);
    created.push(Number(res.json.product.id));
    const sourceVariants = (await admin(`/products/${source.slug}`)).json.data.variants as Json[];
    expect(res.json.product.variants.map((v: Json) => [v.sku, v.label, v.stock_quantity])).toEqual(sourceVariants.map((v) => [`${v.sku}-COPY`, v.label, 0]));
  });
});

describe("archive, unarchive and delete", () => {
  it("an archived product leaves the shop (page, search, sitemap) and cannot be published until it is unarchived", async () => {
    const product = await create({ published: true, name: `Archivable Dhurrie Runner ${runTag}` });
    const search = async () => ((await api(`/products/search?name=${encodeURIComponent(`Archivable Dhurrie Runner ${runTag}`)}`)).json.data as Json[]).map((p) => p.slug);
    expect(await search()).toContain(product.slug);
    const res = await send("POST", `/products/${product.slug}/archive`);
    expect(res.status, res.text).toBe(200);
    expect(res.json.product).toMatchObject({ archived: true, published: false });
    expect((await page(`/products/${product.slug}`)).status).toBe(404);
    expect(await search()).not.toContain(product.slug);
    const sitemap = await (await page("/sitemaps/sitemap/0.xml")).text();
    expect(sitemap).not.toContain(`/products/${product.slug}<`);
    expect((await send("POST", `/products/${product.slug}/archive`)).status).toBe(409);
    const publish = await send("PATCH", `/products/${product.slug}`, { published: true });
    expect(publish.status).toBe(409);
    expect(publish.json.message).toBe("This product is archived: unarchive it before publishing it.");
    const back = await send("POST", `/products/${product.slug}/unarchive`);
    expect(back.json.product).toMatchObject({ archived: false, published: false });
    expect((await send("PATCH", `/products/${product.slug}`, { published: true })).status).toBe(200);
    expect((await page(`/products/${product.slug}`)).status).toBe(200);
    const actions = (await auditRows({ entityType: "product", entityId: product.id })).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(["product.archive", "product.unarchive"]));
  });

  it("deletes a product never ordered; one that was is archived instead and its orders still show it", async () => {
    const fresh = await create({ published: true, name: `Deletable Jute Mat ${runTag}` });
    // Search's cards follow the back office at once: a new price, then the product gone.
    const cards = async () => (await api(`/products/search?name=${encodeURIComponent(`Deletable Jute Mat ${runTag}`)}`)).json.data as Json[];
    expect((await cards()).find((c) => c.slug === fresh.slug)?.main_price).toBe(1499);
    expect((await send("PATCH", `/products/${fresh.slug}`, { main_price: 1299 })).status).toBe(200);
    expect((await cards()).find((c) => c.slug === fresh.slug)?.main_price).toBe(1299);
    const gone = await send("DELETE", `/products/${fresh.slug}`);
    expect(gone.status, gone.text).toBe(200);
    expect((await cards()).map((c) => c.slug)).not.toContain(fresh.slug);
    expect((await admin(`/products/${fresh.slug}`)).status).toBe(404);
    const [audit] = await auditRows({ entityType: "product", entityId: fresh.id, action: "product.delete" });
    expect(audit?.before).toMatchObject({ slug: fresh.slug, sku: fresh.sku });

    const sold = await makeProduct({ stock: 10 });
    const shopper = await newUser(nextIp());
    const order = await placedOrder(shopper, { lines: [{ product: sold }] });
    const before = [await count("products"), await count("audit_log")];
    const refused = await send("DELETE", `/products/${sold.slug}`);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(`This product has been ordered, so it cannot be deleted: archive it instead (POST /api/v2/admin/products/${sold.slug}/archive). Its orders keep showing it.`);
    expect([await count("products"), await count("audit_log")]).toEqual(before);
    expect((await admin(`/products/${sold.slug}`)).json.data.ever_ordered).toBe(true);
    expect((await send("POST", `/products/${sold.slug}/archive`)).status).toBe(200);
    const mine = await api(`/purchase-history-items/${order.id}`, { token: shopper.token, ip: shopper.ip });
    expect(mine.status, mine.text).toBe(200);
    expect(mine.json.data[0].product_name).toBe(sold.name);
  });
});

/* ----------------------------------------------------------------------------------------------
 * Photos
 * -------------------------------------------------------------------------------------------- */

async function photo(width: number, height: number, format: "jpeg" | "png" | "webp" = "jpeg"): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 180, g: 90, b: 40 } } });
  return format === "png" ? image.png().toBuffer() : format === "webp" ? image.webp().toBuffer() : image.jpeg().toBuffer();
}

function form(files: { bytes: Buffer; name?: string; type?: string }[], alts: (string | null)[] = files.map((_, i) => `A hand block printed curtain, view ${i + 1}`)): FormData {
  const body = new FormData();
  files.forEach((f, i) => {
    body.append("photos", new Blob([new Uint8Array(f.bytes)], { type: f.type ?? "image/jpeg" }), f.name ?? `photo-${i}.jpg`);
    const alt = alts[i];
    if (alt !== null && alt !== undefined) body.append("alt", alt);
  });
  return body;
}

async function upload(slug: string, files: Buffer[]): Promise<Json> {
  const res = await admin(`/products/${slug}/photos`, { method: "POST", body: form(files.map((bytes) => ({ bytes }))) });
  expect(res.status, res.text).toBe(201);
  return res.json;
}

describe("product photos", () => {
  it("takes several at once, re-encoded to WebP within 1600 px, stored and served, the first the main photo", async () => {
    const product = await create({ published: true });
    const res = await upload(product.slug, [await photo(2400, 1800), await photo(800, 800, "png"), await photo(1000, 1400, "webp")]);
    expect(res.message).toBe("3 photos are added.");
    const photos = res.photos as Json[];
    expect(photos.map((p) => [p.width, p.height, p.position, p.main, p.uploaded])).toEqual([
      [1600, 1200, 0, true, true],
      [800, 800, 1, false, true],
      [1000, 1400, 2, false, true],
    ]);
    for (const p of photos) {
      expect(p.path).toMatch(/^\/media\/uploads\/[a-z0-9-]+\.webp$/);
      const file = await page(p.path);
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toBe("image/webp");
      expect((await sharp(Buffer.from(await file.arrayBuffer())).metadata()).format).toBe("webp");
    }
    // next/image serves the sizes the pages ask for from it.
    const optimized = await page(`/_next/image?url=${encodeURIComponent(photos[0].path)}&w=384&q=75`);
    expect(optimized.status).toBe(200);
    expect((await admin(`/products/${product.slug}`)).json.data.thumbnail_image).toBe(photos[0].path);
    const html = await (await page(`/products/${product.slug}`)).text();
    expect(html).toContain(encodeURIComponent(photos[1].path));
    // Its share image (og:image) is drawn from the stored photo.
    const og = new URL(/<meta property="og:image" content="([^"]+)"/.exec(html)?.[1] ?? "http://none/");
    expect(og.pathname).toMatch(/^\/og\/uploads\/.+\.jpg$/);
    const share = await page(`${og.pathname}${og.search}`);
    expect(share.status).toBe(200);
    expect(share.headers.get("content-type")).toBe("image/jpeg");
    const [audit] = await auditRows({ entityType: "product", entityId: product.id, action: "product.photo.add" });
    expect(audit?.after.photos).toHaveLength(3);
  });

  it("refuses what is not a photo (a renamed text file, an SVG with script, a broken file), one without alt text, and one too large, storing none", async () => {
    const product = await create();
    const good = await photo(900, 900);
    const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="900" height="900"><script>alert(1)</script><rect width="900" height="900"/></svg>`);
    const before = [await count("product_photos"), await count("audit_log")];
    const cases: [string, FormData, number, string][] = [
      ["text", form([{ bytes: good }, { bytes: Buffer.from("just some text, not a photo"), name: "curtain.jpg" }]), 422, "photos.1"],
      ["svg", form([{ bytes: svg, name: "pattern.svg", type: "image/svg+xml" }]), 422, "photos.0"],
      ["broken", form([{ bytes: good.subarray(0, 200), name: "cut.jpg" }]), 422, "photos.0"],
      ["small", form([{ bytes: await photo(300, 300) }]), 422, "photos.0"],
      ["no alt", form([{ bytes: good }, { bytes: good }], ["A fine alt text", null]), 422, "alt.1"],
      ["short alt", form([{ bytes: good }], ["ab"]), 422, "alt.0"],
      ["too large", form([{ bytes: Buffer.alloc(10 * 1024 * 1024 + 1, 1), name: "huge.jpg" }]), 413, "photos.0"],
    ];
    for (const [label, body, status, field] of cases) {
      const res = await admin(`/products/${product.slug}/photos`, { method: "POST", body });
      expect(res.status, `${label}: ${res.text}`).toBe(status);
      expect(Object.keys(res.json.errors ?? {}), label).toContain(field);
    }
    const none = await admin(`/products/${product.slug}/photos`, { method: "POST", body: new FormData() });
    expect(none.status).toBe(422);
    const json = await send("POST", `/products/${product.slug}/photos`, { photos: [] });
    expect(json.status).toBe(415);
    expect([await count("product_photos"), await count("audit_log")]).toEqual(before);
  });

  it("reorders, edits alt text, chooses the main photo, and deletes a photo with its file", async () => {
    const product = await create({ published: true });
    const photos = (await upload(product.slug, [await photo(900, 900), await photo(900, 900), await photo(900, 900)])).photos as Json[];
    const ids = photos.map((p) => p.id);

    const wrong = await send("PUT", `/products/${product.slug}/photos/order`, { photo_ids: [ids[0], ids[1]] });
    expect(wrong.status).toBe(422);
    const reordered = await send("PUT", `/products/${product.slug}/photos/order`, { photo_ids: [ids[2], ids[0], ids[1]] });
    expect(reordered.status, reordered.text).toBe(200);
    expect(reordered.json.photos.map((p: Json) => p.id)).toEqual([ids[2], ids[0], ids[1]]);
    expect((await admin(`/products/${product.slug}`)).json.data.thumbnail_image).toBe(photos[2].path);

    const main = await send("PATCH", `/products/${product.slug}/photos/${ids[1]}`, { main: true, alt: "The curtain drawn across a window" });
    expect(main.status, main.text).toBe(200);
    expect(main.json.photos.map((p: Json) => [p.id, p.main])).toEqual([
      [ids[1], true],
      [ids[2], false],
      [ids[0], false],
    ]);
    expect(main.json.photos[0].alt).toBe("The curtain drawn across a window");
    expect((await send("PATCH", `/products/${product.slug}/photos/${ids[1]}`, { alt: "" })).status).toBe(422);
    expect((await send("PATCH", `/products/${product.slug}/photos/999999999`, { alt: "Some alt text" })).status).toBe(404);

    const { db } = await testDb();
    const gone = await send("DELETE", `/products/${product.slug}/photos/${ids[1]}`);
    expect(gone.status, gone.text).toBe(200);
    expect(gone.json.photos.map((p: Json) => p.id)).toEqual([ids[2], ids[0]]);
    expect((await page(photos[1].path)).status).toBe(404);
    expect((await db.selectFrom("products").select("thumbnail_image").where("id", "=", Number(product.id)).executeTakeFirstOrThrow()).thumbnail_image).toBe(photos[2].path);
    const actions = (await auditRows({ entityType: "product_photo", entityId: ids[1] })).map((r) => r.action);
    expect(actions).toEqual(["product.photo.delete", "product.photo.update"]);
    expect((await send("DELETE", `/products/${product.slug}/photos/${ids[1]}`)).status).toBe(404);
  });

  it("lets a variant point at an uploaded photo, and takes it off the variant when the photo goes", async () => {
    const product = await create({ published: true });
    const [first] = (await upload(product.slug, [await photo(900, 900)])).photos as Json[];
    const { db } = await testDb();
    const id = Number(product.id);
    // The variant set is written through the catalog's variant service in the store; here a row stands for it.
    const at = new Date().toISOString();
    const sku = `${product.sku}-V1`;
    await db.insertInto("product_variants").values({ product_id: id, sku, label: "5 ft", slug: "5-ft", list_price: 149900, price: 149900, stock_quantity: 0, made_to_order: 0, availability: "out_of_stock", photo: first.path, position: 0, created_at: at, updated_at: at }).execute();
    await db.updateTable("products").set({ variant_count: 1 }).where("id", "=", id).execute();
    expect((await admin(`/products/${product.slug}`)).json.data.variants[0].photo).toBe(first.path);
    expect((await send("DELETE", `/products/${product.slug}/photos/${first.id}`)).status).toBe(200);
    expect((await db.selectFrom("product_variants").select("photo").where("sku", "=", sku).executeTakeFirstOrThrow()).photo).toBeNull();
  });
});
