/**
 * Stock as a ledger (pure names; the moves are ./server/stock.ts): every change of a product's
 * stock_quantity is a stock_movements row written in the same transaction as a conditional
 * relative update, so the ledger of a product sums to its stock, and no code writes back a stock
 * value it read earlier.
 */

/** Why stock moved (stock_movements.reason). */
export const STOCK_REASON = {
  /** The stock a product had when the ledger began (the seed, or migration 008 for an existing shop). */
  initial: "initial",
  /** An order took the units (placement). */
  sale: "sale",
  /** A cancelled order gave them back (the customer or the shop cancelled). */
  cancel: "cancel",
  /** An unpaid online order gave them back when its payment deadline passed. */
  expiry: "expiry",
  /** A late payment revived an expired order and took them again. */
  revival: "revival",
  /** Staff counted, received or wrote off stock (PATCH /admin/products stock_adjustment). */
  adjustment: "adjustment",
  /** Goods came back from a customer (returns, later). */
  return: "return",
  /** The courier brought an undelivered order back to the shop (RTO received): its units are on the shelf again. */
  rto: "rto",
  /** A catalog import set stock (later). */
  import: "import",
} as const;
export type StockReason = (typeof STOCK_REASON)[keyof typeof STOCK_REASON];
export const STOCK_REASONS = Object.values(STOCK_REASON) as StockReason[];
