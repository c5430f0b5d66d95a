import Link from "next/link";

/** Page links (crawlable anchors); "Page X of Y" with previous and next. */
export function Pagination({ page, lastPage, href }: { page: number; lastPage: number; href: (page: number) => string }) {
  if (lastPage <= 1) return null;
  const pages = windowOf(page, lastPage);
  const linkClass = "inline-flex min-w-10 items-center justify-center rounded-full border border-ink/15 px-3 py-2 text-sm hover:bg-sand";
  return (
    <nav aria-label="Pagination" className="mt-10 flex flex-col items-center gap-3">
      <p className="text-sm text-ink/70">
        Page {page} of {lastPage}
      </p>
      <ul className="flex flex-wrap items-center justify-center gap-2">
        <li>
          {page > 1 ? (
            <Link href={href(page - 1)} rel="prev" className={linkClass}>
              Previous
            </Link>
          ) : (
            <span aria-disabled="true" className={`${linkClass} opacity-40`}>
              Previous
            </span>
          )}
        </li>
        {pages.map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1">
              …
            </li>
          ) : (
            <li key={p}>
              <Link href={href(p)} aria-current={p === page ? "page" : undefined} className={`${linkClass} ${p === page ? "border-navy bg-navy text-white hover:bg-navy" : ""}`}>
                {p}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < lastPage ? (
            <Link href={href(page + 1)} rel="next" className={linkClass}>
              Next
            </Link>
          ) : (
            <span aria-disabled="true" className={`${linkClass} opacity-40`}>
              Next
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}

/** Page numbers around the current one, with the first and last always shown. */
export function windowOf(page: number, last: number, radius = 1): (number | null)[] {
  const out: (number | null)[] = [];
  for (let p = 1; p <= last; p++) {
    if (p === 1 || p === last || Math.abs(p - page) <= radius) out.push(p);
    else if (out[out.length - 1] !== null) out.push(null);
  }
  return out;
}
