import type { ApiAvailability } from "../lib/api/types";
import { productWithAvailability } from "./api";
import { expect, jsonLdOf, TAG, test, type Page } from "./fixtures";

/** The slug of a published product with the availability (the store's oldest first), read through the API. */
const productWith = async (availability: ApiAvailability, skip = 0): Promise<string> => (await productWithAvailability(availability, skip)).slug;

const DELIVERY_BY = /^Delivery by (Mon|Tue|Wed|Thu|Fri|Sat), \d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)$/;
const box = (page: Page) => page.getByRole("form", { name: "Check delivery" });
const answer = (page: Page) => box(page).getByRole("status");

async function checkPin(page: Page, pin: string) {
  await box(page).getByLabel("PIN code").fill(pin);
  await box(page).getByRole("button", { name: "Check" }).click();
}

const SPAN = /^Delivery in (\d+(?:-\d+)? business days?); express delivery in (\d+(?:-\d+)? business days?), for an extra fee\. Enter your PIN code for the date\.$/;
const promise = (page: Page) => box(page).getByTestId("delivery-promise");

/** The product page's promise before a PIN: standard and express days over every served zone. */
async function spanOn(page: Page, slug: string): Promise<{ standard: string; express: string }> {
  await page.goto(`/products/${slug}`);
  await expect(promise(page)).toHaveText(SPAN);
  const [, standard, express] = SPAN.exec((await promise(page).textContent()) ?? "") ?? [];
  return { standard: standard!, express: express! };
}

test("the delivery check answers for a Delhi PIN and refuses an invalid one", { tag: TAG.readonly }, async ({ page }) => {
  await page.goto(`/products/${await productWith("in_stock")}`);
  const input = box(page).getByLabel("PIN code");
  await expect(input).toHaveAttribute("inputmode", "numeric");
  // Before a PIN: the days over every served zone; with one, its date instead.
  await expect(promise(page)).toHaveText(SPAN);

  await checkPin(page, "110001");
  await expect(answer(page).getByText(DELIVERY_BY)).toBeVisible();
  await expect(answer(page)).toContainText(/Express delivery by \w{3}, \d{1,2} \w{3}, for an extra fee/);
  await expect(input).not.toHaveAttribute("aria-invalid", "true");
  await expect(promise(page)).toHaveCount(0);

  for (const bad of ["12ab", "1234"]) {
    await checkPin(page, bad);
    await expect(answer(page)).toHaveText("Enter a valid 6-digit PIN code.");
    await expect(input).toHaveAttribute("aria-invalid", "true");
  }

  await checkPin(page, "908056");
  await expect(answer(page)).toHaveText("We do not deliver to this PIN code yet");
});

test("the PIN is remembered for the session and checked again on other product pages", { tag: TAG.readonly }, async ({ page, browser }) => {
  await page.goto(`/products/${await productWith("in_stock")}`);
  await checkPin(page, "560034");
  await expect(answer(page).getByText(DELIVERY_BY)).toBeVisible();
  const inStockText = await answer(page).getByText(DELIVERY_BY).textContent();

  // Another product, a made-to-order one: the PIN is filled in and answered without a click.
  await page.goto(`/products/${await productWith("made_to_order")}`);
  await expect(box(page).getByLabel("PIN code")).toHaveValue("560034");
  await expect(answer(page).getByText(DELIVERY_BY)).toBeVisible();
  expect(await answer(page).getByText(DELIVERY_BY).textContent()).not.toBe(inStockText);

  await page.reload();
  await expect(box(page).getByLabel("PIN code")).toHaveValue("560034");
  await expect(answer(page).getByText(DELIVERY_BY)).toBeVisible();

  // A new session starts empty.
  const other = await browser.newContext();
  try {
    const fresh = await other.newPage();
    await fresh.goto(`/products/${await productWith("in_stock", 1)}`);
    await expect(box(fresh).getByLabel("PIN code")).toHaveValue("");
    await expect(answer(fresh)).toHaveText("");
  } finally {
    await other.close();
  }
});

test("product JSON-LD carries shipping details, the return policy and MadeToOrder", { tag: [TAG.readonly, TAG.desktop] }, async ({ page }) => {
  type Offer = { availability: string; shippingDetails: { shippingLabel: string; shippingDestination: { addressCountry: string }; deliveryTime: { handlingTime: { minValue: number; maxValue: number } } }[]; hasMerchantReturnPolicy: { returnPolicyCategory: string; merchantReturnDays?: number } };
  const offerOn = async (slug: string) => {
    await page.goto(`/products/${slug}`);
    const product = (await jsonLdOf(page)).find((x) => x["@type"] === "Product") as { offers: Offer };
    return product.offers;
  };

  const madeToOrder = await offerOn(await productWith("made_to_order"));
  expect(madeToOrder.availability).toBe("https://schema.org/MadeToOrder");
  expect(madeToOrder.shippingDetails.map((d) => d.shippingLabel)).toEqual(["Standard", "Express"]);
  expect(madeToOrder.shippingDetails.every((d) => d.shippingDestination.addressCountry === "IN")).toBe(true);
  expect(madeToOrder.shippingDetails[0]?.deliveryTime.handlingTime).toMatchObject({ minValue: 20, maxValue: 25 });
  expect(madeToOrder.hasMerchantReturnPolicy.returnPolicyCategory).toBe("https://schema.org/MerchantReturnNotPermitted");

  const inStock = await offerOn(await productWith("in_stock"));
  expect(inStock.availability).toBe("https://schema.org/InStock");
  expect(inStock.hasMerchantReturnPolicy).toMatchObject({ returnPolicyCategory: "https://schema.org/MerchantReturnFiniteReturnWindow", merchantReturnDays: 7 });
});

test("the product page, the shipping policy and the FAQ state the same delivery days", { tag: TAG.readonly }, async ({ page }) => {
  const ready = await spanOn(page, await productWith("in_stock"));
  const made = await spanOn(page, await productWith("made_to_order"));
  expect(made.standard).not.toBe(ready.standard);

  await page.goto("/shipping-policy");
  const main = page.getByRole("main");
  await expect(main).toContainText(`Ready-to-ship pieces arrive in ${ready.standard} by standard shipping, or ${ready.express} by express.`);
  await expect(main).toContainText(`Made-to-order pieces arrive in ${made.standard} by standard shipping, or ${made.express} by express.`);
  // The parts add up to the whole: dispatch plus transit, the fewest and the most days.
  /** "2-7 business days" or "3 business days" before `after`, as [min, max]. */
  const range = async (after: string) => {
    const m = new RegExp(`(\\d+)(?:-(\\d+))? business days? ${after}`).exec((await main.textContent()) ?? "");
    expect(m, after).not.toBeNull();
    return [Number(m![1]), Number(m![2] ?? m![1])] as const;
  };
  const [dispatchMin, dispatchMax] = await range("for ready-to-ship pieces");
  const [transitMin, transitMax] = await range("after dispatch, depending on your PIN code");
  const total = (min: number, max: number) => (min === max ? `${min} business ${min === 1 ? "day" : "days"}` : `${min}-${max} business days`);
  expect(total(dispatchMin + transitMin, dispatchMax + transitMax)).toBe(ready.standard);

  await page.goto("/faqs");
  const faq = page.getByTestId("faq-list").locator("details").filter({ hasText: "How long will my order take to arrive?" });
  await faq.locator("summary").click();
  await expect(faq).toContainText(`standard shipping takes ${total(transitMin, transitMax)}`);
});
