export type AvailabilityKey = "in_stock" | "made_to_order" | "out_of_stock";

/** The stored availability of a product: no stock is out of stock, whatever else is set. */
export function availabilityOf(stock: number, madeToOrder: boolean): AvailabilityKey {
  if (stock <= 0) return "out_of_stock";
  return madeToOrder ? "made_to_order" : "in_stock";
}

/** Whole percent off the list price; 0 when there is no reduction. */
export function discountPercent(listPrice: number, price: number): number {
  if (listPrice <= 0 || price >= listPrice) return 0;
  return Math.round(((listPrice - price) / listPrice) * 100);
}

/** Text colour of an availability label. */
export function availabilityTone(availability: AvailabilityKey): string {
  return availability === "out_of_stock" ? "text-madder" : availability === "made_to_order" ? "text-saffron-dark" : "text-leaf";
}

/**
 * The label a shopper sees. The old site showed "MADE TO ORDER" for everything in stock; here an
 * item on the shelf says "In Stock" and only made-to-order items say "MADE TO ORDER".
 */
export function availabilityLabel(availability: AvailabilityKey): string {
  switch (availability) {
    case "out_of_stock":
      return "Out Of Stock";
    case "made_to_order":
      return "MADE TO ORDER";
    default:
      return "In Stock";
  }
}

/** "{n}% Off" when there is a discount, otherwise nothing. */
export function discountLabel(percent: number | string): string | null {
  const n = typeof percent === "number" ? percent : Number(String(percent).replace(/\D/g, "") || 0);
  return n > 0 ? `${n}% Off` : null;
}

/** The struck-through list price is shown only when it differs from the selling price. */
export const showListPrice = (price: number, listPrice: number) => listPrice !== price;

/**
 * Most units one cart line may hold, whatever the stock. Kept here, in a module without zod, so
 * the quantity boxes of client islands can use it without shipping the validation schemas
 * (lib/cart/schemas.ts takes it from here).
 */
export const MAX_QUANTITY = 100;

/**
 * How many units one cart line may hold: none when out of stock, the stock when it is stocked,
 * otherwise (made to order) the per-line maximum. The server enforces it (lib/cart/server/cart.ts);
 * the quantity boxes use it so a shopper cannot pick more than can be ordered.
 */
export function lineCapOf(availability: string, stock: number, maxPerLine = MAX_QUANTITY): number {
  if (availability === "out_of_stock") return 0;
  if (availability === "in_stock") return Math.min(Math.max(stock, 0), maxPerLine);
  return maxPerLine;
}
