import type { Metadata } from "next";
import type { Availability } from "@/lib/platform/db/schema";
import type { ShareImage } from "./share-image";

/**
 * One builder for page metadata: unique title and description, canonical URL, Open Graph and
 * Twitter. `image` is the page's share image (lib/seo/share-image.ts: a 1200 × 630 JPEG with its
 * size, type and alt text); every indexable page passes one.
 *
 * `type: "product"` leaves og:type out of the Metadata: Next's Metadata API knows no "product"
 * type (it throws on one) and writes `other` entries as <meta name>, not <meta property>, so a
 * product page renders its og:type and product:* tags itself (productOpenGraph below).
 */
export function pageMetadata(input: {
  title: string;
  description: string;
  path: string;
  /** og:url when it is not the canonical path (a product page with a variant chosen: the group's page is canonical). */
  url?: string;
  image?: ShareImage | null;
  type?: "website" | "article" | "product";
  siteName?: string;
  noIndex?: boolean;
}): Metadata {
  const description = input.description.length > 300 ? `${input.description.slice(0, 297).trimEnd()}…` : input.description;
  const image = input.image ?? null;
  const type = input.type ?? "website";
  return {
    title: input.title,
    description,
    alternates: { canonical: input.path },
    openGraph: {
      title: input.title,
      description,
      url: input.url ?? input.path,
      siteName: input.siteName,
      ...(type === "product" ? {} : { type }),
      locale: "en_IN",
      images: image ? [{ url: image.url, width: image.width, height: image.height, alt: image.alt, type: image.type }] : undefined,
    },
    twitter: {
      card: image ? "summary_large_image" : "summary",
      title: input.title,
      description,
      images: image ? [{ url: image.url, alt: image.alt, width: image.width, height: image.height }] : undefined,
    },
    ...(input.noIndex ? { robots: { index: false, follow: true } } : {}),
  };
}

/** Open Graph's product availability words for the store's availability. */
const OG_AVAILABILITY: Record<Availability, string> = {
  in_stock: "in stock",
  made_to_order: "available for order",
  out_of_stock: "out of stock",
};

/**
 * The Open Graph tags of a product page that Next's Metadata API cannot write (see pageMetadata):
 * og:type product, the selling price in rupees with two decimals, its currency and availability.
 */
export function productOpenGraph(p: { pricePaise: number; availability: Availability }): { property: string; content: string }[] {
  return [
    { property: "og:type", content: "product" },
    { property: "product:price:amount", content: (p.pricePaise / 100).toFixed(2) },
    { property: "product:price:currency", content: "INR" },
    { property: "product:availability", content: OG_AVAILABILITY[p.availability] },
  ];
}
