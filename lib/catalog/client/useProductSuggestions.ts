"use client";

import { useEffect, useRef, useState } from "react";
import { apiGet } from "@/lib/api/client";
import type { ApiProductCard, ApiSearchMeta } from "@/lib/api/types";

export const SEARCH_DEBOUNCE_MS = 500;
export const SEARCH_MIN_LENGTH = 3;

export type Suggestions = {
  results: ApiProductCard[];
  total: number;
  /** Categories whose names match the term (links to /category/{slug}). */
  categories: { name: string; slug: string }[];
  /** When nothing was found: terms that do find something. */
  suggestions: string[];
  /** The trimmed term the results belong to. */
  term: string;
  loading: boolean;
};

const empty: Suggestions = { results: [], total: 0, categories: [], suggestions: [], term: "", loading: false };

/**
 * Product (and category) suggestions for a search box: waits 500 ms after the last keystroke, asks only for
 * 3+ trimmed characters, sends one request per pause and ignores answers to older terms.
 */
export function useProductSuggestions(text: string, perPage = 6): Suggestions {
  const [state, setState] = useState<Suggestions>(empty);
  const latest = useRef(0);
  const term = text.trim();

  useEffect(() => {
    const ticket = ++latest.current;
    // Under 3 characters nothing is asked; the hook answers "empty" below.
    if (term.length < SEARCH_MIN_LENGTH) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setState((s) => ({ ...s, loading: true }));
      apiGet<{ data: ApiProductCard[]; meta: ApiSearchMeta }>(`/products/search?name=${encodeURIComponent(term)}&per_page=${perPage}`, controller.signal)
        .then((res) => {
          if (ticket !== latest.current) return;
          setState({ results: res.data, total: res.meta.total, categories: res.meta.categories ?? [], suggestions: res.meta.suggestions ?? [], term, loading: false });
        })
        .catch((error: unknown) => {
          if (ticket !== latest.current || controller.signal.aborted) return;
          // Header search failures are only logged (docs/api-v2.md).
          console.error("Product search failed", error);
          setState({ ...empty, term });
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [term, perPage]);

  return term.length < SEARCH_MIN_LENGTH ? empty : state;
}
