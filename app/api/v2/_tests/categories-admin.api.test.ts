import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { api, clientAddresses, closeTestDb, runTag, testDb, type Json } from "./client";
import { adminAs, auditRows, invitedStaff, ownerToken, tokenFor } from "./staff-client";

/**
 * The back office's categories and attributes (docs/api-v2.md "Admin", docs/back-office.md
 * "Categories and attributes"), on the database the run was started with (SQLite and
 * PostgreSQL): the tree's changes and each refusal (a cycle, a third level, a category that is not
 * empty), the old slug's permanent redirect, covers checked by content, attributes and values with
 * their refusals, an audit row in the transaction of every change (a refused one leaves none), and
 * the storefront's pages and filters showing each change on the next request. Roles:
 * admin-matrix.api.test.ts.
 */

const nextIp = clientAddresses(67);

const admin = (path: string, init: Parameters<typeof adminAs>[2] = {}) => adminAs(ownerToken(), path, init);
const send = (method: string, path: string, json?: unknown) => admin(path, { method, ...(json === undefined ? {} : { body: JSON.stringify(json) }) });
/** A storefront page, redirects not followed. */
const page = (path: string) => fetch(`${inject("baseUrl")}${path}`, { redirect: "manual" });

const categories: number[] = [];
const attributes: number[] = [];
const products: number[] = [];
let n = 0;
const tag = runTag.toLowerCase();
const unique = (label: string) => `${label} ${tag} ${++n}`;
let curtains: number;

beforeAll(async () => {
  const { db } = await testDb();
  curtains = (await db.selectFrom("categories").select("id").where("slug", "=", "curtains").executeTakeFirstOrThrow()).id;
});

afterAll(async () => {
  const { db } = await testDb();
  if (products.length) await db.deleteFrom("products").where("id", "in", products).execute();
  // Subcategories first (the children's rows reference their parents).
  for (const id of [...categories].reverse()) await db.deleteFrom("categories").where("id", "=", id).execute();
  if (attributes.length) await db.deleteFrom("attributes").where("id", "in", attributes).execute();
  await closeTestDb();
});

async function category(fields: Record<string, unknown> = {}): Promise<Json> {
  const res = await send("POST", "/categories", { name: unique("Test Category"), ...fields });
  expect(res.status, res.text).toBe(201);
  categories.push(Number(res.json.category.id));
  return res.json.category;
}

async function productIn(categoryId: number, attributesOf?: Record<string, string[]>): Promise<Json> {
  const sku = `CAT-${tag}-${++n}`.toUpperCase();
  const res = await send("POST", "/products", { name: `Category Test Rug ${sku}`, sku, category_id: categoryId, main_price: 999, published: true, initial_stock: 3, ...(attributesOf ? { attributes: attributesOf } : {}) });
  expect(res.status, res.text).toBe(201);
  products.push(Number(res.json.product.id));
  return res.json.product;
}

const auditCount = async () => {
  const { db } = await testDb();
  return Number((await db.selectFrom("audit_log").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
};

const row = async (id: number) => {
  const { db } = await testDb();
  return db.selectFrom("categories").selectAll().where("id", "=", id).executeTakeFirst();
};

async function image(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 120, g: 60, b: 30 } } })
    .jpeg()
    .toBuffer();
}

function coverForm(bytes: Buffer, type = "image/jpeg"): FormData {
  const form = new FormData();
  form.append("cover", new Blob([new Uint8Array(bytes)], { type }), "cover.jpg");
  return form;
}

describe("categories: making and listing", () => {
  it("makes a top-level category and a subcategory, slug from the name, last among siblings, each with its audit row; the storefront shows them at once", async () => {
    // The storefront's tree is read (and cached) first: the new rows must show anyway.
    expect((await api("/categories")).status).toBe(200);
    const parent = await category({ description: "Hand-knotted and flat-woven.", meta_title: "Rugs and Dhurries" });
    expect(parent).toMatchObject({ parent_id: null, depth: 1, slug: `test-category-${tag}-${n}`, product_count: 0, subcategory_count: 0, cover_image: null, meta_title: "Rugs and Dhurries" });
    const name = unique("Jute Dhurries");
    const child = await category({ name, parent_id: parent.id });
    expect(child).toMatchObject({ parent_id: parent.id, depth: 2, sort_order: 0, name });
    const second = await category({ parent_id: parent.id });
    expect(second.sort_order).toBe(1);

    const [created] = await auditRows({ entityType: "category", entityId: child.id, action: "category.create" });
    expect(created?.after).toMatchObject({ name, parent_id: parent.id, slug: child.slug });
    expect(created?.actor_kind).toBe("token");

    const tree = (await send("GET", "/categories")).json.data as Json[];
    const at = tree.findIndex((c) => c.id === parent.id);
    expect(tree.slice(at, at + 3).map((c) => c.id)).toEqual([parent.id, child.id, second.id]);
    expect(tree[at].subcategory_count).toBe(2);

    const menu = (await api("/categories")).json.data as Json[];
    expect(menu.find((c) => c.id === parent.id)?.subcategories.map((s: Json) => s.name)).toEqual([name, second.name]);
    const html = await (await page(`/category/${parent.slug}`)).text();
    expect(html).toContain(name);
    expect(html).toContain("Hand-knotted and flat-woven.");
  });

  it("answers bad fields with a message per field and makes nothing", async () => {
    const before = await auditCount();
    const res = await send("POST", "/categories", { name: "x", slug: "Not A Slug", parent_id: "three", sort_order: -1, colour: "red" });
    expect(res.status).toBe(422);
    expect(Object.keys(res.json.errors)).toEqual(expect.arrayContaining(["name", "slug", "parent_id", "sort_order"]));
    expect((await send("POST", "/categories", {})).json.errors.name).toBeTruthy();
    expect((await send("PATCH", `/categories/${curtains}`, {})).status).toBe(422);
    expect((await send("GET", "/categories/0")).status).toBe(422);
    expect((await send("GET", "/categories/99999999")).status).toBe(404);
    expect((await send("PATCH", "/categories/99999999", { name: "Nothing Here" })).status).toBe(404);
    expect(await auditCount()).toBe(before);
  });

  it("refuses a slug another category has (409, under slug)", async () => {
    const res = await send("POST", "/categories", { name: unique("Clash"), slug: "curtains" });
    expect(res.status).toBe(409);
    expect(res.json.errors.slug[0]).toBe("Another category has the slug curtains: choose another.");
  });
});

describe("categories: the tree's rules", () => {
  it("refuses a cycle, a third level and a category with subcategories under another, and changes nothing", async () => {
    const top = await category();
    const sub = await category({ parent_id: top.id });
    const other = await category();
    const before = await auditCount();

    const itself = await send("PATCH", `/categories/${top.id}`, { parent_id: top.id });
    expect(itself.status).toBe(409);
    expect(itself.json.errors.parent_id).toEqual(["A category cannot go under itself."]);

    const cycle = await send("PATCH", `/categories/${top.id}`, { parent_id: sub.id });
    expect(cycle.status).toBe(409);
    expect(cycle.json.message).toContain("cannot go under one of its own subcategories");

    const third = await send("PATCH", `/categories/${other.id}`, { parent_id: sub.id });
    expect(third.status).toBe(409);
    expect(third.json.message).toContain("is itself a subcategory");
    const thirdNew = await send("POST", "/categories", { name: unique("Third Level"), parent_id: sub.id });
    expect(thirdNew.status).toBe(409);

    const withChildren = await send("PATCH", `/categories/${top.id}`, { parent_id: other.id });
    expect(withChildren.status).toBe(409);
    expect(withChildren.json.message).toContain("has 1 subcategory");

    const nowhere = await send("PATCH", `/categories/${sub.id}`, { parent_id: 99_999_999 });
    expect(nowhere.status).toBe(422);

    expect((await row(top.id))?.parent_id).toBeNull();
    expect((await row(sub.id))?.parent_id).toBe(top.id);
    expect((await row(other.id))?.parent_id).toBeNull();
    expect(await auditCount()).toBe(before);
  });

  it("moves a subcategory under another top-level category: the old parent's page no longer lists it, the new one's does, its products follow", async () => {
    const from = await category();
    const to = await category();
    const sub = await category({ parent_id: from.id, name: unique("Moving Quilts") });
    const product = await productIn(sub.id);
    // Both parents' lists are read (cached) before the move.
    expect((await api(`/products/search?category=${from.slug}`)).json.data.map((p: Json) => p.id)).toContain(product.id);
    expect((await api(`/products/search?category=${to.slug}`)).json.data.map((p: Json) => p.id)).not.toContain(product.id);

    const res = await send("PATCH", `/categories/${sub.id}`, { parent_id: to.id });
    expect(res.status, res.text).toBe(200);
    expect(res.json.category).toMatchObject({ parent_id: to.id, depth: 2, sort_order: 0 });
    const [moved] = await auditRows({ entityType: "category", entityId: sub.id, action: "category.move" });
    expect(moved?.before).toMatchObject({ parent_id: from.id });
    expect(moved?.after).toMatchObject({ parent_id: to.id });

    expect(await (await page(`/category/${from.slug}`)).text()).not.toContain(sub.name);
    expect(await (await page(`/category/${to.slug}`)).text()).toContain(sub.name);
    expect((await api(`/products/search?category=${from.slug}`)).json.data.map((p: Json) => p.id)).not.toContain(product.id);
    expect((await api(`/products/search?category=${to.slug}`)).json.data.map((p: Json) => p.id)).toContain(product.id);

    const top = await send("PATCH", `/categories/${sub.id}`, { parent_id: null });
    expect(top.json.category).toMatchObject({ parent_id: null, depth: 1 });
  });

  it("reorders among siblings, up and down, and refuses past either end", async () => {
    const parent = await category();
    const a = await category({ parent_id: parent.id });
    const b = await category({ parent_id: parent.id });
    const c = await category({ parent_id: parent.id });
    const order = (tree: Json[]) => tree.filter((x) => x.parent_id === parent.id).map((x) => x.id);

    const up = await send("POST", `/categories/${c.id}/reorder`, { direction: "up" });
    expect(up.status, up.text).toBe(200);
    expect(order(up.json.categories)).toEqual([a.id, c.id, b.id]);
    const [audit] = await auditRows({ entityType: "category", entityId: c.id, action: "category.reorder" });
    expect(audit?.after).toMatchObject({ order: [a.id, c.id, b.id] });
    expect((await api("/categories")).json.data.find((x: Json) => x.id === parent.id).subcategories.map((s: Json) => s.id)).toEqual([a.id, c.id, b.id]);

    const before = await auditCount();
    const first = await send("POST", `/categories/${a.id}/reorder`, { direction: "up" });
    expect(first.status).toBe(409);
    expect(first.json.message).toBe("It is first among its siblings already.");
    expect((await send("POST", `/categories/${b.id}/reorder`, { direction: "down" })).status).toBe(409);
    expect((await send("POST", `/categories/${b.id}/reorder`, { direction: "sideways" })).status).toBe(422);
    expect(await auditCount()).toBe(before);
  });
});

describe("categories: renaming and deleting", () => {
  it("renames a category and its slug: the storefront shows the new name at once, the old address answers a permanent redirect", async () => {
    const before = await category({ name: unique("Old Name") });
    // The page is read (and cached) under its old name first.
    expect(await (await page(`/category/${before.slug}`)).text()).toContain(before.name);
    const name = unique("Renamed Bolsters");
    const slug = `renamed-bolsters-${tag}-${n}`;
    const res = await send("PATCH", `/categories/${before.id}`, { name, slug, meta_description: "Round and long." });
    expect(res.status, res.text).toBe(200);
    expect(res.json.category).toMatchObject({ name, slug, old_slugs: [before.slug], meta_description: "Round and long." });

    const html = await (await page(`/category/${slug}`)).text();
    expect(html).toContain(name);
    expect(html).toContain("Round and long.");
    const old = await page(`/category/${before.slug}?price=under_10000`);
    expect(old.status).toBe(308);
    expect(old.headers.get("location")).toMatch(new RegExp(`/category/${slug}\\?price=under_10000$`));
    expect((await api("/categories")).json.data.find((c: Json) => c.id === before.id)?.name).toBe(name);

    const [audit] = await auditRows({ entityType: "category", entityId: before.id, action: "category.update" });
    expect(audit?.before).toMatchObject({ name: before.name, slug: before.slug });
    expect(audit?.after).toMatchObject({ name, slug });
    // Saving what is there writes nothing.
    const count = await auditCount();
    expect((await send("PATCH", `/categories/${before.id}`, { name })).status).toBe(200);
    expect(await auditCount()).toBe(count);
  });

  it("deletes only an empty category, saying how many products and subcategories it has", async () => {
    const full = await category();
    const sub = await category({ parent_id: full.id });
    const product = await productIn(full.id);
    const before = await auditCount();
    const refused = await send("DELETE", `/categories/${full.id}`);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(`${full.name} still has 1 product and 1 subcategory: move them to another category before deleting it.`);
    expect(await row(full.id)).toBeTruthy();
    expect(await auditCount()).toBe(before);

    expect((await send("DELETE", `/categories/${sub.id}`)).status).toBe(200);
    expect((await send("PATCH", `/products/${product.slug}`, { category_id: curtains })).status).toBe(200);
    const res = await send("DELETE", `/categories/${full.id}`);
    expect(res.status, res.text).toBe(200);
    expect(res.json.message).toBe("The category is deleted.");
    expect(await row(full.id)).toBeUndefined();
    const [audit] = await auditRows({ entityType: "category", entityId: full.id, action: "category.delete" });
    expect(audit?.before).toMatchObject({ name: full.name, slug: full.slug });
    expect((await page(`/category/${full.slug}`)).status).toBe(404);
    expect((await api("/categories")).json.data.some((c: Json) => c.id === full.id)).toBe(false);
  });
});

describe("categories: covers", () => {
  it("takes an image checked by content and re-encoded, shows it on the category page, and removes it with its file", async () => {
    const c = await category();
    const before = await auditCount();
    const text = await admin(`/categories/${c.id}/cover`, { method: "PUT", body: coverForm(Buffer.from("<svg onload=alert(1)>"), "image/svg+xml") });
    expect(text.status).toBe(422);
    expect(text.json.errors.cover[0]).toBe("This is not a photo the store can use: send a JPEG, PNG, WebP or AVIF image.");
    const small = await admin(`/categories/${c.id}/cover`, { method: "PUT", body: coverForm(await image(200, 100)) });
    expect(small.status).toBe(422);
    expect((await send("PUT", `/categories/${c.id}/cover`, { cover: "x" })).status).toBe(415);
    expect((await row(c.id))?.cover_image).toBeNull();
    expect(await auditCount()).toBe(before);

    const res = await admin(`/categories/${c.id}/cover`, { method: "PUT", body: coverForm(await image(3000, 1200)) });
    expect(res.status, res.text).toBe(200);
    const path = res.json.category.cover_image as string;
    expect(path).toMatch(/^\/media\/uploads\/[A-Za-z0-9_-]+\.webp$/);
    const file = await fetch(`${inject("baseUrl")}${path}`);
    expect(file.headers.get("content-type")).toBe("image/webp");
    const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([2000, 800]);
    const [audit] = await auditRows({ entityType: "category", entityId: c.id, action: "category.cover" });
    expect(audit?.after).toMatchObject({ cover_image: path });
    expect(await (await page(`/category/${c.slug}`)).text()).toContain(encodeURIComponent(path));

    const removed = await send("DELETE", `/categories/${c.id}/cover`);
    expect(removed.status, removed.text).toBe(200);
    expect(removed.json.category.cover_image).toBeNull();
    expect((await fetch(`${inject("baseUrl")}${path}`)).status).toBe(404);
    expect((await send("DELETE", `/categories/${c.id}/cover`)).status).toBe(409);
  });
});

describe("attributes and their values", () => {
  it("makes an attribute and its values, refusing a name or value it has in another case", async () => {
    const name = `Weave ${tag}`;
    const res = await send("POST", "/attributes", { name });
    expect(res.status, res.text).toBe(201);
    attributes.push(Number(res.json.attribute.id));
    expect(res.json.attribute).toMatchObject({ name, filter: false, product_count: 0, values: [] });
    const [audit] = await auditRows({ entityType: "attribute", entityId: res.json.attribute.id, action: "attribute.create" });
    expect(audit?.after).toMatchObject({ name });

    const before = await auditCount();
    expect((await send("POST", "/attributes", { name: name.toUpperCase() })).status).toBe(409);
    expect((await send("POST", "/attributes", { name: "x" })).json.errors.name).toBeTruthy();
    const id = res.json.attribute.id;
    const added = await send("POST", `/attributes/${id}/values`, { value: "  Twill   weave " });
    expect(added.status, added.text).toBe(201);
    expect(added.json.attribute.values.map((v: Json) => v.value)).toEqual(["Twill weave"]);
    expect(await auditCount()).toBe(before + 1);
    const twice = await send("POST", `/attributes/${id}/values`, { value: "twill WEAVE" });
    expect(twice.status).toBe(409);
    expect(twice.json.errors.value[0]).toBe(`${name} has the value twill WEAVE already.`);
    expect((await send("POST", `/attributes/${id}/values`, { value: "" })).status).toBe(422);
    expect((await send("POST", "/attributes/99999999/values", { value: "Anything" })).status).toBe(404);

    const renamed = await send("PATCH", `/attributes/${id}`, { name: `Weaves ${tag}` });
    expect(renamed.status).toBe(200);
    expect(renamed.json.attribute.name).toBe(`Weaves ${tag}`);
  });

  it("a new Material value given to a product is offered by the filters at once, and a rename shows there at once", async () => {
    const attrs = (await send("GET", "/attributes")).json.data as Json[];
    const material = attrs.find((a) => a.name === "Material");
    expect(material.filter).toBe(true);
    const value = `Banana Fibre ${tag}`;
    const added = await send("POST", `/attributes/${material.id}/values`, { value });
    expect(added.status, added.text).toBe(201);
    const valueId = added.json.attribute.values.find((v: Json) => v.value === value).id;
    const c = await category();
    // The filters are read (and cached) before the product gets the value.
    const filters = async () => ((await api("/filter/attributes")).json.data as Json[]).find((g) => g.key === "Material").options.map((o: Json) => o.label);
    expect(await filters()).not.toContain(value);
    const product = await productIn(c.id, { Material: [value] });
    expect(await filters()).toContain(value);
    expect(await (await page(`/category/${c.slug}`)).text()).toContain(value);

    const renamed = `Banana Silk ${tag}`;
    const res = await send("PATCH", `/attributes/${material.id}/values/${valueId}`, { value: renamed });
    expect(res.status, res.text).toBe(200);
    expect(await filters()).toContain(renamed);
    expect(await filters()).not.toContain(value);
    const filtered = await api(`/products/search?category=${c.slug}&selected_attribute_values[]=${encodeURIComponent(`Material:${renamed}`)}`);
    expect(filtered.json.data.map((p: Json) => p.id)).toEqual([product.id]);
    const [audit] = await auditRows({ entityType: "attribute_value", entityId: valueId, action: "attribute_value.update" });
    expect(audit?.before).toMatchObject({ attribute: "Material", value });
    expect(audit?.after).toMatchObject({ attribute: "Material", value: renamed });

    // In use: refused, saying how many products have it.
    const before = await auditCount();
    const refused = await send("DELETE", `/attributes/${material.id}/values/${valueId}`);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toContain("is used by 1 product");
    expect(await auditCount()).toBe(before);
    expect((await send("PATCH", `/products/${product.slug}`, { attributes: { Material: [] } })).status).toBe(200);
    const deleted = await send("DELETE", `/attributes/${material.id}/values/${valueId}`);
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.json.attribute.values.some((v: Json) => v.id === valueId)).toBe(false);
  });

  it("keeps the filter bar's attributes, refuses deleting an attribute in use, and reorders", async () => {
    const attrs = (await send("GET", "/attributes")).json.data as Json[];
    const material = attrs.find((a) => a.name === "Material");
    const before = await auditCount();
    const rename = await send("PATCH", `/attributes/${material.id}`, { name: "Fabric" });
    expect(rename.status).toBe(409);
    expect(rename.json.message).toContain("Material is one of the shop's filters");
    expect((await send("DELETE", `/attributes/${material.id}`)).status).toBe(409);
    expect(await auditCount()).toBe(before);

    const made = await send("POST", "/attributes", { name: `Finish ${tag}` });
    const id = made.json.attribute.id;
    attributes.push(Number(id));
    const value = await send("POST", `/attributes/${id}/values`, { value: "Matte" });
    expect(value.status).toBe(201);
    const c = await category();
    const product = await productIn(c.id, { [`Finish ${tag}`]: ["Matte"] });
    const inUse = await send("DELETE", `/attributes/${id}`);
    expect(inUse.status).toBe(409);
    expect(inUse.json.message).toBe(`Finish ${tag} is used by 1 product: take it off that product (in the product editor's Attributes) before deleting it.`);
    // Product pages list it.
    expect(await (await page(`/products/${product.slug}`)).text()).toContain(`Finish ${tag}`);

    const last = await send("POST", `/attributes/${id}/reorder`, { direction: "down" });
    expect(last.status).toBe(409);
    const up = await send("POST", `/attributes/${id}/reorder`, { direction: "up" });
    expect(up.status, up.text).toBe(200);
    const ids = (up.json.attributes as Json[]).map((a) => a.id);
    expect(ids.indexOf(id)).toBe(ids.length - 2);

    expect((await send("PATCH", `/products/${product.slug}`, { attributes: { [`Finish ${tag}`]: [] } })).status).toBe(200);
    const res = await send("DELETE", `/attributes/${id}`);
    expect(res.status, res.text).toBe(200);
    const [audit] = await auditRows({ entityType: "attribute", entityId: id, action: "attribute.delete" });
    expect(audit?.before).toMatchObject({ name: `Finish ${tag}`, values: ["Matte"] });
  });
});

describe("attributes as the shop's filters (docs/decisions/0056)", () => {
  const valueCount = async (attributeId: number) => {
    const { db } = await testDb();
    return Number((await db.selectFrom("attribute_values").select((eb) => eb.fn.countAll<number>().as("n")).where("attribute_id", "=", attributeId).executeTakeFirstOrThrow()).n);
  };

  it("a new attribute with a value a published product has shows in the filter data under its own key, and ?key=value narrows the listing, the API and the pages alike", async () => {
    const name = `Colour ${tag}`;
    const key = `colour-${tag}`;
    const made = await send("POST", "/attributes", { name });
    expect(made.status, made.text).toBe(201);
    const id = Number(made.json.attribute.id);
    attributes.push(id);
    expect(made.json.attribute).toMatchObject({ name, filter: false, query_key: key });
    expect((await send("POST", `/attributes/${id}/values`, { value: "Blue" })).status).toBe(201);
    const c = await category();
    // Read (and cached) before any product has the value: no group yet.
    const groups = async () => (await api("/filter/attributes")).json.data as Json[];
    expect((await groups()).some((g) => g.key === name)).toBe(false);
    const blue = await productIn(c.id, { [name]: ["Blue"], Material: ["Cotton"] });
    const plain = await productIn(c.id);

    const group = (await groups()).find((g) => g.key === name);
    expect(group).toMatchObject({ name, param: "selected_attribute_values[]", query_key: key, options: [{ value: `${name}:Blue`, label: "Blue" }] });
    const material = (await groups()).find((g) => g.key === "Material");
    expect(material.query_key).toBe("material");
    const all = await groups();
    expect(all.findIndex((g) => g.key === "Assembly")).toBeLessThan(all.findIndex((g) => g.key === name));

    const ids = async (query: string) => ((await api(`/products/search?category=${c.slug}&${query}`)).json.data as Json[]).map((p) => p.id);
    expect(await ids("")).toEqual(expect.arrayContaining([blue.id, plain.id]));
    expect(await ids(`${key}=Blue`)).toEqual([blue.id]);
    expect(await ids(`${key}=blue&material=Cotton`)).toEqual([blue.id]);
    expect(await ids(`selected_attribute_values[]=${encodeURIComponent(`${name.toUpperCase()}:Blue`)}`)).toEqual([blue.id]);
    expect(await ids(`${key}=Red`)).toEqual([]);
    // A key that is no attribute's is ignored; a name that is no attribute's is refused under its field.
    expect(await ids(`fabric-${tag}=Blue`)).toEqual(expect.arrayContaining([blue.id, plain.id]));
    const unknown = await api(`/products/search?selected_attribute_values[]=${encodeURIComponent(`Fabric ${tag}:Blue`)}`);
    expect(unknown.status).toBe(422);
    expect(unknown.json.errors.selected_attribute_values[0]).toContain(`Fabric ${tag} is not one of the shop's attributes`);

    // The storefront's listing pages: the filter bar offers the attribute under its key, and the key filters.
    const html = await (await page(`/category/${c.slug}?${key}=Blue`)).text();
    expect(html).toContain(`name="${key}"`);
    expect(html).toContain(blue.name);
    expect(html).not.toContain(plain.name);
    expect(await (await page(`/products?${key}=Blue`)).text()).toContain(blue.name);

    // A rename changes the key: the old one is ignored from then on.
    const renamed = await send("PATCH", `/attributes/${id}`, { name: `Shade ${tag}` });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.json.attribute.query_key).toBe(`shade-${tag}`);
    expect(await ids(`shade-${tag}=Blue`)).toEqual([blue.id]);
    expect(await ids(`${key}=Blue`)).toEqual(expect.arrayContaining([blue.id, plain.id]));
    expect((await groups()).find((g) => g.key === `Shade ${tag}`)?.query_key).toBe(`shade-${tag}`);
    // Unpublished, the product's value leaves the filter bar.
    expect((await send("PATCH", `/products/${blue.slug}`, { published: false })).status).toBe(200);
    expect((await groups()).some((g) => g.key === `Shade ${tag}`)).toBe(false);
  });

  it("refuses a value its attribute lacks with 422 under the attribute when create_values is false, and adds it with its audit row otherwise", async () => {
    const name = `Pattern ${tag}`;
    const made = await send("POST", "/attributes", { name });
    const id = Number(made.json.attribute.id);
    attributes.push(id);
    expect((await send("POST", `/attributes/${id}/values`, { value: "Ikat" })).status).toBe(201);
    const c = await category();
    const product = await productIn(c.id, { [name]: ["Ikat"] });
    const before = await auditCount();

    const refused = await send("PATCH", `/products/${product.slug}`, { attributes: { [name]: ["Ikat", "Bandhani"] }, create_values: false });
    expect(refused.status, refused.text).toBe(422);
    expect(refused.json.errors[`attributes.${name}`]).toEqual([`Bandhani is not one of ${name}'s values (Ikat): add it to ${name} first.`]);
    const sku = `CAT-${tag}-NEW`.toUpperCase();
    const notMade = await send("POST", "/products", { name: `Pattern Test ${sku}`, sku, category_id: c.id, main_price: 10, attributes: { [name]: ["Leheriya"] }, create_values: false });
    expect(notMade.status, notMade.text).toBe(422);
    expect(notMade.json.errors[`attributes.${name}`][0]).toContain("Leheriya is not one of");
    expect(await valueCount(id)).toBe(1);
    expect(await auditCount()).toBe(before);
    const { db } = await testDb();
    expect(await db.selectFrom("products").select("id").where("sku", "=", sku).executeTakeFirst()).toBeUndefined();
    expect((await send("GET", `/products/${product.slug}`)).json.data.attributes).toEqual({ [name]: ["Ikat"] });
    expect((await send("PATCH", `/products/${product.slug}`, { create_values: true })).status).toBe(422);

    // The API's contract: a value new to the attribute is added, audited, in the same change.
    const added = await send("PATCH", `/products/${product.slug}`, { attributes: { [name]: ["Ikat", "Bandhani"] } });
    expect(added.status, added.text).toBe(200);
    expect(added.json.data[0].attributes).toEqual({ [name]: ["Bandhani", "Ikat"] });
    expect(await valueCount(id)).toBe(2);
    const [audit] = await auditRows({ entityType: "attribute_value", action: "attribute_value.create" });
    expect(audit?.after).toEqual({ attribute: name, value: "Bandhani" });
    expect(await auditCount()).toBe(before + 2);
  });

  it("adds a value through a product only for a credential that may add values (product:update): 403 otherwise, and nothing is written", async () => {
    const name = `Weft ${tag}`;
    const made = await send("POST", "/attributes", { name });
    const id = Number(made.json.attribute.id);
    attributes.push(id);
    expect((await send("POST", `/attributes/${id}/values`, { value: "Cotton weft" })).status).toBe(201);
    const c = await category();
    const clerk = await invitedStaff("catalog", nextIp(), "attrs-create-only");
    const token = await tokenFor(clerk.id, ["product:read", "product:create"], clerk.ip);
    const body = (sku: string, values: string[], extra: Record<string, unknown> = {}) => ({ name: `Weft Test ${sku}`, sku, category_id: c.id, main_price: 10, attributes: { [name]: values }, ...extra });
    const before = await auditCount();
    const sku = `CAT-${tag}-W1`.toUpperCase();
    const forbidden = await adminAs(token, "/products", { method: "POST", body: JSON.stringify(body(sku, ["Silk weft"])), ip: clerk.ip });
    expect(forbidden.status, forbidden.text).toBe(403);
    expect(forbidden.json.errors[`attributes.${name}`][0]).toContain("needs the product:update permission");
    expect((await adminAs(token, "/products", { method: "POST", body: JSON.stringify(body(sku, ["Silk weft"], { create_values: false })), ip: clerk.ip })).status).toBe(422);
    expect(await valueCount(id)).toBe(1);
    expect(await auditCount()).toBe(before);
    const ok = await adminAs(token, "/products", { method: "POST", body: JSON.stringify(body(sku, ["cotton WEFT"])), ip: clerk.ip });
    expect(ok.status, ok.text).toBe(201);
    products.push(Number(ok.json.product.id));
    expect(ok.json.product.attributes).toEqual({ [name]: ["Cotton weft"] });
  });
});

