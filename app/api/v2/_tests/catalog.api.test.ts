import { sql } from "kysely";
import { afterAll, describe, expect, inject, it } from "vitest";
import { api, closeTestDb, testDb, type Json } from "./client";

afterAll(closeTestDb);

const SETTING_TYPES = [
  "header_logo_path", "footer_logo_path", "site_icon_path", "website_name", "header_top", "website_topbar_content",
  "topbar_link_name", "topbar_banner_link", "contact_email", "contact_phone", "contact_address", "facebook_link",
  "twitter_link", "instagram_link", "youtube_link", "linkedin_link", "whatsapp_link", "about_us_description",
  "copyright_text", "meta_title", "meta_keywords", "meta_description", "csrf_token",
];

describe("business settings and categories", () => {
  it("lists every setting type of the spec as {type, value}", async () => {
    const res = await api("/business-settings");
    expect(res.status).toBe(200);
    expect(res.json.success).toBe(true);
    const types = (res.json.data as Json[]).map((s) => s.type);
    for (const type of SETTING_TYPES) expect(types, type).toContain(type);
    const name = (res.json.data as Json[]).find((s) => s.type === "website_name");
    expect(name.value).toBeTruthy();
  });

  it("lists ten categories with their subcategories, and subcategories by id", async () => {
    const res = await api("/categories");
    expect(res.status).toBe(200);
    const data = res.json.data as Json[];
    expect(data).toHaveLength(10);
    for (const c of data) {
      expect(c).toMatchObject({ id: expect.any(Number), name: expect.any(String), slug: expect.stringMatching(/^[a-z0-9-]+$/) });
      expect(c.subcategories.length).toBeGreaterThan(0);
    }
    const first = data[0];
    const subs = await api(`/sub-categories/${first.id}`);
    expect(subs.status).toBe(200);
    expect((subs.json.data as Json[]).map((s) => s.slug)).toEqual(first.subcategories.map((s: Json) => s.slug));
    expect((await api("/sub-categories/987654")).status).toBe(404);
    const bad = await api("/sub-categories/abc");
    expect(bad.status).toBe(422);
    expect(bad.json.errors.id).toBeDefined();
  });

  it("lists sliders and featured products", async () => {
    const sliders = await api("/sliders");
    expect(sliders.status).toBe(200);
    expect((sliders.json.data as Json[]).length).toBeGreaterThanOrEqual(3);
    expect(sliders.json.data[0]).toMatchObject({ heading: expect.any(String), photo: expect.stringMatching(/^\/media\//) });

    const featured = await api("/products/featured");
    expect(featured.status).toBe(200);
    const cards = featured.json.data as Json[];
    expect(cards.length).toBeGreaterThan(0);
    expect(cards[0]).toMatchObject({
      id: expect.any(Number),
      slug: expect.any(String),
      name: expect.any(String),
      thumbnail_image: expect.any(String),
      main_price: expect.any(Number),
      stocked_price: expect.any(Number),
      discount: expect.any(Number),
      stock_quantity: expect.any(Number),
    });
  });
});

describe("product search", () => {
  it("pages through the whole catalog with meta", async () => {
    const res = await api("/products/search");
    expect(res.status).toBe(200);
    expect(res.json.meta).toMatchObject({ current_page: 1, per_page: 12 });
    expect(res.json.meta.total).toBeGreaterThanOrEqual(80);
    expect(res.json.meta.last_page).toBe(Math.ceil(res.json.meta.total / 12));
    expect(res.json.data).toHaveLength(12);

    const last = await api(`/products/search?page=${res.json.meta.last_page}`);
    expect(last.json.data.length).toBe(res.json.meta.total - 12 * (res.json.meta.last_page - 1));
    const beyond = await api(`/products/search?page=${res.json.meta.last_page + 1}`);
    expect(beyond.status).toBe(200);
    expect(beyond.json.data).toEqual([]);
  });

  it("finds every product with a word in its name, in any case and number, the names first", async () => {
    const res = await api("/products/search?name=CURTAINS&per_page=48");
    expect(res.status).toBe(200);
    const { db } = await testDb();
    const named = await db.selectFrom("products").select("slug").where(sql<boolean>`lower(name) like '%curtain%'`).where("published", "=", 1).execute();
    expect(named.length).toBeGreaterThan(0);
    const slugs = (res.json.data as Json[]).map((p) => p.slug);
    // Every product named a curtain is found, and ranks above what only its category calls one.
    expect(slugs.slice(0, named.length).sort()).toEqual(named.map((n) => n.slug).sort());
    expect(res.json.meta.total).toBeGreaterThanOrEqual(named.length);
  });

  it("finds a product by name only while it is published, and counts only what it shows", async () => {
    const { db } = await testDb();
    const category = await db.selectFrom("categories").select("id").orderBy("id").executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const inserted = await db
      .insertInto("products")
      .values({ category_id: category.id, name: "Zarqaloom Hidden Runner", slug: "zarqaloom-hidden-runner", sku: "ZQ-HIDDEN-1", list_price: 99_900, price: 99_900, availability: "in_stock", stock_quantity: 5, published: 0, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    const search = async () => {
      const res = await api("/products/search?name=zarqaloom");
      expect(res.status).toBe(200);
      return { names: (res.json.data as Json[]).map((p) => p.name), total: res.json.meta.total };
    };
    // Written straight to the database (as another instance or an import would): the search index
    // reads changed rows every second (lib/catalog/server/product-search.ts).
    const soon = { timeout: 5000, interval: 200 };
    const publish = (published: number) => db.updateTable("products").set({ published, updated_at: new Date().toISOString() }).where("id", "=", inserted.id).execute();
    try {
      expect(await search()).toEqual({ names: [], total: 0 });
      await publish(1);
      await expect.poll(search, soon).toEqual({ names: ["Zarqaloom Hidden Runner"], total: 1 });
      await publish(0);
      await expect.poll(search, soon).toEqual({ names: [], total: 0 });
    } finally {
      await db.deleteFrom("products").where("id", "=", inserted.id).execute();
    }
  });

  it("orders and pages a search by words as every list is ordered, with the total on every page", async () => {
    const { db } = await testDb();
    const orders = {
      newest: [["created_at", "desc"], ["id", "desc"]],
      price_asc: [["price", "asc"], ["id", "desc"]],
      price_desc: [["price", "desc"], ["id", "desc"]],
      popular: [["is_popular", "desc"], ["view_count", "desc"], ["id", "desc"]],
    } as const;
    // What "cotton" finds (in names, materials, descriptions' specifications), in each sort's order.
    const found: Json[] = [];
    for (let page = 1; ; page++) {
      const res = await api(`/products/search?name=cotton&per_page=48&page=${page}`);
      found.push(...(res.json.data as Json[]));
      if (page >= res.json.meta.last_page) break;
    }
    for (const [sort, order] of Object.entries(orders)) {
      let q = db.selectFrom("products").select("slug").where("published", "=", 1).where("slug", "in", found.map((p) => p.slug as string));
      for (const [column, direction] of order) q = q.orderBy(column, direction);
      const expected = (await q.execute()).map((r) => r.slug);
      expect(expected.length).toBeGreaterThan(4);
      const pages = [];
      for (const page of [1, 2]) {
        const res = await api(`/products/search?name=cotton&sort=${sort}&per_page=4&page=${page}`);
        expect(res.status).toBe(200);
        expect(res.json.meta).toMatchObject({ total: expected.length, last_page: Math.ceil(expected.length / 4) });
        pages.push(...(res.json.data as Json[]).map((p) => p.slug));
      }
      expect(pages, sort).toEqual(expected.slice(0, 8));
    }
    // The same orders on a list without words (a category and its subcategories).
    const parent = await db.selectFrom("categories").select(["id", "slug"]).where("parent_id", "is", null).orderBy("sort_order").executeTakeFirstOrThrow();
    const ids = [parent.id, ...(await db.selectFrom("categories").select("id").where("parent_id", "=", parent.id).execute()).map((c) => c.id)];
    for (const [sort, order] of Object.entries(orders)) {
      let q = db.selectFrom("products").select("slug").where("published", "=", 1).where("category_id", "in", ids);
      for (const [column, direction] of order) q = q.orderBy(column, direction);
      const expected = (await q.execute()).map((r) => r.slug);
      expect(expected.length).toBeGreaterThan(6);
      const res = await api(`/products/search?category=${parent.slug}&sort=${sort}&per_page=6&page=2`);
      expect(res.json.meta.total, sort).toBe(expected.length);
      expect((res.json.data as Json[]).map((p) => p.slug), sort).toEqual(expected.slice(6, 12));
    }

    const past = await api("/products/search?name=cotton&per_page=4&page=999");
    expect(past.status).toBe(200);
    expect(past.json.data).toEqual([]);
    expect(past.json.meta.total).toBeGreaterThan(4);
    const none = await api("/products/search?name=zzqxw");
    expect(none.json.data).toEqual([]);
    expect(none.json.meta.total).toBe(0);
  });

  it("matches every word of a multi-word search", async () => {
    const res = await api("/products/search?name=" + encodeURIComponent("velvet cushion") + "&per_page=48");
    const names = (res.json.data as Json[]).map((p) => p.name.toLowerCase());
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toMatch(/cushion/);
    const { db } = await testDb();
    const velvet = await db
      .selectFrom("products as p")
      .select("p.slug")
      .where((eb) => eb.or([eb(sql`lower(p.name)`, "like", "%velvet%"), eb(sql`lower(p.description)`, "like", "%velvet%")]))
      .execute();
    for (const p of res.json.data as Json[]) expect(velvet.map((v) => v.slug)).toContain(p.slug);
  });

  it("asks for at least 3 characters", async () => {
    const res = await api("/products/search?name=ab");
    expect(res.status).toBe(422);
    expect(res.json.errors.name).toEqual(["Enter at least 3 characters to search."]);
    const padded = await api("/products/search?name=%20%20ab%20%20");
    expect(padded.status).toBe(422);
  });

  it("filters by price range", async () => {
    const cases: [string, (rupees: number) => boolean][] = [
      ["under_10000", (r) => r < 10000],
      ["10000_20000", (r) => r >= 10000 && r < 20000],
      ["20000_30000", (r) => r >= 20000 && r < 30000],
      ["above_30000", (r) => r >= 30000],
    ];
    for (const [range, ok] of cases) {
      const res = await api(`/products/search?price=${range}&per_page=48`);
      expect(res.status).toBe(200);
      expect(res.json.data.length, range).toBeGreaterThan(0);
      for (const p of res.json.data as Json[]) expect(ok(p.main_price), `${range}: ${p.main_price}`).toBe(true);
    }
  });

  it("puts a product priced on a range boundary in exactly one price range", async () => {
    const { db } = await testDb();
    // A product without variants: one sold by variant takes its price from them (variants.api.test.ts).
    const product = await db.selectFrom("products").select(["slug", "price", "list_price"]).where("published", "=", 1).where("variant_count", "=", 0).orderBy("id").executeTakeFirstOrThrow();
    const admin = (body: unknown) =>
      api(`/admin/products/${product.slug}`, { method: "PATCH", body: JSON.stringify(body), token: inject("adminToken") });
    /** The ranges whose search answer lists the product, reading every page. */
    const rangesListing = async () => {
      const found: string[] = [];
      for (const range of ["under_10000", "10000_20000", "20000_30000", "above_30000"]) {
        for (let page = 1; ; page++) {
          const res = await api(`/products/search?price=${range}&per_page=48&page=${page}`);
          expect(res.status).toBe(200);
          if ((res.json.data as Json[]).some((p) => p.slug === product.slug)) found.push(range);
          if (page >= res.json.meta.last_page) break;
        }
      }
      return found;
    };
    try {
      for (const [rupees, range] of [[9999.99, "under_10000"], [10000, "10000_20000"], [20000, "20000_30000"], [30000, "above_30000"]] as const) {
        const res = await admin({ main_price: rupees, stocked_price: Math.max(rupees, product.list_price / 100) });
        expect(res.status).toBe(200);
        expect(await rangesListing(), `₹${rupees}`).toEqual([range]);
      }
    } finally {
      await admin({ main_price: product.price / 100, stocked_price: product.list_price / 100 });
    }
  });

  it("filters by availability, by label or by key", async () => {
    const out = await api("/products/search?availability=out_of_stock&per_page=48");
    expect(out.json.data.length).toBeGreaterThan(0);
    for (const p of out.json.data as Json[]) expect(p.stock_quantity).toBe(0);

    const made = await api("/products/search?availability=" + encodeURIComponent("Made to Order") + "&per_page=48");
    expect(made.json.data.length).toBeGreaterThan(0);
    for (const p of made.json.data as Json[]) expect(p.availability).toBe("made_to_order");

    const bad = await api("/products/search?availability=soon");
    expect(bad.status).toBe(422);
    expect(bad.json.errors.availability).toBeDefined();
  });

  it("filters by attribute values: any value within one attribute, all attributes together", async () => {
    const { db } = await testDb();
    const withAttr = (name: string, values: string[]) =>
      db
        .selectFrom("product_attribute_values as pav")
        .innerJoin("attribute_values as av", "av.id", "pav.attribute_value_id")
        .innerJoin("attributes as a", "a.id", "av.attribute_id")
        .select("pav.product_id")
        .where("a.name", "=", name)
        .where("av.value", "in", values)
        .execute()
        .then((rows) => new Set(rows.map((r) => r.product_id)));

    const attrs = await api("/filter/attributes");
    const material = (attrs.json.data as Json[]).find((g) => g.key === "Material");
    const assembly = (attrs.json.data as Json[]).find((g) => g.key === "Assembly");
    const [m1, m2] = material.options.map((o: Json) => o.label);
    const a1 = assembly.options[0].label;

    const one = await api(`/products/search?per_page=48&selected_attribute_values[]=${encodeURIComponent(`Material:${m1}`)}`);
    const ids = new Set(await withAttr("Material", [m1]));
    expect(one.json.meta.total).toBe(ids.size);
    for (const p of one.json.data as Json[]) expect(ids.has(p.id)).toBe(true);

    const either = await api(
      `/products/search?per_page=48&selected_attribute_values[]=${encodeURIComponent(`Material:${m1}`)}&selected_attribute_values[]=${encodeURIComponent(`Material:${m2}`)}`,
    );
    expect(either.json.meta.total).toBe((await withAttr("Material", [m1, m2])).size);

    const both = await api(
      `/products/search?per_page=48&selected_attribute_values[]=${encodeURIComponent(`Material:${m1}`)}&selected_attribute_values[]=${encodeURIComponent(`Assembly:${a1}`)}`,
    );
    const assemblyIds = await withAttr("Assembly", [a1]);
    const expected = [...ids].filter((id) => assemblyIds.has(id));
    expect(both.json.meta.total).toBe(expected.length);

    const unknownValue = await api(`/products/search?selected_attribute_values[]=${encodeURIComponent("Material:Unobtainium")}`);
    expect(unknownValue.status).toBe(200);
    expect(unknownValue.json.data).toEqual([]);

    const unknownAttribute = await api(`/products/search?selected_attribute_values[]=${encodeURIComponent("Colour:Red")}`);
    expect(unknownAttribute.status).toBe(422);
  });

  it("filters popular products and sorts by price", async () => {
    const { db } = await testDb();
    const popular = await api("/products/search?advanced_filters=popular&per_page=48");
    const rows = await db.selectFrom("products").select("id").where("is_popular", "=", 1).execute();
    expect(popular.json.meta.total).toBe(rows.length);

    const newest = await api("/products/search?advanced_filters=" + encodeURIComponent("New Article"));
    expect(newest.status).toBe(200);

    const asc = await api("/products/search?sort=price_asc&per_page=48");
    const prices = (asc.json.data as Json[]).map((p) => p.main_price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it("limits results to a category and its subcategories", async () => {
    const categories = (await api("/categories")).json.data as Json[];
    const curtains = categories.find((c) => c.slug.includes("curtain")) ?? categories[0];
    const res = await api(`/products/search?category=${curtains.slug}&per_page=48`);
    expect(res.status).toBe(200);
    expect(res.json.meta.total).toBeGreaterThan(0);
    const { db } = await testDb();
    const ids = [curtains.id, ...curtains.subcategories.map((s: Json) => s.id)];
    const count = await db
      .selectFrom("products")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("category_id", "in", ids)
      .where("published", "=", 1)
      .executeTakeFirstOrThrow();
    expect(res.json.meta.total).toBe(Number(count.n));
    expect((await api("/products/search?category=no-such-category")).status).toBe(404);
  });

  it("reads the typo of a word of five letters or more, and says so", async () => {
    const res = await api("/products/search?name=" + encodeURIComponent("velvet curtian") + "&per_page=48");
    expect(res.status).toBe(200);
    expect((res.json.data as Json[]).length).toBeGreaterThan(0);
    for (const p of res.json.data as Json[]) expect(p.name.toLowerCase()).toMatch(/curtain|sheer|drape/);
  });
});

describe("product detail", () => {
  it("returns the product as data[0] with the contract's field names", async () => {
    // A product of the demo catalog (its photos are the seed's): other files' tests make products too.
    const { db } = await testDb();
    const seeded = await db.selectFrom("products").select(["slug", "name"]).where("published", "=", 1).orderBy("id").executeTakeFirstOrThrow();
    const card = ((await api(`/products/search?name=${encodeURIComponent(seeded.name)}&per_page=48`)).json.data as Json[]).find((c) => c.slug === seeded.slug) as Json;
    expect(card, seeded.slug).toBeDefined();
    const res = await api(`/products/${card.slug}/0`);
    expect(res.status).toBe(200);
    const p = res.json.data[0];
    expect(p).toMatchObject({ id: card.id, slug: card.slug, name: card.name, main_price: card.main_price, stroked_price: card.stocked_price });
    expect(p.discount).toMatch(/^\d+$/);
    expect(p.photos.length).toBeGreaterThanOrEqual(3);
    expect(p.photos.length).toBeLessThanOrEqual(6);
    for (const key of ["description", "key_features", "maintenance", "warranty_summary", "return_policy", "meta_title", "meta_description", "additonal_heading", "additonal_description", "additonal_image", "about_heading"]) {
      expect(p, key).toHaveProperty(key);
    }
    expect(p.description).not.toMatch(/<script/i);
  });

  it("answers an unknown slug with 404 and a bad viewer with 422", async () => {
    expect((await api("/products/no-such-product/0")).status).toBe(404);
    const card = ((await api("/products/search?per_page=1")).json.data as Json[])[0];
    const res = await api(`/products/${card.slug}/-1`);
    expect(res.status).toBe(422);
    expect(res.json.errors.viewer).toBeDefined();
    expect((await api(`/products/${card.slug}/208`)).status).toBe(200);
  });

  it("lists the filter groups of the filter bar", async () => {
    const res = await api("/filter/attributes");
    expect(res.status).toBe(200);
    const keys = (res.json.data as Json[]).map((g) => g.key);
    // The shop's attributes that published products have values of, in the shop's order (other
    // files add their own meanwhile), then the fixed groups.
    expect(keys.slice(0, 3)).toEqual(["Material", "Size", "Assembly"]);
    expect(keys.slice(-3)).toEqual(["Price", "Availability", "Advanced"]);
    expect((res.json.data as Json[]).slice(0, 3).map((g) => g.query_key)).toEqual(["material", "size", "assembly"]);
    const price = (res.json.data as Json[]).find((g) => g.key === "Price");
    expect(price.options.map((o: Json) => o.value)).toEqual(["under_10000", "10000_20000", "20000_30000", "above_30000"]);
    const availability = (res.json.data as Json[]).find((g) => g.key === "Availability");
    expect(availability.options.map((o: Json) => o.label)).toEqual(["In Stock", "Made to Order", "Out of Stock"]);
    const advanced = (res.json.data as Json[]).find((g) => g.key === "Advanced");
    expect(advanced.options.map((o: Json) => o.label)).toEqual(["New Article", "Popular"]);
  });
});

describe("content and locations", () => {
  it("lists blogs and shows one by slug", async () => {
    const res = await api("/blogs");
    expect(res.status).toBe(200);
    expect(res.json.data.length).toBeGreaterThanOrEqual(8);
    expect(res.json.meta.total).toBeGreaterThanOrEqual(8);
    const post = res.json.data[0];
    const detail = await api(`/blog/${post.slug}`);
    expect(detail.status).toBe(200);
    expect(detail.json.data.blog).toMatchObject({ title: post.title, slug: post.slug });
    expect(detail.json.data.blog.description).toContain("<p>");
    expect((await api("/blog/no-such-post")).status).toBe(404);
  });

  it("shows a CMS page with its product grid", async () => {
    const { db } = await testDb();
    const page = await db.selectFrom("cms_pages").select(["slug", "title"]).orderBy("id").executeTakeFirstOrThrow();
    const res = await api(`/pages/${page.slug}?page=1`);
    expect(res.status).toBe(200);
    expect(res.json.page.title).toBe(page.title);
    expect(res.json.meta.last_page).toBeGreaterThanOrEqual(1);
    expect(Array.isArray(res.json.data)).toBe(true);
    expect((await api("/pages/no-such-page")).status).toBe(404);
  });

  it("lists India, its 36 states and union territories, and their cities", async () => {
    const countries = await api("/countries");
    expect(countries.status).toBe(200);
    const india = (countries.json.data as Json[]).find((c) => c.name === "India");
    expect(india).toBeDefined();
    const states = await api(`/states-by-country/${india.id}`);
    expect(states.json.success).toBe(true);
    const names = (states.json.data as Json[]).map((s) => s.name);
    expect(names.length).toBeGreaterThanOrEqual(36);
    expect(names).toEqual(expect.arrayContaining(["Maharashtra", "Delhi", "Ladakh", "Tamil Nadu"]));
    const maharashtra = (states.json.data as Json[]).find((s) => s.name === "Maharashtra");
    const cities = await api(`/cities-by-state/${maharashtra.id}`);
    expect((cities.json.data as Json[]).map((c) => c.name)).toEqual(expect.arrayContaining(["Mumbai", "Pune"]));
    expect((await api("/states-by-country/99999")).status).toBe(404);
    expect((await api("/cities-by-state/99999")).status).toBe(404);
  });
});
