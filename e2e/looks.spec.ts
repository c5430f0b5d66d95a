import { storeApi } from "./api";
import { createCustomer, signIn } from "./db";
import type { Locator } from "@playwright/test";
import { expect, type Page, TAG, test } from "./fixtures";
import { SYSTEM_KEY } from "./target";

/** The brand's colours (app/globals.css @theme), as getComputedStyle writes them. */
const BRAND = {
  saffron: "rgb(160, 86, 26)",
  saffronDark: "rgb(125, 64, 16)",
  ivory: "rgb(250, 247, 242)",
};
/** Swiper's own blue, which nothing of the store shows. */
const SWIPER_BLUE = "rgb(0, 122, 255)";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
/** A journey at a fixed width only reads; wider than a phone, the phone project leaves it out. */
const viewTags = (width: number) => (width > PHONE.width ? [TAG.readonly, TAG.desktop] : [TAG.readonly, TAG.phone]);

/** The home page with its carousels started (Swiper takes over on the first scroll, or 6 s after the page loaded). */
async function homeWithCarousels(page: Page) {
  await page.goto("/");
  await page.evaluate(() => window.scrollBy({ top: 1, behavior: "instant" }));
  await expect(page.locator(".hero-slider .swiper-initialized")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("region", { name: "Shop by Category" }).locator(".swiper-initialized")).toBeAttached();
}

/** Scrolls at once (the page scrolls smoothly otherwise) so that the element sits where `block` says. */
async function scrollTo(target: Locator, block: ScrollLogicalPosition) {
  await target.evaluate((el, where) => el.scrollIntoView({ block: where, inline: "nearest", behavior: "instant" }), block);
}

for (const viewport of [PHONE, DESKTOP]) {
  test(`the carousels' dots and arrows are in the brand's colours, not Swiper's blue (${viewport.width} px)`, { tag: viewTags(viewport.width) }, async ({ page }) => {
    await page.setViewportSize(viewport);
    await homeWithCarousels(page);
    const dots = page.locator(".hero-slider .swiper-pagination-bullet");
    await expect(dots.first()).toBeVisible();
    const colours = async (locator: Locator, property: "color" | "backgroundColor") => locator.evaluateAll((els, p) => els.map((el) => getComputedStyle(el)[p]), property);
    expect(await colours(page.locator(".hero-slider .swiper-pagination-bullet-active"), "backgroundColor")).toEqual([BRAND.saffron]);
    // The other dots are light on the slider's photos.
    expect(new Set(await colours(dots.and(page.locator(":not(.swiper-pagination-bullet-active)")), "backgroundColor"))).toEqual(new Set([BRAND.ivory]));

    const category = page.getByRole("region", { name: "Shop by Category" });
    const arrows = category.getByRole("button", { name: /^(Previous|Next) slide$/ });
    await expect(arrows).toHaveCount(2);
    expect(await colours(arrows, "color")).toEqual([BRAND.saffronDark, BRAND.saffronDark]);
    // The arrow is drawn in its colour (the icon's fill is currentColor).
    expect(await arrows.last().locator("path").evaluate((el) => getComputedStyle(el).fill)).toBe(BRAND.saffronDark);
    const everything = await page.locator(".swiper, .swiper *").evaluateAll((els) => els.flatMap((el) => [getComputedStyle(el).color, getComputedStyle(el).backgroundColor, getComputedStyle(el).fill]));
    expect(everything.length).toBeGreaterThan(0);
    expect(everything).not.toContain(SWIPER_BLUE);
  });

  test(`the floating chat and scroll-to-top buttons cover none of the carousel arrows, About links and footer controls (${viewport.width} px)`, { tag: viewTags(viewport.width) }, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await homeWithCarousels(page);
    // The footer's map comes in when the shopper reaches it.
    const footer = page.getByRole("contentinfo");
    await footer.getByRole("heading", { name: "Visit Our Store" }).scrollIntoViewIfNeeded();
    await expect(footer.locator("iframe")).toBeAttached();

    // The floating buttons stay put on the screen: where they are, once both show.
    const chat = page.getByRole("link", { name: "Chat with us on WhatsApp" });
    const toTop = page.getByRole("button", { name: "Scroll to top" });
    await page.evaluate(() => window.scrollTo({ top: 600, behavior: "instant" }));
    await expect(toTop).toBeVisible();
    const lanes = await Promise.all([chat, toTop].map(async (button) => {
      const box = await button.boundingBox();
      if (!box) throw new Error("a floating button has no box");
      return box.y + box.height / 2;
    }));

    const about = page.getByRole("region", { name: /^About / });
    const controls = [
      ...(await page.getByRole("region", { name: "Shop by Category" }).getByRole("button", { name: /^(Previous|Next) slide$/ }).all()),
      ...(await page.locator(".hero-slider .swiper-pagination-bullet").all()),
      about.getByRole("link", { name: "Our story" }),
      ...(await about.getByRole("list", { name: "Social links" }).getByRole("link").all()),
      ...(await footer.locator("a, button, input, iframe").all()),
    ];
    expect(controls.length).toBeGreaterThan(15);
    const covered: string[] = [];
    for (const control of controls) {
      if (!(await control.isVisible())) continue;
      // Scrolled so that the control is level with each floating button (as far as the page
      // scrolls), no floating button may lie over the middle of the control: the control itself
      // when it is small (an arrow, a dot, an icon), a 44 px square at its centre when it is
      // larger (a map, a field), the target a thumb aims at.
      for (const lane of lanes) {
        await control.evaluate((el, y) => {
          const box = el.getBoundingClientRect();
          window.scrollBy({ top: box.top + box.height / 2 - y, behavior: "instant" });
        }, lane);
        // The scroll-to-top button shows or goes after a scroll event; let the page draw it.
        await page.waitForTimeout(100);
        const hit = await control.evaluate((el) => {
          const box = el.getBoundingClientRect();
          const half = { x: Math.min(box.width, 44) / 2, y: Math.min(box.height, 44) / 2 };
          const middle = { left: box.left + box.width / 2 - half.x, right: box.left + box.width / 2 + half.x, top: box.top + box.height / 2 - half.y, bottom: box.top + box.height / 2 + half.y };
          const floating = [...document.querySelectorAll('a[aria-label="Chat with us on WhatsApp"], button[aria-label="Scroll to top"]')];
          const over = floating.find((f) => {
            const b = f.getBoundingClientRect();
            return Math.min(b.right, middle.right) - Math.max(b.left, middle.left) > 0.5 && Math.min(b.bottom, middle.bottom) - Math.max(b.top, middle.top) > 0.5;
          });
          const name = el.getAttribute("aria-label") || el.getAttribute("title") || el.getAttribute("placeholder") || el.textContent?.trim() || el.tagName;
          return over ? `${name} under "${over.getAttribute("aria-label")}"` : null;
        });
        if (hit) covered.push(hit);
      }
    }
    // At the page's end the footer's text can scroll no higher: no line of it may be under a floating button.
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }));
    await page.waitForTimeout(100);
    await expect(toTop).toBeVisible();
    covered.push(
      ...(await footer.evaluate((el) => {
        const floating = [...document.querySelectorAll('a[aria-label="Chat with us on WhatsApp"], button[aria-label="Scroll to top"]')];
        const hidden: string[] = [];
        for (const p of el.querySelectorAll("p")) {
          const range = document.createRange();
          range.selectNodeContents(p);
          for (const line of range.getClientRects()) {
            const over = floating.find((f) => {
              const b = f.getBoundingClientRect();
              return Math.min(b.right, line.right) - Math.max(b.left, line.left) > 0.5 && Math.min(b.bottom, line.bottom) - Math.max(b.top, line.top) > 0.5;
            });
            if (over) hidden.push(`a line of "${p.textContent?.trim()}" under "${over.getAttribute("aria-label")}"`);
          }
        }
        return hidden;
      })),
    );
    expect(covered).toEqual([]);
  });

  test(`the About block: "Our story" on one line, the social icons in one row (${viewport.width} px)`, { tag: viewTags(viewport.width) }, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto("/");
    const about = page.getByRole("region", { name: /^About / });
    const story = about.getByRole("link", { name: "Our story" });
    await scrollTo(story, "center");
    // Lines of the button's text: one box per line.
    expect(await story.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    })).toBe(1);
    for (const list of [about.getByRole("list", { name: "Social links" }), page.getByRole("contentinfo").getByRole("list", { name: "Social links" })]) {
      await scrollTo(list, "center");
      const tops = await list.getByRole("listitem").evaluateAll((items) => items.map((li) => Math.round(li.getBoundingClientRect().top)));
      expect(tops.length).toBeGreaterThanOrEqual(5);
      expect(new Set(tops).size, `icon rows: ${tops.join(", ")}`).toBe(1);
    }
  });

  test(`the newsletter field shows its whole placeholder (${viewport.width} px)`, { tag: viewTags(viewport.width) }, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto("/");
    const input = page.getByRole("contentinfo").getByLabel("Email address");
    await expect(input).toHaveAttribute("placeholder", "Your email address");
    await scrollTo(input, "center");
    // The placeholder as a value: the box scrolls when that text does not fit.
    const room = await input.evaluate((el: HTMLInputElement) => {
      el.value = el.placeholder;
      const fits = { text: el.scrollWidth, box: el.clientWidth };
      el.value = "";
      return fits;
    });
    expect(room.text, `placeholder needs ${room.text} px in a ${room.box} px box`).toBeLessThanOrEqual(room.box);
  });

  test(`"You May Also Like" cards put their stock line at the same height, whatever the length of the name (${viewport.width} px)`, { tag: viewTags(viewport.width) }, async ({ page }) => {
    await page.setViewportSize(viewport);
    // A product whose related cards have names of one line and of two.
    for (const product of (await storeApi.products()).slice(0, 12)) {
      await page.goto(`/products/${product.slug}`);
      const related = page.getByTestId("related");
      if (!(await related.count())) continue;
      await scrollTo(related, "start");
      const cards = related.locator("article");
      await expect(cards.first()).toBeVisible();
      const titles = await cards.locator(".product-card-title").evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().height)));
      if (new Set(titles).size < 2) continue;
      const stock = await cards.locator(".product-card-stock").evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
      expect(stock.length).toBe(titles.length);
      expect(new Set(stock).size, `stock lines at ${stock.join(", ")} (names ${titles.join(", ")} px high)`).toBe(1);
      return;
    }
    throw new Error("no product among the first 12 has related cards with names of different lengths");
  });
}

test("the cart's shipping choice is a radio in the brand's colour", { tag: TAG.db }, async ({ page }) => {
  const customer = await createCustomer("Ishaan Kapoor");
  await signIn(page, customer);
  const [product] = (await storeApi.products({ availability: "in_stock" })).filter((p) => !p.has_variants);
  if (!product) throw new Error("the store needs a product in stock");
  const added = await page.request.post("/api/v2/carts/add", { data: { id: product.id, quantity: 1 }, headers: { "System-Key": SYSTEM_KEY, "X-Requested-With": "XMLHttpRequest" } });
  expect(added.status()).toBeLessThan(300);
  await page.goto("/cart");
  const radios = page.getByRole("group", { name: "Shipping (India only)" }).getByRole("radio");
  await expect(radios.first()).toBeVisible();
  expect(new Set(await radios.evaluateAll((els) => els.map((el) => getComputedStyle(el).accentColor)))).toEqual(new Set([BRAND.saffron]));
});
