import { randomInt } from "node:crypto";
import { createCustomer, withE2eDb } from "./db";
import { expect, TAG, test } from "./fixtures";

const SUCCESS_TEXT = "Thank you for your purchase. Your order has been confirmed!";
const FAILURE_TEXT = "We encountered an issue processing your payment. Please try again or contact support.";

test("response=1 shows the spec's success texts with links to the products and the purchase history", { tag: TAG.readonly }, async ({ page }) => {
  const response = await page.goto("/payment-response?response=1&order=KH2026TEST1");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Payment Successful!", exact: true })).toBeVisible();
  await expect(page.getByText(SUCCESS_TEXT, { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/products");
  await expect(page.getByRole("link", { name: "View Purchase History" })).toHaveAttribute("href", "/purchase-history");
  await expect(page.getByRole("link", { name: "Retry Payment" })).toHaveCount(0);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
});

test("a failure shows the spec's texts and Retry Payment pays the same order again from checkout", { tag: TAG.readonly }, async ({ page }) => {
  await page.goto("/payment-response?response=0&order=KH2026TEST1");
  await expect(page.getByRole("heading", { level: 1, name: "Payment Failed", exact: true })).toBeVisible();
  await expect(page.getByText(FAILURE_TEXT, { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Retry Payment" })).toHaveAttribute("href", "/checkout?order=KH2026TEST1");
  await expect(page.getByText("Payment Successful!")).toHaveCount(0);

  // Without an order (or with something that is not an order code) Retry Payment is plain /checkout.
  await page.goto("/payment-response");
  await expect(page.getByRole("heading", { level: 1, name: "Payment Failed", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Retry Payment" })).toHaveAttribute("href", "/checkout");
  await page.goto(`/payment-response?response=0&order=${encodeURIComponent('"><script>')}`);
  await expect(page.getByRole("link", { name: "Retry Payment" })).toHaveAttribute("href", "/checkout");
});

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** An online order awaiting payment with its sandbox provider order, as Place Order and Pay leave it. */
async function orderAwaitingSandboxPayment(userId: number) {
  const providerOrderId = `order_${Array.from({ length: 14 }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join("")}`;
  const code = `E2EPAY${Date.now().toString(36).toUpperCase()}`;
  const total = 246_900;
  const now = new Date();
  const id = await withE2eDb(async (db) => {
    const order = await db
      .insertInto("orders")
      .values({
        code,
        user_id: userId,
        shipping_name: "Meera Iyer",
        shipping_email: "meera@example.com",
        shipping_address: "14 Besant Nagar",
        shipping_city: "Chennai",
        shipping_state: "Tamil Nadu",
        shipping_country: "India",
        shipping_postal_code: "600090",
        shipping_phone: "9840012345",
        shipping_type: "Standard delivery",
        payment_type: "online",
        payment_provider: "sandbox",
        payment_due_at: new Date(now.getTime() + 30 * 60_000).toISOString(),
        coupon_code: null,
        subtotal: total,
        shipping_cost: 0,
        tax: 26_454,
        coupon_discount: 0,
        grand_total: total,
        delivery_status: "Pending",
        payment_status: "Un-Paid",
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("payments")
      .values({ order_id: order.id, provider: "sandbox", reference: null, amount: total, status: "created", created_at: now.toISOString(), currency: "INR", provider_order_id: providerOrderId, updated_at: now.toISOString() })
      .execute();
    await db
      .insertInto("sandbox_payments")
      .values({ payment_id: providerOrderId, provider_order_id: providerOrderId, amount: total, currency: "INR", status: "order", created_at: now.toISOString() })
      .execute();
    return order.id;
  });
  return { id, code, providerOrderId };
}

test("the sandbox's test payment page: Fail payment lands on Payment Failed, paying lands on Payment Successful! and the order is Paid", { tag: TAG.db }, async ({ page }) => {
  const customer = await createCustomer();
  const order = await orderAwaitingSandboxPayment(customer.id);
  const response = await page.goto(`/payment/sandbox?order_id=${order.providerOrderId}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Test payment" })).toBeVisible();
  await expect(page.getByTestId("sandbox-shop")).toHaveText("Kesar Home");
  await expect(page.getByTestId("sandbox-order")).toHaveText(order.code);
  await expect(page.getByTestId("sandbox-amount")).toHaveText("₹2,469");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);

  await page.getByRole("button", { name: "Fail payment" }).click();
  await expect(page).toHaveURL(new RegExp(`/payment-response\\?response=0&order=${order.code}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Payment Failed" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Retry Payment" })).toHaveAttribute("href", `/checkout?order=${order.code}`);
  expect(await withE2eDb((db) => db.selectFrom("orders").select("payment_status").where("id", "=", order.id).executeTakeFirstOrThrow())).toEqual({ payment_status: "Un-Paid" });

  await page.goto(`/payment/sandbox?order_id=${order.providerOrderId}`);
  await page.getByRole("button", { name: "Pay ₹2,469 (Success)" }).click();
  await expect(page).toHaveURL(new RegExp(`/payment-response\\?response=1&order=${order.code}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Payment Successful!" })).toBeVisible();
  await expect(page.getByText(SUCCESS_TEXT, { exact: true })).toBeVisible();
  expect(await withE2eDb((db) => db.selectFrom("orders").select(["payment_status", "delivery_status"]).where("id", "=", order.id).executeTakeFirstOrThrow())).toEqual({
    payment_status: "Paid",
    delivery_status: "Confirmed",
  });

  // A paid order's test page offers no second payment; an unknown provider order is a 404.
  await page.goto(`/payment/sandbox?order_id=${order.providerOrderId}`);
  await expect(page.getByText("This order is already paid.")).toBeVisible();
  await expect(page.getByRole("button", { name: /Pay ₹/ })).toHaveCount(0);
  expect((await page.goto("/payment/sandbox?order_id=order_AAAAAAAAAAAAAA"))?.status()).toBe(404);
});
