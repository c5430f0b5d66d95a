import { productWithPhotos } from "./api";
import { expect, jsonLdOf, TAG, test } from "./fixtures";

test("a product page shows its breadcrumb, price, details and structured data", { tag: TAG.readonly }, async ({ page }) => {
  const p = await productWithPhotos(3);
  const res = await page.goto(`/products/${p.slug}`);
  expect(res?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: p.name })).toBeVisible();
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(crumbs).toContainText("Home");
  await expect(crumbs).toContainText("Products");
  await expect(crumbs).toContainText(p.name);
  await expect(page).toHaveTitle(new RegExp(p.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/products/${p.slug}$`));

  const ld = await jsonLdOf(page);
  const product = ld.find((x) => x["@type"] === "Product") as { name: string; offers: { priceCurrency: string; price: string; availability: string } };
  expect(product.name).toBe(p.name);
  expect(product.offers.priceCurrency).toBe("INR");
  expect(Number(product.offers.price)).toBe(p.main_price);
  expect(product.offers.availability).toMatch(/^https:\/\/schema.org\//);
  expect(ld.some((x) => x["@type"] === "BreadcrumbList")).toBe(true);

  await expect(page.getByRole("button", { name: "Add to Cart", exact: true })).toBeVisible();
  // A guest's Add to Wishlist is a link to /login that comes back here.
  await expect(page.getByRole("link", { name: "Add to Wishlist" })).toHaveAttribute("href", `/login?redirect=${encodeURIComponent(`/products/${p.slug}`)}`);
  await expect(page.getByRole("heading", { name: "You May Also Like" })).toBeVisible();
});

test("the quantity never goes below 1", { tag: TAG.readonly }, async ({ page }) => {
  const p = await productWithPhotos(1);
  await page.goto(`/products/${p.slug}`);
  const qty = page.getByRole("spinbutton", { name: "Quantity", exact: true });
  await expect(qty).toHaveValue("1");
  await expect(page.getByRole("button", { name: "Decrease quantity", exact: true })).toBeDisabled();
  await page.getByRole("button", { name: "Increase quantity", exact: true }).click();
  await page.getByRole("button", { name: "Increase quantity", exact: true }).click();
  await expect(qty).toHaveValue("3");
  await page.getByRole("button", { name: "Decrease quantity", exact: true }).click();
  await expect(qty).toHaveValue("2");
  await qty.fill("0");
  await expect(qty).toHaveValue("1");
});

test("the accordion keeps one section open and closes the open one on a click", { tag: TAG.readonly }, async ({ page }) => {
  const p = await productWithPhotos(1);
  await page.goto(`/products/${p.slug}`);
  const description = page.getByRole("button", { name: "Description" });
  const care = page.getByRole("button", { name: "Care Instruction" });
  await expect(description).toHaveAttribute("aria-expanded", "true");
  await care.click();
  await expect(care).toHaveAttribute("aria-expanded", "true");
  await expect(description).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("region", { name: "Care Instruction" })).toBeVisible();
  await care.click();
  await expect(care).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("region", { name: "Care Instruction" })).toBeHidden();
  // Keyboard: Enter on a focused header opens it.
  await page.getByRole("button", { name: "Warranty Summary" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Warranty Summary" })).toHaveAttribute("aria-expanded", "true");
});

test("the thumbnail window shows 4 photos, follows the selection and the arrows wrap", { tag: TAG.readonly }, async ({ page }) => {
  const p = await productWithPhotos(5);
  await page.goto(`/products/${p.slug}`);
  const thumbs = page.getByRole("list", { name: "Product photos" }).getByRole("button");
  await expect(thumbs).toHaveCount(4);
  const indexes = async () => (await thumbs.evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-index")))));
  expect(await indexes()).toEqual([0, 1, 2, 3]);
  const next = page.getByRole("button", { name: "Next photo" });
  for (let i = 0; i < 4; i++) await next.click();
  // Photo 5 (index 4) is selected and the window moved one step to keep it visible.
  expect(await indexes()).toEqual([1, 2, 3, 4]);
  await expect(page.locator('[data-index="4"]')).toHaveAttribute("aria-current", "true");
  // From the last photo, next wraps to the first and the window returns to the start.
  for (let i = 4; i < p.photoCount - 1; i++) await next.click();
  await next.click();
  await expect(page.locator('[data-index="0"]')).toHaveAttribute("aria-current", "true");
  expect(await indexes()).toEqual([0, 1, 2, 3]);
  // Previous from the first wraps to the last.
  await page.getByRole("button", { name: "Previous photo" }).click();
  await expect(page.locator(`[data-index="${p.photoCount - 1}"]`)).toHaveAttribute("aria-current", "true");
});

test("the lightbox zooms from 100 to 300 in steps of 100 and works with the keyboard", { tag: TAG.readonly }, async ({ page }) => {
  const p = await productWithPhotos(3);
  await page.goto(`/products/${p.slug}`);
  await page.getByRole("button", { name: /in full screen/ }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Zoom 100%");
  await expect(dialog.getByRole("button", { name: "Zoom out" })).toBeDisabled();
  await dialog.getByRole("button", { name: "Zoom in" }).click();
  await expect(dialog).toContainText("Zoom 200%");
  await dialog.getByRole("button", { name: "Zoom in" }).click();
  await expect(dialog).toContainText("Zoom 300%");
  await expect(dialog.getByRole("button", { name: "Zoom in" })).toBeDisabled();
  await page.keyboard.press("ArrowRight");
  await expect(dialog).toContainText(`2 / ${p.photoCount}`);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test("the lightbox says so when an image fails to load", { tag: TAG.readonly }, async ({ page }) => {
  const p = await productWithPhotos(3);
  await page.route("**/media/products/*.webp", (route) => route.abort());
  await page.goto(`/products/${p.slug}`);
  await page.getByRole("button", { name: /in full screen/ }).click();
  await expect(page.getByRole("dialog").getByText("This image failed to load.")).toBeVisible();
});

test("an unknown product answers HTTP 404", { tag: TAG.readonly }, async ({ page }) => {
  const res = await page.goto("/products/no-such-product-anywhere");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "No product data available" })).toBeVisible();
  expect((await page.goto("/products/Not%20A%20Slug"))?.status()).toBe(404);
});

test("You May Also Like is a grid on desktop and a carousel at 390 px", { tag: [TAG.readonly, TAG.desktop] }, async ({ page }) => {
  const p = await productWithPhotos(1);
  await page.goto(`/products/${p.slug}`);
  const related = page.getByTestId("related");
  await expect(related.locator(".carousel-grid-md")).toBeVisible();
  await expect(related.locator("article")).toHaveCount(6);
  await expect(related.locator(".swiper")).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  // Swiper starts on the first interaction (or once the page has settled).
  await page.mouse.wheel(0, 200);
  await expect(related.locator(".swiper")).toBeVisible();
  await expect(related.locator(".carousel-grid-md")).toHaveCount(0);
});
