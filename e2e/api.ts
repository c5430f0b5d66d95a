import type {
  ApiAvailability,
  ApiBlog,
  ApiBlogDetail,
  ApiBusinessSetting,
  ApiCategory,
  ApiCmsPage,
  ApiFilterGroup,
  ApiList,
  ApiMeta,
  ApiPaginated,
  ApiProductCard,
  ApiProductDetail,
  ApiSlider,
} from "../lib/api/types";
import { BASE_URL, SYSTEM_KEY } from "./target";

/**
 * What the store under test holds, read through its public API v2 as any client reads it (the
 * System-Key header, as lib/api/client.ts sends it), so the journeys' expectations come from the
 * store itself, local or deployed, and never from its database. Prices here are in rupees.
 */

export class StoreApiError extends Error {}

async function get<T>(path: string): Promise<T> {
  const url = `${BASE_URL}/api/v2${path}`;
  const res = await fetch(url, { headers: { "System-Key": SYSTEM_KEY, "X-Requested-With": "XMLHttpRequest", Accept: "application/json" } });
  if (!res.ok) {
    const hint = res.status === 403 ? " (set E2E_SYSTEM_KEY to the store's SYSTEM_KEY)" : "";
    throw new StoreApiError(`GET ${url} answered ${res.status}${hint}: ${(await res.text()).slice(0, 200)}`);
  }
  return (await res.json()) as T;
}

/** Every page of a paginated list, 48 a page (the API's largest). */
async function allPages<T>(path: string, query: URLSearchParams = new URLSearchParams()): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; ; page++) {
    const q = new URLSearchParams(query);
    q.set("page", String(page));
    q.set("per_page", "48");
    const body = await get<ApiPaginated<T>>(`${path}?${q}`);
    out.push(...body.data);
    if (page >= body.meta.last_page) return out;
  }
}

/** "₹12,345" or "₹1,299.5" as the storefront prints a price in rupees (Indian grouping). */
export const formatRupees = (rupees: number) => `₹${new Intl.NumberFormat("en-IN").format(rupees)}`;

export const storeApi = {
  /** Active slides, in slider order. */
  sliders: async () => (await get<ApiList<ApiSlider[]>>("/sliders")).data,

  /** Top-level categories in shop order, each with its subcategories. */
  categories: async () => (await get<ApiList<ApiCategory[]>>("/categories")).data,

  /** Settings as type → value ("" when unset). */
  settings: async (): Promise<Map<string, string>> => {
    const rows = (await get<ApiList<ApiBusinessSetting[]>>("/business-settings")).data;
    return new Map(rows.map((r) => [r.type, r.value ?? ""]));
  },

  /** One setting; fails when the store does not have it. */
  setting: async (type: string): Promise<string> => {
    const value = (await storeApi.settings()).get(type);
    if (value === undefined) throw new StoreApiError(`the store has no "${type}" setting`);
    return value;
  },

  /** Published posts, newest first (the blog list's order). */
  blogs: () => allPages<ApiBlog>("/blogs"),

  /** The newest `count` posts. */
  latestBlogs: async (count: number) => (await get<ApiPaginated<ApiBlog>>(`/blogs?per_page=${count}`)).data,

  blog: async (slug: string) => (await get<ApiList<{ blog: ApiBlogDetail }>>(`/blog/${encodeURIComponent(slug)}`)).data.blog,

  /** One page of the product search (the storefront's filters as query parameters). */
  search: async (query: Record<string, string | string[]>): Promise<{ data: ApiProductCard[]; meta: ApiMeta }> => {
    const q = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) for (const v of [value].flat()) q.append(key, v);
    return get<ApiPaginated<ApiProductCard>>(`/products/search?${q}`);
  },

  /** Every published product (optionally filtered), lowest id first: the demo catalog's oldest rows. */
  products: async (query: Record<string, string> = {}): Promise<ApiProductCard[]> =>
    (await allPages<ApiProductCard>("/products/search", new URLSearchParams(query))).sort((a, b) => a.id - b.id),

  product: async (slug: string): Promise<ApiProductDetail> => {
    const [product] = (await get<ApiList<ApiProductDetail[]>>(`/products/${encodeURIComponent(slug)}/0`)).data;
    if (!product) throw new StoreApiError(`no product ${slug}`);
    return product;
  },

  filters: async () => (await get<ApiList<ApiFilterGroup[]>>("/filter/attributes")).data,

  /** A CMS page and the first page of its product grid; null when there is no such published page. */
  cmsPage: async (slug: string): Promise<{ page: ApiCmsPage; meta: ApiMeta } | null> => {
    try {
      return await get<{ page: ApiCmsPage; meta: ApiMeta }>(`/pages/${encodeURIComponent(slug)}`);
    } catch (error) {
      if (error instanceof StoreApiError && / answered 404/.test(error.message)) return null;
      throw error;
    }
  },
};

/**
 * The first published product (lowest id) with the availability and without variants (one price,
 * one Add to Cart with no choice to make; e2e/variants.spec.ts has those), skipping `skip` of them.
 */
export async function productWithAvailability(availability: ApiAvailability, skip = 0): Promise<ApiProductCard> {
  const product = (await storeApi.products()).filter((p) => p.availability === availability && !p.has_variants)[skip];
  if (!product) throw new StoreApiError(`the store has fewer than ${skip + 1} published ${availability} products`);
  return product;
}

/** The first published product (lowest id) without variants with at least `min` photos, and how many it has. */
export async function productWithPhotos(min: number): Promise<ApiProductDetail & { photoCount: number }> {
  for (const card of (await storeApi.products()).filter((p) => !p.has_variants)) {
    const product = await storeApi.product(card.slug);
    if (product.photos.length >= min) return { ...product, photoCount: product.photos.length };
  }
  throw new StoreApiError(`no product with ${min}+ photos`);
}

/** The paths of every URL in /sitemap.xml (an index of sitemap files, or one urlset). */
export async function sitemapPaths(): Promise<string[]> {
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL((m[1] ?? "").replace(/&amp;/g, "&")).pathname);
  const text = async (path: string) => {
    const res = await fetch(`${BASE_URL}${path}`);
    if (!res.ok) throw new StoreApiError(`GET ${path} answered ${res.status}`);
    return res.text();
  };
  const index = await text("/sitemap.xml");
  if (!index.includes("<sitemapindex")) return locs(index);
  // The index holds absolute URLs on SITE_URL; each file is fetched from the store under test.
  return (await Promise.all(locs(index).map(async (file) => locs(await text(file))))).flat();
}

/** The CMS pages the sitemap lists: its one-segment paths that the pages API serves. */
export async function cmsPagesInSitemap(): Promise<{ page: ApiCmsPage; meta: ApiMeta }[]> {
  const candidates = (await sitemapPaths()).filter((p) => /^\/[a-z0-9]+(?:-[a-z0-9]+)*$/.test(p));
  const pages = await Promise.all(candidates.map((p) => storeApi.cmsPage(p.slice(1))));
  return pages.filter((p) => p !== null);
}
