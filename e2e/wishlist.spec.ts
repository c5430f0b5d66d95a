import AxeBuilder from "@axe-core/playwright";
import { createCustomer, signIn, withE2eDb } from "./db";
import { expect, type Page, readyForAxe, TAG, test } from "./fixtures";

const wishlistRows = (userId: number) =>
  withE2eDb((db) =>
    db.selectFrom("wishlists as w").innerJoin("products as p", "p.id", "w.product_id").select(["p.slug", "p.name"]).where("w.user_id", "=", userId).execute(),
  );

/** The first card on /products that can go to the cart (not Out Of Stock), and its name. */
async function cartRows(userId: number) {
  return withE2eDb((db) =>
    db.selectFrom("cart_lines as l").innerJoin("carts as c", "c.id", "l.cart_id").select("l.quantity").where("c.user_id", "=", userId).execute(),
  );
}

/** The first card that can go straight to the cart: in stock, and not sold by variant (a length or size is chosen on its page). */
async function cardToSave(page: Page) {
  await page.goto("/products");
  const card = page.getByRole("main").locator("article.product-card").filter({ hasNotText: "Out Of Stock" }).filter({ hasNotText: "Choose options" }).first();
  await expect(card).toBeVisible();
  const name = (await card.locator(".product-card-title").innerText()).trim();
  return { card, name };
}

test("a guest's heart on a card is a link to /login that says why", { tag: TAG.readonly }, async ({ page }) => {
  const { card, name } = await cardToSave(page);
  const heart = card.getByRole("link", { name: `Add ${name} to wishlist` });
  await expect(heart).toHaveAttribute("href", "/login");
  // The click hands the message over once the page's scripts run.
  await page.waitForLoadState("networkidle");
  await heart.click();
  await page.waitForURL((url) => url.pathname === "/login");
  await expect(page.getByText("You need to be logged in to add items to the wishlist.")).toBeVisible();
});

test("a customer hearts a product on a card, finds it on /wishlists, moves it to the cart, removes it", { tag: TAG.db }, async ({ page }) => {
  const customer = await createCustomer("Kavya Menon");
  await signIn(page, customer);
  const { card, name } = await cardToSave(page);

  // Once the page knows the customer, the heart is a toggle button.
  const heart = card.getByRole("button", { name: `Add ${name} to wishlist` });
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  await heart.click();
  const filled = card.getByRole("button", { name: `Remove ${name} from wishlist` });
  await expect(filled).toHaveAttribute("aria-pressed", "true");
  await expect(filled).toHaveAttribute("data-saved", "true");
  await expect(page.getByText("Product added to wishlist")).toBeVisible();
  await expect.poll(() => wishlistRows(customer.id)).toEqual([{ slug: expect.any(String), name }]);
  const slug = (await wishlistRows(customer.id))[0]?.slug;

  // Still filled on a fresh load of the (cached, shared) list page.
  await page.reload();
  await expect(page.getByRole("main").getByRole("button", { name: `Remove ${name} from wishlist` })).toHaveAttribute("aria-pressed", "true");

  await page.goto("/wishlists");
  const item = page.getByTestId("wishlist-item").filter({ hasText: name });
  await expect(item).toHaveCount(1);
  // The card (photo, name and price) links to the product; one sold by variant has a "Choose options" link too.
  await expect(item.getByRole("link", { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`) })).toHaveAttribute("href", `/products/${slug}`);
  await expect(item.getByText(/^₹[\d,]+(\.\d\d)?$/)).toBeVisible();
  await expect(page.getByTestId("wishlist-page-count")).toHaveText("1 product");

  // Add to Cart sends quantity 1 through the cart API; the header's cart count follows.
  await item.getByRole("button", { name: "Add to Cart", exact: true }).click();
  await expect(page.getByText("Product added to cart")).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  // The mini cart opens with the product in it; closing it returns to the list.
  const drawer = page.getByRole("dialog", { name: "Your cart" });
  await expect(drawer.getByRole("link", { name })).toBeVisible();
  await drawer.getByRole("button", { name: "Close cart" }).click();
  await expect.poll(() => cartRows(customer.id)).toEqual([{ quantity: 1 }]);

  // Removing drops the card and the count at once, and the list is empty.
  await item.getByRole("button", { name: `Remove ${name} from wishlist` }).click();
  await expect(item).toHaveCount(0);
  await expect(page.getByText("There isn't anything added yet")).toBeVisible();
  await expect(page.getByTestId("wishlist-page-count")).toHaveText("0 products");
  await expect(page.getByText("Product is removed from wishlist")).toBeVisible();
  await expect.poll(() => wishlistRows(customer.id)).toEqual([]);

  await page.reload();
  await expect(page.getByText("There isn't anything added yet")).toBeVisible();
  await expect(page.getByRole("link", { name: "Browse products" })).toHaveAttribute("href", "/products");
});

test("no serious accessibility violations on /wishlists and on a signed-in /products", { tag: TAG.db }, async ({ page }) => {
  const customer = await createCustomer("Arjun Nair");
  await withE2eDb(async (db) => {
    const products = await db.selectFrom("products").select("id").where("published", "=", 1).orderBy("id").limit(2).execute();
    const now = new Date().toISOString();
    for (const p of products) await db.insertInto("wishlists").values({ user_id: customer.id, product_id: p.id, created_at: now }).execute();
  });
  await signIn(page, customer, "/login?redirect=%2Fwishlists");
  await expect(page.getByTestId("wishlist-item")).toHaveCount(2);
  for (const path of ["/wishlists", "/products"]) {
    if (path === "/products") {
      await page.goto(path);
      // The hearts have turned into toggle buttons.
      await expect(page.locator("button.product-card-wish[aria-pressed]").first()).toBeVisible();
    }
    await readyForAxe(page);
    const results = await new AxeBuilder({ page }).analyze();
    const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(bad.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`)).toEqual([]);
  }
});
