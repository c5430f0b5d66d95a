import type { Tone } from "./ui";

/** The badge colour of each order state. */
export const DELIVERY_TONE: Record<string, Tone> = { Pending: "amber", Confirmed: "blue", Shipped: "blue", Delivered: "green", Cancelled: "grey", Returned: "grey" };
export const PAYMENT_TONE: Record<string, Tone> = { "Un-Paid": "amber", Paid: "green", Refunded: "grey" };
