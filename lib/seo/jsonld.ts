import { getConfig } from "../config";

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
  made_to_order: "https://schema.org/PreOrder",
  out_of_stock: "https://schema.org/OutOfStock",
};

export function productJsonLd(p: {
  name: string;
  slug: string;
  sku: string;
  description: string;
  images: string[];
  pricePaise: number;
  availability: string;
  category?: string;
  brand: string;
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
    offers: {
      "@type": "Offer",
      url: absoluteUrl(`/products/${p.slug}`),
      priceCurrency: "INR",
      price: (p.pricePaise / 100).toFixed(2),
      availability: AVAILABILITY[p.availability] ?? "https://schema.org/InStock",
      itemCondition: "https://schema.org/NewCondition",
    },
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
