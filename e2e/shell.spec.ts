import AxeBuilder from "@axe-core/playwright";
import { storeApi } from "./api";
import { expect, readyForAxe, TAG, test } from "./fixtures";

test("the header search waits for a pause, needs 3 characters and sends one request per pause", { tag: TAG.readonly }, async ({ page }) => {
  const requests: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/v2/products/search")) requests.push(new URL(r.url()).searchParams.get("name") ?? "");
  });
  // The browser's own clock: when each key went down and each search was asked for. (Timed from
  // the test's side, a loaded machine that stalls the test runner looks like an early request.)
  await page.addInitScript(() => {
    const w = window as unknown as { __keys: number[]; __searches: number[] };
    w.__keys = [];
    w.__searches = [];
    document.addEventListener("keydown", () => w.__keys.push(performance.now()), true);
    const send = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      if (url.includes("/api/v2/products/search")) w.__searches.push(performance.now());
      return send(input, init);
    };
  });
  await page.goto("/products");
  const box = page.getByRole("combobox", { name: "Search products" });
  await box.pressSequentially("cu", { delay: 50 });
  await page.waitForTimeout(800);
  expect(requests).toEqual([]);
  await box.pressSequentially("rtain", { delay: 60 });
  const results = page.getByRole("list", { name: "Search results" });
  await expect(results).toBeVisible();
  // Nothing is asked until the typing pauses: every search started at least the pause (500 ms,
  // less a margin for the clock's rounding) after the key before it. (A loaded machine can stall
  // between two keys for longer than the pause: that is a pause too.)
  const timing = await page.evaluate(() => {
    const w = window as unknown as { __keys: number[]; __searches: number[] };
    return { keys: w.__keys, searches: w.__searches };
  });
  expect(timing.searches.length).toBeGreaterThan(0);
  for (const started of timing.searches) {
    const lastKey = Math.max(...timing.keys.filter((k) => k <= started));
    expect(started - lastKey).toBeGreaterThanOrEqual(480);
  }
  // One request per pause: never one per key, never the same text twice, the last for the word.
  expect(requests.at(-1)).toBe("curtain");
  expect(requests.length).toBeLessThan("rtain".length);
  expect(new Set(requests).size).toBe(requests.length);
  expect(requests.every((r) => r.length >= 3 && "curtain".startsWith(r))).toBe(true);
  await expect(box).toHaveAttribute("aria-expanded", "true");

  // Shorter text closes the dropdown; a click outside closes it too.
  await box.press("Backspace");
  await expect(results).toBeHidden();
  await expect(results).toBeVisible();
  // A click outside: on a phone the list covers the page's heading, so the click lands just below
  // the list, in the page's side margin (no link there).
  const list = await results.boundingBox();
  const height = page.viewportSize()?.height ?? 720;
  await page.mouse.click(2, Math.min((list?.y ?? 0) + (list?.height ?? 0) + 10, height - 2));
  await expect(results).toBeHidden();
  // Under 3 trimmed characters nothing is asked.
  await box.fill("  ab  ");
  await page.waitForTimeout(800);
  expect(requests.filter((r) => r.trim().length < 3)).toEqual([]);
});

test("the header is transparent on home until scrolled past 100 px, fixed elsewhere with a spacer", { tag: TAG.readonly }, async ({ page }) => {
  await page.goto("/");
  const header = page.locator("header[data-fixed]");
  await expect(header).toHaveAttribute("data-fixed", "false");
  await expect(page.getByTestId("header-spacer")).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 150));
  await expect(header).toHaveAttribute("data-fixed", "true");
  await page.evaluate(() => window.scrollTo(0, 50));
  await expect(header).toHaveAttribute("data-fixed", "false");
  await page.goto("/products");
  await expect(header).toHaveAttribute("data-fixed", "true");
  await expect(page.getByTestId("header-spacer")).toHaveCount(1);
});

test("scroll-to-top appears after 300 px", { tag: TAG.readonly }, async ({ page }) => {
  await page.goto("/products");
  await expect(page.getByRole("button", { name: "Scroll to top" })).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 400));
  await page.getByRole("button", { name: "Scroll to top" }).click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(10);
});

test.describe("at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  // @alone: it reads the contact phone, which a @db journey (admin-content) changes and puts back.
  test("the mobile menu opens, marks the page, lists its links and closes", { tag: [TAG.readonly, TAG.alone] }, async ({ page }) => {
    const phone = { value: await storeApi.setting("contact_phone") };
    await page.goto("/products");
    const toggle = page.getByRole("button", { name: "Open menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    await expect(page.locator("body")).toHaveClass(/mobile-menu-visible/);
    const hrefs = await menu.getByRole("navigation").getByRole("link").evaluateAll((links) => links.map((l) => l.getAttribute("href")));
    expect(hrefs).toEqual(["/", "/about-us", "/products", "/services", "/contact-us"]);
    await expect(menu.locator(`a[href="tel:+91${phone.value}"]`)).toBeVisible();
    await expect(menu.locator(`a[href="https://wa.me/91${phone.value}"]`)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(page.locator("body")).not.toHaveClass(/mobile-menu-visible/);
  });

  // The page-wide scans run on the desktop project; the open menu is what only a phone shows.
  test("no serious accessibility violations in the open mobile menu", { tag: TAG.readonly }, async ({ page }) => {
    await page.goto("/products");
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("dialog", { name: "Menu" }).locator('a[href^="tel:"]').first()).toBeVisible();
    await readyForAxe(page);
    const results = await new AxeBuilder({ page }).include('[role="dialog"][aria-label="Menu"]').analyze();
    const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`)).toEqual([]);
  });

  test("the mobile menu says so when settings fail to load", { tag: TAG.readonly }, async ({ page }) => {
    await page.route("**/api/v2/business-settings", (route) => route.fulfill({ status: 500, body: "{}" }));
    await page.goto("/products");
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toContainText("Error loading data");
    await expect(page.getByText("Failed to load business settings.")).toBeVisible();
  });

  test("the mobile menu shows Loading... while settings load", { tag: TAG.readonly }, async ({ page }) => {
    await page.route("**/api/v2/business-settings", async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.goto("/products");
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toContainText("Loading...");
  });
});

test("the footer shows +91 numbers and the newsletter stores an email once", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  await expect(footer).toContainText("+91 ");
  const email = `reader-${Date.now()}@example.com`;
  const input = footer.getByLabel("Email address");
  await input.fill(email);
  const button = footer.getByRole("button", { name: "Subscribe" });
  await button.click();
  await expect(page.getByText("Thank you for subscribing! Look out for our next newsletter.")).toBeVisible();
  await expect(input).toHaveValue("");
  await input.fill(email);
  await button.click();
  // The second try is refused: the store kept the first (one row per address, as a shopper sees it).
  await expect(page.getByText("This email is already subscribed to our newsletter.")).toBeVisible();
});

test("the footer map loads when the shopper reaches it, not with the page", { tag: TAG.readonly }, async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("heading", { name: "Visit Our Store" })).toBeAttached();
  await expect(footer.locator("iframe")).toHaveCount(0);
  await footer.getByRole("heading", { name: "Visit Our Store" }).scrollIntoViewIfNeeded();
  await expect(footer.getByTitle(/^Map to /)).toHaveAttribute("src", /^https:\/\//);
});

test("the framework scripts are marked for eager compilation; page chunks and the legacy polyfills are not", { tag: [TAG.readonly, TAG.desktop] }, async ({ request }) => {
  const html = await (await request.get("/")).text();
  const scripts = [...new Set([...html.matchAll(/<script src="(\/_next\/static\/chunks\/[^"]+\.js)" async/g)].map((m) => m[1] ?? ""))].filter(Boolean);
  expect(scripts.length).toBeGreaterThanOrEqual(3);
  const starts = async (src: string) => (await (await request.get(src)).text()).startsWith("//# allFunctionsCalledOnLoad\n");
  const marked: string[] = [];
  for (const src of scripts) if (await starts(src)) marked.push(src);
  // React DOM, the App Router and the Turbopack runtime (the build's rootMainFiles), which every page runs.
  expect(marked.length, scripts.join(", ")).toBeGreaterThanOrEqual(3);
  expect(marked.length, "the home page's own chunks are left alone").toBeLessThan(scripts.length);
  const aboutHtml = await (await request.get("/about-us")).text();
  for (const src of marked) expect(aboutHtml, `${src} is a framework chunk, loaded by every page`).toContain(src);
  const polyfill = /<script src="(\/_next\/static\/chunks\/[^"]+\.js)" noModule/.exec(html)?.[1];
  if (polyfill) expect(await starts(polyfill)).toBe(false);
});

for (const path of ["/", "/products", "/search?query=cushion"]) {
  test(`no serious accessibility violations on ${path}`, { tag: [TAG.readonly, TAG.desktop] }, async ({ page }) => {
    await page.goto(path);
    await readyForAxe(page);
    const results = await new AxeBuilder({ page }).analyze();
    const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`)).toEqual([]);
  });
}

test("no serious accessibility violations on a product page", { tag: [TAG.readonly, TAG.desktop] }, async ({ page }) => {
  const [product] = await storeApi.products();
  if (!product) throw new Error("the store has no published product");
  await page.goto(`/products/${product.slug}`);
  await readyForAxe(page);
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`)).toEqual([]);
});
