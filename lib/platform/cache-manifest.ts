/**
 * Every tag of the store's data cache, in one place: what the reads carrying it show, how long such
 * a read stays fresh when nothing expires it (`lifetime`, seconds: cachedRead takes its revalidate
 * from here), and which changes expire it at once (`invalidatedBy`, each naming the module that
 * calls expireTags for it, or asks the outbox to once its transaction commits with
 * expireTagsAfterCommit). Reads tag what they return with `cacheTags.x`; writes expire with
 * `expireTags([cacheTags.x])` (./cache.ts) or `outbox.add(trx, expireTagsAfterCommit([…]))`
 * (./outbox/). cache-manifest.test.ts holds the code to this list: a
 * read or an expiry with a tag that is not here fails, and so does a module that expires a tag
 * without being named under it, or one named that does not.
 *
 * A tag nothing expires yet (settings, blogs, …) changes only through the seed or the
 * database itself: the pages carrying it catch up within its lifetime. The back office will add
 * its writes here.
 */
const HOUR = 3600;
const DAY = 86_400;

export type CacheInvalidation = {
  /** The change, in the words of the shop. */
  readonly change: string;
  /** The module that expires the tag when it happens. */
  readonly in: string;
};

export type CacheTagEntry = {
  /** The tag, or how the tag of one row is made from its slug ("product:ikat-cushion"). */
  readonly tag: string | ((slug: string) => string);
  /** Seconds a cached read tagged with it is served before it is read again. */
  readonly lifetime: number;
  /** What the reads carrying it show. */
  readonly shows: string;
  readonly invalidatedBy: readonly CacheInvalidation[];
};

const CATALOG_ADMIN = "lib/catalog/server/catalog-admin.ts";
/** The back office's commerce settings: shipping figures and delivery zones. */
const COMMERCE_ADMIN = "lib/cart/server/commerce-admin.ts";
const CONTENT_ADMIN = "lib/content/server/content-admin.ts";
/** Every path that moves stock (placing, a cancel, the payment-deadline sweep, a revival, a staff adjustment) writes productRefreshEvent from here in its transaction; the outbox expires the tags once it commits. */
const STOCK = "lib/catalog/server/stock.ts";

export const CACHE_MANIFEST = {
  settings: {
    tag: "settings",
    lifetime: HOUR,
    shows: "the business settings: shop name, contact details, logos, shipping rates, payment timeout, return window",
    invalidatedBy: [
      { change: "the owner saves the shipping fees, dispatch days or default GST rate (PUT /admin/settings/shipping)", in: COMMERCE_ADMIN },
      { change: "staff change the business settings or upload a logo (/admin/settings/business): header, footer, meta tags, policy pages and mails", in: "lib/content/server/settings-admin.ts" },
    ],
  },
  categories: {
    tag: "categories",
    lifetime: HOUR,
    shows: "the category tree, subcategories, a category by slug or id, the sitemap",
    invalidatedBy: [{ change: "staff make, change, move, reorder or delete a category, or change its cover (/admin/categories)", in: CATALOG_ADMIN }],
  },
  category: {
    tag: (slug: string) => `category:${slug}`,
    lifetime: HOUR,
    shows: "one category by its slug, and the redirect from a slug it had before",
    invalidatedBy: [{ change: "staff change the category, its slug or its place in the tree", in: CATALOG_ADMIN }],
  },
  products: {
    tag: "products",
    lifetime: HOUR,
    shows: "product listings and search (by category too, with its subcategories: a category's change expires it), featured and related products, filter values, a product by slug (its breadcrumb and attributes), the sitemap",
    invalidatedBy: [
      { change: "a merchant edits a product (PATCH /admin/products/{slug})", in: CATALOG_ADMIN },
      { change: "stock moves a product out of stock or back in (a sale of the last unit, a cancel, the payment-deadline sweep, a staff adjustment): listings say Out of stock", in: STOCK },
    ],
  },
  product: {
    tag: (slug: string) => `product:${slug}`,
    lifetime: HOUR,
    shows: "one product by its slug (its page, stock and price)",
    invalidatedBy: [
      { change: "a merchant edits the product", in: CATALOG_ADMIN },
      { change: "its stock moves: an order takes units, a cancel or the payment-deadline sweep gives them back, a late payment takes them again", in: STOCK },
    ],
  },
  attributes: {
    tag: "attributes",
    lifetime: HOUR,
    shows: "the values of the listing filters (material, size, …)",
    invalidatedBy: [{ change: "a merchant edits a product, or staff change an attribute or its values (/admin/attributes)", in: CATALOG_ADMIN }],
  },
  sliders: { tag: "sliders", lifetime: HOUR, shows: "the home page's banners", invalidatedBy: [{ change: "staff add, change, show, hide, move or delete a slide, or upload its photo", in: "lib/content/server/home-admin.ts" }] },
  blogs: {
    tag: "blogs",
    lifetime: HOUR,
    shows: "blog lists, a post by slug, the published times (a scheduled post's time), the sitemap",
    invalidatedBy: [{ change: "staff make, change, publish, schedule or delete a blog post, or change its banner", in: CONTENT_ADMIN }],
  },
  blog: {
    tag: (slug: string) => `blog:${slug}`,
    lifetime: HOUR,
    shows: "one blog post by its slug, and the redirect from an old slug",
    invalidatedBy: [{ change: "staff change or delete the post (its old and new slug)", in: CONTENT_ADMIN }],
  },
  pages: { tag: "pages", lifetime: HOUR, shows: "CMS pages, the sitemap", invalidatedBy: [{ change: "staff make, change, publish or delete a CMS page", in: CONTENT_ADMIN }] },
  page: {
    tag: (slug: string) => `page:${slug}`,
    lifetime: HOUR,
    shows: "one CMS page by its slug, and the redirect from an old slug",
    invalidatedBy: [{ change: "staff change or delete the page (its old and new slug)", in: CONTENT_ADMIN }],
  },
  testimonials: { tag: "testimonials", lifetime: HOUR, shows: "the home page's testimonials", invalidatedBy: [{ change: "staff add, change, show, hide, move or delete a testimonial", in: "lib/content/server/home-admin.ts" }] },
  policies: { tag: "policies", lifetime: HOUR, shows: "the policy pages' texts staff wrote (their facts are filled from the settings when shown)", invalidatedBy: [{ change: "staff change a policy page's text or go back to the generated one", in: "lib/content/server/policy-admin.ts" }] },
  faqs: { tag: "faqs", lifetime: HOUR, shows: "the FAQ page's questions (their facts are filled from the settings when shown)", invalidatedBy: [{ change: "staff add, change, show, hide, move or delete a question", in: "lib/content/server/home-admin.ts" }] },
  locations: {
    tag: "locations",
    lifetime: DAY,
    shows: "countries, states and cities of the address forms (reference data)",
    invalidatedBy: [],
  },
  deliveryZones: {
    tag: "delivery-zones",
    lifetime: HOUR,
    shows: "the active delivery zones: the promises of product pages, their JSON-LD and the policy pages",
    invalidatedBy: [{ change: "the owner creates, edits or deactivates a delivery zone (/admin/delivery-zones)", in: COMMERCE_ADMIN }],
  },
} as const satisfies Record<string, CacheTagEntry>;

type Manifest = typeof CACHE_MANIFEST;
export type CacheTagName = keyof Manifest;

/** The tags to put on reads and to expire: `cacheTags.products`, `cacheTags.product(slug)`. */
export const cacheTags = Object.fromEntries(Object.entries(CACHE_MANIFEST).map(([name, entry]) => [name, entry.tag])) as {
  readonly [K in CacheTagName]: Manifest[K]["tag"];
};

/** The manifest entry a tag string belongs to, or null for a tag the manifest does not name. */
export function cacheTagEntry(tag: string): CacheTagEntry | null {
  for (const entry of Object.values(CACHE_MANIFEST) as CacheTagEntry[]) {
    if (typeof entry.tag === "string" ? entry.tag === tag : tag.startsWith(entry.tag("")) && tag.length > entry.tag("").length) return entry;
  }
  return null;
}

/** Seconds a read with these tags stays fresh: the shortest lifetime among them. Throws on a tag not in the manifest. */
export function cacheLifetime(tags: readonly string[]): number {
  if (tags.length === 0) throw new Error("A cached read needs at least one tag from the cache manifest.");
  return Math.min(
    ...tags.map((tag) => {
      const entry = cacheTagEntry(tag);
      if (!entry) throw new Error(`Cache tag "${tag}" is not in the cache manifest (lib/platform/cache-manifest.ts).`);
      return entry.lifetime;
    }),
  );
}
