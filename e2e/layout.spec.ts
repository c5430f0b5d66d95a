import { cmsPagesInSitemap, storeApi } from "./api";
import { createCustomer, insertJourneyOrder, signIn, withE2eDb } from "./db";
import { expect, type Page, TAG, test } from "./fixtures";
import { SYSTEM_KEY } from "./target";

/**
 * No page of the store is wider than the screen. A page that lays out wider than a phone (a table's
 * minimum width pushing its grid column, say) is drawn zoomed out on a phone: the header's cart and
 * menu leave the screen, the footer covers part of the width, and a tap lands on the wrong thing.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** The phone width runs in the phone project (real phone emulation), the desktop width in the desktop project. */
const readonlyTags = (width: number) => (width > PHONE.width ? [TAG.readonly, TAG.desktop] : [TAG.readonly, TAG.phone]);
/** Signed-in pages need a customer with orders made in the e2e database: @db, and @phone for the phone project. */
const signedInTags = (width: number) => (width > PHONE.width ? [TAG.db, TAG.desktop] : [TAG.db, TAG.phone]);

type Overflow = { html: number; body: number; widest: string[] };

/**
 * The page walked down a screen at a time (blocks below the first screen lay out only when they
 * come near it, and carousels start on the first scroll), keeping the widest the document and the
 * body ever were, and what stuck out past the screen's right edge.
 */
async function overflowOf(page: Page, width: number): Promise<Overflow> {
  await page.waitForLoadState("load");
  return page.evaluate(async (screenWidth) => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const seen: Overflow = { html: 0, body: 0, widest: [] };
    const measure = () => {
      seen.html = Math.max(seen.html, document.documentElement.scrollWidth);
      seen.body = Math.max(seen.body, document.body.scrollWidth);
      // The outermost boxes past the right edge (their parent ends inside the screen).
      for (const el of document.body.querySelectorAll<HTMLElement>("*")) {
        const right = el.getBoundingClientRect().right + window.scrollX;
        const parent = el.parentElement?.getBoundingClientRect();
        if (right > screenWidth + 1 && parent && parent.right + window.scrollX <= screenWidth + 1 && seen.widest.length < 5) {
          seen.widest.push(`${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 4).join(".")} (right edge ${Math.round(right)} px)`);
        }
      }
    };
    for (let y = 0; ; y += Math.round(window.innerHeight * 0.8)) {
      window.scrollTo({ top: y, behavior: "instant" });
      await frame();
      measure();
      if (y >= document.documentElement.scrollHeight - window.innerHeight) break;
    }
    window.scrollTo({ top: 0, behavior: "instant" });
    return seen;
  }, width);
}

async function expectFits(page: Page, width: number, path: string) {
  const seen = await overflowOf(page, width);
  expect(
    { html: seen.html <= width, body: seen.body <= width },
    `${path} at ${width} px: the document is ${seen.html} px wide, the body ${seen.body} px; past the edge: ${seen.widest.join(", ") || "nothing found"}`,
  ).toEqual({ html: true, body: true });
}

for (const viewport of [PHONE, DESKTOP]) {
  test(`no page a guest sees is wider than the screen (${viewport.width} px)`, { tag: readonlyTags(viewport.width) }, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize(viewport);
    const [[product], [category], [blog], [cms]] = await Promise.all([storeApi.products(), storeApi.categories(), storeApi.latestBlogs(1), cmsPagesInSitemap()]);
    if (!product || !category || !blog || !cms) throw new Error("the store needs a product, a category, a blog post and a CMS page");
    const paths = [
      "/",
      "/products",
      `/products/${product.slug}`,
      "/search?query=cotton",
      `/category/${category.slug}`,
      `/${cms.page.slug}`,
      "/blogs",
      `/blog/${blog.slug}`,
      "/about-us",
      "/faqs",
      "/services",
      "/terms-conditions",
      "/warranty-policy",
      "/shipping-policy",
      "/return-policy",
      "/privacy-policy",
      "/sitemap",
      "/contact-us",
      "/gifting",
      "/bulk-deals",
      "/corporate",
      "/cart",
      "/payment-response?response=1&order=KH2026TEST1",
      "/payment-response?response=0&order=KH2026TEST1",
      "/login",
      "/registration",
      "/forgot-password",
      "/reset-password?token=no-such-token",
      "/verify-email?token=no-such-token",
      "/no/such/page",
    ];
    for (const path of paths) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(path === "/no/such/page" ? 404 : 200);
      await expectFits(page, viewport.width, path);
    }
  });

  test(`no signed-in page is wider than the screen, and Purchase History's Details and Invoice open that order's pages (${viewport.width} px)`, { tag: signedInTags(viewport.width) }, async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    const customer = await createCustomer("Kavya Menon");
    const tag = `L${customer.id}`;
    const [product, other] = (await storeApi.products({ availability: "in_stock" })).filter((p) => !p.has_variants);
    if (!product || !other) throw new Error("the store needs two products in stock");
    // A pending order (Cancel, Details) and a delivered, paid one with its invoice (Details, Invoice).
    await insertJourneyOrder(customer.id, { code: `${tag}PND`, createdAt: new Date().toISOString() });
    const paid = await insertJourneyOrder(customer.id, {
      code: `${tag}PAID`,
      createdAt: new Date(Date.now() - 86_400_000).toISOString(),
      deliveryStatus: "Delivered",
      paymentStatus: "Paid",
      paymentType: "online",
      deliveredAt: new Date().toISOString(),
      lines: [{ productId: product.id, name: product.name, variation: "Indigo / 150 x 220 cm", quantity: 2 }],
    });
    await withE2eDb((db) =>
      db.insertInto("invoices").values({ order_id: paid.id, number: `E2E/L${customer.id}`, financial_year: "E2E", serial: customer.id, issued_at: new Date().toISOString(), pdf: null }).execute(),
    );

    await signIn(page, customer);
    // A cart, a wishlist and a default address, made through the API as the storefront makes them.
    const api = async (method: "GET" | "POST", path: string, data?: object) => {
      const res = await page.request.fetch(`/api/v2${path}`, { method, data, headers: { "System-Key": SYSTEM_KEY, "X-Requested-With": "XMLHttpRequest" } });
      expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
      return (await res.json()) as { data: { id: number; name: string }[] };
    };
    await api("POST", "/carts/add", { id: product.id, quantity: 1 });
    await api("POST", "/carts/add", { id: other.id, quantity: 2 });
    await api("GET", `/wishlists-add-product/${other.slug}`);
    const idOf = (list: { id: number; name: string }[], name: string) => list.find((x) => x.name === name)?.id;
    const india = idOf((await api("GET", "/countries")).data, "India");
    const karnataka = idOf((await api("GET", `/states-by-country/${india}`)).data, "Karnataka");
    const bengaluru = idOf((await api("GET", `/cities-by-state/${karnataka}`)).data, "Bengaluru");
    await api("POST", "/user/shipping/create", { address: "14 Lavelle Road, Ashok Nagar", country: india, state: karnataka, city: bengaluru, postal_code: "560025", phone: "9845012345" });

    for (const path of ["/dashboard", "/profile", "/purchase-history", `/order-details/${paid.id}`, "/wishlists", "/cart", "/checkout"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      expect(new URL(page.url()).pathname, `${path} stays where it is`).toBe(path);
      await expectFits(page, viewport.width, path);
    }

    // Purchase History: Details and Invoice of the paid order, pressed as the shopper presses them.
    const press = testInfo.project.use.hasTouch ? "tap" : "click";
    await page.goto("/purchase-history");
    // On a phone each order is a card; for a screen reader it is still a row of the table.
    await expect(page.getByRole("columnheader")).toHaveText(["Code", "Date", "Amount", "Delivery Status", "Payment Status", "Payment Type", "Options"]);
    const row = page.getByRole("row", { name: new RegExp(`${tag}PAID`) });
    await expect(row.getByRole("cell", { name: "Delivered" })).toBeVisible();
    await row.getByRole("link", { name: `Details of order ${tag}PAID` })[press]();
    await expect(page).toHaveURL(new RegExp(`/order-details/${paid.id}$`));
    await expect(page.getByRole("heading", { level: 1, name: `Order Id: ${tag}PAID` })).toBeVisible();

    await page.goBack();
    const invoice = row.getByRole("link", { name: `Invoice of order ${tag}PAID` });
    await expect(invoice).toHaveAttribute("href", `/api/v2/invoice/download/${paid.id}`);
    const pdf = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/v2/invoice/download/${paid.id}`);
    const tab = page.waitForEvent("popup");
    await invoice[press]();
    const answer = await pdf;
    expect(answer.status()).toBe(200);
    expect(answer.headers()["content-type"]).toBe("application/pdf");
    await (await tab).close();
    await expect(page).toHaveURL(/\/purchase-history$/);
  });
}
