import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ShipmentOrder } from "./provider";
import { ShippingUnavailable } from "./provider";
import { adhocOrder, createShiprocketProvider, shiprocketDate } from "./shiprocket";
import { readTracking, shipmentStatusOf, webhookBody, webhookTokenMatches } from "./shiprocket-wire";

/** Shiprocket's answers as recorded in ./fixtures (no network in tests). */
const fixture = (name: string): unknown => JSON.parse(fs.readFileSync(path.join(__dirname, "fixtures", `${name}.json`), "utf8"));

type Call = { url: string; method: string; headers: Record<string, string>; body: unknown };

/** A fetch that answers each path from a recorded fixture and remembers the calls. */
function recorded(answers: Record<string, { status?: number; body: unknown } | ((call: Call) => { status?: number; body: unknown })>) {
  const calls: Call[] = [];
  const fetchImpl = async (url: string, init: RequestInit) => {
    const call: Call = { url, method: init.method ?? "GET", headers: (init.headers ?? {}) as Record<string, string>, body: init.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const key = Object.keys(answers).find((k) => url.endsWith(k));
    if (!key) throw new Error(`unexpected call ${url}`);
    const a = answers[key]!;
    const { status = 200, body } = typeof a === "function" ? a(call) : a;
    return new Response(body instanceof Uint8Array ? new Blob([new Uint8Array(body)]) : JSON.stringify(body), { status });
  };
  return { calls, fetchImpl };
}

const settings = { email: "api@kesarhome.example", password: "secret-password", pickupLocation: "Jaipur Warehouse", baseUrl: "https://sr.test/v1/external" };

const order: ShipmentOrder = {
  code: "20261126-0007",
  placedAt: "2026-11-26T04:30:00.000Z",
  paymentType: "cod",
  total: 249900,
  codAmount: 249900,
  subtotal: 240000,
  shippingCost: 9900,
  address: { name: "Asha Rao Menon", phone: "+91 98765 43210", email: "asha@example.com", line: "14 Lodhi Road", city: "New Delhi", state: "Delhi", postalCode: "110003", country: "India" },
  lines: [{ name: "Ikat Cushion Cover", sku: "IKAT-CC-BLU", quantity: 2, unitPrice: 120000, hsn: "6304" }],
  parcel: { weightKg: 1, lengthCm: 30, breadthCm: 25, heightCm: 10 },
};

describe("the Shiprocket adapter against recorded answers", () => {
  it("logs in once, books the order (adhoc), assigns the AWB, asks for the pickup", async () => {
    const { calls, fetchImpl } = recorded({
      "/auth/login": { body: fixture("login") },
      "/orders/create/adhoc": { body: fixture("create-adhoc") },
      "/courier/assign/awb": { body: fixture("assign-awb") },
      "/courier/generate/pickup": { body: fixture("pickup") },
    });
    const sr = createShiprocketProvider(settings, fetchImpl);
    const created = await sr.createShipment(order);
    expect(created).toEqual({ providerOrderId: "581003211", providerShipmentId: "577104902" });
    const awb = await sr.assignAwb(created);
    expect(awb).toEqual({ awb: "19041422751045", carrier: "Xpressbees Surface", trackingUrl: "https://shiprocket.co/tracking/19041422751045" });
    expect(await sr.requestPickup(created)).toBe(true);
    expect(calls.map((c) => c.url.replace(settings.baseUrl, ""))).toEqual(["/auth/login", "/orders/create/adhoc", "/courier/assign/awb", "/courier/generate/pickup"]);
    expect(calls[0]!.body).toEqual({ email: settings.email, password: settings.password });
    expect(calls[1]!.headers.authorization).toBe(`Bearer ${(fixture("login") as { token: string }).token}`);
    expect(calls[2]!.body).toEqual({ shipment_id: "577104902" });
    expect(calls[3]!.body).toEqual({ shipment_id: ["577104902"] });
  });

  it("withdraws a booking by cancelling Shiprocket's order", async () => {
    const { calls, fetchImpl } = recorded({
      "/auth/login": { body: fixture("login") },
      "/orders/cancel": { body: { status: 200, message: "Order cancelled successfully." } },
    });
    await createShiprocketProvider(settings, fetchImpl).cancelShipment!({ providerOrderId: "581003211", providerShipmentId: "577104902" });
    expect(calls.map((c) => [c.url.replace(settings.baseUrl, ""), c.body])).toEqual([["/auth/login", { email: settings.email, password: settings.password }], ["/orders/cancel", { ids: ["581003211"] }]]);
  });

  it("turns a refused withdrawal into ShippingUnavailable", async () => {
    const { fetchImpl } = recorded({ "/auth/login": { body: fixture("login") }, "/orders/cancel": { status: 400, body: { message: "Order cannot be cancelled as it is already picked up." } } });
    await expect(createShiprocketProvider(settings, fetchImpl).cancelShipment!({ providerOrderId: "581003211", providerShipmentId: null })).rejects.toThrow(/already picked up/);
  });

  it("sends the order in Shiprocket's terms: rupees, COD, India time, the pickup location", () => {
    const body = adhocOrder(order, "Jaipur Warehouse");
    expect(body).toMatchObject({
      order_id: "20261126-0007",
      order_date: "2026-11-26 10:00",
      pickup_location: "Jaipur Warehouse",
      billing_customer_name: "Asha",
      billing_last_name: "Rao Menon",
      billing_phone: "9876543210",
      payment_method: "COD",
      sub_total: 2499,
      shipping_charges: 99,
      order_items: [{ name: "Ikat Cushion Cover", sku: "IKAT-CC-BLU", units: 2, selling_price: 1200, hsn: "6304" }],
    });
    expect(adhocOrder({ ...order, paymentType: "prepaid", codAmount: 0 }, "X").payment_method).toBe("Prepaid");
    expect(shiprocketDate("2026-11-26T20:00:00Z")).toBe("2026-11-27 01:30");
  });

  it("keeps the token for days and logs in again after a 401", async () => {
    let now = 0;
    let first = true;
    const { calls, fetchImpl } = recorded({
      "/auth/login": { body: fixture("login") },
      "/courier/generate/pickup": () => {
        if (first) {
          first = false;
          return { status: 401, body: { message: "Token has expired" } };
        }
        return { body: fixture("pickup") };
      },
    });
    const sr = createShiprocketProvider(settings, fetchImpl, () => now);
    await sr.token();
    now += 8 * 86_400_000;
    await sr.token();
    expect(calls.filter((c) => c.url.endsWith("/auth/login"))).toHaveLength(1);
    await sr.requestPickup({ providerOrderId: "1", providerShipmentId: "2" });
    expect(calls.filter((c) => c.url.endsWith("/auth/login"))).toHaveLength(2);
  });

  it("turns a refusal or a bad login into ShippingUnavailable with Shiprocket's message", async () => {
    const refused = recorded({ "/auth/login": { body: fixture("login") }, "/courier/assign/awb": { body: fixture("assign-awb-refused") } });
    await expect(createShiprocketProvider(settings, refused.fetchImpl).assignAwb({ providerOrderId: "1", providerShipmentId: "2" })).rejects.toThrow(/not serviceable/);
    const badLogin = recorded({ "/auth/login": { status: 400, body: { message: "Invalid email and password combination" } } });
    await expect(createShiprocketProvider(settings, badLogin.fetchImpl).token()).rejects.toBeInstanceOf(ShippingUnavailable);
  });

  it("fetches the label PDF Shiprocket generated", async () => {
    const pdf = new TextEncoder().encode("%PDF-1.4 label");
    const { calls, fetchImpl } = recorded({ "/auth/login": { body: fixture("login") }, "/courier/generate/label": { body: fixture("label") }, "shipping-label-577104902.pdf": { body: pdf } });
    const out = await createShiprocketProvider(settings, fetchImpl).labels([{ providerOrderId: "581003211", providerShipmentId: "577104902", awb: "19041422751045", carrier: "Xpressbees Surface", orderCode: order.code }]);
    expect(out?.toString()).toBe("%PDF-1.4 label");
    expect(calls[1]!.body).toEqual({ shipment_id: ["577104902"] });
  });

  it("reads tracking: a failed attempt with its scans, a delivery, an AWB it does not know", async () => {
    const { fetchImpl } = recorded({ "/auth/login": { body: fixture("login") }, "/track/awb/19041422751045": { body: fixture("track-ndr") }, "/track/awb/NOPE123": { body: fixture("track-unknown") } });
    const sr = createShiprocketProvider(settings, fetchImpl);
    const ndr = await sr.tracking("19041422751045");
    expect(ndr).toMatchObject({ awb: "19041422751045", status: "delivery_failed", providerStatus: "UNDELIVERED" });
    expect(ndr?.scans.map((s) => s.status)).toEqual(["in_transit", "out_for_delivery", "delivery_failed"]);
    expect(ndr?.scans[2]).toMatchObject({ note: "Consignee not available at the address", location: "NewDelhi_Okhla (Delhi)" });
    expect(await sr.tracking("NOPE123")).toBeNull();
    expect(readTracking("19041422751045", fixture("track-delivered"))?.status).toBe("delivered");
    expect(readTracking("x", { nonsense: true })).toBeNull();
  });

  it("maps Shiprocket's status words to the store's shipment states", () => {
    expect(shipmentStatusOf("Out For Delivery")).toBe("out_for_delivery");
    expect(shipmentStatusOf("RTO IN TRANSIT")).toBe("rto_in_transit");
    expect(shipmentStatusOf("RTO_DELIVERED")).toBe("rto_in_transit");
    expect(shipmentStatusOf("IN TRANSIT")).toBe("in_transit");
    expect(shipmentStatusOf("PICKUP SCHEDULED")).toBeNull();
    expect(shipmentStatusOf("CANCELED")).toBeNull();
  });
});

describe("the Shiprocket webhook", () => {
  it("reads its body's AWB and status", () => {
    expect(webhookBody.parse(fixture("webhook-out-for-delivery"))).toMatchObject({ awb: "19041422751045", current_status: "OUT FOR DELIVERY" });
    expect(webhookBody.safeParse({ current_status: "DELIVERED" }).success).toBe(false);
  });

  it("admits only the configured token", () => {
    const token = "a-long-webhook-token-0123456789";
    expect(webhookTokenMatches(token, token)).toBe(true);
    expect(webhookTokenMatches(token, `${token}x`)).toBe(false);
    expect(webhookTokenMatches(token, "short")).toBe(false);
    expect(webhookTokenMatches(token, null)).toBe(false);
    expect(webhookTokenMatches("", "")).toBe(false);
  });
});
