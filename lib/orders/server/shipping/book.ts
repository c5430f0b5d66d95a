import { log } from "@/lib/platform/log";
import type { AssignedAwb, CreatedShipment, ManualDetails, ShipmentOrder, ShippingProvider } from "./provider";

/** A parcel booked with its provider: the provider's ids, the AWB and courier, and whether a pickup was asked for. */
export type Booking = { created: CreatedShipment; awb: AssignedAwb; pickup: boolean };

type Logger = Pick<typeof log, "warn" | "error">;

/**
 * Books the parcel with the provider (create, AWB, pickup: outside any database transaction, as a
 * courier's API is slow and cannot roll back), then has `record` write it in the store. When a
 * later step fails or `record` throws (the order moved meanwhile, the AWB is taken), a booking that
 * was made is withdrawn at the provider before the error goes on: Shiprocket has no idempotency
 * key, so the clerk's retry books again, and without this the courier would come for a parcel the
 * store never shipped, or twice. A withdrawal the provider refuses is logged as an error naming
 * the provider's order, for staff to cancel it in the provider's panel; the original error still
 * reaches the caller.
 */
export async function bookThenRecord<T>(provider: ShippingProvider, order: ShipmentOrder, manual: ManualDetails | undefined, record: (booking: Booking) => Promise<T>, about: { orderId: number }, logger: Logger = log): Promise<T> {
  let created: CreatedShipment | null = null;
  try {
    created = await provider.createShipment(order, manual);
    const awb = await provider.assignAwb(created, manual);
    const pickup = await provider.requestPickup(created);
    return await record({ created, awb, pickup });
  } catch (error) {
    if (created && provider.cancelShipment) {
      const facts = { orderId: about.orderId, provider: provider.name, providerOrderId: created.providerOrderId };
      try {
        await provider.cancelShipment(created);
        logger.warn({ ...facts, err: error }, "shipment booked but not recorded: withdrawn at the provider");
      } catch (cancelError) {
        logger.error({ ...facts, err: cancelError, reason: String(error) }, "shipment booked but not recorded, and the provider refused to withdraw it: cancel it in the provider's panel");
      }
    }
    throw error;
  }
}
