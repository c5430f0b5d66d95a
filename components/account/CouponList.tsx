"use client";

import { useEffect, useRef, useState } from "react";
import toast from "react-hot-toast";
import type { ApiCoupon } from "@/lib/api/types";

/** How long the Copy button says "Copied!" (docs/storefront.md). */
export const COPIED_FOR_MS = 1500;

/** Available Coupons: a 220 px scrolling list, each with title, code and Copy. */
export function CouponList({ coupons }: { coupons: ApiCoupon[] }) {
  const [copied, setCopied] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  if (coupons.length === 0) return <p className="text-sm text-ink/70">No Coupons Available</p>;
  return (
    <ul className="grid h-[220px] content-start gap-3 overflow-y-auto pr-1" tabIndex={0} aria-label="Available coupons">
      {coupons.map((c) => (
        <li key={c.code} className="flex items-center justify-between gap-3 rounded-lg border border-dashed border-saffron/60 bg-ivory px-3 py-2.5">
          <div className="min-w-0">
            <p className="text-sm font-medium">{c.title}</p>
            <p className="font-mono text-sm tracking-wider text-saffron-dark">{c.code}</p>
          </div>
          <button
            type="button"
            onClick={async () => {
              try {
                await navigator.clipboard.writeText(c.code);
                setCopied(c.code);
                clearTimeout(timer.current);
                timer.current = setTimeout(() => setCopied(null), COPIED_FOR_MS);
              } catch {
                toast.error("Could not copy. Please select the code instead.");
              }
            }}
            aria-label={copied === c.code ? `Copied ${c.code}` : `Copy ${c.code}`}
            className="shrink-0 rounded-full bg-navy px-3 py-1.5 text-xs font-semibold text-white hover:bg-saffron-dark"
          >
            {copied === c.code ? "Copied!" : "Copy"}
          </button>
        </li>
      ))}
    </ul>
  );
}
