import { randomInt } from "node:crypto";
import type { ShippingProvider } from "./provider";
import { renderSandboxLabel } from "./slip-pdf";

/**
 * The sandbox courier: offline, so the whole fulfilment flow runs (and is tested) without a
 * courier's account. It books every parcel at once with an AWB of its own ("SBX" and ten digits)
 * and prints a label; it has no tracking of its own, so the store's record is the parcel's state,
 * and a staff member moves it on with the order page's "Sandbox:" buttons (out for delivery,
 * delivered, failed attempt, return to origin), each a move of the shipment table in
 * lib/orders/lifecycle.ts like a courier's report would be.
 */
export const SANDBOX_CARRIER = "Sandbox Express";

export function createSandboxShipping(): ShippingProvider {
  return {
    name: "sandbox",
    async createShipment(order) {
      return { providerOrderId: `SBX-${order.code}`, providerShipmentId: null };
    },
    async assignAwb() {
      const awb = `SBX${String(randomInt(0, 10_000_000_000)).padStart(10, "0")}`;
      return { awb, carrier: SANDBOX_CARRIER, trackingUrl: null };
    },
    async requestPickup() {
      return true;
    },
    async labels(parcels) {
      return renderSandboxLabel(parcels);
    },
    async tracking() {
      return null;
    },
    // A reverse pickup: booked at once, with an AWB of its own ("SBXR" and ten digits).
    async returnPickup() {
      return { awb: `SBXR${String(randomInt(0, 10_000_000_000)).padStart(10, "0")}`, carrier: SANDBOX_CARRIER, trackingUrl: null };
    },
  };
}
