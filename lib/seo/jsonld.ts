import { promiseDays, type ZoneDays } from "@/lib/cart/delivery";
import { SHIPPING_METHODS, shippingFee, type DayRange, type ShippingConfig } from "@/lib/cart/shipping";
import { getConfig } from "@/lib/platform/config";
import type { Availability } from "@/lib/platform/db/schema";

/** JSON-LD builders for schema.org types; URLs are made absolute against SITE_URL. */
export type JsonLdObject = { "@context"?: string; "@type": string; [key: string]: unknown };

export const absoluteUrl = (path: string) => (/^https?:\/\//.test(path) ? path : `${getConfig().siteUrl}${path.startsWith("/") ? "" : "/"}${path}`);

/** Serialises JSON-LD for a <script> tag: "<" is escaped so the text can never close the tag. */
export function serializeJsonLd(data: JsonLdObject | JsonLdObject[]): string {
  return JSON.stringify(data).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

export function organizationJsonLd(s: { name: string; logo?: string; phone?: string; email?: string; address?: string; sameAs?: string[] }): JsonLdObject {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: s.name,
    url: absoluteUrl("/"),
    ...(s.logo ? { logo: absoluteUrl(s.logo) } : {}),
    ...(s.phone ? { telephone: s.phone } : {}),
    ...(s.email ? { email: s.email } : {}),
    ...(s.address ? { address: { "@type": "PostalAddress", streetAddress: s.address, addressCountry: "IN" } } : {}),
    ...(s.sameAs?.length ? { sameAs: s.sameAs } : {}),
  };
}

export function webSiteJsonLd(name: string): JsonLdObject {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name,
    url: absoluteUrl("/"),
    potentialAction: {
      "@type": "SearchAction",
      target: { "@type": "EntryPoint", urlTemplate: `${absoluteUrl("/search")}?query={search_term_string}` },
      "query-input": "required name=search_term_string",
    },
  };
}

export function breadcrumbJsonLd(items: { name: string; path: string }[]): JsonLdObject {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, i) => ({ "@type": "ListItem", position: i + 1, name: item.name, item: absoluteUrl(item.path) })),
  };
}

export function itemListJsonLd(items: { name: string; url: string }[]): JsonLdObject {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    itemListElement: items.map((item, i) => ({ "@type": "ListItem", position: i + 1, name: item.name, url: absoluteUrl(item.url) })),
  };
}

const AVAILABILITY: Record<string, string> = {
  in_stock: "https://schema.org/InStock",
  // Made after the order, unlike PreOrder, which means "not released yet".
  made_to_order: "https://schema.org/MadeToOrder",
  out_of_stock: "https://schema.org/OutOfStock",
};

/** What the store ships and how fast: business settings plus the active delivery zones. */
export type ShippingFacts = {
  config: ShippingConfig;
  /** The active delivery zones; none when no zone is served. */
  zones: readonly ZoneDays[];
};

/** The return policy's numbers (business settings return_window_days, restocking_fee_percent). */
export type ReturnFacts = { windowDays: number; restockingFeePercent: number };

const days = (range: DayRange) => ({ "@type": "QuantitativeValue", minValue: range.min, maxValue: range.max, unitCode: "DAY" });

/** Monday to Saturday, the business days the delivery dates count (lib/cart/delivery.ts). */
const BUSINESS_DAYS = {
  "@type": "OpeningHoursSpecification",
  dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"].map((d) => `https://schema.org/${d}`),
};

/**
 * One OfferShippingDetails per shipping method: its rate, India only, and the handling (dispatch)
 * and transit days of the same promise the product page, cart and checkout make
 * (lib/cart/delivery.ts promiseDays). None when nothing can be promised: no zone is served,
 * or the product is out of stock.
 */
export function shippingDetailsJsonLd(availability: Availability, facts: ShippingFacts): JsonLdObject[] {
  const { config, zones } = facts;
  return SHIPPING_METHODS.flatMap((method) => {
    const promise = promiseDays([availability], zones, config, method);
    if (!promise) return [];
    return [
      {
        "@type": "OfferShippingDetails",
        shippingLabel: method === "express" ? "Express" : "Standard",
        shippingRate: { "@type": "MonetaryAmount", value: shippingFee(config, method) / 100, currency: "INR" },
        shippingDestination: { "@type": "DefinedRegion", addressCountry: "IN" },
        deliveryTime: {
          "@type": "ShippingDeliveryTime",
          businessDays: BUSINESS_DAYS,
          handlingTime: days(promise.dispatch),
          transitTime: days(promise.transit),
        },
      },
    ];
  });
}

/**
 * The return policy as the policy pages state it: unused items within the return window, sent
 * back by courier, return shipping and a restocking fee paid by the shopper on a change of mind,
 * damaged or defective items collected free. Made-to-order pieces cannot be returned for a change
 * of mind (their product texts say so), which schema.org can only say as "not permitted".
 */
export function returnPolicyJsonLd(availability: Availability, facts: ReturnFacts): JsonLdObject {
  const common = { "@type": "MerchantReturnPolicy", applicableCountry: "IN", merchantReturnLink: absoluteUrl("/return-policy") };
  if (availability === "made_to_order") return { ...common, returnPolicyCategory: "https://schema.org/MerchantReturnNotPermitted" };
  return {
    ...common,
    returnPolicyCountry: "IN",
    returnPolicyCategory: "https://schema.org/MerchantReturnFiniteReturnWindow",
    merchantReturnDays: facts.windowDays,
    returnMethod: "https://schema.org/ReturnByMail",
    itemCondition: "https://schema.org/NewCondition",
    customerRemorseReturnFees: "https://schema.org/ReturnFeesCustomerResponsibility",
    itemDefectReturnFees: "https://schema.org/FreeReturn",
    // A number is a percentage of the price.
    ...(facts.restockingFeePercent > 0 ? { restockingFee: facts.restockingFeePercent } : {}),
  };
}

/** One Offer: the price in INR, availability, and the shipping and return facts when known. */
function offerJsonLd(o: { url: string; pricePaise: number; availability: Availability; shipping?: ShippingFacts; returns?: ReturnFacts }): JsonLdObject {
  const shippingDetails = o.shipping ? shippingDetailsJsonLd(o.availability, o.shipping) : [];
  return {
    "@type": "Offer",
    url: absoluteUrl(o.url),
    priceCurrency: "INR",
    price: (o.pricePaise / 100).toFixed(2),
    availability: AVAILABILITY[o.availability] ?? "https://schema.org/InStock",
    itemCondition: "https://schema.org/NewCondition",
    ...(shippingDetails.length ? { shippingDetails } : {}),
    ...(o.returns ? { hasMerchantReturnPolicy: returnPolicyJsonLd(o.availability, o.returns) } : {}),
  };
}

export function productJsonLd(p: {
  name: string;
  slug: string;
  sku: string;
  description: string;
  images: string[];
  pricePaise: number;
  availability: Availability;
  category?: string;
  brand: string;
  shipping?: ShippingFacts;
  returns?: ReturnFacts;
}): JsonLdObject {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: p.name,
    sku: p.sku,
    description: p.description,
    image: p.images.map(absoluteUrl),
    ...(p.category ? { category: p.category } : {}),
    brand: { "@type": "Brand", name: p.brand },
    offers: offerJsonLd({ url: `/products/${p.slug}`, pricePaise: p.pricePaise, availability: p.availability, shipping: p.shipping, returns: p.returns }),
  };
}

/**
 * schema.org's variant properties by option name (what `variesBy` names and each variant states);
 * other options are left out of variesBy (the variant's name still carries them).
 */
const VARIES_BY: Record<string, { property: string; url: string }> = {
  size: { property: "size", url: "https://schema.org/size" },
  length: { property: "size", url: "https://schema.org/size" },
  colour: { property: "color", url: "https://schema.org/color" },
  color: { property: "color", url: "https://schema.org/color" },
  material: { property: "material", url: "https://schema.org/material" },
  pattern: { property: "pattern", url: "https://schema.org/pattern" },
};

/**
 * A product sold by variant, as Google's product variants ask: a ProductGroup (its SKU as
 * productGroupID, what the variants differ by as variesBy) with each variant a Product of its own
 * (its SKU, name, option values, photo and Offer, whose URL opens the page with that variant
 * chosen: ?variant=<slug>).
 */
export function productGroupJsonLd(p: {
  name: string;
  slug: string;
  sku: string;
  description: string;
  images: string[];
  category?: string;
  brand: string;
  options: { name: string }[];
  variants: { sku: string; label: string; slug: string; values: string[]; pricePaise: number; availability: Availability; photo: string | null }[];
  shipping?: ShippingFacts;
  returns?: ReturnFacts;
}): JsonLdObject {
  const known = p.options.map((o) => VARIES_BY[o.name.trim().toLowerCase()]);
  const brand = { "@type": "Brand", name: p.brand };
  return {
    "@context": "https://schema.org",
    "@type": "ProductGroup",
    name: p.name,
    description: p.description,
    url: absoluteUrl(`/products/${p.slug}`),
    productGroupID: p.sku,
    image: p.images.map(absoluteUrl),
    ...(p.category ? { category: p.category } : {}),
    brand,
    variesBy: [...new Set(known.flatMap((k) => (k ? [k.url] : [])))],
    hasVariant: p.variants.map((v) => {
      const url = `/products/${p.slug}?variant=${encodeURIComponent(v.slug)}`;
      return {
        "@type": "Product",
        sku: v.sku,
        name: `${p.name}, ${v.label}`,
        ...Object.fromEntries(known.flatMap((k, i) => (k && v.values[i] ? [[k.property, v.values[i]]] : []))),
        image: absoluteUrl(v.photo ?? p.images[0] ?? ""),
        brand,
        offers: offerJsonLd({ url, pricePaise: v.pricePaise, availability: v.availability, shipping: p.shipping, returns: p.returns }),
      };
    }),
  };
}

export function blogPostingJsonLd(b: { title: string; slug: string; description: string; image?: string | null; author: string; publishedAt: string; updatedAt: string; publisher: string }): JsonLdObject {
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: b.title,
    description: b.description,
    ...(b.image ? { image: [absoluteUrl(b.image)] } : {}),
    author: { "@type": "Person", name: b.author },
    publisher: { "@type": "Organization", name: b.publisher },
    datePublished: b.publishedAt,
    dateModified: b.updatedAt,
    mainEntityOfPage: absoluteUrl(`/blog/${b.slug}`),
  };
}

export function faqJsonLd(items: { question: string; answer: string }[]): JsonLdObject {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((f) => ({ "@type": "Question", name: f.question, acceptedAnswer: { "@type": "Answer", text: f.answer } })),
  };
}
