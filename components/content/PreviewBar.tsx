/** The bar over a page shown in preview (draft mode): staff see that it is not what shoppers see, and how to leave. */
export function PreviewBar({ state, editHref }: { state: string; editHref: string }) {
  return (
    <div role="region" aria-label="Preview" className="sticky top-0 z-50 bg-amber-300 text-ink">
      <div className="container-page flex flex-wrap items-center justify-between gap-3 py-2 text-sm">
        <p>
          <strong>Preview</strong> — {state}. Shoppers do not see this version.
        </p>
        <p className="flex gap-4">
          <a href={editHref} className="underline underline-offset-2">
            Back to the editor
          </a>
          {/* A route handler that turns draft mode off: a plain request, outside the router. */}
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
          <a href="/admin/content/preview/exit" className="underline underline-offset-2">
            Leave preview
          </a>
        </p>
      </div>
    </div>
  );
}
