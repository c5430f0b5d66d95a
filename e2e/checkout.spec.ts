import AxeBuilder from "@axe-core/playwright";
import { createCustomer, signIn, withE2eDb } from "./db";
import { expect, type Page, readyForAxe, TAG, test } from "./fixtures";

/** Two published, stocked products without variants between ₹1,000 and ₹5,000 (well under the COD limit). */
async function twoProducts() {
  return withE2eDb(async (db) => {
    const rows = await db
      .selectFrom("products")
      .select(["id", "slug", "name", "price", "stock_quantity"])
      .where("published", "=", 1)
      .where("variant_count", "=", 0)
      .where("availability", "=", "in_stock")
      .where("stock_quantity", ">=", 20)
      .where("price", ">=", 100000)
      .where("price", "<=", 500000)
      .orderBy("id", "desc")
      .limit(2)
      .execute();
    if (rows.length < 2) throw new Error("the demo catalog needs two stocked products between ₹1,000 and ₹5,000");
    return rows as [(typeof rows)[0], (typeof rows)[0]];
  });
}

type Product = Awaited<ReturnType<typeof twoProducts>>[0];

/** A cart line made straight in the database (the customer's cart "from another device"). */
async function putInCart(userId: number, product: Product, quantity = 1) {
  await withE2eDb(async (db) => {
    const now = new Date().toISOString();
    const existing = await db.selectFrom("carts").select("id").where("user_id", "=", userId).executeTakeFirst();
    const cart = existing ?? (await db.insertInto("carts").values({ user_id: userId, guest_id: null, created_at: now, updated_at: now }).returning("id").executeTakeFirstOrThrow());
    await db.insertInto("cart_lines").values({ cart_id: cart.id, product_id: product.id, variant: "", quantity, unit_price: product.price, created_at: now, updated_at: now }).execute();
  });
}

/** A default Bengaluru address (PIN 560025, served) made straight in the database. */
async function giveAddress(userId: number) {
  await withE2eDb(async (db) => {
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
      .values({ user_id: userId, address: "14 Lavelle Road", country_id: city.countryId, state_id: city.stateId, city_id: city.cityId, postal_code: "560025", phone: "9845012345", is_default: 1, created_at: now, updated_at: now })
      .execute();
  });
}

async function ordersOf(userId: number) {
  return withE2eDb((db) =>
    db
      .selectFrom("orders")
      .select(["id", "code", "payment_type", "payment_status", "delivery_status", "shipping_method", "idempotency_key", "grand_total"])
      .where("user_id", "=", userId)
      .orderBy("id")
      .execute(),
  );
}

async function cartLineCount(userId: number) {
  return withE2eDb(async (db) => {
    const rows = await db.selectFrom("cart_lines as l").innerJoin("carts as c", "c.id", "l.cart_id").select("l.id").where("c.user_id", "=", userId).execute();
    return rows.length;
  });
}

/** "₹4,346.50" → 434650. */
const paiseOf = (text: string | null) => Math.round(Number((text ?? "").replace(/[₹,]/g, "")) * 100);

const headerCount = (page: Page) => page.getByTestId("cart-count");
const placeOrder = (page: Page) => page.getByRole("button", { name: "Place Order" });

/** Every Place Order request the page sends, with its Idempotency-Key. */
function watchPlacements(page: Page): string[] {
  const keys: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().endsWith("/api/v2/checkout/place")) keys.push(r.headers()["idempotency-key"] ?? "");
  });
  return keys;
}

test("a guest signs in at checkout, adds an address, places one COD order with a double click and lands on its order-placed confirmation", { tag: TAG.db }, async ({ page }) => {
  const [a, b] = await twoProducts();
  const customer = await createCustomer("Lakshmi Narayanan");
  await putInCart(customer.id, b); // already in the customer's cart from another device

  await page.goto(`/products/${a.slug}`);
  await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
  await expect(headerCount(page)).toHaveText("1");
  await page.keyboard.press("Escape");
  await page.goto("/cart");
  // No PIN known yet: the days over every served zone, for the cart's lines.
  await expect(page.getByRole("radio", { name: /^Standard: Delivery in \d+-\d+ business days \(₹/ })).toBeChecked();
  await page.getByRole("link", { name: "Checkout" }).click();
  await page.waitForURL(/\/login\?redirect=%2Fcheckout$/);
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(customer.email);
  await page.getByLabel("Password", { exact: true }).fill(customer.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/checkout");

  // The merged cart: the guest's line and the customer's own.
  const lines = page.getByTestId("checkout-lines");
  await expect(lines).toContainText(`${a.name} × 1`);
  await expect(lines).toContainText(`${b.name} × 1`);
  await expect(page.getByRole("group", { name: /Delivery address/ })).toContainText("You have no saved address yet.");
  await expect(placeOrder(page)).toBeDisabled();

  // A new address from the accounts issue's modal is listed and chosen.
  await page.getByRole("button", { name: "Add New Address" }).click();
  const modal = page.getByRole("dialog", { name: "New Address" });
  await modal.getByRole("textbox", { name: "Address", exact: true }).fill("21 Residency Road");
  await expect(modal.getByLabel("Country")).toHaveValue(/\d+/);
  await expect(modal.getByLabel("State").locator("option", { hasText: "Karnataka" })).toHaveCount(1);
  await modal.getByLabel("State").selectOption({ label: "Karnataka" });
  await expect(modal.getByLabel("City").locator("option", { hasText: /^Bengaluru$/ })).toHaveCount(1);
  await modal.getByLabel("City").selectOption({ label: "Bengaluru" });
  await modal.getByLabel("Postal Code").fill("560025");
  await modal.getByLabel("Phone").fill("9845012345");
  await modal.getByRole("button", { name: "Save" }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByRole("radio", { name: /21 Residency Road/ })).toBeChecked();

  // Express with its date, Cash on Delivery, and the server's figures.
  const express = page.getByRole("radio", { name: /Express/ });
  await express.check();
  await expect(page.locator("label").filter({ has: express })).toContainText(/Delivery by \w{3}, \d{1,2} \w{3}/);
  const promised = /Delivery (by \w{3}, \d{1,2} \w{3})/.exec((await page.locator("label").filter({ has: express }).textContent()) ?? "")![1]!;
  await page.getByRole("radio", { name: /Cash on Delivery/ }).check();
  const summary = page.getByTestId("checkout-summary");
  await expect(summary).toContainText("GST included");
  await expect(page.getByText("Inclusive of all taxes")).toBeVisible();
  await expect(placeOrder(page)).toBeEnabled();
  const total = await page.getByTestId("checkout-total").textContent();

  const keys = watchPlacements(page);
  await placeOrder(page).dblclick();
  // Nothing has been paid: an order confirmation, not the payment result.
  await page.waitForURL(/\/checkout\/placed\/KH\d{6}-[0-9A-Z]{5}$/);
  await expect(page.getByRole("heading", { level: 1, name: "Order placed" })).toBeVisible();
  await expect(page.getByText("Payment Successful!")).toHaveCount(0);
  await expect(headerCount(page)).toHaveText("0");

  // However many submits the double click sent, they carried one key and made one order.
  expect(keys.length).toBeGreaterThanOrEqual(1);
  expect(new Set(keys).size).toBe(1);
  const orders = await ordersOf(customer.id);
  expect(orders).toHaveLength(1);
  expect(orders[0]).toMatchObject({ payment_type: "cash_on_delivery", payment_status: "Un-Paid", delivery_status: "Pending", shipping_method: "express", idempotency_key: keys[0] });
  expect(new URL(page.url()).pathname).toBe(`/checkout/placed/${orders[0]!.code}`);
  expect(paiseOf(total)).toBe(orders[0]!.grand_total);
  expect(await cartLineCount(customer.id)).toBe(0);
  // The confirmation: the code, the cash due at the door, checkout's promise, the order and the shop.
  await expect(page.getByTestId("placed-order-code")).toHaveText(orders[0]!.code);
  await expect(page.getByTestId("placed-due")).toHaveText(total!);
  await expect(page.getByText(`Please keep ${total} ready to pay in cash when it is delivered.`)).toBeVisible();
  await expect(page.getByTestId("placed-delivery")).toHaveText(promised);
  await expect(page.getByRole("link", { name: "View Order" })).toHaveAttribute("href", `/order-details/${orders[0]!.id}`);
  await expect(page.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/products");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await page.getByRole("link", { name: "View Order" }).click();
  await expect(page.getByRole("heading", { name: `Order Id: ${orders[0]!.code}` })).toBeVisible();
  await expect(page.getByText(promised)).toBeVisible();

  // The emptied cart: checkout says so. Its headers let Razorpay's checkout pay and open its bank
  // pages; every other page keeps the strict ones.
  const checkout = await page.goto("/checkout");
  expect(checkout!.headers()["cross-origin-opener-policy"]).toBe("same-origin-allow-popups");
  expect(checkout!.headers()["permissions-policy"]).toContain('payment=(self "https://api.razorpay.com")');
  expect((await page.request.get("/about-us")).headers()["cross-origin-opener-policy"]).toBe("same-origin");
  await expect(page.getByText("Your cart is empty.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Continue shopping" })).toHaveAttribute("href", "/products");
});

/** A signed-in customer with a saved address and one product in the cart, on /checkout. */
async function readyToPay(page: Page, name: string) {
  const [product] = await twoProducts();
  const customer = await createCustomer(name);
  await giveAddress(customer.id);
  await putInCart(customer.id, product, 2);
  await signIn(page, customer, "/login?redirect=%2Fcheckout");
  await page.waitForURL((url) => url.pathname === "/checkout");
  await expect(page.getByRole("radio", { name: /14 Lavelle Road/ })).toBeChecked();
  await expect(page.getByTestId("checkout-lines")).toContainText(`${product.name} × 2`);
  return { customer, product };
}

test("a customer's cart promises the dates checkout shows for the default address", { tag: TAG.db }, async ({ page }) => {
  const [product] = await twoProducts();
  const customer = await createCustomer("Ananya Rao");
  await giveAddress(customer.id);
  await putInCart(customer.id, product, 1);
  await signIn(page, customer);
  await page.goto("/cart");
  await expect(page.getByTestId("cart-delivery-pin")).toHaveText("Dates for PIN code 560025, your default address.");
  const cartDate = async (method: string) => /Delivery by \w{3}, \d{1,2} \w{3}/.exec((await page.getByRole("radio", { name: new RegExp(`^${method}: `) }).locator("xpath=..").textContent()) ?? "")?.[0];
  const cart = { standard: await cartDate("Standard"), express: await cartDate("Express") };
  expect(cart.standard).toBeTruthy();
  expect(cart.express).toBeTruthy();

  await page.getByRole("link", { name: "Checkout" }).click();
  await page.waitForURL((url) => url.pathname === "/checkout");
  await expect(page.getByRole("radio", { name: /14 Lavelle Road/ })).toBeChecked();
  await expect(page.locator("label").filter({ has: page.getByRole("radio", { name: /Standard/ }) })).toContainText(cart.standard!);
  await expect(page.locator("label").filter({ has: page.getByRole("radio", { name: /Express/ }) })).toContainText(cart.express!);
});

/** Pay online → the sandbox's test payment page for the order. */
async function placeOnline(page: Page) {
  await page.getByRole("radio", { name: /Pay online/ }).check();
  await expect(placeOrder(page)).toBeEnabled();
  await placeOrder(page).click();
  await page.waitForURL(/\/payment\/sandbox\?order_id=order_/);
  await expect(page.getByRole("heading", { name: "Test payment" })).toBeVisible();
}

test("paying online through the sandbox lands on Payment Successful! and the order is Paid", { tag: TAG.db }, async ({ page }) => {
  const { customer } = await readyToPay(page, "Harpreet Gill");
  // The screen is usable with assistive technology: no serious or critical axe findings.
  await expect(page.getByTestId("checkout-summary")).toBeVisible();
  await readyForAxe(page);
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`)).toEqual([]);
  // A phone: the order summary comes after the choices, not beside them.
  await page.setViewportSize({ width: 390, height: 844 });
  const choices = await page.getByRole("group", { name: /Payment/ }).boundingBox();
  const summaryBox = await page.getByRole("complementary", { name: "Order summary" }).boundingBox();
  expect(summaryBox!.y).toBeGreaterThan(choices!.y + choices!.height - 1);
  await page.setViewportSize({ width: 1280, height: 720 });
  await placeOnline(page);
  const [order] = await ordersOf(customer.id);
  await expect(page.getByTestId("sandbox-order")).toHaveText(order!.code);
  await page.getByRole("button", { name: /\(Success\)$/ }).click();
  await page.waitForURL(/\/payment-response\?response=1/);
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
  await expect(headerCount(page)).toHaveText("0");
  const orders = await ordersOf(customer.id);
  expect(orders).toHaveLength(1);
  expect(orders[0]).toMatchObject({ code: order!.code, payment_type: "online", payment_status: "Paid" });
  expect(await cartLineCount(customer.id)).toBe(0);
});

test("a failed payment offers Retry Payment, which pays the same order", { tag: TAG.db }, async ({ page }) => {
  const { customer } = await readyToPay(page, "Sunita Deshpande");
  await placeOnline(page);
  const [order] = await ordersOf(customer.id);
  await page.getByRole("button", { name: "Fail payment" }).click();
  await page.waitForURL((url) => url.pathname === "/payment-response" && url.searchParams.get("response") !== "1");
  await expect(page.getByRole("heading", { name: "Payment Failed" })).toBeVisible();
  expect((await ordersOf(customer.id))[0]).toMatchObject({ payment_status: "Un-Paid" });

  await page.getByRole("link", { name: "Retry Payment" }).click();
  await page.waitForURL((url) => url.pathname === "/checkout" && url.searchParams.get("order") === order!.code);
  await expect(page.getByRole("heading", { name: `Complete your payment for order ${order!.code}` })).toBeVisible();
  expect(paiseOf(await page.getByTestId("retry-total").textContent())).toBe(order!.grand_total);
  await page.getByRole("button", { name: "Pay now" }).click();
  await page.waitForURL(/\/payment\/sandbox\?order_id=order_/);
  await expect(page.getByTestId("sandbox-order")).toHaveText(order!.code);
  await page.getByRole("button", { name: /\(Success\)$/ }).click();
  await page.waitForURL(/\/payment-response\?response=1/);
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();

  const orders = await ordersOf(customer.id);
  expect(orders).toHaveLength(1);
  expect(orders[0]).toMatchObject({ id: order!.id, payment_status: "Paid" });

  // Retry Payment on the paid order says so and pays nothing.
  await page.goto(`/checkout?order=${encodeURIComponent(order!.code)}`);
  await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toHaveText("This order is already paid.");
  await expect(page.getByRole("link", { name: "View Purchase History" })).toHaveAttribute("href", "/purchase-history");
  await expect(page.getByRole("button", { name: "Pay now" })).toHaveCount(0);
});
