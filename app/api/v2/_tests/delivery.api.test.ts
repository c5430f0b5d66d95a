import { afterAll, describe, expect, inject, it } from "vitest";
import { deliveryPromise, formatDeliveryDate, INVALID_PIN_MESSAGE, NOT_SERVED_MESSAGE, OUT_OF_STOCK_MESSAGE, type ZoneDays } from "@/lib/cart/delivery";
import { shippingConfigFrom, type ShippingMethod } from "@/lib/cart/shipping";
import type { Availability } from "@/lib/platform/db/schema";
import { cacheControlOf } from "@/lib/platform/cache-policy";
import { api, closeTestDb, testDb, type Json } from "./client";

afterAll(closeTestDb);

const check = (pin: string, product: string) => api(`/delivery-check?pin=${encodeURIComponent(pin)}&product=${encodeURIComponent(product)}`);

async function productWith(availability: Availability): Promise<string> {
  const { db } = await testDb();
  const row = await db.selectFrom("products").select("slug").where("published", "=", 1).where("availability", "=", availability).orderBy("id").executeTakeFirstOrThrow();
  return row.slug;
}

/** The zone row of a PIN as the server should find it, and the shipping settings, from the database. */
async function expected(pin: number, availability: Availability, method: ShippingMethod, now: Date): Promise<string | undefined> {
  const { db } = await testDb();
  const zone = await db.selectFrom("delivery_zones").selectAll().where("active", "=", 1).where("pin_from", "<=", pin).where("pin_to", ">=", pin).executeTakeFirstOrThrow();
  const settings = Object.fromEntries((await db.selectFrom("business_settings").select(["type", "value"]).execute()).map((s) => [s.type, s.value ?? undefined]));
  const days: ZoneDays = { name: zone.name, standard: { min: zone.standard_days_min, max: zone.standard_days_max }, express: { min: zone.express_days_min, max: zone.express_days_max } };
  return deliveryPromise([availability], { zone: days }, shippingConfigFrom(settings), method, now)?.latest;
}

/** The dates the answer may carry: the check ran between `before` and now (midnight in India may fall between). */
async function expectedDates(pin: number, availability: Availability, method: ShippingMethod, before: Date): Promise<string[]> {
  return [await expected(pin, availability, method, before), await expected(pin, availability, method, new Date())].filter((d): d is string => Boolean(d));
}

describe("GET /delivery-check", () => {
  it("answers a Delhi PIN with the date of the latest standard delivery and a sooner express one", async () => {
    const slug = await productWith("in_stock");
    const before = new Date();
    const res = await check("110001", slug);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ result: true, serviceable: true, pin: "110001" });
    expect(res.json.zone).toContain("Delhi");
    expect(res.json.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await expectedDates(110001, "in_stock", "standard", before)).toContain(res.json.date);
    expect(res.json.message).toBe(`Delivery by ${formatDeliveryDate(res.json.date as string)}`);
    expect(res.json.message).toMatch(/^Delivery by (Mon|Tue|Wed|Thu|Fri|Sat), \d{1,2} [A-Z][a-z]{2}$/);
    expect(await expectedDates(110001, "in_stock", "express", before)).toContain(res.json.express.date);
    expect(res.json.express.message).toBe(`Express delivery by ${formatDeliveryDate(res.json.express.date as string)}`);
    expect(res.json.express.date < res.json.date).toBe(true);
    // The same for every shopper, so a shared cache may keep it, briefly: the date changes at midnight in India.
    expect(res.headers.get("cache-control")).toBe(cacheControlOf("delivery"));
    expect(res.headers.get("x-api-cache")).toBeNull();
  });

  it("takes a PIN written with a space", async () => {
    const res = await check("110 001", await productWith("in_stock"));
    expect(res.status).toBe(200);
    expect(res.json.pin).toBe("110001");
  });

  it("gives a made-to-order piece a later date than an in-stock one", async () => {
    const before = new Date();
    const inStock = await check("560034", await productWith("in_stock"));
    const madeToOrder = await check("560034", await productWith("made_to_order"));
    expect(madeToOrder.status).toBe(200);
    expect(madeToOrder.json.serviceable).toBe(true);
    expect(await expectedDates(560034, "made_to_order", "standard", before)).toContain(madeToOrder.json.date);
    expect(madeToOrder.json.date > inStock.json.date).toBe(true);
    // Four to five weeks of making first: well over three weeks from today.
    expect(Date.parse(madeToOrder.json.date as string) - Date.now()).toBeGreaterThan(21 * 86_400_000);
  });

  it("says an out-of-stock product is out of stock, without a date", async () => {
    const res = await check("110001", await productWith("out_of_stock"));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ result: true, serviceable: true, message: OUT_OF_STOCK_MESSAGE, date: null });
    expect(res.json.express).toBeUndefined();
  });

  it("does not serve APO/FPO PIN codes (region 9)", async () => {
    const slug = await productWith("in_stock");
    for (const pin of ["908056", "999999"]) {
      const res = await check(pin, slug);
      expect(res.status, pin).toBe(200);
      expect(res.json).toEqual({ result: true, serviceable: false, message: NOT_SERVED_MESSAGE, pin });
    }
  });

  it("refuses what is not a 6-digit PIN code with 422", async () => {
    const slug = await productWith("in_stock");
    for (const pin of ["12345", "abc", "1234567", "012345", "12ab", "", "110001%00"]) {
      const res = await api(`/delivery-check?pin=${pin}&product=${slug}`);
      expect(res.status, pin).toBe(422);
      expect(res.json.result).toBe(false);
      expect(res.json.message).toBe(INVALID_PIN_MESSAGE);
      expect(res.json.errors.pin).toEqual([INVALID_PIN_MESSAGE]);
    }
    const missing = await api(`/delivery-check?product=${slug}`);
    expect(missing.status).toBe(422);
    expect(missing.json.message).toBe(INVALID_PIN_MESSAGE);
    expect((await api("/delivery-check?pin=110001")).status).toBe(422);
    expect((await api("/delivery-check?pin=110001&product=Not%20a%20slug")).status).toBe(422);
  });

  it("answers 404 for an unknown or unpublished product", async () => {
    const unknown = await check("110001", "no-such-product-here");
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ result: false, message: "Product not found." });

    const slug = await productWith("in_stock");
    const admin = (published: boolean) =>
      api(`/admin/products/${slug}`, { method: "PATCH", body: JSON.stringify({ published }), token: inject("adminToken") });
    expect((await admin(false)).status).toBe(200);
    try {
      expect((await check("110001", slug)).status).toBe(404);
    } finally {
      expect((await admin(true)).status).toBe(200);
    }
    expect((await check("110001", slug)).status).toBe(200);
  });

  it("refuses a request without the System-Key", async () => {
    const res = await api(`/delivery-check?pin=110001&product=${await productWith("in_stock")}`, { key: null });
    expect(res.status).toBe(403);
  });
});

describe("serviceable PIN ranges are the merchant's data", () => {
  it("stops serving a zone the merchant deactivates, from the next check", async () => {
    const { db } = await testDb();
    const slug = await productWith("in_stock");
    const zone = await db.selectFrom("delivery_zones").select(["id"]).where("pin_from", "<=", 800001).where("pin_to", ">=", 800001).where("active", "=", 1).executeTakeFirstOrThrow();
    expect((await check("800001", slug)).json.serviceable).toBe(true);
    await db.updateTable("delivery_zones").set({ active: 0 }).where("id", "=", zone.id).execute();
    try {
      const res = await check("800001", slug);
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ result: true, serviceable: false, message: NOT_SERVED_MESSAGE, pin: "800001" });
      // Other zones are served as before.
      expect((await check("110001", slug)).json.serviceable).toBe(true);
    } finally {
      await db.updateTable("delivery_zones").set({ active: 1 }).where("id", "=", zone.id).execute();
    }
    expect((await check("800001", slug)).json.serviceable).toBe(true);
  });

  it("lets a narrower row give part of a region its own transit days", async () => {
    const { db } = await testDb();
    const slug = await productWith("in_stock");
    const wide = (await check("194101", slug)).json as Json;
    const row = await db
      .insertInto("delivery_zones")
      .values({ name: "Ladakh", pin_from: 194101, pin_to: 194999, standard_days_min: 8, standard_days_max: 12, express_days_min: 6, express_days_max: 8, active: 1, created_at: new Date().toISOString() })
      .returning("id")
      .executeTakeFirstOrThrow();
    try {
      const narrow = (await check("194101", slug)).json as Json;
      expect(narrow.zone).toBe("Ladakh");
      expect(narrow.date > wide.date).toBe(true);
      expect((await check("110001", slug)).json.zone).not.toBe("Ladakh");
    } finally {
      await db.deleteFrom("delivery_zones").where("id", "=", row.id).execute();
    }
  });
});
