"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import type { ActionResult } from "@/lib/accounts/admin-nav";
import { dangerButtonClass, secondaryButtonClass } from "../ui";

/**
 * A product's page-level actions, each after a confirm: duplicate (a draft copy, opened next),
 * archive or unarchive, and delete (offered only when it was never ordered; the server checks again).
 */
export function ProductActions({
  slug,
  name,
  archived,
  canDuplicate,
  canArchive,
  canDelete,
  duplicate,
  archive,
  remove,
}: {
  slug: string;
  name: string;
  archived: boolean;
  canDuplicate: boolean;
  canArchive: boolean;
  /** product:delete and never ordered. */
  canDelete: boolean;
  duplicate: (slug: string) => Promise<ActionResult<{ slug: string }>>;
  archive: (slug: string, archive: boolean) => Promise<ActionResult>;
  remove: (slug: string) => Promise<ActionResult>;
}) {
  const router = useRouter();
  const [result, setResult] = useState<ActionResult<unknown> | null>(null);
  const [pending, start] = useTransition();
  const run = (question: string, work: () => Promise<void>) => {
    if (window.confirm(question)) start(work);
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      {canDuplicate ? (
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={pending}
          onClick={() =>
            run(`Make a draft copy of ${name}?`, async () => {
              const answer = await duplicate(slug);
              setResult(answer);
              if (answer.ok && answer.data) router.push(`/admin/products/${encodeURIComponent(answer.data.slug)}?duplicated=1`);
            })
          }
        >
          Duplicate
        </button>
      ) : null}
      {canArchive ? (
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={pending}
          onClick={() =>
            run(archived ? `Bring ${name} back as a draft?` : `Archive ${name}? The shop stops showing it; its orders keep it.`, async () => {
              setResult(await archive(slug, !archived));
            })
          }
        >
          {archived ? "Unarchive" : "Archive"}
        </button>
      ) : null}
      {canDelete ? (
        <button
          type="button"
          className={dangerButtonClass}
          disabled={pending}
          onClick={() =>
            run(`Delete ${name} for good? This cannot be undone.`, async () => {
              const answer = await remove(slug);
              setResult(answer);
              if (answer.ok) router.push("/admin/products?deleted=1");
            })
          }
        >
          Delete
        </button>
      ) : null}
      {result ? (
        <p role={result.ok ? "status" : "alert"} className={`w-full text-sm ${result.ok ? "text-emerald-800" : "text-red-700"}`}>
          {result.message}
        </p>
      ) : null}
    </div>
  );
}
