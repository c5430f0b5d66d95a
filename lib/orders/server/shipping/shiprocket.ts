import type { z } from "zod";
import { awbAnswer, cancelAnswer, createAnswer, labelAnswer, loginAnswer, ndrAnswer, pickupAnswer, readTracking, SHIPROCKET_BASE_URL } from "./shiprocket-wire";
import { type AssignedAwb, type CreatedShipment, type ShipmentOrder, type ShippingProvider, ShippingUnavailable, type TrackingState } from "./provider";

/**
 * The Shiprocket adapter: its REST API with an API user's email and password. The login's token
 * (valid 10 days) is kept in memory for 9 and fetched again after a 401. Shiprocket has no
 * idempotency key (a repeated create makes a second order), so the service never retries a create
 * by itself: a failed step is the clerk's to retry, and the store's shipment row keeps the ids of
 * the steps that worked. `fetch` is injected so the unit tests answer from recorded responses.
 */
export type ShiprocketSettings = { email: string; password: string; pickupLocation: string; baseUrl?: string };
type Fetch = (url: string, init: RequestInit) => Promise<Response>;

const TOKEN_DAYS = 9;
const rupees = (paise: number) => Math.round(paise) / 100;

/** "2026-11-26 09:30" as Shiprocket's order_date takes it (India time). */
export function shiprocketDate(iso: string): string {
  const d = new Date(new Date(iso).getTime() + 330 * 60_000);
  return d.toISOString().slice(0, 16).replace("T", " ");
}

/** The body of orders/create/adhoc for an order. */
export function adhocOrder(order: ShipmentOrder, pickupLocation: string): Record<string, unknown> {
  const a = order.address;
  const [first, ...rest] = a.name.trim().split(/\s+/);
  return {
    order_id: order.code,
    order_date: shiprocketDate(order.placedAt),
    pickup_location: pickupLocation,
    billing_customer_name: first ?? a.name,
    billing_last_name: rest.join(" "),
    billing_address: a.line,
    billing_city: a.city,
    billing_pincode: a.postalCode,
    billing_state: a.state,
    billing_country: a.country,
    billing_email: a.email,
    billing_phone: a.phone.replace(/\D/g, "").slice(-10),
    shipping_is_billing: true,
    order_items: order.lines.map((l) => ({ name: l.name, sku: l.sku, units: l.quantity, selling_price: rupees(l.unitPrice), ...(l.hsn ? { hsn: l.hsn } : {}) })),
    payment_method: order.paymentType === "cod" ? "COD" : "Prepaid",
    shipping_charges: rupees(order.shippingCost),
    sub_total: rupees(order.paymentType === "cod" ? order.codAmount : order.total),
    length: order.parcel.lengthCm,
    breadth: order.parcel.breadthCm,
    height: order.parcel.heightCm,
    weight: order.parcel.weightKg,
  };
}

export function createShiprocketProvider(settings: ShiprocketSettings, fetchImpl: Fetch = fetch, clock: () => number = Date.now): ShippingProvider & { token(): Promise<string> } {
  const base = (settings.baseUrl ?? SHIPROCKET_BASE_URL).replace(/\/+$/, "");
  let cached: { token: string; until: number } | null = null;

  async function call(method: "GET" | "POST", path: string, body?: unknown, auth = true): Promise<{ status: number; json: unknown }> {
    const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
    if (auth) headers.authorization = `Bearer ${await token()}`;
    let response: Response;
    try {
      response = await fetchImpl(`${base}/${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(15_000) });
    } catch (error) {
      throw new ShippingUnavailable("shiprocket", `${path}: ${(error as Error).message}`);
    }
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: response.status, json };
  }

  async function token(): Promise<string> {
    if (cached && cached.until > clock()) return cached.token;
    const { status, json } = await call("POST", "auth/login", { email: settings.email, password: settings.password }, false);
    const parsed = loginAnswer.safeParse(json);
    if (status !== 200 || !parsed.success) throw new ShippingUnavailable("shiprocket", `auth/login answered ${status}: the API user's email and password were not accepted`);
    cached = { token: parsed.data.token, until: clock() + TOKEN_DAYS * 86_400_000 };
    return cached.token;
  }

  /** A call whose answer must fit `schema`; a 401 logs in again once. */
  async function expect<S extends z.ZodType>(method: "GET" | "POST", path: string, schema: S, body?: unknown): Promise<z.infer<S>> {
    let answer = await call(method, path, body);
    if (answer.status === 401) {
      cached = null;
      answer = await call(method, path, body);
    }
    const parsed = schema.safeParse(answer.json);
    if (answer.status < 200 || answer.status > 299 || !parsed.success) {
      const message = typeof answer.json === "object" && answer.json && "message" in answer.json ? String((answer.json as { message: unknown }).message) : `status ${answer.status}`;
      throw new ShippingUnavailable("shiprocket", `${path}: ${message}`);
    }
    return parsed.data;
  }

  return {
    name: "shiprocket",
    token,
    async createShipment(order) {
      const created = await expect("POST", "orders/create/adhoc", createAnswer, adhocOrder(order, settings.pickupLocation));
      return { providerOrderId: created.order_id, providerShipmentId: created.shipment_id };
    },
    async assignAwb(created: CreatedShipment): Promise<AssignedAwb> {
      const answer = await expect("POST", "courier/assign/awb", awbAnswer, { shipment_id: created.providerShipmentId });
      const awb = answer.response.data.awb_code;
      return { awb, carrier: answer.response.data.courier_name, trackingUrl: `https://shiprocket.co/tracking/${encodeURIComponent(awb)}` };
    },
    async requestPickup(created) {
      await expect("POST", "courier/generate/pickup", pickupAnswer, { shipment_id: [created.providerShipmentId] });
      return true;
    },
    async cancelShipment(created) {
      await expect("POST", "orders/cancel", cancelAnswer, { ids: [created.providerOrderId] });
    },
    async ndrAction(awb, action, comment) {
      await expect("POST", `ndr/${encodeURIComponent(awb)}/action`, ndrAnswer, { action: action === "reattempt" ? "re-attempt" : "return", comments: comment || (action === "reattempt" ? "Please try again." : "Return to the shop.") });
    },
    async labels(parcels) {
      const answer = await expect("POST", "courier/generate/label", labelAnswer, { shipment_id: parcels.map((p) => p.providerShipmentId) });
      let response: Response;
      try {
        response = await fetchImpl(answer.label_url, { method: "GET", signal: AbortSignal.timeout(15_000) });
      } catch (error) {
        throw new ShippingUnavailable("shiprocket", `label: ${(error as Error).message}`);
      }
      if (!response.ok) throw new ShippingUnavailable("shiprocket", `label: status ${response.status}`);
      return Buffer.from(await response.arrayBuffer());
    },
    async tracking(awb): Promise<TrackingState | null> {
      const answer = await call("GET", `courier/track/awb/${encodeURIComponent(awb)}`);
      if (answer.status === 404) return null;
      if (answer.status !== 200) throw new ShippingUnavailable("shiprocket", `track/awb: status ${answer.status}`);
      return readTracking(awb, answer.json);
    },
  };
}
