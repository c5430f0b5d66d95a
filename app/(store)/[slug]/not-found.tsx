import Link from "next/link";

/** Answer (HTTP 404) for /{slug} when no published CMS page has that slug. */
export default function CmsPageNotFound() {
  return (
    <div className="container-page flex min-h-[50vh] flex-col items-center justify-center py-24 text-center">
      <h1 className="text-3xl text-navy">Page not found.</h1>
      <p className="mt-3 text-ink/70">The page you were looking for has moved or never existed.</p>
      <Link href="/" className="btn-primary mt-8">
        Back to Home
      </Link>
    </div>
  );
}
