import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { SESSION_COOKIE } from "@/lib/accounts/constants";
import { addOk, cartApi, customer, dropTestProducts, guest, makeProduct, summaryOf, type TestProduct } from "./cart-client";
import { api, clientAddresses, closeTestDb, cookieOf, newUser, post, runTag, testDb } from "./client";
import { addressOf, newKey, placedOrder } from "./orders-client";
import { adminAs, auditRows, invitedStaff, ownerToken, staffLogin, tokenFor } from "./staff-client";

/**
 * The back office's commerce settings through the admin API, on the running server (both
 * databases): coupons (every rule, usage, deactivate, delete), the shipping figures, delivery zones,
 * the GST rate table and the payment switch, and what shoppers see follow each change: the cart
 * takes a coupon just made and refuses it once deactivated, a new standard fee shows in the cart's
 * totals, a new zone's PIN gets its promise, Cash on Delivery switched off is refused at checkout.
 * Each change's audit row is checked in the database.
 */

const nextIp = clientAddresses(55);
const owner = (path: string, init: Parameters<typeof adminAs>[2] = {}) => adminAs(ownerToken(), path, init);
const prefix = `CA${runTag}`.toUpperCase();
/** A block of 100 PINs of the unused 10xxxx range, this run's own. */
const pinBase = 100000 + 100 * (1 + (parseInt(runTag.slice(-4), 36) % 98));

let product: TestProduct;
let managerToken: string;
let shippingBefore: unknown;

beforeAll(async () => {
  product = await makeProduct({ stock: 500, price: 200000 });
  const manager = await invitedStaff("manager", nextIp(), "commerce-manager");
  managerToken = await tokenFor(manager.id, ["coupon:read", "coupon:create", "coupon:update", "coupon:delete", "settings:read"], manager.ip);
  shippingBefore = (await owner("/settings/shipping")).json.data;
}, 120_000);

afterAll(async () => {
  // The shipping figures and the switches as they were, for the files that run next.
  if (shippingBefore) await owner("/settings/shipping", { method: "PUT", json: shippingBefore });
  await owner("/settings/payments", { method: "PUT", json: { enabled: { cod: true, sandbox: true } } });
  const { db } = await testDb();
  await db.updateTable("delivery_zones").set({ active: 0 }).where("pin_from", ">=", pinBase).where("pin_to", "<=", pinBase + 99).execute();
  await dropTestProducts();
  await closeTestDb();
});

describe("coupons", () => {
  it("a coupon just made applies in the cart, shows its uses after an order, and is refused once deactivated", async () => {
    const code = `${prefix}TEN`;
    const made = await adminAs(managerToken, "/coupons", { json: { code: code.toLowerCase(), title: "Ten off", kind: "percent", value: 10, max_discount: 150, per_customer_limit: 1 } });
    expect(made.status, made.text).toBe(201);
    expect(made.json.data).toMatchObject({ code, title: "Ten off", kind: "percent", value: 10, max_discount: 150, min_order: 0, active: true, state: "active", uses: 0, discount_given: 0, per_customer_limit: 1 });
    const id = made.json.data.id as number;
    const [row] = await auditRows({ entityType: "coupon", entityId: id, action: "coupon.create" });
    expect(row?.after).toMatchObject({ code, kind: "percent", value: 10 });

    // Codes are one in any case.
    const twin = await owner("/coupons", { json: { code: code.toLowerCase(), title: "Twin", kind: "flat", value: 5 } });
    expect(twin.status).toBe(422);
    expect(twin.json.errors.code).toEqual([`A coupon with the code ${code} exists already (codes are the same in any case).`]);

    // The cart takes it: 10% of ₹2,000 is ₹200, capped at ₹150.
    const shopper = await newUser(nextIp());
    await addOk(customer(shopper), product.id, 1);
    const applied = await cartApi(customer(shopper)).coupon(code.toLowerCase());
    expect(applied.status, applied.text).toBe(200);
    expect(applied.json.summary).toMatchObject({ coupon_applied: true, coupon_discount: 150 });

    const order = await placedOrder(shopper, { lines: [] });
    expect(order.id).toBeGreaterThan(0);
    const listed = await adminAs(managerToken, `/coupons?q=${encodeURIComponent(code.slice(2).toLowerCase())}&status=active`);
    expect(listed.status, listed.text).toBe(200);
    expect(listed.json.data.map((c: { code: string }) => c.code)).toEqual([code]);
    expect(listed.json.data[0]).toMatchObject({ uses: 1, discount_given: 150, orders_total: 1 });

    // A used coupon keeps its code and is never deleted: deactivate it.
    const renamed = await adminAs(managerToken, `/coupons/${id}`, { method: "PATCH", json: { code: `${prefix}ELEVEN` } });
    expect(renamed.status).toBe(422);
    expect(renamed.json.errors.code[0]).toContain("its code cannot change");
    const deleted = await adminAs(managerToken, `/coupons/${id}`, { method: "DELETE" });
    expect(deleted.status).toBe(409);
    expect(deleted.json.message).toBe("This coupon was used by 1 order, so it is kept for their records: deactivate it instead.");
    const off = await adminAs(managerToken, `/coupons/${id}`, { method: "PATCH", json: { active: false } });
    expect(off.status, off.text).toBe(200);
    expect(off.json.data).toMatchObject({ active: false, state: "inactive", uses: 1 });
    const [deactivation] = await auditRows({ entityType: "coupon", entityId: id, action: "coupon.deactivate" });
    expect(deactivation).toMatchObject({ before: { active: true }, after: { active: false } });

    const other = guest("commerce guest", nextIp());
    await addOk(other, product.id, 1);
    const refused = await cartApi(other).coupon(code);
    expect(refused.status).toBe(422);
    expect(refused.json.message).toBe("This coupon code is not valid.");
  });

  it("lists by state and deletes a coupon never used", async () => {
    const soon = new Date(Date.now() + 86_400_000).toISOString();
    const later = await owner("/coupons", { json: { code: `${prefix}SOON`, title: "Soon", kind: "free_shipping", starts_at: soon, min_order: 999 } });
    expect(later.status, later.text).toBe(201);
    expect(later.json.data).toMatchObject({ state: "scheduled", value: 0, min_order: 999 });
    const past = await owner("/coupons", { json: { code: `${prefix}PAST`, title: "Past", kind: "flat", value: 250.5, starts_at: "2025-01-01", ends_at: "2025-02-01T00:00:00Z" } });
    expect(past.json.data).toMatchObject({ state: "expired", value: 250.5 });
    const { db } = await testDb();
    expect((await db.selectFrom("coupons").select(["value", "starts_at"]).where("code", "=", `${prefix}PAST`).executeTakeFirstOrThrow()).value).toBe(25050);
    const scheduled = await owner(`/coupons?status=scheduled&q=${prefix}`);
    expect(scheduled.json.data.map((c: { code: string }) => c.code)).toEqual([`${prefix}SOON`]);
    const expired = await owner(`/coupons?status=expired&q=${prefix}`);
    expect(expired.json.data.map((c: { code: string }) => c.code)).toEqual([`${prefix}PAST`]);
    // A scheduled coupon is not taken yet.
    const shopper = guest("scheduled guest", nextIp());
    await addOk(shopper, product.id, 1);
    expect((await cartApi(shopper).coupon(`${prefix}SOON`)).json.message).toBe("This coupon is not active yet.");

    const gone = await owner(`/coupons/${later.json.data.id}`, { method: "DELETE" });
    expect(gone.status, gone.text).toBe(200);
    expect(await db.selectFrom("coupons").select("id").where("id", "=", later.json.data.id).executeTakeFirst()).toBeUndefined();
    expect((await auditRows({ entityType: "coupon", entityId: later.json.data.id, action: "coupon.delete" }))[0]?.before).toMatchObject({ code: `${prefix}SOON` });
    expect((await owner(`/coupons/${later.json.data.id}`)).status).toBe(404);
  });

  it("checks an edit whole and refuses bad rules with a message per field, changing nothing", async () => {
    const made = await owner("/coupons", { json: { code: `${prefix}FLAT`, title: "Flat", kind: "flat", value: 300 } });
    const id = made.json.data.id as number;
    const bad = await owner(`/coupons/${id}`, { method: "PATCH", json: { kind: "percent", value: 300, ends_at: "2020-01-01", starts_at: "2021-01-01" } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.errors).sort()).toEqual(["ends_at", "value"]);
    expect((await owner(`/coupons/${id}`)).json.data).toMatchObject({ kind: "flat", value: 300, starts_at: null });
    const ok = await owner(`/coupons/${id}`, { method: "PATCH", json: { kind: "percent", value: 15 } });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.data).toMatchObject({ kind: "percent", value: 15, max_discount: null });
  });

  it("is refused to a role without coupon permissions", async () => {
    const fulfilment = await invitedStaff("fulfilment", nextIp(), "commerce-fulfilment");
    const token = await tokenFor(fulfilment.id, ["order:read"], fulfilment.ip);
    expect((await adminAs(token, "/coupons")).status).toBe(403);
    expect((await adminAs(token, "/coupons", { json: { code: `${prefix}NOPE`, title: "No", kind: "flat", value: 1 } })).status).toBe(403);
    const { db } = await testDb();
    expect(await db.selectFrom("coupons").select("id").where("code", "=", `${prefix}NOPE`).executeTakeFirst()).toBeUndefined();
  });
});

describe("shipping", () => {
  it("a changed standard fee shows in the cart's totals at once; a manager may read it but not change it", async () => {
    const shopper = guest("shipping guest", nextIp());
    await addOk(shopper, product.id, 1);
    expect((await summaryOf(shopper)).shipping_cost).toBe(99);
    const figures = { standard_fee: 123.5, express_extra_fee: 200, dispatch_days_in_stock: { min: 2, max: 3 }, dispatch_days_made_to_order: { min: 20, max: 25 }, dispatch_days_express: { min: 1, max: 1 }, gst_default_rate: 18 };
    expect((await adminAs(managerToken, "/settings/shipping", { method: "PUT", json: figures })).status).toBe(403);
    const saved = await owner("/settings/shipping", { method: "PUT", json: figures });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.data).toEqual(figures);
    expect((await adminAs(managerToken, "/settings/shipping")).json.data).toEqual(figures);
    expect((await summaryOf(shopper)).shipping_cost).toBe(123.5);
    const express = await cartApi(shopper).shipping("express");
    expect(express.json.summary.shipping_cost).toBe(323.5);
    const [row] = await auditRows({ entityType: "settings", entityId: "shipping", action: "settings.update" });
    expect(row).toMatchObject({ before: { standard_fee: 99, express_extra_fee: 150 }, after: { standard_fee: 123.5, express_extra_fee: 200, dispatch_days_in_stock: { min: 2, max: 3 } } });
    const { db } = await testDb();
    expect((await db.selectFrom("business_settings").select("value").where("type", "=", "shipping_standard_fee").executeTakeFirstOrThrow()).value).toBe("123.50");

    const refused = await owner("/settings/shipping", { method: "PUT", json: { ...figures, standard_fee: -1, gst_default_rate: 12.5 } });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.json.errors).sort()).toEqual(["gst_default_rate", "standard_fee"]);
    expect((await summaryOf(shopper)).shipping_cost).toBe(323.5);
    expect((await owner("/settings/shipping", { method: "PUT", json: shippingBefore })).status).toBe(200);
  });
});

describe("delivery zones", () => {
  it("a new zone's PIN gets its promise; an overlapping one is refused naming the zone; deactivated, its PINs are not served", async () => {
    const pin = String(pinBase + 50);
    const before = await api(`/delivery-check?pin=${pin}&product=${product.slug}`);
    expect(before.json).toMatchObject({ serviceable: false, message: "We do not deliver to this PIN code yet" });
    const name = `Test zone ${runTag}`;
    const made = await owner("/delivery-zones", { json: { name, pin_from: pinBase, pin_to: pinBase + 99, standard_days: { min: 2, max: 4 }, express_days: { min: 1, max: 1 } } });
    expect(made.status, made.text).toBe(201);
    const id = made.json.data.id as number;
    expect(made.json.data).toMatchObject({ name, pin_from: pinBase, pin_to: pinBase + 99, active: true, standard_days: { min: 2, max: 4 } });
    expect((await auditRows({ entityType: "delivery_zone", entityId: id, action: "delivery_zone.create" }))[0]?.after).toMatchObject({ name });

    const served = await api(`/delivery-check?pin=${pin}&product=${product.slug}`);
    expect(served.status, served.text).toBe(200);
    expect(served.json).toMatchObject({ serviceable: true, zone: name });
    expect(served.json.message).toMatch(/^Delivery by /);
    const checked = await owner(`/delivery-zones/check?pin=${pin}`);
    expect(checked.json.data).toMatchObject({ pin, zone: name, in_stock: { serviceable: true, zone: name, message: served.json.message } });

    const overlap = await owner("/delivery-zones", { json: { name: "Overlap", pin_from: pinBase + 99, pin_to: pinBase + 199, standard_days: { min: 1, max: 2 }, express_days: { min: 1, max: 1 } } });
    expect(overlap.status).toBe(422);
    expect(overlap.json.message).toBe(`These PINs cross the active zone "${name}" (${pinBase}–${pinBase + 99}): a zone may lie wholly inside another, but not partly over it or on the same range. Change the range or deactivate that zone first.`);
    const north = await owner(`/delivery-zones/${id}`, { method: "PATCH", json: { pin_to: 110500 } });
    expect(north.status).toBe(422);
    expect(north.json.message).toContain("cross the active zone \"North");
    // A part of the zone with its own days, inside it: the narrower one serves its PINs.
    const inner = await owner("/delivery-zones", { json: { name: `Inner ${runTag}`, pin_from: pinBase + 40, pin_to: pinBase + 59, standard_days: { min: 6, max: 9 }, express_days: { min: 3, max: 4 } } });
    expect(inner.status, inner.text).toBe(201);
    expect((await api(`/delivery-check?pin=${pin}&product=${product.slug}`)).json).toMatchObject({ serviceable: true, zone: `Inner ${runTag}` });
    expect((await owner(`/delivery-zones/${inner.json.data.id}`, { method: "PATCH", json: { active: false } })).status).toBe(200);

    const off = await owner(`/delivery-zones/${id}`, { method: "PATCH", json: { active: false } });
    expect(off.status, off.text).toBe(200);
    expect((await auditRows({ entityType: "delivery_zone", entityId: id, action: "delivery_zone.deactivate" }))[0]).toMatchObject({ before: { active: true }, after: { active: false } });
    expect((await api(`/delivery-check?pin=${pin}&product=${product.slug}`)).json.serviceable).toBe(false);
    expect((await owner(`/delivery-zones/check?pin=${pin}`)).json.data.zone).toBeNull();
    expect((await adminAs(managerToken, "/delivery-zones", { json: { name: "Manager", pin_from: pinBase, pin_to: pinBase, standard_days: { min: 1, max: 1 }, express_days: { min: 1, max: 1 } } })).status).toBe(403);
  });
});

describe("the GST rate table", () => {
  it("looks up the rate the invoice uses and the row that decides; a duplicate row is refused; rows are edited and deleted", async () => {
    const low = await owner("/gst-rates/lookup?hsn=63021000&price=2000&date=2026-01-15");
    expect(low.status, low.text).toBe(200);
    expect(low.json.data).toMatchObject({ hsn: "63021000", price: 2000, rate_percent: 5, default_rate: false, row: { hsn_prefix: "6302", max_taxable_value: 2500, rate_percent: 5, effective_from: "2025-09-22" } });
    const high = await owner("/gst-rates/lookup?hsn=63021000&price=2999&date=2026-01-15");
    expect(high.json.data).toMatchObject({ rate_percent: 18, row: { hsn_prefix: "6302", max_taxable_value: null } });
    const none = await owner("/gst-rates/lookup?hsn=11&price=100");
    expect(none.json.data).toMatchObject({ row: null, default_rate: true, rate_percent: 18 });

    const prefix = `7${String(parseInt(runTag.slice(-5), 36) % 10_000_000).padStart(7, "0")}`;
    const made = await owner("/gst-rates", { json: { hsn_prefix: prefix, rate_percent: 12, effective_from: "2025-01-01", max_taxable_value: 1000, note: "Test" } });
    expect(made.status, made.text).toBe(201);
    const id = made.json.data.id as number;
    const dup = await owner("/gst-rates", { json: { hsn_prefix: prefix, rate_percent: 5, effective_from: "2025-01-01", max_taxable_value: 1000 } });
    expect(dup.status).toBe(422);
    expect(dup.json.message).toBe(`There is already a row for HSN ${prefix}, up to ₹1,000, from 2025-01-01: edit that one.`);
    const found = await owner(`/gst-rates/lookup?hsn=${prefix}&price=500&date=2026-01-01`);
    expect(found.json.data).toMatchObject({ rate_percent: 12, row: { id } });
    const edited = await owner(`/gst-rates/${id}`, { method: "PATCH", json: { rate_percent: 40 } });
    expect(edited.json.data.rate_percent).toBe(40);
    expect((await auditRows({ entityType: "gst_rate", entityId: id, action: "gst_rate.update" }))[0]).toMatchObject({ before: { rate_percent: 12 }, after: { rate_percent: 40 } });
    expect((await owner(`/gst-rates/${id}`, { method: "PATCH", json: { rate_percent: 41 } })).status).toBe(422);
    expect((await adminAs(managerToken, `/gst-rates/${id}`, { method: "DELETE" })).status).toBe(403);
    expect((await owner(`/gst-rates/${id}`, { method: "DELETE" })).status).toBe(200);
    expect((await owner(`/gst-rates/${id}`)).status).toBe(404);
    expect((await owner(`/gst-rates/lookup?hsn=${prefix}&price=500`)).json.data.row).toBeNull();
  });
});

describe("payment providers", () => {
  it("shows what is configured and whether keys are set, never a value; Cash on Delivery switched off is refused at checkout", async () => {
    const listed = await owner("/settings/payments");
    expect(listed.status).toBe(200);
    const byKey = Object.fromEntries(listed.json.data.map((p: { key: string }) => [p.key, p]));
    expect(byKey.sandbox).toMatchObject({ configured: true, on: true });
    expect(byKey.cod).toMatchObject({ configured: true, on: true, keys: [] });
    expect(byKey.razorpay.keys.map((k: { name: string }) => k.name)).toEqual(["RAZORPAY_KEY_ID", "RAZORPAY_KEY_SECRET", "RAZORPAY_WEBHOOK_SECRET"]);
    for (const p of listed.json.data) for (const k of p.keys) expect(Object.keys(k).sort()).toEqual(["name", "state"]);
    for (const secret of [process.env.PAYMENTS_SANDBOX_KEY_SECRET, process.env.RAZORPAY_KEY_SECRET, process.env.SYSTEM_KEY].filter((s): s is string => Boolean(s))) expect(listed.text).not.toContain(secret);

    const notConfigured = byKey.razorpay.configured ? null : await owner("/settings/payments", { method: "PUT", json: { enabled: { razorpay: true } } });
    if (notConfigured) expect(notConfigured.json.message).toBe("Razorpay is not configured (its keys are not set in the environment): it cannot be switched on.");
    expect((await adminAs(managerToken, "/settings/payments", { method: "PUT", json: { enabled: { cod: false } } })).status).toBe(403);

    const shopper = await newUser(nextIp());
    await addOk(customer(shopper), product.id, 1);
    const addressId = await addressOf(shopper);
    const off = await owner("/settings/payments", { method: "PUT", json: { enabled: { cod: false } } });
    expect(off.status, off.text).toBe(200);
    expect(off.json.data.find((p: { key: string }) => p.key === "cod")).toMatchObject({ on: false });
    expect((await auditRows({ entityType: "settings", entityId: "payments_off" }))[0]).toMatchObject({ before: { payments_off: [] }, after: { payments_off: ["cod"] } });
    const summary = await api(`/checkout/summary?address_id=${addressId}`, { token: shopper.token, ip: shopper.ip });
    expect(summary.json.cod).toMatchObject({ allowed: false, message: "Cash on Delivery is not available right now. Please pay online." });
    expect(summary.json.online).toMatchObject({ available: true, provider: "sandbox" });
    const place = await post("/checkout/place", { address_id: addressId, shipping_method: "standard", payment_method: "cod" }, { token: shopper.token, ip: shopper.ip, headers: { "Idempotency-Key": newKey() } });
    expect(place.status).toBe(422);
    expect(place.json.message).toBe("Cash on Delivery is not available right now. Please pay online.");

    // The last way to pay stays on.
    const last = await owner("/settings/payments", { method: "PUT", json: { enabled: { sandbox: false, razorpay: false } } });
    expect(last.status).toBe(422);
    expect(last.json.message).toBe("At least one way to pay must stay on: switch another on first.");
    expect((await owner("/settings/payments", { method: "PUT", json: { enabled: { cod: true } } })).status).toBe(200);
    expect((await api(`/checkout/summary?address_id=${addressId}`, { token: shopper.token, ip: shopper.ip })).json.cod.allowed).toBe(true);
  });
});

describe("the commerce pages", () => {
  it("are forms for the owner and read-only for a manager, and a coupon that does not exist is 404", async () => {
    const sessionOf = async (role: "owner" | "manager") => {
      const login = await invitedStaff(role, nextIp(), `commerce-pages-${role}`);
      const res = await staffLogin(login.email, login.password, login.ip);
      expect(res.status, res.text).toBe(200);
      return cookieOf(res, SESSION_COOKIE) as string;
    };
    const page = async (path: string, cookie: string) => {
      const res = await fetch(`${inject("baseUrl")}${path}`, { headers: { Cookie: cookie, "X-Forwarded-For": nextIp() }, redirect: "manual" });
      return { status: res.status, text: await res.text() };
    };
    const [ownerCookie, managerCookie] = [await sessionOf("owner"), await sessionOf("manager")];
    const shipping = await page("/admin/settings/shipping", ownerCookie);
    expect(shipping.status).toBe(200);
    expect(shipping.text).toContain(">Save shipping<");
    expect(shipping.text).toContain("Standard delivery fee (₹)");
    const read = await page("/admin/settings/shipping", managerCookie);
    expect(read.text).not.toContain(">Save shipping<");
    expect(read.text).toContain("The owner changes these.");
    const payments = await page("/admin/settings/payments", ownerCookie);
    expect(payments.text).toContain("RAZORPAY_KEY_SECRET");
    expect(payments.text).toContain(">Switch off<");
    expect((await page("/admin/settings/payments", managerCookie)).text).not.toContain(">Switch off<");
    const zones = await page("/admin/delivery-zones?pin=110001", managerCookie);
    expect(zones.text).toContain("PIN 110001 is in");
    const gst = await page("/admin/gst-rates?hsn=63021000&price=2999&date=2026-01-15", managerCookie);
    expect(gst.text).toContain("18% GST");
    const coupons = await page(`/admin/coupons?q=${prefix}`, managerCookie);
    expect(coupons.text).toContain(`${prefix}TEN`);
    expect((await page("/admin/coupons/999999999", ownerCookie)).status).toBe(404);
    expect((await page("/admin/coupons/abc", ownerCookie)).status).toBe(404);
  });
});
