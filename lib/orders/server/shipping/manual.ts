import type { ShippingProvider } from "./provider";
import { ShippingUnavailable } from "./provider";

/**
 * A manual carrier: the parcel was booked outside the store (a local courier, India Post, a
 * courier's own portal) and the clerk types its carrier, AWB and tracking link. No label, no
 * pickup, no tracking: staff record its moves by hand.
 */
export function createManualShipping(): ShippingProvider {
  return {
    name: "manual",
    async createShipment() {
      return { providerOrderId: null, providerShipmentId: null };
    },
    async assignAwb(_created, manual) {
      if (!manual) throw new ShippingUnavailable("manual", "a manual shipment needs its carrier and AWB");
      return { awb: manual.awb, carrier: manual.carrier, trackingUrl: manual.trackingUrl };
    },
    async requestPickup() {
      return false;
    },
    async labels() {
      return null;
    },
    async tracking() {
      return null;
    },
  };
}
