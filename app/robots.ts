import type { MetadataRoute } from "next";
import { getConfig } from "@/lib/platform/config";

/** Paths crawlers should leave alone: the API, the back office, account screens, sign-in and checkout. */
const DISALLOWED_PATHS = [
  "/api/",
  "/admin",
  "/dashboard",
  "/purchase-history",
  "/order-details",
  "/wishlists",
  "/profile",
  "/login",
  "/registration",
  "/checkout",
  "/payment-response",
];

export default function robots(): MetadataRoute.Robots {
  const { siteUrl } = getConfig();
  return {
    rules: [{ userAgent: "*", allow: "/", disallow: DISALLOWED_PATHS }],
    sitemap: `${siteUrl}/sitemap.xml`,
  };
}
