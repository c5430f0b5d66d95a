import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { SESSION_COOKIE } from "@/lib/accounts/constants";
import { displayPhone } from "@/lib/platform/phone";
import { XSS_CORPUS } from "@/lib/testing/xss-corpus";
import { api, clientAddresses, closeTestDb, cookieOf, mailTo, runTag, signUp, testDb, uniqueEmail, type Json } from "./client";
import { adminAs, auditRows, invitedStaff, ownerToken, staffLogin, type StaffLogin } from "./staff-client";

/**
 * The back office's content (docs/back-office.md "Content and settings") through the admin API,
 * on the running server and both databases: blog posts (draft, scheduled, published; old slugs
 * redirect; rich text cleaned on save; banners re-encoded), CMS pages (their product grid, a
 * reserved address refused), the staff-only preview in draft mode, and the business settings
 * that the storefront's footer and every mail show. Each change is on the storefront right after
 * its save (its cache tags expire), and each writes its audit row; a refused one writes nothing.
 */

const nextIp = clientAddresses(71);
const owner = () => ownerToken();
const tag = runTag.toLowerCase().replace(/[^a-z0-9]/g, "");

async function page(path: string, cookie?: string) {
  const headers = new Headers({ "X-Forwarded-For": nextIp() });
  if (cookie) headers.set("Cookie", cookie);
  const res = await fetch(`${inject("baseUrl")}${path}`, { headers, redirect: "manual" });
  return { status: res.status, location: res.headers.get("location"), cacheControl: res.headers.get("cache-control"), setCookie: res.headers.getSetCookie(), html: await res.text() };
}

/** The tags of an HTML fragment that could run script: a script-capable element, an event handler, a javascript: or data: address. Text that merely reads like code is not a tag. */
function dangerousTags(html: string): string[] {
  const tags = html.match(/<[a-z][^>]*>/gi) ?? [];
  return tags.filter((t) => /^<(script|iframe|object|embed|style|svg|math|input|details|body|textarea|title|link|meta|base|form)\b/i.test(t) || /\son[a-z]+\s*=/i.test(t) || /(href|src)\s*=\s*["']?\s*(javascript|data|vbscript):/i.test(t));
}

const blogBody = (over: Record<string, unknown> = {}) => ({ title: `Monsoon Curtains ${tag}`, author: "Aditi Rao", description: "<p>Linen that breathes in the rains.</p>", ...over });

async function makeBlog(over: Record<string, unknown> = {}) {
  const res = await adminAs(owner(), "/content/blogs", { json: blogBody(over) });
  expect(res.status, res.text).toBe(201);
  return res.json.blog as Json;
}

let contentEditor: StaffLogin;
let editorCookie = "";

beforeAll(async () => {
  contentEditor = await invitedStaff("content", nextIp(), "content-editor");
  const res = await staffLogin(contentEditor.email, contentEditor.password, contentEditor.ip);
  expect(res.status, res.text).toBe(200);
  editorCookie = cookieOf(res, SESSION_COOKIE) as string;
}, 120_000);

afterAll(async () => {
  await closeTestDb();
});

describe("blog posts", () => {
  it("keeps a draft off the storefront, then shows it on its page, in the list and the sitemap right after it is published", async () => {
    const since = new Date().toISOString();
    const post = await makeBlog();
    expect(post).toMatchObject({ status: "draft", published: false, author: "Aditi Rao", slug: `monsoon-curtains-${tag}` });
    // Warm the caches the storefront reads, so the test proves their expiry and not a cold read.
    expect((await page(`/blog/${post.slug}`)).status).toBe(404);
    expect((await page("/blogs")).html).not.toContain(post.title);
    expect((await api(`/blog/${post.slug}`)).status).toBe(404);

    const created = await auditRows({ entityType: "blog", entityId: post.id, action: "blog.create", since });
    expect(created).toHaveLength(1);
    expect(created[0]?.after).toMatchObject({ title: post.title, published: 0 });

    const published = await adminAs(owner(), `/content/blogs/${post.id}`, { method: "PATCH", json: { published: true } });
    expect(published.status, published.text).toBe(200);
    expect(published.json.data).toMatchObject({ status: "published", published: true });
    const shown = await page(`/blog/${post.slug}`);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain("Linen that breathes in the rains.");
    expect((await page("/blogs")).html).toContain(post.title);
    expect((await page("/sitemap")).html).toContain(`/blog/${post.slug}`);
    expect(await auditRows({ entityType: "blog", entityId: post.id, action: "blog.update", since })).toHaveLength(1);
  });

  it("holds a scheduled post back (404, not listed, not in the sitemap) until its time, and shows it once its time has come", async () => {
    const later = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const post = await makeBlog({ title: `Diwali Table ${tag}`, published: true, published_at: later });
    expect(post.status).toBe("scheduled");
    expect((await page(`/blog/${post.slug}`)).status).toBe(404);
    expect((await api(`/blog/${post.slug}`)).status).toBe(404);
    expect((await page("/blogs")).html).not.toContain(post.title);
    expect((await page("/sitemap")).html).not.toContain(`/blog/${post.slug}`);
    const list = await adminAs(owner(), "/content/blogs?status=scheduled");
    expect((list.json.data as Json[]).map((p) => p.id)).toContain(post.id);

    const earlier = await adminAs(owner(), `/content/blogs/${post.id}`, { method: "PATCH", json: { published_at: new Date(Date.now() - 60_000).toISOString() } });
    expect(earlier.json.data.status).toBe("published");
    expect((await page(`/blog/${post.slug}`)).status).toBe(200);
    expect((await page("/blogs")).html).toContain(post.title);
  });

  it("redirects an old slug permanently to the new one, and refuses a slug another post has", async () => {
    const post = await makeBlog({ title: `Block Prints ${tag}`, published: true });
    const other = await makeBlog({ title: `Dhurries ${tag}` });
    const renamed = await adminAs(owner(), `/content/blogs/${post.id}`, { method: "PATCH", json: { slug: `hand-block-prints-${tag}` } });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.json.data.old_slugs).toEqual([post.slug]);
    const old = await page(`/blog/${post.slug}`);
    expect([301, 308]).toContain(old.status);
    expect(old.location).toContain(`/blog/hand-block-prints-${tag}`);

    const auditBefore = (await auditRows({ entityType: "blog", entityId: other.id })).length;
    const taken = await adminAs(owner(), `/content/blogs/${other.id}`, { method: "PATCH", json: { slug: `hand-block-prints-${tag}`, title: "Changed" } });
    expect(taken.status).toBe(409);
    expect(taken.json.errors.slug[0]).toContain("Another post or page has the slug");
    expect((await auditRows({ entityType: "blog", entityId: other.id })).length).toBe(auditBefore);
    const { db } = await testDb();
    expect((await db.selectFrom("blogs").select("title").where("id", "=", other.id).executeTakeFirstOrThrow()).title).toBe(other.title);
  });

  it("cleans the stored-XSS corpus out of a post's rich text on save, and the storefront shows none of it", async () => {
    const html = `<p>Before</p>${XSS_CORPUS.map((x) => `<p>${x}</p>`).join("")}<p>After</p>`;
    const post = await makeBlog({ title: `Safe Text ${tag}`, description: html, published: true });
    const { db } = await testDb();
    const stored = (await db.selectFrom("blogs").select("description").where("id", "=", post.id).executeTakeFirstOrThrow()).description;
    expect(stored).toContain("<p>Before</p>");
    expect(dangerousTags(stored)).toEqual([]);
    const shown = await page(`/blog/${post.slug}`);
    expect(shown.status).toBe(200);
    const article = shown.html.slice(shown.html.indexOf("<p>Before</p>"), shown.html.indexOf("<p>After</p>"));
    expect(article.length).toBeGreaterThan(0);
    expect(dangerousTags(article)).toEqual([]);
  });

  it("refuses bad input with a message per field and changes nothing; 404 for no such post", async () => {
    const { db } = await testDb();
    const count = async () => Number((await db.selectFrom("blogs").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
    const before = await count();
    const bad = await adminAs(owner(), "/content/blogs", { json: { title: "x", author: "", description: 5, published_at: "soon", slug: "Not A Slug" } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.errors)).toEqual(expect.arrayContaining(["title", "author", "description", "published_at", "slug"]));
    expect(await count()).toBe(before);
    expect((await adminAs(owner(), "/content/blogs/999999999", { method: "PATCH", json: { title: "Nothing here" } })).status).toBe(404);
    expect((await adminAs(owner(), "/content/blogs/abc")).status).toBe(422);
    expect((await adminAs(owner(), "/content/blogs?status=lost")).status).toBe(422);
  });

  it("takes a banner it can decode, re-encodes it as WebP and serves it; refuses a file that is not an image", async () => {
    const post = await makeBlog({ title: `Banner Post ${tag}` });
    const form = (bytes: Buffer, type = "image/jpeg") => {
      const f = new FormData();
      f.append("banner", new Blob([new Uint8Array(bytes)], { type }), "banner.jpg");
      return f;
    };
    const notImage = await adminAs(owner(), `/content/blogs/${post.id}/banner`, { method: "POST", body: form(Buffer.from("<svg onload=alert(1)>"), "image/svg+xml") });
    expect(notImage.status).toBe(422);
    expect(notImage.json.errors.banner[0]).toContain("not an image");
    const jpeg = await sharp({ create: { width: 1200, height: 630, channels: 3, background: { r: 180, g: 90, b: 40 } } }).jpeg().toBuffer();
    const res = await adminAs(owner(), `/content/blogs/${post.id}/banner`, { method: "POST", body: form(jpeg) });
    expect(res.status, res.text).toBe(200);
    const banner = res.json.blog.banner as string;
    expect(banner).toMatch(/^\/media\/content\/[a-z0-9-]+\.webp$/);
    const file = await fetch(`${inject("baseUrl")}${banner}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/webp");
    expect((await sharp(Buffer.from(await file.arrayBuffer())).metadata()).format).toBe("webp");
    expect(await auditRows({ entityType: "blog", entityId: post.id, action: "blog.banner" })).toHaveLength(1);
  });

  it("deletes a post: its page and its old addresses are gone", async () => {
    const post = await makeBlog({ title: `Short Lived ${tag}`, published: true });
    expect((await page(`/blog/${post.slug}`)).status).toBe(200);
    const res = await adminAs(owner(), `/content/blogs/${post.id}`, { method: "DELETE" });
    expect(res.status, res.text).toBe(200);
    expect((await page(`/blog/${post.slug}`)).status).toBe(404);
    expect(await auditRows({ entityType: "blog", entityId: post.id, action: "blog.delete" })).toHaveLength(1);
  });
});

describe("the preview of a draft", () => {
  it("shows a staff member with content:read the draft on its storefront address under a Preview bar, never cached, and nobody else", async () => {
    const post = await makeBlog({ title: `Preview Draft ${tag}`, description: "<p>Not for shoppers yet.</p>" });
    const enter = await page(`/admin/content/preview?kind=blog&id=${post.id}`, editorCookie);
    expect(enter.status).toBe(303);
    expect(enter.location).toBe(`/blog/${post.slug}`);
    const draftCookie = enter.setCookie.find((c) => c.startsWith("__prerender_bypass="))?.split(";")[0];
    expect(draftCookie).toBeTruthy();

    const staffView = await page(`/blog/${post.slug}`, `${editorCookie}; ${draftCookie}`);
    expect(staffView.status).toBe(200);
    expect(staffView.html).toContain("Not for shoppers yet.");
    expect(staffView.html).toContain("Preview");
    expect(staffView.cacheControl).toMatch(/no-store/);

    // The draft-mode cookie alone (a shopper who copied it) shows nothing; nor does no cookie.
    expect((await page(`/blog/${post.slug}`, draftCookie)).status).toBe(404);
    expect((await page(`/blog/${post.slug}`)).status).toBe(404);
    // A guest asking for the preview is sent to the sign-in, and gets no draft-mode cookie.
    const guest = await page(`/admin/content/preview?kind=blog&id=${post.id}`);
    expect(guest.setCookie.some((c) => c.startsWith("__prerender_bypass="))).toBe(false);
  });
});

describe("CMS pages", () => {
  it("keeps a draft page off the storefront, shows it with its category's grid once published, and redirects its old slug", async () => {
    const { db } = await testDb();
    const category = await db.selectFrom("categories").select(["id", "name"]).where("slug", "=", "curtains").executeTakeFirstOrThrow();
    const created = await adminAs(owner(), "/content/pages", { json: { title: `Festive Edit ${tag}`, short_desc: "Zari and velvet for the season.", content: "<p>Our festive picks.</p>", category_id: category.id } });
    expect(created.status, created.text).toBe(201);
    const p = created.json.page as Json;
    expect(p).toMatchObject({ published: false, category: { id: category.id } });
    expect((await page(`/${p.slug}`)).status).toBe(404);

    const published = await adminAs(owner(), `/content/pages/${p.id}`, { method: "PATCH", json: { published: true } });
    expect(published.status, published.text).toBe(200);
    const shown = await page(`/${p.slug}`);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain("Zari and velvet for the season.");
    expect(shown.html).toContain("Our festive picks.");

    const renamed = await adminAs(owner(), `/content/pages/${p.id}`, { method: "PATCH", json: { slug: `festive-${tag}`, category_id: null } });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.json.data.category).toBeNull();
    const old = await page(`/${p.slug}`);
    expect([301, 308]).toContain(old.status);
    expect(old.location).toContain(`/festive-${tag}`);
    expect(await auditRows({ entityType: "page", entityId: p.id })).toHaveLength(3);
  });

  it("refuses a slug that is one of the shop's own addresses, and a category that does not exist", async () => {
    const reserved = await adminAs(owner(), "/content/pages", { json: { title: "Blog hijack", slug: "blogs" } });
    expect(reserved.status).toBe(422);
    expect(reserved.json.errors.slug[0]).toContain("one of the shop's own pages");
    const noCategory = await adminAs(owner(), "/content/pages", { json: { title: `No Category ${tag}`, category_id: 999999 } });
    expect(noCategory.status).toBe(422);
    expect(noCategory.json.errors.category_id).toBeTruthy();
  });
});

describe("business settings", () => {
  it("shows a changed phone in the storefront's footer and in the next mail, right after the save", async () => {
    const current = await adminAs(owner(), "/settings/business");
    expect(current.status).toBe(200);
    const oldPhone = current.json.data.contact_phone as string;
    expect((await page("/about-us")).html).toContain(displayPhone(oldPhone));
    const newPhone = "9876501234";
    const since = new Date().toISOString();
    try {
      const saved = await adminAs(owner(), "/settings/business", { method: "PATCH", json: { contact_phone: "+91 98765 01234" } });
      expect(saved.status, saved.text).toBe(200);
      expect(saved.json.changed).toEqual(["contact_phone"]);
      expect((await page("/about-us")).html).toContain(displayPhone(newPhone));
      const audit = await auditRows({ entityType: "business_settings", action: "settings.update", since });
      expect(audit[0]).toMatchObject({ before: { contact_phone: oldPhone }, after: { contact_phone: newPhone } });

      const email = uniqueEmail("settings-mail");
      const sent = Date.now();
      await signUp(nextIp(), { email }, { confirm: false });
      const mail = await mailTo(email, { since: sent, subject: /^Welcome to / });
      expect(mail.text).toContain(newPhone);
    } finally {
      await adminAs(owner(), "/settings/business", { method: "PATCH", json: { contact_phone: oldPhone } });
    }
  });

  it("refuses bad settings with a message per field and writes none of them", async () => {
    const before = (await adminAs(owner(), "/settings/business")).json.data;
    const bad = await adminAs(owner(), "/settings/business", { method: "PATCH", json: { website_name: "Renamed Shop", instagram_link: "javascript:alert(1)", return_window_days: 365, contact_phone: "12345" } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.errors)).toEqual(expect.arrayContaining(["instagram_link", "return_window_days", "contact_phone"]));
    expect((await adminAs(owner(), "/settings/business")).json.data).toEqual(before);
  });

  it("takes a logo upload, re-encoded and served, and refuses a role without settings:update", async () => {
    const png = await sharp({ create: { width: 300, height: 100, channels: 4, background: { r: 120, g: 30, b: 30, alpha: 0.5 } } }).png().toBuffer();
    const form = new FormData();
    form.append("type", "footer_logo_path");
    form.append("logo", new Blob([new Uint8Array(png)], { type: "image/png" }), "logo.png");
    const before = (await adminAs(owner(), "/settings/business")).json.data.footer_logo_path as string;
    try {
      const res = await adminAs(owner(), "/settings/business/logo", { method: "POST", body: form });
      expect(res.status, res.text).toBe(200);
      expect(res.json.data.footer_logo_path).toMatch(/^\/media\/content\/[a-z0-9-]+\.webp$/);
      expect((await fetch(`${inject("baseUrl")}${res.json.data.footer_logo_path}`)).status).toBe(200);
    } finally {
      const { db } = await testDb();
      await db.updateTable("business_settings").set({ value: before }).where("type", "=", "footer_logo_path").execute();
      // A save that changes something expires the settings' cache tag, so the shop shows the seed's logo again.
      const copyright = (await adminAs(owner(), "/settings/business")).json.data.copyright_text as string;
      await adminAs(owner(), "/settings/business", { method: "PATCH", json: { copyright_text: `${copyright}.` } });
      await adminAs(owner(), "/settings/business", { method: "PATCH", json: { copyright_text: copyright } });
    }
    const editorLogin = await staffLogin(contentEditor.email, contentEditor.password, contentEditor.ip);
    const refused = await adminAs(editorLogin.json.access_token as string, "/settings/business", { method: "PATCH", json: { website_name: "Not yours" } });
    expect(refused.status).toBe(403);
  });
});

describe("the home page's slides and testimonials, and the FAQs", () => {
  it("shows a new testimonial on the home page right after it is added, and hides it again", async () => {
    const quote = `The ikat cushions brightened our whole room ${tag}.`;
    const made = await adminAs(owner(), "/content/testimonials", { json: { name: "Priya S.", location: "Pune", quote, rating: 5, active: true } });
    expect(made.status, made.text).toBe(201);
    const id = made.json.row.id as number;
    try {
      expect((await page("/")).html).toContain(quote);
      const hidden = await adminAs(owner(), `/content/testimonials/${id}`, { method: "PATCH", json: { active: false } });
      expect(hidden.json.data.active).toBe(false);
      expect((await page("/")).html).not.toContain(quote);
      expect((await auditRows({ entityType: "testimonial", entityId: id })).map((r) => r.action)).toEqual(["testimonial.update", "testimonial.create"]);
    } finally {
      await adminAs(owner(), `/content/testimonials/${id}`, { method: "DELETE" });
    }
  });

  it("keeps a slide hidden until its photo is uploaded, then shows it; moves rows up and down", async () => {
    const heading = `Festive Lights ${tag}`;
    const made = await adminAs(owner(), "/content/sliders", { json: { heading, url: "/category/curtains", button_text: "Shop now" } });
    expect(made.status, made.text).toBe(201);
    const id = made.json.row.id as number;
    try {
      const early = await adminAs(owner(), `/content/sliders/${id}`, { method: "PATCH", json: { active: true } });
      expect(early.status).toBe(409);
      expect(early.json.errors.active[0]).toContain("Upload the slide's photo");
      const photo = new FormData();
      photo.append("photo", new Blob([new Uint8Array(await sharp({ create: { width: 1600, height: 700, channels: 3, background: { r: 200, g: 140, b: 40 } } }).jpeg().toBuffer())], { type: "image/jpeg" }), "slide.jpg");
      const uploaded = await adminAs(owner(), `/content/sliders/${id}/photo`, { method: "POST", body: photo });
      expect(uploaded.status, uploaded.text).toBe(200);
      expect(uploaded.json.row.fields.photo).toMatch(/^\/media\/content\/[a-z0-9-]+\.webp$/);
      expect((await adminAs(owner(), `/content/sliders/${id}`, { method: "PATCH", json: { active: true } })).status).toBe(200);
      expect((await page("/")).html).toContain(heading);

      const before = (await adminAs(owner(), "/content/sliders")).json.data as Json[];
      expect(before.at(-1).id).toBe(id);
      const moved = await adminAs(owner(), `/content/sliders/${id}/move`, { json: { direction: "up" } });
      expect(moved.status, moved.text).toBe(200);
      expect((moved.json.data as Json[]).at(-2).id).toBe(id);
      expect((await adminAs(owner(), `/content/testimonials/${id}/photo`, { method: "POST", body: new FormData() })).status).toBe(404);
      expect((await adminAs(owner(), "/content/coupons")).status).toBe(404);
    } finally {
      await adminAs(owner(), `/content/sliders/${id}`, { method: "DELETE" });
    }
    expect((await page("/")).html).not.toContain(heading);
  });

  it("shows the FAQ table's questions with the shop's facts filled in, and a changed setting reaches them", async () => {
    const rows = (await adminAs(owner(), "/content/faqs")).json.data as Json[];
    expect(rows.length).toBeGreaterThanOrEqual(8);
    const returns = rows.find((r) => String(r.fields.question).startsWith("What is your return policy"));
    expect(returns.fields.answer).toContain("{return_window_days} days of delivery");
    const settings = (await adminAs(owner(), "/settings/business")).json.data;
    expect((await page("/faqs")).html).toContain(`within ${settings.return_window_days} days of delivery`);

    const question = `Do you gift-wrap orders ${tag}?`;
    const made = await adminAs(owner(), "/content/faqs", { json: { question, answer: "Yes, for {restocking_fee_percent}% less than you think: free of charge." } });
    expect(made.status, made.text).toBe(201);
    const id = made.json.row.id as number;
    const old = settings.return_window_days as string;
    try {
      expect((await page("/faqs")).html).toContain(question);
      expect((await page("/faqs")).html).toContain(`for ${settings.restocking_fee_percent}% less`);
      await adminAs(owner(), "/settings/business", { method: "PATCH", json: { return_window_days: 11 } });
      expect((await page("/faqs")).html).toContain("within 11 days of delivery");
    } finally {
      await adminAs(owner(), "/settings/business", { method: "PATCH", json: { return_window_days: old } });
      await adminAs(owner(), `/content/faqs/${id}`, { method: "DELETE" });
    }
    expect((await page("/faqs")).html).not.toContain(question);
  });
});

describe("policy pages", () => {
  it("replaces a policy's sections with the text staff write, its facts filled from the settings, and goes back to the generated text", async () => {
    const generated = await page("/warranty-policy");
    expect(generated.status).toBe(200);
    const settings = (await adminAs(owner(), "/settings/business")).json.data;
    const body = `<h2>Our promise ${tag}</h2><p>Every piece is covered for {warranty_months} months; returns within {return_window_days} days.</p><script>alert(1)</script>`;
    const saved = await adminAs(owner(), "/content/policies/warranty-policy", { method: "PUT", json: { body } });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.data.body).not.toContain("<script");
    try {
      const shown = await page("/warranty-policy");
      expect(shown.html).toContain(`Our promise ${tag}`);
      expect(shown.html).toContain(`within ${settings.return_window_days} days`);
      expect(shown.html).toMatch(/covered for \d+ months/);
      expect(await auditRows({ entityType: "policy", entityId: "warranty-policy", action: "policy.update" })).not.toHaveLength(0);
      const unknown = await adminAs(owner(), "/content/policies/warranty-policy", { method: "PUT", json: { body: "<p>{refund_window}</p>" } });
      expect(unknown.status).toBe(422);
      expect(unknown.json.errors.body[0]).toContain("{refund_window}");
      expect((await adminAs(owner(), "/content/policies/cookie-policy")).status).toBe(404);
    } finally {
      const back = await adminAs(owner(), "/content/policies/warranty-policy", { method: "PUT", json: { body: null } });
      expect(back.json.data.body).toBeNull();
    }
    expect((await page("/warranty-policy")).html).not.toContain(`Our promise ${tag}`);
  });
});
