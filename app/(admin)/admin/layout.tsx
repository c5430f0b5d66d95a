import type { Metadata } from "next";
import type { ReactNode } from "react";

/**
 * The back office (docs/back-office.md): its own pages under the root layout, which holds nothing
 * of the storefront (no header, footer, cart or wishlist islands, nor their scripts). Never
 * indexed: the robots meta tag here, X-Robots-Tag from middleware.ts and next.config.ts, and
 * robots.txt asks crawlers to stay out.
 */
export const metadata: Metadata = {
  title: { template: "%s · Back office", default: "Back office" },
  robots: { index: false, follow: false, nocache: true },
};

export default function AdminLayout({ children }: { children: ReactNode }) {
  return children;
}
