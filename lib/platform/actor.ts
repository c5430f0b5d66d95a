/**
 * Who made a change, as the records of changes name them (order_events.actor,
 * stock_movements.actor): the customer, the shop's staff (a back-office session or API token; the
 * rows' actor_id names the person), the store itself (the payment-deadline sweep) or a payment
 * provider (a signed callback or webhook). Pure.
 */
export const ACTOR = { customer: "customer", staff: "staff", system: "system", provider: "provider" } as const;
export type Actor = (typeof ACTOR)[keyof typeof ACTOR];
