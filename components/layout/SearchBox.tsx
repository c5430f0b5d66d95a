"use client";

import Image from "next/image";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState, useSyncExternalStore } from "react";
import { Icon } from "@/components/ui/Icon";
import { formatRupees } from "@/lib/platform/format";
import { useProductSuggestions } from "@/lib/catalog/client/useProductSuggestions";

/**
 * The hint with examples fits the box only where the header is wide; on phones (and beside the
 * full menu on tablets), next to the account link, even "Search products" was cut, so narrower
 * headers get one word beside the magnifier. The server renders the short one, which fits
 * everywhere, also without JavaScript.
 */
const PLACEHOLDER_SHORT = "Search";
const PLACEHOLDER_LONG = "Search curtains, cushions, rugs...";
const WIDE_HEADER = "(min-width: 1024px)";

function subscribeWide(onChange: () => void) {
  const query = window.matchMedia(WIDE_HEADER);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

const usePlaceholder = () =>
  useSyncExternalStore(subscribeWide, () => (window.matchMedia(WIDE_HEADER).matches ? PLACEHOLDER_LONG : PLACEHOLDER_SHORT), () => PLACEHOLDER_SHORT);

/** Header product search with a dropdown of matching categories and products. */
export function SearchBox({ className = "" }: { className?: string }) {
  const [text, setText] = useState("");
  // The term whose dropdown the shopper dismissed; a new answer for another term opens it again.
  const [dismissed, setDismissed] = useState<string | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const listId = useId();
  const router = useRouter();
  const { results, total, categories, suggestions, term, loading } = useProductSuggestions(text);
  const placeholder = usePlaceholder();
  const expanded = term.length >= 3 && !loading && term === text.trim() && dismissed !== term;
  const close = () => setDismissed(term);

  // Close on a click outside.
  useEffect(() => {
    const onDown = (event: MouseEvent) => {
      if (box.current && !box.current.contains(event.target as Node)) setDismissed(term);
    };
    document.addEventListener("mousedown", onDown);
    return () => document.removeEventListener("mousedown", onDown);
  }, [term]);

  const onChange = (value: string) => {
    // Shorter text closes the dropdown until the next answer arrives.
    if (value.trim().length < text.trim().length) setDismissed(term);
    setText(value);
  };

  const submit = () => {
    const q = text.trim();
    if (q.length >= 3) {
      close();
      router.push(`/search?query=${encodeURIComponent(q)}`);
    }
  };

  return (
    <div ref={box} className={`relative ${className}`}>
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label htmlFor={`${listId}-input`} className="sr-only">
          Search products
        </label>
        <input
          id={`${listId}-input`}
          type="search"
          value={text}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={(e) => e.key === "Escape" && close()}
          placeholder={placeholder}
          autoComplete="off"
          role="combobox"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          className="w-full rounded-full border border-ink/15 bg-white py-2 pr-9 pl-3 text-sm text-ink placeholder:text-ink/70 md:pr-10 md:pl-4"
        />
        <button type="submit" aria-label="Search" className="absolute top-1/2 right-1.5 -translate-y-1/2 rounded-full p-1.5 text-ink/70 hover:text-ink md:right-2">
          <Icon name="search" size={18} />
        </button>
      </form>
      {expanded ? (
        <div id={listId} className="absolute right-0 left-0 z-50 mt-2 max-h-96 overflow-auto rounded-xl border border-ink/10 bg-white text-ink shadow-xl">
          {categories.length ? (
            <ul aria-label="Categories" className="border-b border-ink/10 py-1">
              {categories.map((c) => (
                <li key={c.slug}>
                  <Link href={`/category/${c.slug}`} onClick={close} className="flex items-center gap-2 px-4 py-2 text-sm hover:bg-sand/60 focus:bg-sand/60">
                    <span className="text-xs tracking-wide text-ink/60 uppercase">Category</span>
                    <span className="font-semibold">{c.name}</span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          {results.length ? (
            <ul aria-label="Search results">
              {results.map((p) => (
                <li key={p.id}>
                  <Link href={`/products/${p.slug}`} onClick={close} className="flex items-center gap-3 px-3 py-2 hover:bg-sand/60">
                    {p.thumbnail_image ? <Image src={p.thumbnail_image} alt="" width={44} height={44} className="h-11 w-11 rounded object-cover" /> : null}
                    <span className="flex-1 text-sm">{p.name}</span>
                    <span className="text-sm font-semibold">{formatRupees(p.main_price)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <>
              <p className="px-4 py-3 text-sm">No products found.</p>
              {suggestions.length ? (
                <p className="px-4 pb-3 text-sm">
                  Did you mean{" "}
                  {suggestions.map((s, i) => (
                    <span key={s}>
                      {i ? ", " : ""}
                      <Link href={`/search?query=${encodeURIComponent(s)}`} onClick={close} className="font-semibold text-saffron-dark underline">
                        {s}
                      </Link>
                    </span>
                  ))}
                  ?
                </p>
              ) : null}
            </>
          )}
          {total > results.length ? (
            <Link href={`/search?query=${encodeURIComponent(term)}`} onClick={close} className="block border-t border-ink/10 px-4 py-2 text-sm font-semibold text-saffron-dark">
              See all {total} results
            </Link>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
