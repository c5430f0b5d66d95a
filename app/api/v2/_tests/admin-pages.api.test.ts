import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ADMIN_NAV } from "@/lib/accounts/admin-nav";
import { can, type Resource, type StaffRole } from "@/lib/accounts/access";
import { clientAddresses, closeTestDb, testDb } from "./client";
import { roleVisitors, type Visitor } from "./staff-client";

/**
 * The back office's pages (app/(admin)/admin/**) walked with each role's back-office session, a
 * customer's session and none, on the running server: what can() allows answers 200 with the page,
 * a role without the page's permission 403 (the back office's "no access" page, not the content),
 * a guest or a customer is sent to /admin/login?redirect=<the page>. Every page answers noindex.
 * On both databases (npm run test:api, TEST_DB=postgres).
 */

const nextIp = clientAddresses(24);

const visitors: Visitor[] = [];

/** Each page, with the permission it needs (the sidebar's, and a few pages the sidebar does not list). */
const PAGES: { path: string; resource: Resource; action: string }[] = [
  ...ADMIN_NAV.map((item) => ({ path: item.href, resource: item.resource, action: item.action })),
  { path: "/admin/staff/invite", resource: "staff", action: "create" },
  { path: "/admin/products/new", resource: "product", action: "create" },
  { path: "/admin/categories/new", resource: "product", action: "create" },
  // Needs product:update too: every role with product:create has it.
  { path: "/admin/products/import", resource: "product", action: "create" },
  { path: "/admin/products?stock=low&sort=stock", resource: "product", action: "read" },
  { path: "/admin/orders?status=Pending&from=2026-01-01", resource: "order", action: "read" },
  { path: "/admin/orders?q=SBX100200300&min=100&max=2499.50", resource: "order", action: "read" },
  { path: "/admin/orders?refund=return", resource: "order", action: "read" },
  { path: "/admin/returns?state=requested", resource: "order", action: "read" },
  { path: "/admin/search?q=cotton", resource: "product", action: "read" },
  { path: "/admin/stock?tab=out&q=sheet", resource: "stock", action: "read" },
  { path: "/admin/stock?tab=made_to_order", resource: "stock", action: "read" },
  { path: "/admin/coupons/new", resource: "coupon", action: "create" },
  { path: "/admin/coupons?status=expired&q=diwali", resource: "coupon", action: "read" },
  { path: "/admin/coupons/1", resource: "coupon", action: "read" },
  { path: "/admin/delivery-zones/new", resource: "settings", action: "update" },
  { path: "/admin/delivery-zones?pin=110001", resource: "settings", action: "read" },
  { path: "/admin/delivery-zones/1", resource: "settings", action: "read" },
  { path: "/admin/gst-rates/new", resource: "settings", action: "update" },
  { path: "/admin/gst-rates?hsn=63021000&price=2999", resource: "settings", action: "read" },
  { path: "/admin/gst-rates/1", resource: "settings", action: "update" },
  { path: "/admin/content/blog/new", resource: "content", action: "create" },
  { path: "/admin/content/blog?status=draft&q=monsoon", resource: "content", action: "read" },
  { path: "/admin/content/pages/new", resource: "content", action: "create" },
  { path: "/admin/customers?q=a&state=active&sort=spend&page=2", resource: "customer", action: "read" },
  { path: "/admin/grievances?status=open&overdue=1", resource: "inbox", action: "read" },
  { path: "/admin/cod/receivable?bucket=16-30&page=2", resource: "remittance", action: "read" },
  { path: "/admin/cod?page=2", resource: "remittance", action: "read" },
  { path: "/admin/synonyms?q=parda", resource: "product", action: "read" },
];

async function page(path: string, cookie: string | null) {
  const headers = new Headers({ "X-Forwarded-For": nextIp() });
  if (cookie) headers.set("Cookie", cookie);
  const res = await fetch(`${inject("baseUrl")}${path}`, { headers, redirect: "manual" });
  return { status: res.status, location: res.headers.get("location"), robots: res.headers.get("x-robots-tag"), text: await res.text() };
}

beforeAll(async () => {
  visitors.push(...(await roleVisitors("pages", nextIp)));
}, 300_000);

afterAll(async () => {
  await closeTestDb();
});

describe("the back office's pages, by role", () => {
  for (const p of PAGES) {
    it(`${p.path} (${p.resource}:${p.action})`, async () => {
      for (const v of visitors) {
        const res = await page(p.path, v.cookie);
        expect(res.robots, `${v.label}: X-Robots-Tag`).toBe("noindex, nofollow");
        if (v.roles.length === 0) {
          expect(res.status, `${v.label} must be sent to the sign-in`).toBe(307);
          expect(new URL(res.location as string, "http://x").pathname + new URL(res.location as string, "http://x").search).toBe(`/admin/login?redirect=${encodeURIComponent(p.path)}`);
          continue;
        }
        const allowed = can({ roles: v.roles, scopes: null }, p.resource, p.action as never);
        expect(res.status, `${v.label} on ${p.path}`).toBe(allowed ? 200 : 403);
        // A refused page is Next.js's forbidden() (its digest in the answer, the back office's 403 page
        // drawn from it in the browser: e2e/admin-shell.spec.ts); every page's payload carries that
        // page's text as its boundary's fallback, so the digest is what tells them apart here.
        const refusal = "NEXT_HTTP_ERROR_FALLBACK;403";
        if (allowed) expect(res.text, `${v.label} on ${p.path}`).not.toContain(refusal);
        else expect(res.text, `${v.label} on ${p.path}`).toContain(refusal);
        expect(res.text).toMatch(/<meta name="robots" content="noindex, nofollow/);
      }
    });
  }

  it("offers each role the product list's bulk actions, export and import its permissions allow", async () => {
    const of = (role: StaffRole) => visitors.find((v) => v.label === `${role} session`) as Visitor;
    const owner = await page("/admin/products", of("owner").cookie);
    expect(owner.text).toContain("Select all on this page");
    for (const option of ["Publish", "Unpublish", "Move to category", "Change prices", "Adjust stock"]) expect(owner.text).toContain(`>${option}</option>`);
    expect(owner.text).toContain('href="/admin/products/export"');
    expect(owner.text).toContain('href="/admin/products/import"');
    const fulfilment = await page("/admin/products", of("fulfilment").cookie);
    expect(fulfilment.text).toContain(">Adjust stock</option>");
    expect(fulfilment.text).not.toContain(">Change prices</option>");
    expect(fulfilment.text).not.toContain('href="/admin/products/export"');
    const support = await page("/admin/products", of("support").cookie);
    expect(support.text).not.toContain("Select all on this page");
    expect(support.text).not.toContain('href="/admin/products/import"');

    const csv = await page("/admin/products/export?q=zz-no-product-has-this", of("catalog").cookie);
    expect(csv.status).toBe(200);
    // (fetch's text() drops the BOM the file starts with.)
    expect(csv.text).toBe("sku,variant_sku,variant,name,slug,category,price,compare_at_price,stock,made_to_order,lead_time_days,hsn_code,published,short_description,meta_title,meta_description\r\n");
    expect((await page("/admin/products/export", of("support").cookie)).status).toBe(403);
    const template = await page("/admin/products/import/template", of("catalog").cookie);
    expect(template.status).toBe(200);
    expect(template.text.split("\r\n")[1]).toMatch(/^KH-CUSHION-001,/);
    expect((await page("/admin/products/import/template", of("support").cookie)).status).toBe(403);
  });

  it("shows each role only the sidebar links can() allows", async () => {
    for (const v of visitors.filter((x) => x.roles.length)) {
      const res = await page("/admin", v.cookie);
      expect(res.status).toBe(200);
      for (const item of ADMIN_NAV) {
        const shown = res.text.includes(`href="${item.href}"`);
        expect(shown, `${v.label}: ${item.label}`).toBe(can({ roles: v.roles, scopes: null }, item.resource, item.action as never));
      }
    }
  });

  it("answers 404 for an order or product that does not exist, and a 403 role never learns which", async () => {
    const owner = visitors.find((v) => v.label === "owner session") as Visitor;
    const catalog = visitors.find((v) => v.label === "catalog session") as Visitor;
    expect((await page("/admin/orders/999999999", owner.cookie)).status).toBe(404);
    expect((await page("/admin/orders/not-a-number", owner.cookie)).status).toBe(404);
    expect((await page("/admin/products/no-such-product-here", owner.cookie)).status).toBe(404);
    expect((await page("/admin/orders/999999999", catalog.cookie)).status).toBe(403);
  });

  it("opens a category and an attribute with their forms for a role with product:update, read-only for one with product:read only", async () => {
    const { db } = await testDb();
    const category = await db.selectFrom("categories").select("id").orderBy("id").executeTakeFirstOrThrow();
    const attribute = await db.selectFrom("attributes").select("id").orderBy("id").executeTakeFirstOrThrow();
    for (const v of visitors.filter((x) => x.roles.length)) {
      const editor = can({ roles: v.roles, scopes: null }, "product", "update");
      const c = await page(`/admin/categories/${category.id}`, v.cookie);
      expect(c.status, `${v.label} on the category`).toBe(200);
      expect(c.text.includes(">Save changes<"), `${v.label}: the category's save button`).toBe(editor);
      expect(c.text.includes(">Upload cover<"), `${v.label}: the cover's upload`).toBe(editor);
      const a = await page(`/admin/attributes/${attribute.id}`, v.cookie);
      expect(a.status, `${v.label} on the attribute`).toBe(200);
      expect(a.text.includes(">Add value<"), `${v.label}: the value form`).toBe(editor);
    }
    const owner = visitors.find((v) => v.label === "owner session") as Visitor;
    for (const path of ["/admin/categories/999999999", "/admin/categories/abc", "/admin/attributes/999999999"]) expect((await page(path, owner.cookie)).status, path).toBe(404);
  });

  it("shows the search synonyms to every role with product:read, with the add, edit and delete controls only for product:update", async () => {
    const { db } = await testDb();
    const rule = await db.selectFrom("search_synonyms").select(["id", "words"]).orderBy("id").executeTakeFirstOrThrow();
    const first = (JSON.parse(rule.words) as string[])[0] as string;
    for (const v of visitors.filter((x) => x.roles.length)) {
      const editor = can({ roles: v.roles, scopes: null }, "product", "update");
      const list = await page("/admin/synonyms", v.cookie);
      expect(list.status, `${v.label} on the list`).toBe(200);
      expect(list.text, `${v.label}: the rules`).toContain(first);
      expect(list.text.includes(">Add rule<"), `${v.label}: the new rule's form`).toBe(editor);
      expect(list.text.includes(`href="/admin/synonyms/${rule.id}"`), `${v.label}: the rule's edit link`).toBe(editor);
      const one = await page(`/admin/synonyms/${rule.id}`, v.cookie);
      expect(one.status, `${v.label} on the rule`).toBe(200);
      expect(one.text.includes(">Save rule<"), `${v.label}: the rule's form`).toBe(editor);
      expect(one.text.includes(">Delete rule<"), `${v.label}: the rule's delete`).toBe(editor);
    }
    const owner = visitors.find((v) => v.label === "owner session") as Visitor;
    for (const path of ["/admin/synonyms/999999999", "/admin/synonyms/abc"]) expect((await page(path, owner.cookie)).status, path).toBe(404);
  });

  it("opens a product as the editor for a role with product:update, read-only for one with product:read only", async () => {
    const { db } = await testDb();
    const product = await db.selectFrom("products").select(["slug", "name"]).orderBy("id").executeTakeFirstOrThrow();
    const path = `/admin/products/${product.slug}`;
    for (const v of visitors.filter((x) => x.roles.length)) {
      const res = await page(path, v.cookie);
      expect(res.status, `${v.label} on ${path}`).toBe(200);
      const editor = can({ roles: v.roles, scopes: null }, "product", "update");
      expect(res.text.includes(">Save changes<"), `${v.label}: the editor's save button`).toBe(editor);
      expect(res.text.includes('aria-label="Edit product"'), `${v.label}: the editor's form`).toBe(editor);
    }
  });

  it("opens a product's stock ledger for every role with stock:read (with the adjustment only for stock:update), 403 for the others, 404 for no product", async () => {
    const { db } = await testDb();
    const product = await db.selectFrom("products").select(["slug", "name"]).where("variant_count", "=", 0).orderBy("id").executeTakeFirstOrThrow();
    const path = `/admin/stock/${product.slug}`;
    for (const v of visitors.filter((x) => x.roles.length)) {
      const res = await page(path, v.cookie);
      const allowed = can({ roles: v.roles, scopes: null }, "stock", "read");
      expect(res.status, `${v.label} on ${path}`).toBe(allowed ? 200 : 403);
      if (allowed) {
        expect(res.text).toContain("Stock movements");
        expect(res.text.includes(">Adjust<"), v.label).toBe(can({ roles: v.roles, scopes: null }, "stock", "update"));
      }
    }
    const owner = visitors.find((v) => v.label === "owner session") as Visitor;
    expect((await page("/admin/stock/no-such-product-here", owner.cookie)).status).toBe(404);
    const guest = await page(path, null);
    expect(guest.status).toBe(307);
  });

  it("opens a blog post and a CMS page in their editors for a role with content:read, 404 for none", async () => {
    const { db } = await testDb();
    const post = await db.selectFrom("blogs").select(["id", "title"]).orderBy("id").executeTakeFirstOrThrow();
    const cms = await db.selectFrom("cms_pages").select(["id", "title"]).orderBy("id").executeTakeFirstOrThrow();
    for (const v of visitors.filter((x) => x.roles.length)) {
      const allowed = can({ roles: v.roles, scopes: null }, "content", "read");
      for (const [path, form] of [
        [`/admin/content/blog/${post.id}`, 'aria-label="Edit blog post"'],
        [`/admin/content/pages/${cms.id}`, 'aria-label="Edit page"'],
      ] as const) {
        const res = await page(path, v.cookie);
        expect(res.status, `${v.label} on ${path}`).toBe(allowed ? 200 : 403);
        if (allowed) expect(res.text).toContain(form);
      }
    }
    const owner = visitors.find((v) => v.label === "owner session") as Visitor;
    expect((await page("/admin/content/blog/999999999", owner.cookie)).status).toBe(404);
    expect((await page("/admin/content/pages/abc", owner.cookie)).status).toBe(404);
  });

  it("opens an order page with its status moves for a role that may move it, without them for one that may only read", async () => {
    const { db } = await testDb();
    const order = await db.selectFrom("orders").select(["id", "code"]).where("delivery_status", "=", "Pending").where("payment_type", "=", "cash_on_delivery").orderBy("id", "desc").executeTakeFirst();
    if (!order) return;
    const fulfilment = visitors.find((v) => v.label === "fulfilment session") as Visitor;
    const support = visitors.find((v) => v.label === "support session") as Visitor;
    const moving = await page(`/admin/orders/${order.id}`, fulfilment.cookie);
    expect(moving.status).toBe(200);
    expect(moving.text).toContain(`Order ${order.code}`);
    // Shipping is the Fulfilment section's Ship form (a provider books the parcel), with the packing slip.
    expect(moving.text).toContain("Shipping provider");
    expect(moving.text).toContain("Packing slip (PDF)");
    expect(moving.text).toContain("Cancel order");
    const reading = await page(`/admin/orders/${order.id}`, support.cookie);
    expect(reading.status).toBe(200);
    expect(reading.text).not.toContain("Shipping provider");
    expect(reading.text).not.toContain("Packing slip (PDF)");
    expect(reading.text).not.toContain("Cancel order");
    // Staff notes: whoever may read the order may add one (decision 0063).
    for (const text of [moving.text, reading.text]) {
      expect(text).toContain("Staff notes");
      expect(text).toContain("New note (staff only)");
    }
  });

  it("offers the order list's CSV export to a role with order:export, with the list's filters, and refuses the others", async () => {
    const of = (role: StaffRole) => visitors.find((v) => v.label === `${role} session`) as Visitor;
    const owner = await page("/admin/orders?q=zz-no-order&min=10&max=20.5&page=2", of("owner").cookie);
    expect(owner.text).toContain('href="/admin/orders/export?q=zz-no-order&amp;min=10&amp;max=20.50"');
    expect(owner.text).toContain("Code, name, email, phone or AWB");
    const support = await page("/admin/orders", of("support").cookie);
    expect(support.status).toBe(200);
    expect(support.text).not.toContain('href="/admin/orders/export');
    const csv = await page("/admin/orders/export?q=zz-no-order", of("manager").cookie);
    expect(csv.status).toBe(200);
    expect(csv.text).toBe("code,date,customer,phone,email,city,state,status,payment_type,payment_status,items,total,gst,shipping,coupon,coupon_discount,awb,refunded\r\n");
    expect((await page("/admin/orders/export", of("support").cookie)).status).toBe(403);
    expect((await page("/admin/orders/export", of("fulfilment").cookie)).status).toBe(403);
    // No staff session: to the sign-in (the back office's proxy or the route itself), no CSV.
    const guest = await page("/admin/orders/export?status=Pending", null);
    expect([303, 307]).toContain(guest.status);
    expect(guest.location).toContain("/admin/login?redirect=");
    const customer = await page("/admin/orders/export?status=Pending", (visitors.find((v) => v.label === "customer session") as Visitor).cookie);
    expect(customer.text).not.toContain("code,date,customer");
  });
});
