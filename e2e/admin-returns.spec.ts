import sharp from "sharp";
import { DEMO_OWNER } from "../lib/seed/content";
import { createCustomer, insertJourneyOrder, signIn, withE2eDb } from "./db";
import { expect, TAG, test, type Page } from "./fixtures";
import { adminSignIn } from "./staff";

/**
 * A customer's damage claim, end to end (docs/back-office.md "Returns"): the shopper reports one of
 * two delivered cushion covers damaged from their order page with a photo; the owner sees the
 * photo on the order page, approves it, lets the customer send it back with its AWB, receives it
 * (restocked through the ledger) and refunds it by UPI. After each step the shopper's order page
 * shows the return's state.
 */

const OWNER = { email: DEMO_OWNER.email, password: DEMO_OWNER.password };

async function shopperSees(page: Page, orderId: number, state: string): Promise<void> {
  await page.goto(`/order-details/${orderId}`);
  await expect(page.getByTestId("order-return").getByTestId("return-state")).toHaveText(state);
}

test("a damage claim with a photo goes through approval, receipt and refund, and the shopper sees each state", { tag: [TAG.db, TAG.desktop] }, async ({ page, browser }) => {
  const customer = await createCustomer("Ritu Bhandari");
  const product = await withE2eDb((db) =>
    db
      .selectFrom("products")
      .select(["id", "name", "stock_quantity"])
      .where("published", "=", 1)
      .where("variant_count", "=", 0)
      .where("made_to_order", "=", 0)
      .where("availability", "=", "in_stock")
      .orderBy("id")
      .executeTakeFirstOrThrow(),
  );
  const total = 259_800;
  const order = await insertJourneyOrder(customer.id, {
    code: `E${customer.id}RT`,
    createdAt: new Date(Date.now() - 4 * 86_400_000).toISOString(),
    deliveryStatus: "Delivered",
    paymentStatus: "Paid",
    deliveredAt: new Date(Date.now() - 86_400_000).toISOString(),
    total,
    lines: [{ productId: product.id, name: product.name, quantity: 2 }],
  });
  await withE2eDb(async (db) => {
    const at = new Date().toISOString();
    await db
      .insertInto("payments")
      .values({
        order_id: order.id,
        provider: "cod",
        reference: null,
        amount: total,
        status: "paid",
        created_at: at,
        provider_order_id: null,
        provider_payment_id: `cod-E${customer.id}RT`,
        currency: "INR",
        error: null,
        updated_at: at,
      })
      .execute();
  });
  const photo = await sharp({
    create: {
      width: 800,
      height: 600,
      channels: 3,
      background: { r: 180, g: 40, b: 60 },
    },
  })
    .jpeg()
    .toBuffer();

  // The shopper reports the damage from the order page.
  await signIn(page, customer);
  await page.goto(`/order-details/${order.id}`);
  await page.getByRole("button", { name: "Return or report damage" }).click();
  const form = page.getByRole("form", { name: "Return or report damage" });
  await form.getByLabel("It arrived damaged").check();
  await form.getByLabel(/How many/).fill("1");
  await form.getByLabel("Reason").fill("One cover came with a long tear along the zip.");
  // A damage claim needs its photo: refused under the field, nothing sent.
  await form.getByRole("button", { name: "Send request" }).click();
  await expect(form.getByText("Add at least one photo of the damage.")).toBeVisible();
  await form.getByLabel(/^Photos/).setInputFiles({
    name: "tear.jpg",
    mimeType: "image/jpeg",
    buffer: photo,
  });
  await form.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByText("Your return request is sent. We will write to you with the next step.")).toBeVisible();
  await expect(page.getByTestId("order-return").getByTestId("return-state")).toHaveText("Requested");
  const returnId = await withE2eDb(async (db) => (await db.selectFrom("returns").select("id").where("order_id", "=", order.id).executeTakeFirstOrThrow()).id);

  // The owner, in a browser of their own.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await adminSignIn(staff, OWNER, "/admin/returns?state=requested");
  await expect(
    staff
      .getByRole("table", { name: "Returns" })
      .getByRole("row")
      .filter({ hasText: `E${customer.id}RT` }),
  ).toContainText("Requested");
  await staff.getByRole("link", { name: `E${customer.id}RT` }).click();
  const section = staff.getByRole("table", { name: "Returns" });
  const img = section.getByRole("img", {
    name: `Photo 1 of return ${returnId}`,
  });
  await expect(img).toBeVisible();
  expect(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

  await section.getByRole("button", { name: "Approve return" }).click();
  await expect(section.getByRole("status")).toHaveText("The return is approved.");
  await shopperSees(page, order.id, "Approved");

  await section.getByLabel("The customer sends it").check();
  await section.getByLabel("AWB (if known)").fill("EM998877665IN");
  await section.getByRole("button", { name: "Customer sends it" }).click();
  await expect(section.getByRole("status")).toHaveText("The customer sends the return.");
  await shopperSees(page, order.id, "On its way back");
  await expect(page.getByText("Please send it back to us (AWB EM998877665IN).")).toBeVisible();

  await section.getByLabel("Note on its condition").fill("Tear confirmed, cover otherwise clean");
  await section.getByRole("button", { name: "Received: restock" }).click();
  await expect(section.getByRole("status")).toHaveText("The return is received and restocked.");
  await shopperSees(page, order.id, "Received");
  const ledger = await withE2eDb((db) => db.selectFrom("stock_movements").select(["delta", "reason"]).where("order_id", "=", order.id).where("reason", "=", "return").execute());
  expect(ledger).toEqual([{ delta: 1, reason: "return" }]);

  await section.getByLabel("Refund by").selectOption("upi");
  await section.getByLabel("Reference (UTR or UPI id)").fill(`UPI${customer.id}77`);
  await section.getByRole("button", { name: "Refund return" }).click();
  await expect(section.getByRole("status")).toHaveText(/is refunded\.$/);
  await expect(section.getByRole("row").filter({ hasText: `#${returnId}` })).toContainText("Refunded");
  await shopperSees(page, order.id, "Refunded");
  await expect(page.getByText(/^Refunded ₹/)).toBeVisible();
  await staffContext.close();
});
