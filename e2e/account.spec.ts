import fs from "node:fs";
import type { DeliveryStatus, PaymentStatus } from "../lib/orders/status";
import AxeBuilder from "@axe-core/playwright";
import sharp from "sharp";
import { codeIn, waitForMail } from "../lib/testing/mail-receiver";
import { E2E_MAIL_DIR } from "../scripts/lib/build";
import { createCustomer, signIn, withE2eDb } from "./db";
import { expect, type Page, readyForAxe, TAG, test } from "./fixtures";

async function addressRows(userId: number) {
  return withE2eDb((db) =>
    db
      .selectFrom("addresses as a")
      .innerJoin("cities as c", "c.id", "a.city_id")
      .select(["a.id", "a.postal_code", "a.is_default", "c.name as city"])
      .where("a.user_id", "=", userId)
      .orderBy("a.id")
      .execute(),
  );
}

/** Fills the address modal through the Country → State → City cascade. */
async function fillAddress(page: Page, a: { address: string; state: string; city: string; pin: string; phone: string }) {
  const modal = page.getByRole("dialog");
  await modal.getByRole("textbox", { name: "Address", exact: true }).fill(a.address);
  // The store ships within India only, so the one country is chosen already and its states load.
  await expect(modal.getByLabel("Country")).toHaveValue(/\d+/);
  await expect(modal.getByLabel("State").locator("option", { hasText: a.state })).toHaveCount(1);
  await modal.getByLabel("State").selectOption({ label: a.state });
  await expect(modal.getByLabel("City").locator("option", { hasText: new RegExp(`^${a.city}$`) })).toHaveCount(1);
  await modal.getByLabel("City").selectOption({ label: a.city });
  await modal.getByLabel("Postal Code").fill(a.pin);
  await modal.getByLabel("Phone").fill(a.phone);
}

test("the dashboard shows the customer's own figures, coupons with Copy, and the default address", { tag: TAG.db }, async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const customer = await createCustomer("Ishaan Verma");
  const now = new Date().toISOString();
  await withE2eDb(async (db) => {
    const order = (o: { code: string; total: number; status: DeliveryStatus }) =>
      db
        .insertInto("orders")
        .values({
          code: o.code,
          user_id: customer.id,
          shipping_name: customer.name,
          shipping_email: customer.email,
          shipping_address: "12 MG Road",
          shipping_city: "Pune",
          shipping_state: "Maharashtra",
          shipping_country: "India",
          shipping_postal_code: "411001",
          shipping_phone: "9822012345",
          shipping_type: "Standard",
          payment_type: "cash_on_delivery",
          coupon_code: null,
          subtotal: o.total,
          shipping_cost: 0,
          tax: 0,
          coupon_discount: 0,
          grand_total: o.total,
          delivery_status: o.status,
          payment_status: "Paid",
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
    const paid = await order({ code: `J${customer.id}A`, total: 1_234_500, status: "Delivered" });
    const cancelled = await order({ code: `J${customer.id}B`, total: 500_000, status: "Cancelled" });
    for (const [orderId, quantity] of [
      [paid.id, 3],
      [cancelled.id, 4],
    ] as const) {
      await db
        .insertInto("order_lines")
        .values({ order_id: orderId, product_id: null, product_name: "Cushion cover", variation: null, quantity, unit_price: 100, total: 100 * quantity, delivery_status: "Delivered", refund_status: null })
        .execute();
    }
  });
  await signIn(page, customer, "/login?redirect=%2Fdashboard");
  // ₹12,345 spent on the order that was not cancelled, 3 units.
  await expect(page.getByTestId("total-expenditure")).toHaveText("₹12,345");
  await expect(page.getByTestId("products-ordered")).toHaveText("3");
  await expect(page.getByRole("main").getByTestId("cart-count")).toHaveText("0");
  await expect(page.getByRole("main").getByTestId("wishlist-count")).toHaveText("0");
  await expect(page.getByText("No default address available")).toBeVisible();

  const coupons = page.getByRole("list", { name: "Available coupons" });
  await expect(coupons).toHaveCSS("height", "220px");
  // This customer has orders, so the first-order coupon is not offered.
  await expect(coupons.getByText("WELCOME10")).toHaveCount(0);
  await coupons.getByRole("button", { name: "Copy FLAT150" }).click();
  await expect(coupons.getByRole("button", { name: "Copied FLAT150" })).toHaveText("Copied!");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("FLAT150");
  await expect(coupons.getByRole("button", { name: "Copy FLAT150" })).toHaveText("Copy", { timeout: 3000 });

  // Add New Address from the dashboard makes the first address the default.
  await page.getByRole("button", { name: "Add New Address" }).click();
  await fillAddress(page, { address: "7 Koregaon Park Lane", state: "Maharashtra", city: "Pune", pin: "411001", phone: "9822012345" });
  await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Address added successfully")).toBeVisible();
  await expect(page.getByText("411001 - Pune, Maharashtra, India")).toBeVisible();
});

test("add, edit, make default and delete an address through the cascade", { tag: TAG.db }, async ({ page }) => {
  const customer = await createCustomer("Jyoti Bansal");
  await signIn(page, customer, "/login?redirect=%2Fprofile");
  page.on("dialog", (dialog) => void dialog.accept());
  const cards = page.getByTestId("address-card");

  await page.getByRole("button", { name: "Add New Address" }).click();
  const modal = page.getByRole("dialog", { name: "New Address" });
  await expect(modal).toBeVisible();
  // The server's rules are the form's: a PIN starting with 0 and a short phone are refused.
  await fillAddress(page, { address: "21 Residency Road", state: "Karnataka", city: "Bengaluru", pin: "012345", phone: "12345" });
  await modal.getByRole("button", { name: "Save" }).click();
  await expect(modal.getByText("Enter a 6-digit PIN code (it does not start with 0).")).toBeVisible();
  await expect(modal.getByText("Enter a 10-digit mobile number starting with 6, 7, 8 or 9.")).toBeVisible();
  await modal.getByLabel("Postal Code").fill("560025");
  await modal.getByLabel("Phone").fill("+91 98450 12345");
  await modal.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Address added successfully")).toBeVisible();
  await expect(modal).toBeHidden();
  await expect(cards).toHaveCount(1);
  await expect(cards.first().getByText("Default")).toBeVisible();

  await page.getByRole("button", { name: "Add New Address" }).click();
  await fillAddress(page, { address: "C-9 Vasant Vihar", state: "Delhi", city: "New Delhi", pin: "110057", phone: "9811098110" });
  await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
  await expect(cards).toHaveCount(2);
  let rows = await addressRows(customer.id);
  expect(rows.map((r) => [r.city, r.is_default])).toEqual([
    ["Bengaluru", 1],
    ["New Delhi", 0],
  ]);

  // Edit the second: the modal opens filled in, cascade included.
  const second = cards.filter({ hasText: "C-9 Vasant Vihar" });
  await second.getByRole("button", { name: /Options for the address/ }).click();
  await page.getByRole("menuitem", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Address" });
  const delhi = await withE2eDb((db) => db.selectFrom("addresses").select("city_id").where("user_id", "=", customer.id).where("postal_code", "=", "110057").executeTakeFirstOrThrow());
  await expect(edit.getByLabel("City")).toHaveValue(String(delhi.city_id));
  await edit.getByLabel("Postal Code").fill("110058");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Address edited successfully")).toBeVisible();
  await expect(second.getByText("110058 - New Delhi, Delhi, India")).toBeVisible();

  // Make This Default moves the badge; exactly one default remains.
  await second.getByRole("button", { name: /Options for the address/ }).click();
  await page.getByRole("menuitem", { name: "Make This Default" }).click();
  await expect(page.getByText("Address set as default!")).toBeVisible();
  await expect(second.getByText("Default")).toBeVisible();
  rows = await addressRows(customer.id);
  expect(rows.map((r) => [r.city, r.is_default, r.postal_code])).toEqual([
    ["Bengaluru", 0, "560025"],
    ["New Delhi", 1, "110058"],
  ]);

  // Deleting the default makes the other one the default.
  await second.getByRole("button", { name: /Options for the address/ }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await expect(page.getByText("Address deleted successfully")).toBeVisible();
  await expect(cards).toHaveCount(1);
  await expect(cards.first().getByText("Default")).toBeVisible();
  rows = await addressRows(customer.id);
  expect(rows.map((r) => [r.city, r.is_default])).toEqual([["Bengaluru", 1]]);

  // The modal closes on a press outside its box.
  await page.getByRole("button", { name: "Add New Address" }).click();
  await expect(page.getByRole("dialog", { name: "New Address" })).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(page.getByRole("dialog", { name: "New Address" })).toBeHidden();
});

test("update the profile: name, phone, photo and password", { tag: TAG.db }, async ({ page }) => {
  const customer = await createCustomer("Kabir Malhotra");
  await signIn(page, customer, "/login?redirect=%2Fprofile");
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 160, g: 86, b: 26 } } }).png().toBuffer();
  await page.getByLabel("Your name").fill("Kabir S. Malhotra");
  await page.getByLabel("Your Phone").fill("98100 55555");
  await page.getByLabel("Photo").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: photo });
  await page.getByRole("button", { name: "Update Profile" }).click();
  await expect(page.getByText("Profile updated successfully")).toBeVisible();
  const menu = page.getByRole("complementary", { name: "Account menu" });
  await expect(menu.getByText("Kabir S. Malhotra")).toBeVisible();
  await expect(menu.locator('img[src^="/avatars/"]')).toBeVisible();
  const user = await withE2eDb((db) => db.selectFrom("users").select(["name", "phone", "avatar"]).where("id", "=", customer.id).executeTakeFirstOrThrow());
  expect(user).toMatchObject({ name: "Kabir S. Malhotra", phone: "9810055555" });
  expect(user.avatar).toMatch(/^\/avatars\/[a-z0-9-]+\.webp$/);
  const served = await page.request.get(user.avatar as string);
  expect(served.headers()["content-type"]).toBe("image/webp");
  expect((await sharp(await served.body()).metadata()).width).toBe(256);

  // A wrong current password changes nothing.
  await page.getByRole("form", { name: "Basic Info" }).getByLabel("Current password").fill("not-my-password");
  await page.getByLabel("New password").fill("Cardamom-tea-5");
  await page.getByLabel("Confirm password").fill("Cardamom-tea-5");
  await page.getByRole("button", { name: "Update Profile" }).click();
  await expect(page.getByText("Your current password is not correct.").first()).toBeVisible();
  await page.getByRole("form", { name: "Basic Info" }).getByLabel("Current password").fill(customer.password);
  // The first update's notice has gone, so the one below is this update's own (on a fast run the
  // two stood side by side and the check found two).
  await expect(page.getByText("Profile updated successfully")).toHaveCount(0, { timeout: 10_000 });
  await page.getByRole("button", { name: "Update Profile" }).click();
  await expect(page.getByText("Profile updated successfully")).toBeVisible();
  await expect(page.getByLabel("New password")).toHaveValue("");

  // This browser stays signed in (a new session); the new password is the one that works.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Manage Profile" })).toBeVisible();
  await page.context().clearCookies();
  await signIn(page, { email: customer.email, password: "Cardamom-tea-5" });
  await expect(page.getByTestId("account-link")).toHaveAccessibleName("My account, Kabir S. Malhotra");
});

test("change the email with a code sent to the new address", { tag: TAG.db }, async ({ page }) => {
  const customer = await createCustomer("Lata Desai");
  const next = `moved-${Date.now().toString(36)}@example.com`;
  await signIn(page, customer, "/login?redirect=%2Fprofile");
  await expect(page.getByLabel("Current email")).toHaveValue(customer.email);
  const since = Date.now();
  await page.getByRole("textbox", { name: "New email" }).fill(next);
  await page.getByRole("form", { name: "New email" }).getByLabel("Current password").fill(customer.password);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("We have sent a code to your new email address.")).toBeVisible();
  const mail = await waitForMail(E2E_MAIL_DIR, next, { since });
  await page.getByLabel(`Code sent to ${next}`).fill(codeIn(mail));
  await page.getByRole("button", { name: "Update Email" }).click();
  await expect(page.getByText("Your email address has been updated.")).toBeVisible();
  await expect(page.getByLabel("Current email")).toHaveValue(next);
  const row = await withE2eDb((db) => db.selectFrom("users").select("email").where("id", "=", customer.id).executeTakeFirstOrThrow());
  expect(row.email).toBe(next);
  // The old address is told.
  await waitForMail(E2E_MAIL_DIR, customer.email, { since, subject: /email address was changed/ });
});

test("download my data gives a JSON file of the account", { tag: TAG.db }, async ({ page }) => {
  const customer = await createCustomer("Mohan Pillai");
  await signIn(page, customer, "/login?redirect=%2Fprofile");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download my data" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(fs.readFileSync(await download.path(), "utf8")) as { profile: { email: string; name: string }; addresses: unknown[]; orders: unknown[] };
  expect(data.profile).toMatchObject({ email: customer.email, name: "Mohan Pillai" });
  expect(Array.isArray(data.addresses) && Array.isArray(data.orders)).toBe(true);
});

test("delete the account: personal data goes, the customer is signed out", { tag: TAG.db }, async ({ page }) => {
  const customer = await createCustomer("Nandini Ghosh");
  await signIn(page, customer, "/login?redirect=%2Fprofile");
  await page.getByRole("button", { name: "Delete my account" }).click();
  const modal = page.getByRole("dialog", { name: "Delete my account" });
  await modal.getByLabel("Your password").fill("not-it");
  await modal.getByRole("button", { name: "Delete my account" }).click();
  await expect(modal.getByText("Your password is not correct.").first()).toBeVisible();
  await modal.getByLabel("Your password").fill(customer.password);
  await modal.getByRole("button", { name: "Delete my account" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  await expect(page.getByText("Your account has been deleted.")).toBeVisible();
  const row = await withE2eDb((db) => db.selectFrom("users").select(["name", "email", "deleted_at"]).where("id", "=", customer.id).executeTakeFirstOrThrow());
  expect(row.name).toBe("Deleted customer");
  expect(row.email).not.toBe(customer.email);
  expect(row.deleted_at).toBeTruthy();
  await page.goto("/login");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(customer.email);
  await page.getByLabel("Password", { exact: true }).fill(customer.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.locator("#login-error")).toHaveText("Invalid email or password.");
});

test("a signed-in customer's product visits show under Recently viewed", { tag: TAG.db }, async ({ page }) => {
  const customer = await createCustomer();
  const product = await withE2eDb((db) => db.selectFrom("products").select(["slug", "name"]).where("published", "=", 1).orderBy("id", "desc").executeTakeFirstOrThrow());
  await signIn(page, customer);
  const recorded = page.waitForResponse((r) => r.url().includes(`/api/v2/products/${product.slug}/${customer.id}`));
  await page.goto(`/products/${product.slug}`);
  expect((await recorded).status()).toBe(200);
  await page.goto("/dashboard");
  await expect(page.getByRole("region", { name: "Recently viewed" }).getByText(product.name)).toBeVisible();
});

test("purchase history lists the customer's own orders; another customer's order is not found", { tag: TAG.db }, async ({ page }) => {
  const [customer, other] = [await createCustomer("Pooja Nair"), await createCustomer("Someone Else")];
  const now = new Date().toISOString();
  const ids = await withE2eDb(async (db) => {
    const make = (userId: number, code: string, paymentStatus: PaymentStatus) =>
      db
        .insertInto("orders")
        .values({
          code,
          user_id: userId,
          shipping_name: "Pooja Nair",
          shipping_email: "pooja@example.com",
          shipping_address: "4 Marine Drive",
          shipping_city: "Kochi",
          shipping_state: "Kerala",
          shipping_country: "India",
          shipping_postal_code: "682031",
          shipping_phone: "9847012345",
          shipping_type: "",
          payment_type: "cash_on_delivery",
          coupon_code: null,
          subtotal: 249_900,
          shipping_cost: 0,
          tax: 11_900,
          coupon_discount: 0,
          grand_total: 249_900,
          delivery_status: "Pending",
          payment_status: paymentStatus,
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
    const mine = await make(customer.id, `PH${customer.id}`, "Un-Paid");
    await db
      .insertInto("order_lines")
      .values({ order_id: mine.id, product_id: null, product_name: "Ikat cushion cover", variation: null, quantity: 2, unit_price: 124_950, total: 249_900, delivery_status: "Pending", refund_status: null })
      .execute();
    const theirs = await make(other.id, `PH${other.id}`, "Paid");
    return { mine: mine.id, theirs: theirs.id };
  });
  await signIn(page, customer, "/login?redirect=%2Fpurchase-history");
  const row = page.getByRole("row", { name: new RegExp(`PH${customer.id}`) });
  await expect(row.getByText("₹2,499")).toBeVisible();
  await expect(row.getByText("Un-Paid")).toHaveClass(/bg-madder/);
  await expect(page.getByText(`PH${other.id}`)).toHaveCount(0);
  await row.getByRole("link", { name: /Details/ }).click();
  await expect(page.getByRole("heading", { name: `Order Id: PH${customer.id}` })).toBeVisible();
  await expect(page.getByText("Ikat cushion cover")).toBeVisible();
  await expect(page.getByText("Flat shipping rate")).toBeVisible();
  await expect(page.getByText("No Refund Available")).toBeVisible();
  const response = await page.goto(`/order-details/${ids.theirs}`);
  expect(response?.status()).toBe(404);
  await page.goto("/wishlists");
  await expect(page.getByText("There isn't anything added yet")).toBeVisible();
});

test.describe("at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test("the account menu slides in and closes on a press outside it", { tag: TAG.db }, async ({ page }) => {
    const customer = await createCustomer("Om Prakash");
    await signIn(page, customer, "/login?redirect=%2Fdashboard");
    await expect(page.getByRole("complementary", { name: "Account menu" })).toBeHidden();
    await page.getByRole("button", { name: "Account menu" }).click();
    const panel = page.getByRole("dialog", { name: "Account menu" });
    await expect(panel.getByText("Om Prakash")).toBeVisible();
    await expect(panel.getByRole("link", { name: "Purchase History" })).toBeVisible();
    await page.mouse.click(380, 400);
    await expect(panel).toBeHidden();
  });
});

for (const path of ["/dashboard", "/profile"]) {
  test(`no serious accessibility violations on ${path}`, { tag: TAG.db }, async ({ page }) => {
    const customer = await createCustomer();
    await signIn(page, customer, `/login?redirect=${encodeURIComponent(path)}`);
    await readyForAxe(page);
    const results = await new AxeBuilder({ page }).analyze();
    const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`)).toEqual([]);
  });
}
