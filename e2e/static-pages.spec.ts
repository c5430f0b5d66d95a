import AxeBuilder from "@axe-core/playwright";
import { sitemapPaths, storeApi } from "./api";
import { expect, jsonLdOf, readyForAxe, TAG, test } from "./fixtures";

/** Every static page and the heading it shows. */
const PAGES: { path: string; heading: string }[] = [
  { path: "/about-us", heading: "About Us" },
  { path: "/faqs", heading: "Frequently Asked Questions" },
  { path: "/services", heading: "Our Services" },
  { path: "/contact-us", heading: "Contact Us" },
  { path: "/sitemap", heading: "Sitemap" },
  { path: "/terms-conditions", heading: "Terms & Conditions" },
  { path: "/warranty-policy", heading: "Warranty Policy" },
  { path: "/shipping-policy", heading: "Shipping Policy" },
  { path: "/return-policy", heading: "Return Policy" },
  { path: "/privacy-policy", heading: "Privacy Policy" },
  { path: "/gifting", heading: "Gifting" },
  { path: "/bulk-deals", heading: "Bulk Deals" },
  { path: "/corporate", heading: "Corporate" },
];

const POLICY_PATHS = ["/terms-conditions", "/warranty-policy", "/shipping-policy", "/return-policy", "/privacy-policy"];

async function policySettings() {
  const settings = await storeApi.settings();
  return { days: settings.get("return_window_days") ?? "", percent: settings.get("restocking_fee_percent") ?? "" };
}

test("every static page answers 200 with its heading, a description and a canonical URL", { tag: TAG.readonly }, async ({ page }) => {
  for (const { path, heading } of PAGES) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: heading, exact: true }), path).toBeVisible();
    await expect(page.locator('meta[name="description"]'), path).toHaveAttribute("content", /.{40,}/);
    await expect(page.locator('link[rel="canonical"]'), path).toHaveAttribute("href", new RegExp(`${path.replace(/[-/]/g, "\\$&")}$`));
    // Every image has alt text.
    for (const alt of await page.locator("main img").evaluateAll((imgs) => imgs.map((i) => i.getAttribute("alt")))) {
      expect(alt, path).toBeTruthy();
    }
  }
});

test("the FAQ page has 8 questions that open to show their answers, and FAQPage structured data", { tag: TAG.readonly }, async ({ page }) => {
  await page.goto("/faqs");
  const items = page.getByTestId("faq-list").locator("details");
  await expect(items).toHaveCount(8);

  const faq = (await jsonLdOf(page)).find((d) => d["@type"] === "FAQPage");
  expect(faq).toBeDefined();
  const entities = faq?.mainEntity as { name: string; acceptedAnswer: { text: string } }[];
  expect(entities).toHaveLength(8);

  const first = items.first();
  const firstAnswer = first.getByText(entities[0]!.acceptedAnswer.text);
  await expect(first.locator("summary")).toContainText(entities[0]!.name);
  await expect(firstAnswer).toBeHidden();
  await first.locator("summary").click();
  await expect(first).toHaveAttribute("open", "");
  await expect(firstAnswer).toBeVisible();

  // Keyboard: Enter on a focused question opens it.
  const third = items.nth(2);
  await third.locator("summary").focus();
  await page.keyboard.press("Enter");
  await expect(third).toHaveAttribute("open", "");
  await expect(third.getByText(entities[2]!.acceptedAnswer.text)).toBeVisible();
});

test("policy pages show the return window and restocking fee from the settings and the 12 months warranty", { tag: TAG.readonly }, async ({ page }) => {
  const { days, percent } = await policySettings();
  expect(days).toMatch(/^\d+$/);
  expect(percent).toMatch(/^\d+(\.\d+)?$/);
  for (const path of POLICY_PATHS) {
    await page.goto(path);
    const main = page.getByRole("main");
    await expect(main, path).toContainText(`${days} days from delivery`);
    await expect(main, path).toContainText(`${percent}%`);
    await expect(main, path).toContainText("12 months");
    await expect(main, path).not.toContainText("return_window");
  }
  await page.goto("/return-policy");
  const main = page.getByRole("main");
  await expect(main).toContainText(`within ${days} days of delivery`);
  await expect(main).toContainText(`restocking fee of ${percent}%`);
  await expect(main).toContainText("within 7 business days");

  await page.goto("/shipping-policy");
  // The figures come from the dispatch settings and the delivery zones (delivery.spec.ts checks
  // that they are the product page's); here, that each is stated.
  for (const fact of [
    /Order processing: \d+(-\d+)? weeks? for made-to-order pieces, \d+(-\d+)? business days? for ready-to-ship pieces\./,
    /Standard shipping: \d+(-\d+)? business days? after dispatch\./,
    /Express shipping: \d+(-\d+)? business days? after dispatch, for an extra fee\./,
    "P.O. box",
    "APO/FPO",
    "within India only",
  ]) {
    await expect(page.getByRole("main")).toContainText(fact);
  }
  await page.goto("/terms-conditions");
  for (const fact of ["18 years of age or over", "arbitration", "Delhi", "laws of India"]) {
    await expect(page.getByRole("main")).toContainText(fact);
  }
});

test("payment-response shows success for response=1 and failure with a retry link otherwise", { tag: TAG.readonly }, async ({ page }) => {
  await page.goto("/payment-response?response=1");
  await expect(page.getByRole("heading", { level: 1, name: "Payment Successful!" })).toBeVisible();
  await expect(page.getByText("Thank you for your purchase. Your order has been confirmed!")).toBeVisible();
  const result = page.getByRole("region", { name: "Payment Successful!" });
  await expect(result.locator('a[href="/products"]')).toHaveCount(1);
  await expect(result.locator('a[href="/purchase-history"]')).toHaveCount(1);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);

  for (const query of ["?response=0", "?response=yes", ""]) {
    await page.goto(`/payment-response${query}`);
    await expect(page.getByRole("heading", { level: 1, name: "Payment Failed" }), query).toBeVisible();
    await expect(page.getByText("We encountered an issue processing your payment. Please try again or contact support.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Retry Payment" })).toHaveAttribute("href", "/checkout");
    await expect(page.getByText("Payment Successful!")).toHaveCount(0);
  }
});

test("the sitemap page lists every path of the XML sitemap, grouped", { tag: [TAG.readonly, TAG.alone] }, async ({ page }) => {
  // The page and the XML agree within the store's 5 seconds of a change (a journey just before
  // may have published or renamed a product): compared until they do, then shown if they do not.
  let paths: string[] = [];
  let listed: (string | null)[] = [];
  const same = () => JSON.stringify([...listed].sort()) === JSON.stringify([...paths].sort());
  await expect
    .poll(
      async () => {
        paths = await sitemapPaths();
        await page.goto("/sitemap");
        listed = await page.getByRole("main").locator("section a").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
        return same();
      },
      { timeout: 10_000 },
    )
    .toBe(true)
    .catch(() => undefined);
  expect(paths.length).toBeGreaterThan(20);
  expect([...listed].sort()).toEqual([...paths].sort());

  const [[product], [blog], [category]] = await Promise.all([storeApi.products(), storeApi.blogs(), storeApi.categories()]);
  if (!product || !blog || !category) throw new Error("the store needs a product, a post and a category");
  await expect(page.getByRole("region", { name: "Products" }).locator(`a[href="/products/${product.slug}"]`)).toHaveCount(1);
  await expect(page.getByRole("region", { name: "Articles" }).locator(`a[href="/blog/${blog.slug}"]`)).toHaveCount(1);
  await expect(page.getByRole("region", { name: "Categories" }).locator(`a[href="/category/${category.slug}"]`)).toHaveCount(1);
  await expect(page.getByRole("region", { name: "Pages" }).locator('a[href="/privacy-policy"]')).toHaveCount(1);
});

for (const path of ["/about-us", "/faqs", "/services", "/contact-us", "/return-policy", "/bulk-deals", "/payment-response?response=0"]) {
  test(`no serious accessibility violations on ${path}`, { tag: [TAG.readonly, TAG.desktop] }, async ({ page }) => {
    await page.goto(path);
    await readyForAxe(page);
    const results = await new AxeBuilder({ page }).analyze();
    const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`)).toEqual([]);
  });
}
