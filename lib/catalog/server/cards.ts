import "server-only";
import type { Db } from "@/lib/platform/db";
import type { Availability } from "@/lib/platform/db/schema";

/** A product as every list shows it: the listings, the search, the home page's rows. */
export type ProductCard = {
  id: number;
  slug: string;
  name: string;
  thumbnail: string | null;
  /** Selling price in paise. */
  price: number;
  /** List price (MRP) in paise. */
  listPrice: number;
  discountPercent: number;
  stockQuantity: number;
  availability: Availability;
  /** How many variants it is sold in (0: none): a card of one sold by variant links to its page to choose one. */
  variantCount: number;
};

/** The columns of `products as p` a card is made of (toCard). */
export const cardColumns = [
  "p.id",
  "p.slug",
  "p.name",
  "p.thumbnail_image",
  "p.price",
  "p.list_price",
  "p.discount_percent",
  "p.stock_quantity",
  "p.availability",
  "p.variant_count",
] as const;

type CardRow = {
  id: number;
  slug: string;
  name: string;
  thumbnail_image: string | null;
  price: number;
  list_price: number;
  discount_percent: number;
  stock_quantity: number;
  availability: Availability;
  variant_count: number;
};

export function toCard(row: CardRow): ProductCard {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    thumbnail: row.thumbnail_image,
    price: row.price,
    listPrice: row.list_price,
    discountPercent: row.discount_percent,
    stockQuantity: row.stock_quantity,
    availability: row.availability,
    variantCount: Number(row.variant_count),
  };
}

/** The cards of the published products among `ids`, in no particular order. */
export async function readCards(db: Db, ids: readonly number[]): Promise<ProductCard[]> {
  if (!ids.length) return [];
  // By primary key alone: with `published = 1` in the statement, SQLite (no statistics) walked
  // products_availability_idx instead, 20 ms a search at 100,000 products against 0.04 ms.
  const rows = await db.selectFrom("products as p").select([...cardColumns, "p.published"]).where("p.id", "in", [...ids]).execute();
  return rows.filter((r) => r.published === 1).map(toCard);
}
