import type { z } from "@/lib/platform/zod";

type RawParams = Record<string, string | string[] | undefined>;

/**
 * A list page's filters from its URL with one of the admin API's query schemas: what does not
 * parse is left out (and named, for the page to say so) instead of failing the page, so an old or
 * hand-edited bookmark still opens the list.
 */
export function lenientQuery<S extends z.ZodType>(schema: S, params: RawParams): { query: z.output<S>; ignored: string[]; raw: Record<string, string> } {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === "string" && first.trim() !== "") flat[key] = first;
  }
  const kept = { ...flat };
  const ignored: string[] = [];
  for (let round = 0; round < 10; round++) {
    const result = schema.safeParse(kept);
    if (result.success) return { query: result.data, ignored, raw: kept };
    const keys = [...new Set(result.error.issues.map((i) => String(i.path[0] ?? "")))].filter((k) => k in kept);
    if (!keys.length) break;
    for (const k of keys) {
      delete kept[k];
      ignored.push(k);
    }
  }
  return { query: schema.parse({}), ignored: Object.keys(flat), raw: {} };
}

/** The page's URL with `change` applied to its filters (an empty value removes one; a new filter starts at page 1). */
export function hrefWith(base: string, raw: Record<string, string>, change: Record<string, string | number | undefined>): string {
  const next = new URLSearchParams();
  const merged: Record<string, string | number | undefined> = { ...raw, page: undefined, ...change };
  for (const [k, v] of Object.entries(merged)) if (v !== undefined && v !== "" && !(k === "page" && Number(v) <= 1)) next.set(k, String(v));
  const search = next.toString();
  return search ? `${base}?${search}` : base;
}
