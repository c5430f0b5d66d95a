import Link from "next/link";

/** Answer (HTTP 404) for /blog/{slug} when no published post has that slug. */
export default function BlogPostNotFound() {
  return (
    <div className="container-page flex min-h-[50vh] flex-col items-center justify-center py-24 text-center">
      <h1 className="text-3xl text-navy">No article found</h1>
      <p className="mt-3 text-ink/70">This article may have been renamed or taken down.</p>
      <Link href="/blogs" className="btn-primary mt-8">
        Read the blog
      </Link>
    </div>
  );
}
