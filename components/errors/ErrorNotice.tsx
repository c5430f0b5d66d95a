"use client";

import Link from "next/link";
import { useEffect } from "react";

export const ERROR_HEADING = "Something went wrong.";
export const ERROR_TEXT = "We could not show this page just now. Please try again, or go back to the home page.";

/**
 * The message of the error boundaries (app/(store)/error.tsx inside the shop's header and footer,
 * app/error.tsx outside them). "Try again" calls retry(): it fetches the page from the server
 * again and then reset()s the boundary; reset() alone would re-render the same failed server
 * payload when the error came from a server component.
 */
export function ErrorNotice({ error, retry }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    // The server logged the details; the browser's console gets the digest to match them.
    console.error(error);
  }, [error]);
  return (
    <div role="alert" className="container-page flex min-h-[50vh] flex-col items-center justify-center py-24 text-center">
      <title>Something went wrong</title>
      <h1 className="text-3xl text-navy">{ERROR_HEADING}</h1>
      <p className="mt-3 max-w-xl text-ink/70">{ERROR_TEXT}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button type="button" className="btn-primary" onClick={() => retry()}>
          Try again
        </button>
        <Link href="/" className="inline-flex items-center rounded-full border border-navy/30 px-6 py-3 text-sm font-semibold text-navy hover:bg-sand">
          Back to Home
        </Link>
      </div>
    </div>
  );
}
