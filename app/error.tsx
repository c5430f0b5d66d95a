"use client";

import { ErrorNotice } from "@/components/errors/ErrorNotice";

/**
 * An unexpected error outside the store's pages (or in the store layout itself): the message with
 * the root layout only. Errors in the root layout reach app/global-error.tsx instead.
 */
export default function RootError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <main id="main">
      <ErrorNotice error={error} retry={retry} />
    </main>
  );
}
