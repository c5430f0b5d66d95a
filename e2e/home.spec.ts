import { storeApi } from "./api";
import { expect, jsonLdOf, TAG, test } from "./fixtures";

/** What the store shows on its home page, read through its API. */
async function seeded() {
  const [slides, categories, blogs, websiteName] = await Promise.all([storeApi.sliders(), storeApi.categories(), storeApi.latestBlogs(6), storeApi.setting("website_name")]);
  const slide = slides[0];
  if (!slide) throw new Error("the store has no active slide");
  return { slide, categories, blogs, websiteName };
}

/** A journey at a fixed width only reads; wider than a phone, the phone project leaves it out. */
const viewTags = (width: number) => (width > 390 ? [TAG.readonly, TAG.desktop] : [TAG.readonly]);

test("the home page shows the store's slider, categories and latest articles", { tag: TAG.readonly }, async ({ page }) => {
  const data = await seeded();
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);

  await expect(page).toHaveTitle(/.+/);
  await expect(page.getByRole("heading", { level: 1, name: data.slide.heading })).toBeVisible();
  await expect(page.locator("header[data-fixed]")).toHaveAttribute("data-fixed", "false");

  // The loops below check each seeded row; with no rows they would check nothing.
  expect(data.categories.length).toBeGreaterThan(0);
  expect(data.blogs.length).toBeGreaterThan(0);
  const categories = page.getByRole("region", { name: "Shop by Category" });
  for (const category of data.categories) {
    await expect(categories.getByRole("link", { name: category.name, exact: true })).toHaveAttribute("href", `/category/${category.slug}`);
  }

  const articles = page.getByRole("region", { name: "Latest Articles" });
  await expect(articles.getByRole("article")).toHaveCount(data.blogs.length);
  for (const blog of data.blogs) {
    await expect(articles.getByRole("heading", { name: blog.title })).toBeAttached();
    await expect(articles.locator(`a[href="/blog/${blog.slug}"]`)).toHaveCount(1);
  }

  const testimonials = page.getByRole("region", { name: "What our customers say" });
  await expect(testimonials.getByRole("img", { name: /^Rated [1-5] out of 5$/ }).first()).toHaveText(/^★{1,5}$/);

  await expect(page.getByRole("contentinfo")).toContainText(data.websiteName);

  const ld = await jsonLdOf(page);
  expect(ld.find((x) => x["@type"] === "Organization")).toMatchObject({ name: data.websiteName });
  const site = ld.find((x) => x["@type"] === "WebSite") as { potentialAction: { "@type": string; target: { urlTemplate: string } } };
  expect(site.potentialAction["@type"]).toBe("SearchAction");
  expect(site.potentialAction.target.urlTemplate).toContain("/search?query={search_term_string}");
});

for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
  test(`the first tap on a slide's button opens its page, before and after the slider starts (${viewport.width} px)`, { tag: viewTags(viewport.width) }, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto("/");
    const button = page.locator(".hero-slider a.btn-primary").first();
    const href = await button.getAttribute("href");
    expect(href).toBeTruthy();
    // The press is the page's first interaction: it starts the slider, which must not eat the click.
    await button.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));

    await page.goBack();
    await expect(page.locator(".hero-slider .swiper-initialized")).toBeVisible();
    await page.locator(".hero-slider .swiper-slide-active a.btn-primary").click();
    await expect(page).not.toHaveURL(/\/$/);
  });
}

test("an unknown path answers 404 with the not-found page", { tag: TAG.readonly }, async ({ page }) => {
  const response = await page.goto("/no/such/page/here");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found!");
  await expect(page).toHaveTitle("Page not found!");
  await page.getByRole("link", { name: "Back to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
  test(`over the slider the header shows the light logo, and the dark one once fixed (${viewport.width} px)`, { tag: viewTags(viewport.width) }, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto("/");
    const header = page.locator("header[data-fixed]");
    const logo = header.getByRole("link", { name: /home$/ }).getByRole("img");
    await expect(header).toHaveAttribute("data-fixed", "false");
    // The footer's logo is the light variant the seed draws for the navy footer.
    await expect(logo).toHaveAttribute("src", /logo-footer/);
    await expect(logo).toHaveJSProperty("complete", true);
    expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    await page.evaluate(() => window.scrollTo(0, 400));
    await expect(header).toHaveAttribute("data-fixed", "true");
    await expect(logo).toHaveAttribute("src", /logo-header/);
  });
}

for (const viewport of [{ width: 390, height: 844 }, { width: 768, height: 1024 }, { width: 1024, height: 768 }, { width: 1280, height: 800 }]) {
  test(`the header search's placeholder fits its box (${viewport.width} px)`, { tag: viewTags(viewport.width) }, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto("/");
    const input = page.locator("header").getByRole("combobox", { name: "Search products" });
    await expect(input).toHaveAttribute("placeholder", viewport.width >= 1024 ? "Search curtains, cushions, rugs..." : "Search");
    // The placeholder as a value: the box scrolls when that text does not fit (the room Chrome keeps
    // for the clear button counts, as it does for the placeholder).
    const room = await input.evaluate((el: HTMLInputElement) => {
      el.value = el.placeholder;
      const fits = { text: el.scrollWidth, box: el.clientWidth };
      el.value = "";
      return fits;
    });
    expect(room.text, `placeholder needs ${room.text} px in a ${room.box} px box`).toBeLessThanOrEqual(room.box);
  });
}
