"use client";

import { ErrorNotice } from "@/components/errors/ErrorNotice";

/**
 * An unexpected error in a store page. This boundary sits below app/(store)/layout.tsx, so the
 * shop's header and footer still render around the message and the shopper can carry on.
 */
export default function StoreError({ error, retry }: { error: unknown; retry: () => void }) {
  return <ErrorNotice error={error} retry={retry} />;
}
