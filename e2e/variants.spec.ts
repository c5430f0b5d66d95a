import type { ApiProductDetail } from "@/lib/api/types";
import { storeApi } from "./api";
import { expect, jsonLdOf, TAG, test, type Page } from "./fixtures";

/**
 * A product sold by variant (docs/storefront.md "Variants"): the shopper chooses a length, the
 * address bar, price, stock and photo follow, a sold-out length cannot be chosen or added, a shared
 * ?variant= link opens on its variant (rendered so by the server), and the cart shows the variant.
 * On the demo catalog's first product with a sold-out variant (the Bagru curtain's 9 ft).
 */

/** ₹ in the Indian grouping, as the store prints it (no paise when whole). */
const rupees = (amount: number) => {
  const paise = Math.round(amount * 100);
  const whole = String(Math.floor(paise / 100));
  const head = whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ",");
  return `₹${head ? `${head},` : ""}${whole.slice(-3)}${paise % 100 ? `.${String(paise % 100).padStart(2, "0")}` : ""}`;
};

/** The first product (lowest id) with a variant in stock after one sold out, read through the API. */
async function curtainWithSoldOutLength(): Promise<ApiProductDetail> {
  for (const card of (await storeApi.products()).filter((p) => p.has_variants)) {
    const product = await storeApi.product(card.slug);
    const sold = product.variants.findIndex((v) => v.availability === "out_of_stock");
    if (sold > 0 && product.variants.filter((v) => v.availability === "in_stock").length >= 2) return product;
  }
  throw new Error("the demo catalog needs a product with two variants in stock and one sold out");
}

const picker = (page: Page) => page.locator("[data-chosen-variant]");
/** A value's button (a sold-out one's name adds "(out of stock)"). */
const choice = (page: Page, value: string) => picker(page).getByRole("button", { name: new RegExp(`^${value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}( \\(out of stock\\))?$`) });

for (const [name, tags] of [
  ["desktop", [TAG.db, TAG.desktop]],
  ["phone", [TAG.db, TAG.phone]],
] as const) {
  test(`a shopper chooses a variant: the link, price, stock and photo follow, a sold-out one cannot be added, a shared link opens it, the cart shows it (${name})`, { tag: [...tags] }, async ({ page, browser }) => {
    test.setTimeout(120_000);
    const product = await curtainWithSoldOutLength();
    const option = product.options[0]!.name;
    const [first, second] = product.variants.filter((v) => v.availability === "in_stock") as [ApiProductDetail["variants"][0], ApiProductDetail["variants"][0]];
    const soldOut = product.variants.find((v) => v.availability === "out_of_stock")!;

    await page.goto(`/products/${product.slug}`);
    // Opens on the first variant in stock, with its price, stock and SKU.
    await expect(picker(page)).toHaveAttribute("data-chosen-variant", first.slug);
    await expect(picker(page).locator(".price-now")).toHaveText(rupees(first.main_price));
    await expect(picker(page)).toContainText(`SKU ${first.sku}`);
    await expect(page.getByTestId("variant-availability")).toHaveText(/^In Stock/);
    await expect(picker(page).getByText(`${option}: ${first.label}`)).toBeVisible();
    await expect(choice(page, first.label)).toHaveAttribute("aria-pressed", "true");

    // The sold-out one is there, struck through and disabled.
    const sold = choice(page, soldOut.label);
    await expect(sold).toBeDisabled();
    await expect(sold).toHaveCSS("text-decoration-line", "line-through");

    // Choosing another: the address bar (no navigation), price, SKU and photo follow.
    const requests: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("variant=") && (r.resourceType() === "document" || r.headers()["rsc"])) requests.push(r.url());
    });
    await choice(page, second.label).click();
    await expect(page).toHaveURL(new RegExp(`/products/${product.slug}\\?variant=${second.slug}$`));
    await expect(picker(page)).toHaveAttribute("data-chosen-variant", second.slug);
    await expect(choice(page, second.label)).toHaveAttribute("aria-pressed", "true");
    await expect(picker(page).locator(".price-now")).toHaveText(rupees(second.main_price));
    await expect(picker(page)).toContainText(`SKU ${second.sku}`);
    const index = product.photos.findIndex((p) => p.path === second.photo);
    expect(index).toBeGreaterThan(0);
    await expect(page.getByRole("button", { name: `Open photo ${index + 1} of ${product.photos.length} in full screen` })).toBeVisible();
    expect(requests).toEqual([]);

    // A disabled choice cannot be made, even by force: the chosen variant stays.
    await sold.click({ force: true });
    await expect(picker(page)).toHaveAttribute("data-chosen-variant", second.slug);

    // The product group and each variant's offer for search engines.
    const group = (await jsonLdOf(page)).find((x) => x["@type"] === "ProductGroup") as { hasVariant: { sku: string; offers: { availability: string } }[] };
    expect(group.hasVariant.map((v) => v.sku)).toEqual(product.variants.map((v) => v.sku));
    expect(group.hasVariant.find((v) => v.sku === soldOut.sku)?.offers.availability).toBe("https://schema.org/OutOfStock");

    // Add to Cart sends the chosen variant; the mini cart and the cart page show it.
    const adds: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/api/v2/carts/add")) adds.push(r.postData() ?? "");
    });
    await picker(page).getByRole("button", { name: "Add to Cart", exact: true }).click();
    await expect(page.getByText("Product added to cart").first()).toBeVisible();
    expect(JSON.parse(adds[0]!)).toMatchObject({ id: product.id, variant: second.label, quantity: 1 });
    const drawer = page.getByRole("dialog", { name: "Your cart" });
    await expect(drawer.getByText(second.label, { exact: true })).toBeVisible();
    await page.goto("/cart");
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
    await expect(page.getByTestId("line-variant")).toHaveText(second.label);
    await expect(page.getByTestId("line-total")).toHaveText(rupees(second.main_price));

    // A shared link opens on its variant, as the server sends it (before any script runs).
    const html = await (await page.request.get(`/products/${product.slug}?variant=${soldOut.slug}`)).text();
    expect(html).toContain(`data-chosen-variant="${soldOut.slug}"`);
    expect(html).toContain(`<title>${product.name} (${soldOut.label})`);
    expect(html).toContain(`content="${(soldOut.main_price).toFixed(2)}"`);
    const friend = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
    const shared = await friend.newPage();
    await shared.goto(`/products/${product.slug}?variant=${soldOut.slug}`);
    await expect(picker(shared)).toHaveAttribute("data-chosen-variant", soldOut.slug);
    await expect(picker(shared).locator(".price-now")).toHaveText(rupees(soldOut.main_price));
    await expect(shared.getByTestId("variant-availability")).toHaveText("Out Of Stock");
    // A sold-out variant is never addable.
    await expect(picker(shared).getByRole("button", { name: "Out Of Stock", exact: true })).toBeDisabled();
    await shared.goto(`/products/${product.slug}?variant=${first.sku}`);
    await expect(picker(shared)).toHaveAttribute("data-chosen-variant", first.slug);
    // A variant that is not the product's: its own page, not a 404.
    await shared.goto(`/products/${product.slug}?variant=no-such-length`);
    await expect(shared).toHaveURL(new RegExp(`/products/${product.slug}$`));
    await friend.close();

    // Its card in the listing sends the shopper to choose.
    await page.goto(`/search?query=${encodeURIComponent(product.name)}`);
    const card = page.locator("article", { hasText: product.name }).first();
    await expect(card.getByRole("link", { name: `Choose options, ${product.name}` })).toHaveAttribute("href", `/products/${product.slug}`);
    await expect(card).toContainText(`${product.variants.length} choices`);
  });
}
