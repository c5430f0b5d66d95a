import type { AvailabilityKey } from "./display";

/**
 * A product as the back office sees it (lib/catalog/server/product-admin.ts reads it): every field
 * the storefront shows, in any state (draft, published, archived), with what only staff see (SKU,
 * HSN code and the GST rate it implies, lead time, old slugs, whether it was ever ordered). Pure
 * types, so the editor's client code may import them. Money in paise.
 */
export type AdminProductPhoto = {
  id: number;
  path: string;
  alt: string;
  width: number;
  height: number;
  /** 0 is the main photo (the card's thumbnail). */
  position: number;
  /** Stored by the store (an upload, removed from storage with its last use) rather than a demo photo. */
  uploaded: boolean;
};

export type AdminProductVariant = { id: number; sku: string; label: string; slug: string; price: number; listPrice: number; stockQuantity: number; availability: AvailabilityKey; photo: string | null };

export type AdminProduct = {
  id: number;
  slug: string;
  sku: string;
  name: string;
  category: { id: number; name: string; slug: string } | null;
  price: number;
  listPrice: number;
  discountPercent: number;
  stockQuantity: number;
  availability: AvailabilityKey;
  madeToOrder: boolean;
  leadTimeDays: number | null;
  isFeatured: boolean;
  isPopular: boolean;
  published: boolean;
  archivedAt: string | null;
  hsnCode: string | null;
  /** The GST rate the HSN code implies at today's price (the rate table's longest prefix and band), or the shop's default rate when none matches. */
  gst: { ratePercent: number; source: "hsn" | "default" };
  shortDescription: string | null;
  description: string | null;
  keyFeatures: string | null;
  careInstructions: string | null;
  warrantySummary: string | null;
  returnPolicy: string | null;
  aboutHeading: string | null;
  aboutDescription: string | null;
  aboutImage: string | null;
  additionalHeading: string | null;
  additionalDescription: string | null;
  additionalImage: string | null;
  metaTitle: string | null;
  metaDescription: string | null;
  thumbnail: string | null;
  photos: AdminProductPhoto[];
  /** The shop's attributes this product has, by name: {"Material": ["Cotton"]}. */
  attributes: Record<string, string[]>;
  variants: AdminProductVariant[];
  /** Slugs it had before, each answered by a permanent redirect to today's. */
  oldSlugs: string[];
  /** Whether any order has a line of it (then it can be archived, never deleted). */
  everOrdered: boolean;
  createdAt: string;
  updatedAt: string;
};

/** Where the store serves a product photo it stored (GET /media/uploads/{name}). */
export const UPLOADED_PHOTO_PREFIX = "/media/uploads/";

export const isUploadedPhoto = (path: string | null | undefined): path is string => typeof path === "string" && path.startsWith(UPLOADED_PHOTO_PREFIX);
