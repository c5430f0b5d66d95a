import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { deliveryPromise, productPromise, promiseDays, type ZoneDays } from "@/lib/cart/delivery";
import { shippingConfigFrom, SHIPPING_METHODS, type ShippingConfig } from "@/lib/cart/shipping";
import { displayPhone } from "@/lib/platform/phone";
import { faqItems } from "@/lib/content/faqs";
import { policyDocument, policyFacts } from "@/lib/content/policies";
import type { Availability } from "@/lib/platform/db/schema";
import { formatPaise } from "@/lib/platform/format";
import { addOk, cartApi, customer, dropTestProducts, guest, makeProduct } from "./cart-client";
import { api, clientAddresses, closeTestDb, mailTo, newUser, post, testDb, type Json, type TestUser } from "./client";

/**
 * One delivery promise (docs/storefront.md, "Delivery check"). The cart, checkout, the order, the product page, its JSON-LD and
 * the policy pages state the days and dates the dispatch settings and the delivery zones give
 * (lib/cart/delivery.ts); and a Cash on Delivery order lands on an order confirmation, shown
 * to its customer only, not on "Payment Successful!".
 */

afterAll(async () => {
  await dropTestProducts();
  await closeTestDb();
});

const nextIp = clientAddresses(22);
const baseUrl = () => inject("baseUrl");

/** The facts every promise is made of, read from the server's database as it is now. */
async function shopFacts(): Promise<{ zones: ZoneDays[]; config: ShippingConfig; settings: Record<string, string> }> {
  const { db } = await testDb();
  const rows = await db.selectFrom("delivery_zones").selectAll().where("active", "=", 1).execute();
  const zones = rows.map((z) => ({ name: z.name, standard: { min: z.standard_days_min, max: z.standard_days_max }, express: { min: z.express_days_min, max: z.express_days_max } }));
  const settings = Object.fromEntries((await db.selectFrom("business_settings").select(["type", "value"]).execute()).map((s) => [s.type, s.value ?? ""]));
  return { zones, config: shippingConfigFrom(settings), settings };
}

async function zoneOf(pin: number): Promise<ZoneDays> {
  const { zones } = await shopFacts();
  const { db } = await testDb();
  const row = await db.selectFrom("delivery_zones").select("name").where("active", "=", 1).where("pin_from", "<=", pin).where("pin_to", ">=", pin).orderBy("id").executeTakeFirstOrThrow();
  return zones.find((z) => z.name === row.name)!;
}

/** The promise texts for lines of these availabilities, for the moment before and after a call (midnight in India may fall between). */
async function expectedTexts(availabilities: Availability[], scope: { pin: number } | "span", method: "standard" | "express", before: Date): Promise<string[]> {
  const { zones, config } = await shopFacts();
  const where = scope === "span" ? { zones } : { zone: await zoneOf(scope.pin) };
  return [before, new Date()].map((now) => deliveryPromise(availabilities, where, config, method, now)?.text ?? "none");
}

const page = async (path: string, cookie?: string) => {
  const res = await fetch(`${baseUrl()}${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  return { status: res.status, location: res.headers.get("location"), html: await res.text() };
};

/** What React writes for a text (the characters it escapes). */
const htmlText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

const jsonLdOf = (html: string): Json[] =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].flatMap((m) => {
    const data = JSON.parse(m[1]!) as Json;
    return Array.isArray(data) ? data : [data];
  });

const place = { india: 0, maharashtra: 0, pune: 0 };
beforeAll(async () => {
  const countries = await api("/countries");
  place.india = (countries.json.data as Json[]).find((c) => c.name === "India").id;
  place.maharashtra = ((await api(`/states-by-country/${place.india}`)).json.data as Json[]).find((s) => s.name === "Maharashtra").id;
  place.pune = ((await api(`/cities-by-state/${place.maharashtra}`)).json.data as Json[]).find((c) => c.name === "Pune").id;
});

/** A new customer whose first (so default) address is in Pune, PIN 411001. */
async function shopper(): Promise<TestUser & { addressId: number }> {
  const u = await newUser(nextIp());
  const res = await post(
    "/user/shipping/create",
    { address: "9 Prabhat Road, Deccan Gymkhana", country: place.india, state: place.maharashtra, city: place.pune, postal_code: "411001", phone: "9876501234" },
    { token: u.token, ip: u.ip },
  );
  expect(res.status, res.text).toBe(201);
  return { ...u, addressId: Number(res.json.data.id) };
}

const placeOrder = (u: TestUser & { addressId: number }, method: "standard" | "express", payment: "cod" | "online") =>
  post("/checkout/place", { address_id: u.addressId, shipping_method: method, payment_method: payment }, { token: u.token, ip: u.ip, headers: { "Idempotency-Key": randomBytes(18).toString("base64url") } });

describe("the cart and checkout make one promise", () => {
  it("states, for the same cart and PIN, the dates checkout states, and the order keeps them", async () => {
    const u = await shopper();
    const ready = await makeProduct({ stock: 9 });
    const made = await makeProduct({ availability: "made_to_order", stock: 0 });
    await addOk(customer(u), ready.id, 1);
    await addOk(customer(u), made.id, 1);
    const before = new Date();

    // No PIN asked for: the customer's default address, the one checkout starts with.
    const cart = await cartApi(customer(u)).cartGet();
    expect(cart.status, cart.text).toBe(200);
    expect(cart.json.summary).toMatchObject({ delivery_pin: "411001", delivery_message: null });
    const checkout = await api(`/checkout/summary?address_id=${u.addressId}&shipping_method=standard`, { token: u.token, ip: u.ip });
    expect(checkout.status, checkout.text).toBe(200);
    const options = cart.json.summary.shipping_options as Json[];
    const methods = checkout.json.shipping_methods as Json[];
    for (const method of SHIPPING_METHODS) {
      const option = options.find((o) => o.method === method);
      const choice = methods.find((m) => m.method === method);
      expect(option.delivery, method).toEqual(choice.delivery);
      expect(await expectedTexts(["in_stock", "made_to_order"], { pin: 411001 }, method, before)).toContain(option.delivery.text);
      expect(option.delivery.text).toMatch(/^Delivery by (Mon|Tue|Wed|Thu|Fri|Sat), \d{1,2} [A-Z][a-z]{2}$/);
      // The made-to-order piece holds the parcel: weeks away, whichever method.
      expect(Date.parse(option.delivery.to) - Date.now()).toBeGreaterThan(20 * 86_400_000);
    }

    // The same PIN asked for explicitly, by query or body, on /carts and /cart-summary.
    for (const res of [await api("/carts?pin=411001", { token: u.token, ip: u.ip }), await post("/carts", { pin: "411 001" }, { token: u.token, ip: u.ip }), await api("/cart-summary?pin=411001", { token: u.token, ip: u.ip })]) {
      expect(res.status, res.text).toBe(200);
      expect(res.json.summary.shipping_options.map((o: Json) => o.delivery)).toEqual(options.map((o) => o.delivery));
    }

    const placed = await placeOrder(u, "express", "cod");
    expect(placed.status, placed.text).toBe(201);
    const { db } = await testDb();
    const order = await db.selectFrom("orders").select(["estimated_delivery"]).where("id", "=", placed.json.order.id).executeTakeFirstOrThrow();
    expect(`Delivery ${order.estimated_delivery}`).toBe(methods.find((m) => m.method === "express").delivery.text);
  });

  it("states the span over the served zones without a PIN, and follows a zone's days from the next read", async () => {
    const shopperGuest = guest("guest", nextIp());
    const product = await makeProduct({ stock: 9 });
    await addOk(shopperGuest, product.id, 1);
    const before = new Date();
    const first = await cartApi(shopperGuest).summary();
    expect(first.status, first.text).toBe(200);
    expect(first.json.summary).toMatchObject({ delivery_pin: null, delivery_message: null });
    const textOf = (summary: Json, method: string) => summary.shipping_options.find((o: Json) => o.method === method).delivery.text as string;
    for (const method of SHIPPING_METHODS) {
      expect(await expectedTexts(["in_stock"], "span", method, before)).toContain(textOf(first.json.summary, method));
      expect(textOf(first.json.summary, method)).toMatch(/^Delivery in \d+(-\d+)? business days?$/);
    }

    // The merchant slows down the farthest zone (docs/storefront.md "Delivery check": SQL on delivery_zones).
    const { db } = await testDb();
    const farthest = await db.selectFrom("delivery_zones").select(["id", "standard_days_max", "express_days_max"]).where("active", "=", 1).orderBy("standard_days_max", "desc").orderBy("id").executeTakeFirstOrThrow();
    await db.updateTable("delivery_zones").set({ standard_days_max: farthest.standard_days_max + 9, express_days_max: farthest.express_days_max + 9 }).where("id", "=", farthest.id).execute();
    try {
      const changed = (await cartApi(shopperGuest).summary()).json.summary;
      for (const method of SHIPPING_METHODS) {
        expect(textOf(changed, method), method).not.toBe(textOf(first.json.summary, method));
        expect(await expectedTexts(["in_stock"], "span", method, before)).toContain(textOf(changed, method));
      }
    } finally {
      await db.updateTable("delivery_zones").set({ standard_days_max: farthest.standard_days_max, express_days_max: farthest.express_days_max }).where("id", "=", farthest.id).execute();
    }
    expect((await cartApi(shopperGuest).summary()).json.summary.shipping_options.map((o: Json) => o.delivery.text)).toEqual(first.json.summary.shipping_options.map((o: Json) => o.delivery.text));
  });

  it("gives a one-product cart for a PIN the date the product page's delivery check gives", async () => {
    const shopperGuest = guest("guest", nextIp());
    const product = await makeProduct({ stock: 9 });
    await addOk(shopperGuest, product.id, 1);
    const cart = await api("/cart-summary?pin=560034", shopperGuest.init);
    const check = await api(`/delivery-check?pin=560034&product=${product.slug}`);
    expect(check.status, check.text).toBe(200);
    const option = (method: string) => cart.json.summary.shipping_options.find((o: Json) => o.method === method).delivery;
    expect(option("standard")).toMatchObject({ to: check.json.date, text: check.json.message });
    expect(`Express d${option("express").text.slice(1)}`).toBe(check.json.express.message);
  });

  it("says a PIN is not served, and refuses one that is not a PIN", async () => {
    const shopperGuest = guest("guest", nextIp());
    await addOk(shopperGuest, (await makeProduct({ stock: 9 })).id, 1);
    const army = await api("/cart-summary?pin=908056", shopperGuest.init);
    expect(army.status).toBe(200);
    expect(army.json.summary).toMatchObject({ delivery_pin: "908056", delivery_message: "We do not deliver to this PIN code yet" });
    expect(army.json.summary.shipping_options.map((o: Json) => [o.delivery, o.days])).toEqual([
      [null, null],
      [null, null],
    ]);
    for (const pin of ["abc", "12345", "012345"]) {
      const res = await api(`/carts?pin=${pin}`, shopperGuest.init);
      expect(res.status, pin).toBe(422);
      expect(res.json).toMatchObject({ result: false, message: "Enter a valid 6-digit PIN code." });
    }
    expect((await post("/cart-summary", { pin: "1100" }, shopperGuest.init)).status).toBe(422);
  });
});

describe("the pages state the promise the zones and dispatch settings give", () => {
  it("shipping policy, FAQ, product page and product JSON-LD", async () => {
    const { zones, config, settings } = await shopFacts();
    const facts = policyFacts(settings, displayPhone, zones);

    const shipping = await page("/shipping-policy");
    expect(shipping.status).toBe(200);
    const doc = policyDocument("shipping-policy", facts);
    const deliveryLines = [...doc.summary, ...doc.sections.flatMap((s) => [...(s.paragraphs ?? []), ...(s.items ?? [])])].filter((line) => /business day|week/.test(line));
    expect(deliveryLines.length).toBeGreaterThanOrEqual(6);
    for (const line of deliveryLines) expect(shipping.html, line).toContain(htmlText(line));

    const faqs = await page("/faqs");
    const howLong = faqItems(facts).find((i) => i.question.startsWith("How long"))!;
    expect(faqs.html).toContain(htmlText(howLong.answer));

    const { db } = await testDb();
    const seeded = await db.selectFrom("products").select(["slug", "availability"]).where("published", "=", 1).where("availability", "=", "made_to_order").orderBy("id").executeTakeFirstOrThrow();
    const product = await page(`/products/${seeded.slug}`);
    expect(product.status).toBe(200);
    const promise = productPromise("made_to_order", zones, config, new Date())!;
    expect(product.html).toContain(promise.standard);
    const offer = jsonLdOf(product.html).find((d) => d["@type"] === "Product").offers;
    for (const [i, method] of SHIPPING_METHODS.entries()) {
      const days = promiseDays(["made_to_order"], zones, config, method)!;
      expect(offer.shippingDetails[i].deliveryTime, method).toMatchObject({
        handlingTime: { minValue: days.dispatch.min, maxValue: days.dispatch.max },
        transitTime: { minValue: days.transit.min, maxValue: days.transit.max },
      });
    }
  });
});

describe("a Cash on Delivery order lands on its confirmation, not on Payment Successful!", () => {
  it("answers next: /checkout/placed/CODE, a page for the order's customer only", async () => {
    const u = await shopper();
    const product = await makeProduct({ price: 234900, stock: 9 });
    await addOk(customer(u), product.id, 1);
    const placed = await placeOrder(u, "standard", "cod");
    expect(placed.status, placed.text).toBe(201);
    const { id, code } = placed.json.order;
    expect(placed.json.next).toBe(`/checkout/placed/${code}`);
    const { db } = await testDb();
    const order = await db.selectFrom("orders").select(["grand_total", "estimated_delivery", "payment_status"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(order.payment_status).toBe("Un-Paid");

    const mine = await page(placed.json.next, u.cookie);
    expect(mine.status).toBe(200);
    expect(mine.html).toContain(">Order placed</h1>");
    expect(mine.html).toContain(`data-testid="placed-order-code">${code}<`);
    expect(mine.html).toContain(`data-testid="placed-due">${formatPaise(order.grand_total)}<`);
    expect(formatPaise(order.grand_total)).toBe("₹2,448");
    expect(mine.html).toContain(`Please keep ${formatPaise(order.grand_total)} ready to pay in cash when it is delivered.`);
    expect(order.estimated_delivery).toMatch(/^by (Mon|Tue|Wed|Thu|Fri|Sat), \d{1,2} [A-Z][a-z]{2}$/);
    expect(mine.html).toContain(`data-testid="placed-delivery">${order.estimated_delivery}<`);
    expect(mine.html).toContain(`href="/order-details/${id}"`);
    expect(mine.html).toContain('href="/products"');
    expect(mine.html).toMatch(/<meta name="robots" content="noindex/);
    expect(mine.html).not.toContain("Payment Successful!");

    // The mail says the same: what is due at the door and checkout's promise, no payment success.
    const mail = await mailTo(u.email, { subject: new RegExp(`^Order ${code} placed$`) });
    expect(mail.text).toContain(`Please keep ${formatPaise(order.grand_total)} ready to pay in cash when it is delivered.`);
    expect(mail.text).toContain(`Estimated delivery: ${order.estimated_delivery}.`);
    expect(mail.text).toContain(`/order-details/${id}`);
    expect(mail.text).not.toMatch(/payment (successful|received)/i);

    // Another customer, an unknown code: 404, and nothing of the order.
    const other = await newUser(nextIp());
    for (const [path, cookie] of [
      [placed.json.next, other.cookie],
      ["/checkout/placed/KH000000-ZZZZZ", u.cookie],
    ] as const) {
      const res = await page(path, cookie);
      expect(res.status, path).toBe(404);
      expect(res.html).toContain("Page not found!");
      // (The code is in the page's own URL, which Next echoes; nothing of the order is.)
      for (const secret of ["To pay on delivery", formatPaise(order.grand_total), `/order-details/${id}`, String(order.estimated_delivery)]) expect(res.html, path).not.toContain(secret);
    }
    // A guest is sent to sign in, and comes back here.
    const anonymous = await page(placed.json.next);
    expect(anonymous.status).toBe(307);
    expect(anonymous.location).toContain(`/login?redirect=${encodeURIComponent(placed.json.next)}`);
    expect(anonymous.html).not.toContain("To pay on delivery");

    // An online order keeps the payment flow: no order-placed page for it.
    await addOk(customer(u), product.id, 1);
    const online = await placeOrder(u, "standard", "online");
    expect(online.status, online.text).toBe(201);
    expect(online.json.next).toBe(`/checkout/pay?order=${online.json.order.code}`);
    expect((await page(`/checkout/placed/${online.json.order.code}`, u.cookie)).status).toBe(404);
  });
});
