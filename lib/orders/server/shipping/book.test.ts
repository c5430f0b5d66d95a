import { describe, expect, it } from "vitest";
import { bookThenRecord } from "./book";
import { type CreatedShipment, type ShipmentOrder, type ShippingProvider, ShippingUnavailable } from "./provider";

const order = { code: "20261126-0042" } as ShipmentOrder;

/** A courier that books, and remembers what it was asked to withdraw; `fail` names the step that refuses. */
function courier(fail?: "assign" | "pickup" | "cancel") {
  const cancelled: CreatedShipment[] = [];
  const provider: ShippingProvider = {
    name: "shiprocket",
    async createShipment(o) {
      return { providerOrderId: `SR-${o.code}`, providerShipmentId: "77" };
    },
    async assignAwb() {
      if (fail === "assign") throw new ShippingUnavailable("shiprocket", "courier/assign/awb: no courier serves this PIN");
      return { awb: "19041422751045", carrier: "Xpressbees Surface", trackingUrl: null };
    },
    async requestPickup() {
      if (fail === "pickup") throw new ShippingUnavailable("shiprocket", "courier/generate/pickup: status 500");
      return true;
    },
    async cancelShipment(created) {
      if (fail === "cancel") throw new ShippingUnavailable("shiprocket", "orders/cancel: already picked up");
      cancelled.push(created);
    },
    async labels() {
      return null;
    },
    async tracking() {
      return null;
    },
  };
  return { provider, cancelled };
}

function logger() {
  const lines: { level: string; msg: string; facts: Record<string, unknown> }[] = [];
  return { lines, warn: (facts: object, msg: string) => lines.push({ level: "warn", msg, facts: facts as Record<string, unknown> }), error: (facts: object, msg: string) => lines.push({ level: "error", msg, facts: facts as Record<string, unknown> }) } as never as { lines: typeof lines } & Parameters<typeof bookThenRecord>[5];
}

describe("booking a parcel, then recording it", () => {
  it("records a booking that worked and withdraws nothing", async () => {
    const { provider, cancelled } = courier();
    const id = await bookThenRecord(provider, order, undefined, async (b) => (b.awb.awb === "19041422751045" && b.pickup ? 9 : 0), { orderId: 42 });
    expect(id).toBe(9);
    expect(cancelled).toEqual([]);
  });

  it("withdraws the booking when the store cannot record it (the order moved meanwhile), and the clerk sees the store's refusal", async () => {
    const { provider, cancelled } = courier();
    const log = logger();
    const refusal = new Error("This order can no longer be shipped.");
    await expect(bookThenRecord(provider, order, undefined, () => Promise.reject(refusal), { orderId: 42 }, log)).rejects.toBe(refusal);
    expect(cancelled).toEqual([{ providerOrderId: "SR-20261126-0042", providerShipmentId: "77" }]);
    expect(log.lines).toEqual([expect.objectContaining({ level: "warn", msg: expect.stringContaining("withdrawn at the provider"), facts: expect.objectContaining({ orderId: 42, providerOrderId: "SR-20261126-0042" }) })]);
  });

  it("withdraws the order the courier created when a later step (AWB, pickup) refuses", async () => {
    for (const step of ["assign", "pickup"] as const) {
      const { provider, cancelled } = courier(step);
      await expect(bookThenRecord(provider, order, undefined, async () => 1, { orderId: 42 }, logger())).rejects.toBeInstanceOf(ShippingUnavailable);
      expect(cancelled).toHaveLength(1);
    }
  });

  it("says so in the log, naming the provider's order, when the courier refuses to withdraw; the first error still reaches the clerk", async () => {
    const { provider } = courier("cancel");
    const log = logger();
    const refusal = new Error("Another shipment already has this AWB.");
    await expect(bookThenRecord(provider, order, undefined, () => Promise.reject(refusal), { orderId: 42 }, log)).rejects.toBe(refusal);
    expect(log.lines).toEqual([expect.objectContaining({ level: "error", msg: expect.stringContaining("cancel it in the provider's panel"), facts: expect.objectContaining({ providerOrderId: "SR-20261126-0042" }) })]);
  });

  it("has nothing to withdraw when the provider refused the booking itself", async () => {
    const { provider, cancelled } = courier();
    provider.createShipment = () => Promise.reject(new ShippingUnavailable("shiprocket", "orders/create/adhoc: status 422"));
    await expect(bookThenRecord(provider, order, undefined, async () => 1, { orderId: 42 }, logger())).rejects.toBeInstanceOf(ShippingUnavailable);
    expect(cancelled).toEqual([]);
  });
});
