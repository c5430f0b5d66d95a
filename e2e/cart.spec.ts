import { storeApi } from "./api";
import { createCustomer, signIn, withE2eDb } from "./db";
import { expect, TAG, test, type Page } from "./fixtures";

/**
 * Two in-stock products without variants with room in stock, the first at ₹1,000 or more (FLAT150's minimum), the
 * store's oldest first, read through the API; prices in paise.
 */
async function twoProducts() {
  const rows = (await storeApi.products())
    .filter((p) => !p.has_variants && p.availability === "in_stock" && p.stock_quantity >= 20 && p.main_price >= 1000 && p.main_price <= 5000)
    .slice(0, 2)
    .map((p) => ({ id: p.id, slug: p.slug, name: p.name, price: Math.round(p.main_price * 100) }));
  if (rows.length < 2) throw new Error("the demo catalog needs two stocked products between ₹1,000 and ₹5,000");
  return rows as [(typeof rows)[0], (typeof rows)[0]];
}

const rupees = (paise: number) => {
  const whole = String(Math.floor(paise / 100));
  const head = whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ",");
  return `₹${head ? `${head},` : ""}${whole.slice(-3)}${paise % 100 ? `.${String(paise % 100).padStart(2, "0")}` : ""}`;
};

const headerCount = (page: Page) => page.getByTestId("cart-count");

async function cartLines(userId: number) {
  return withE2eDb((db) =>
    db
      .selectFrom("cart_lines as l")
      .innerJoin("carts as c", "c.id", "l.cart_id")
      .select(["l.product_id", "l.quantity"])
      .where("c.user_id", "=", userId)
      .orderBy("l.product_id")
      .execute(),
  );
}

test("a guest adds two products, changes a quantity, applies coupons, signs in and finds the merged cart", { tag: TAG.db }, async ({ page, context }) => {
  const [a, b] = await twoProducts();
  const customer = await createCustomer("Kavya Menon");
  // The customer already has one of product B in their cart from another device.
  await withE2eDb(async (db) => {
    const now = new Date().toISOString();
    const cart = await db.insertInto("carts").values({ user_id: customer.id, guest_id: null, created_at: now, updated_at: now }).returning("id").executeTakeFirstOrThrow();
    await db.insertInto("cart_lines").values({ cart_id: cart.id, product_id: b.id, variant: "", quantity: 1, unit_price: b.price, created_at: now, updated_at: now }).execute();
  });

  await page.goto(`/products/${a.slug}`);
  await expect(headerCount(page)).toHaveText("0");
  expect((await context.cookies()).some((c) => c.name === "guest_id")).toBe(false);
  await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
  await expect(page.getByText("Product added to cart").first()).toBeVisible();
  await expect(headerCount(page)).toHaveText("1");
  const guest = (await context.cookies()).find((c) => c.name === "guest_id");
  expect(guest?.value).toMatch(/^guest_[A-Za-z0-9]{9}$/);
  expect(guest!.expires - Date.now() / 1000).toBeGreaterThan(29 * 24 * 3600);

  // The mini cart opens after Add to Cart with the line and the subtotal.
  const drawer = page.getByRole("dialog", { name: "Your cart" });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole("link", { name: a.name })).toBeVisible();
  await expect(drawer.getByTestId("mini-cart-subtotal")).toHaveText(rupees(a.price));
  await expect(drawer.getByRole("link", { name: "View Cart" })).toHaveAttribute("href", "/cart");
  await expect(drawer.getByRole("link", { name: "Checkout" })).toHaveAttribute("href", "/checkout");
  await drawer.getByRole("button", { name: "Close cart" }).click();
  await expect(drawer).toBeHidden();

  // Product B, two of them, from the product page's quantity box.
  await page.goto(`/products/${b.slug}`);
  await expect(headerCount(page)).toHaveText("1");
  await page.getByRole("button", { name: "Increase quantity", exact: true }).click();
  await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
  await expect(headerCount(page)).toHaveText("3");
  await page.keyboard.press("Escape");

  // The cart page: quantity steppers send one request per pause, not one per press.
  await page.goto("/cart");
  await expect(page.getByTestId("cart-line")).toHaveCount(2);
  const changes: string[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/api/v2/carts/change-quantity")) changes.push(r.postData() ?? "");
  });
  const increase = page.getByRole("button", { name: `Increase quantity of ${a.name}` });
  await increase.click();
  await increase.click();
  await increase.click();
  await expect(page.getByRole("spinbutton", { name: `Quantity of ${a.name}` })).toHaveValue("4");
  await expect(headerCount(page)).toHaveText("6");
  expect(changes).toHaveLength(1);
  expect(JSON.parse(changes[0]!)).toMatchObject({ quantity: 4 });
  const subtotal = a.price * 4 + b.price * 2;
  const summary = page.getByTestId("cart-summary");
  await expect(summary).toContainText(`Subtotal${rupees(subtotal)}`);
  await expect(summary).toContainText(`Shipping${rupees(9900)}`);
  await expect(page.getByTestId("cart-total")).toHaveText(rupees(subtotal + 9900));
  await expect(page.getByText("Inclusive of all taxes", { exact: false })).toBeVisible();

  // A first-order coupon needs a signed-in customer.
  await page.getByLabel("Coupon code").fill("WELCOME10");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toHaveText("Please log in to use this coupon: it is for your first order.");

  // Free shipping: the coupon takes off the ₹99.
  await page.getByLabel("Coupon code").fill("freeship499");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(summary).toContainText(`Coupon-${rupees(9900)}`);
  await expect(page.getByTestId("cart-total")).toHaveText(rupees(subtotal));
  await page.getByRole("button", { name: "Remove", exact: true }).click();
  await expect(summary).toContainText(`Coupon${rupees(0)}`);

  // Flat ₹150 off at ₹1,000 and above.
  await page.getByLabel("Coupon code").fill("FLAT150");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(summary).toContainText(`Coupon-${rupees(15000)}`);
  await expect(page.getByTestId("cart-total")).toHaveText(rupees(subtotal + 9900 - 15000));

  // Checkout asks a guest to sign in; after signing in the cart is merged into the customer's.
  await page.getByRole("link", { name: "Checkout" }).click();
  await page.waitForURL(/\/login\?redirect=%2Fcheckout/);
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(customer.email);
  await page.getByLabel("Password", { exact: true }).fill(customer.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await page.waitForURL("**/checkout");
  await expect(page.getByTestId("checkout-lines")).toContainText(`${a.name} × 4`);
  await expect(page.getByTestId("checkout-lines")).toContainText(`${b.name} × 3`);
  expect(await cartLines(customer.id)).toEqual(
    [
      { product_id: a.id, quantity: 4 },
      { product_id: b.id, quantity: 3 },
    ].sort((x, y) => x.product_id - y.product_id),
  );
  // The guest cookie is gone and so is the guest cart.
  expect((await context.cookies()).some((c) => c.name === "guest_id")).toBe(false);
  expect(await withE2eDb((db) => db.selectFrom("carts").select("id").where("guest_id", "=", guest!.value).execute())).toHaveLength(0);
  await page.goto("/cart");
  await expect(headerCount(page)).toHaveText("7");
  await expect(page.getByRole("complementary", { name: "Order summary" })).toContainText("FLAT150");
});

test("the header count follows adds from cards and removals from the mini cart and the cart page", { tag: TAG.db }, async ({ page }) => {
  const [a, b] = await twoProducts();
  const customer = await createCustomer("Rohan Bhatia");
  await signIn(page, customer);
  await page.goto("/products");
  await expect(headerCount(page)).toHaveText("0");
  const card = (name: string) => page.locator("article.product-card").filter({ has: page.getByRole("link", { name, exact: true }) });
  // The listing's first page may not hold both test products; add from the product page otherwise.
  for (const p of [a, b]) {
    if ((await card(p.name).count()) > 0) {
      await card(p.name).getByRole("button", { name: `Add to Cart, ${p.name}` }).click();
    } else {
      await page.goto(`/products/${p.slug}`);
      await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
    }
    await expect(page.getByRole("dialog", { name: "Your cart" })).toBeVisible();
    await page.keyboard.press("Escape");
  }
  await expect(headerCount(page)).toHaveText("2");

  await page.getByRole("button", { name: /^Cart, 2 items$/ }).click();
  const drawer = page.getByRole("dialog", { name: "Your cart" });
  await drawer.getByRole("button", { name: `Remove ${a.name} from cart` }).click();
  await expect(headerCount(page)).toHaveText("1");
  await expect(drawer.getByRole("link", { name: a.name })).toHaveCount(0);
  await page.keyboard.press("Escape");

  await page.goto("/cart");
  await page.getByRole("button", { name: `Remove ${b.name} from cart` }).click();
  await expect(page.getByText("Your cart is empty.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Continue shopping" })).toHaveAttribute("href", "/products");
  await expect(headerCount(page)).toHaveText("0");
  expect(await cartLines(customer.id)).toEqual([]);
});

test("a quantity above the stock shows the server's message and keeps the cart as it was", { tag: TAG.db }, async ({ page }) => {
  const [a] = await twoProducts();
  const customer = await createCustomer("Farah Khan");
  await signIn(page, customer);
  await page.goto(`/products/${a.slug}`);
  await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
  await expect(headerCount(page)).toHaveText("1");
  // Stock falls to 2 after the page loaded: the box still lets the shopper ask for more.
  const stock = await withE2eDb(async (db) => (await db.selectFrom("products").select("stock_quantity").where("id", "=", a.id).executeTakeFirstOrThrow()).stock_quantity);
  await page.goto("/cart");
  await withE2eDb((db) => db.updateTable("products").set({ stock_quantity: 2 }).where("id", "=", a.id).execute());
  try {
    await page.getByRole("spinbutton", { name: `Quantity of ${a.name}` }).fill("5");
    await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toHaveText("Only 2 left in stock.");
    await expect(page.getByRole("spinbutton", { name: `Quantity of ${a.name}` })).toHaveValue("1");
    expect(await cartLines(customer.id)).toEqual([{ product_id: a.id, quantity: 1 }]);
  } finally {
    await withE2eDb((db) => db.updateTable("products").set({ stock_quantity: stock }).where("id", "=", a.id).execute());
  }
});

test("a guest whose browser refuses cookies is told why nothing was added", { tag: TAG.readonly }, async ({ page }) => {
  const [a] = await twoProducts();
  // Cookies blocked: document.cookie keeps nothing that scripts write.
  await page.addInitScript(() => {
    Object.defineProperty(Document.prototype, "cookie", { configurable: true, get: () => "", set: () => undefined });
  });
  const adds: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/v2/carts/add")) adds.push(r.url());
  });
  await page.goto(`/products/${a.slug}`);
  await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
  await expect(page.getByText("You need to be logged in or have a guest session to add items to the cart.")).toBeVisible();
  await expect(headerCount(page)).toHaveText("0");
  expect(adds).toEqual([]);
});
