"use client";

import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState, useTransition } from "react";

export type Hit = { kind: "product" | "order" | "customer"; title: string; detail: string; href: string };

const KIND_LABEL = { product: "Product", order: "Order", customer: "Customer" } as const;

/**
 * The back office's search box and command palette: always visible in the top bar (on a phone
 * too), focused by Ctrl+K or ⌘K. As you type it lists products, orders and customers (the server
 * action answers only what the role may read); arrows move, Enter opens the chosen one, or, with
 * none chosen, the full results page (/admin/search?q=, which also works without JavaScript).
 */
export function SearchBox({ search }: { search: (q: string) => Promise<Hit[]> }) {
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const [q, setQ] = useState("");
  const [hits, setHits] = useState<Hit[]>([]);
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState(-1);
  const [pending, start] = useTransition();
  const listId = useId();
  const asked = useRef(0);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "k") {
        e.preventDefault();
        input.current?.focus();
        input.current?.select();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  /** Asks the server 200 ms after the last keystroke; an older answer arriving late is dropped. */
  const typed = (value: string) => {
    setQ(value);
    clearTimeout(timer.current);
    const term = value.trim();
    const n = ++asked.current;
    if (term.length < 2) {
      setHits([]);
      return;
    }
    timer.current = setTimeout(() => {
      start(async () => {
        const found = await search(term);
        if (n === asked.current) {
          setHits(found);
          setChosen(-1);
          setOpen(true);
        }
      });
    }, 200);
  };

  const go = (href: string) => {
    setOpen(false);
    router.push(href);
  };

  return (
    <form
      action="/admin/search"
      method="get"
      role="search"
      aria-label="Search the back office"
      className="relative w-full max-w-md"
      onSubmit={(e) => {
        const hit = hits[chosen];
        if (open && hit) {
          e.preventDefault();
          go(hit.href);
        }
      }}
    >
      <label htmlFor={`${listId}-q`} className="sr-only">
        Search products, orders and customers
      </label>
      <input
        ref={input}
        id={`${listId}-q`}
        name="q"
        type="search"
        value={q}
        autoComplete="off"
        placeholder="Search products, orders, customers (Ctrl K)"
        role="combobox"
        aria-expanded={open && q.trim().length >= 2}
        aria-controls={open && q.trim().length >= 2 ? listId : undefined}
        aria-autocomplete="list"
        aria-activedescendant={chosen >= 0 ? `${listId}-${chosen}` : undefined}
        className="w-full rounded-md border border-slate-600 bg-slate-800 px-3 py-1.5 text-sm text-white placeholder:text-slate-300 focus:border-slate-300 focus:bg-slate-900"
        onChange={(e) => typed(e.target.value)}
        onFocus={() => hits.length && setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown") {
            e.preventDefault();
            setOpen(true);
            setChosen((c) => Math.min(c + 1, hits.length - 1));
          } else if (e.key === "ArrowUp") {
            e.preventDefault();
            setChosen((c) => Math.max(c - 1, -1));
          } else if (e.key === "Escape") {
            setOpen(false);
          }
        }}
      />
      {open && q.trim().length >= 2 ? (
        <ul id={listId} role="listbox" aria-label="Search results" className="absolute right-0 left-0 z-40 mt-1 max-h-96 overflow-y-auto rounded-md border border-slate-200 bg-white py-1 text-sm text-slate-900 shadow-lg">
          {hits.length === 0 ? (
            <li role="option" aria-selected="false" aria-disabled="true" className="px-3 py-2 text-slate-600">
              {pending ? "Searching…" : "Nothing found. Press Enter for the full search."}
            </li>
          ) : (
            hits.map((hit, i) => (
              <li
                key={`${hit.kind}-${hit.href}`}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === chosen}
                className="cursor-pointer px-3 py-1.5 aria-selected:bg-slate-100 hover:bg-slate-50"
                onMouseDown={(e) => {
                  e.preventDefault();
                  go(hit.href);
                }}
              >
                <span className="mr-2 inline-block w-16 text-xs text-slate-600">{KIND_LABEL[hit.kind]}</span>
                <span className="font-medium">{hit.title}</span>
                <span className="block pl-[4.5rem] text-xs text-slate-600">{hit.detail}</span>
              </li>
            ))
          )}
        </ul>
      ) : null}
    </form>
  );
}
