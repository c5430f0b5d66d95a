import type { Tone } from "./ui";

/** The badge colour of each order state. */
export const DELIVERY_TONE: Record<string, Tone> = { Pending: "amber", Confirmed: "blue", Shipped: "blue", Delivered: "green", Cancelled: "grey", Returned: "grey" };
export const PAYMENT_TONE: Record<string, Tone> = { "Un-Paid": "amber", Paid: "green", Refunded: "grey" };

/** The badge colour of each return state (lib/orders/returns.ts). */
export const RETURN_TONE: Record<string, Tone> = { requested: "amber", approved: "blue", declined: "grey", in_transit: "blue", received: "blue", refunded: "green" };
