import type { ShipmentStatus } from "../../status";

/**
 * One interface for every shipping provider, in the store's own terms (as ../payments/provider.ts
 * is for payments). Each provider owns its wire format; the shipping service (./service.ts) speaks
 * only this interface. The service calls, in order:
 *
 *  createShipment ─► assignAwb ─► requestPickup ─► (staff print the label) ─► tracking, re-read
 *  whenever the courier pushes a webhook, before the store moves anything.
 */
import type { ShippingProviderName } from "../../shipping";

export { SHIPPING_PROVIDER_LABELS, SHIPPING_PROVIDER_NAMES, type ShippingProviderName } from "../../shipping";

/** What the provider needs of an order to book its parcel. */
export type ShipmentOrder = {
  code: string;
  /** ISO time the order was placed. */
  placedAt: string;
  paymentType: "cod" | "prepaid";
  /** Paise: the whole order's value, and what the courier collects at the door (0 when prepaid). */
  total: number;
  codAmount: number;
  subtotal: number;
  shippingCost: number;
  address: { name: string; phone: string; email: string; line: string; city: string; state: string; postalCode: string; country: string };
  lines: { name: string; sku: string; quantity: number; unitPrice: number; hsn: string | null }[];
  /** A parcel's weight in kilograms and size in centimetres (the shop's defaults until products carry their own). */
  parcel: { weightKg: number; lengthCm: number; breadthCm: number; heightCm: number };
};

/** What staff typed for a manual carrier. */
export type ManualDetails = { carrier: string; awb: string; trackingUrl: string | null };

export type CreatedShipment = { providerOrderId: string | null; providerShipmentId: string | null };
export type AssignedAwb = { awb: string; carrier: string; trackingUrl: string | null };

/** A booked parcel whose label is printed. */
export type LabelItem = CreatedShipment & { awb: string; carrier: string; orderCode: string };

/** One scan of the courier's tracking. */
export type TrackingScan = { at: string; status: ShipmentStatus | null; location: string | null; note: string };

/** A shipment as the courier's books have it: its state in the store's terms (null: a state the store does not act on). */
export type TrackingState = { awb: string; status: ShipmentStatus | null; providerStatus: string; scans: TrackingScan[] };

export interface ShippingProvider {
  readonly name: ShippingProviderName;
  /** Books the order with the provider (Shiprocket: an adhoc order). */
  createShipment(order: ShipmentOrder, manual?: ManualDetails): Promise<CreatedShipment>;
  /** Gets the parcel its AWB and courier. */
  assignAwb(created: CreatedShipment, manual?: ManualDetails): Promise<AssignedAwb>;
  /** Asks the courier to collect the parcel; false when the provider has no pickup to book. */
  requestPickup(created: CreatedShipment): Promise<boolean>;
  /** The courier labels of these parcels as one PDF, or null when the provider has none (a manual carrier prints its own). */
  labels(parcels: LabelItem[]): Promise<Buffer | null>;
  /**
   * Withdraws a booking the store could not record (a later step failed, or the order moved
   * meanwhile), so no courier comes for a parcel the store never shipped; providers whose booking
   * is only the store's own record have nothing to withdraw.
   */
  cancelShipment?(created: CreatedShipment): Promise<void>;
  /** Tells the courier the shop's decision on a failed delivery attempt (NDR), when it takes one by API. */
  ndrAction?(awb: string, action: "reattempt" | "return", comment: string): Promise<void>;
  /** The courier's tracking of an AWB, or null when the provider has no tracking of its own (the store's record is the state). */
  tracking(awb: string): Promise<TrackingState | null>;
  /** Books a reverse pickup of a customer's return (its AWB and courier); absent when the provider books none (the customer sends it). */
  returnPickup?(parcel: ReturnParcel): Promise<AssignedAwb>;
}

/** What a provider needs to collect a return from the customer. */
export type ReturnParcel = { orderCode: string; reference: string; address: ShipmentOrder["address"]; lines: { name: string; sku: string; quantity: number; unitPrice: number }[] };

/** A provider failed or could not be reached; the clerk may try again. */
export class ShippingUnavailable extends Error {
  constructor(
    readonly provider: ShippingProviderName,
    readonly detail: string,
  ) {
    super(`${provider}: ${detail}`);
    this.name = "ShippingUnavailable";
  }
}
