import type { Metadata } from "next";
import Link from "next/link";

// The page's text (docs/storefront.md, "Pages"), in the tab title as on the page.
export const metadata: Metadata = { title: "Page not found!", robots: { index: false } };

export default function NotFound() {
  return (
    <main id="main" className="container-page flex min-h-[60vh] flex-col items-center justify-center py-24 text-center">
      <h1 className="text-4xl text-navy">Page not found!</h1>
      <p className="mt-3 text-ink/70">The page you were looking for has moved or never existed.</p>
      <Link href="/" className="btn-primary mt-8">
        Back to Home
      </Link>
    </main>
  );
}
