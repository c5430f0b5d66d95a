import AxeBuilder from "@axe-core/playwright";
import { hashPassword } from "../lib/accounts/server/auth/password";
import { percentOf } from "../lib/cart/money";
import { formatPaise } from "../lib/platform/format";
import { createCustomer, signIn, withE2eDb } from "./db";
import { expect, type Page, readyForAxe, TAG, test } from "./fixtures";

/**
 * Commerce settings (docs/back-office.md "Coupons, shipping, zones, GST and payments"): a manager
 * makes a coupon in the back office (a refused save first, with its message under the field), a
 * shopper applies it in the cart and places an order, and the manager sees its use and the
 * discount given in the coupon list. Axe finds nothing serious on the commerce pages.
 */

async function adminSignIn(page: Page, who: { email: string; password: string }, path: string) {
  await page.goto(path);
  await expect(page).toHaveURL(/\/admin\/login\?redirect=/);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname !== "/admin/login");
}

/** A manager (or another role) written into the journeys' database (a verified account with a password). */
async function createManager(name: string, role: "manager" | "owner" = "manager"): Promise<{ email: string; password: string }> {
  const email = `commerce-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const password = "Coupons-and-loom-55";
  const hash = await hashPassword(password);
  const at = new Date().toISOString();
  await withE2eDb(async (db) => {
    const user = await db.insertInto("users").values({ name, email, phone: null, avatar: null, email_verified: 1, deleted_at: null, role, created_at: at, updated_at: at }).returning("id").executeTakeFirstOrThrow();
    await db
      .insertInto("accounts")
      .values({ user_id: user.id, account_id: String(user.id), provider_id: "credential", password: hash, access_token: null, refresh_token: null, id_token: null, access_token_expires_at: null, refresh_token_expires_at: null, scope: null, created_at: at, updated_at: at })
      .execute();
  });
  return { email, password };
}

/** A published, stocked product without variants between ₹1,000 and ₹5,000, and a served address for the shopper. */
async function productAndAddress(userId: number) {
  return withE2eDb(async (db) => {
    const product = await db
      .selectFrom("products")
      .select(["id", "slug", "name", "price"])
      .where("published", "=", 1)
      .where("variant_count", "=", 0)
      .where("availability", "=", "in_stock")
      .where("stock_quantity", ">=", 20)
      .where("price", ">=", 100000)
      .where("price", "<=", 500000)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const city = await db
      .selectFrom("cities as c")
      .innerJoin("states as s", "s.id", "c.state_id")
      .select(["c.id as cityId", "s.id as stateId", "s.country_id as countryId"])
      .where("c.name", "=", "Bengaluru")
      .where("s.name", "=", "Karnataka")
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    await db
      .insertInto("addresses")
      .values({ user_id: userId, address: "7 Cubbon Road", country_id: city.countryId, state_id: city.stateId, city_id: city.cityId, postal_code: "560001", phone: "9845012346", is_default: 1, created_at: now, updated_at: now })
      .execute();
    return product;
  });
}

async function noSeriousViolations(page: Page, path: string) {
  await readyForAxe(page);
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`)).toEqual([]);
}

test("a manager creates a coupon, a shopper applies it in the cart and orders, and the manager sees its use", { tag: [TAG.db, TAG.desktop] }, async ({ page, browser }) => {
  test.setTimeout(180_000);
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  const manager = await createManager("Anjali Commerce");

  // A refused save keeps what was typed and says why under the field.
  await adminSignIn(page, manager, "/admin/coupons/new");
  await expect(page.getByRole("heading", { level: 1, name: "New coupon" })).toBeVisible();
  await noSeriousViolations(page, "/admin/coupons/new");
  await page.getByLabel("Code", { exact: true }).fill(code.toLowerCase());
  await page.getByLabel("Title", { exact: true }).fill("Journey ten percent");
  await page.getByLabel("Kind", { exact: true }).selectOption("percent");
  await page.getByLabel("Value", { exact: true }).fill("150");
  await page.getByLabel("Per-customer limit").fill("1");
  await page.getByRole("button", { name: "Create coupon" }).click();
  await expect(page.locator("#f-value-error")).toHaveText("A percent coupon takes 1 to 100 (whole percent).");
  await expect(page.getByRole("alert").getByRole("link", { name: /Value: A percent coupon/ })).toBeVisible();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Journey ten percent");
  await page.getByLabel("Value", { exact: true }).fill("10");
  await page.getByRole("button", { name: "Create coupon" }).click();
  await page.waitForURL(/\/admin\/coupons\/\d+\?saved=1$/);
  await expect(page.getByRole("heading", { level: 1, name: `Coupon ${code}` })).toBeVisible();
  await noSeriousViolations(page, "/admin/coupons/{id}");

  // The shopper, in another browser: the cart takes the code (10% of the price), then the order.
  const shopper = await createCustomer("Rohan Shopper");
  const product = await productAndAddress(shopper.id);
  const context = await browser.newContext();
  const shop = await context.newPage();
  await signIn(shop, shopper);
  await shop.goto(`/products/${product.slug}`);
  await shop.getByRole("button", { name: "Add to Cart", exact: true }).click();
  // The cart page is opened once the line is in: a click before hydration, or a navigation that
  // overtakes the add request, would find an empty cart with no coupon field.
  await expect(shop.getByRole("dialog", { name: "Your cart" }).getByRole("link", { name: product.name })).toBeVisible();
  await shop.goto("/cart");
  await shop.getByLabel("Coupon code").fill(code.toLowerCase());
  await shop.getByRole("button", { name: "Apply" }).click();
  await expect(shop.getByTestId("cart-summary")).toContainText(`-${formatPaise(percentOf(product.price, 10))}`);
  await shop.getByRole("link", { name: "Checkout" }).click();
  await shop.waitForURL((url) => url.pathname === "/checkout");
  await shop.getByRole("radio", { name: /Cash on Delivery/ }).check();
  await expect(shop.getByRole("button", { name: "Place Order" })).toBeEnabled();
  await shop.getByRole("button", { name: "Place Order" }).click();
  await shop.waitForURL(/\/checkout\/placed\//);
  await context.close();

  // The manager's list: one use, the discount given.
  await page.goto(`/admin/coupons?q=${code}`);
  const row = page.getByRole("row").filter({ hasText: code });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("coupon-uses")).toHaveText("1");
  await expect(row).toContainText("Active");
  await noSeriousViolations(page, "/admin/coupons");
  for (const path of ["/admin/settings/shipping", "/admin/delivery-zones?pin=560001", "/admin/gst-rates?hsn=63021000&price=2999", "/admin/settings/payments"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await noSeriousViolations(page, path);
  }
});

test("at 390 px, the owner's commerce pages fit the screen and a refused save shows its message under the field", { tag: [TAG.db, TAG.phone] }, async ({ page }) => {
  test.setTimeout(120_000);
  const owner = await createManager("Farah Owner", "owner");
  const fits = async (path: string) => expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
  await adminSignIn(page, owner, "/admin/settings/shipping");
  await expect(page.getByRole("heading", { level: 1, name: "Shipping" })).toBeVisible();
  await fits("/admin/settings/shipping");
  await page.getByLabel("Standard delivery fee (₹)").fill("-5");
  await page.getByRole("button", { name: "Save shipping" }).click();
  await expect(page.locator("#f-standard_fee-error")).toHaveText("Standard fee cannot be below zero.");
  await fits("/admin/settings/shipping, refused");
  for (const path of ["/admin/coupons", "/admin/coupons/new", "/admin/delivery-zones?pin=110001", "/admin/delivery-zones/new", "/admin/gst-rates?hsn=63021000&price=2999", "/admin/gst-rates/new", "/admin/settings/payments"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await fits(path);
  }
});
