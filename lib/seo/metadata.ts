import type { Metadata } from "next";

/** One builder for page metadata: unique title and description, canonical URL, Open Graph and Twitter. */
export function pageMetadata(input: {
  title: string;
  description: string;
  path: string;
  image?: string | null;
  type?: "website" | "article";
  siteName?: string;
  noIndex?: boolean;
}): Metadata {
  const description = input.description.length > 300 ? `${input.description.slice(0, 297).trimEnd()}…` : input.description;
  const images = input.image ? [{ url: input.image }] : undefined;
  return {
    title: input.title,
    description,
    alternates: { canonical: input.path },
    openGraph: {
      title: input.title,
      description,
      url: input.path,
      siteName: input.siteName,
      type: input.type ?? "website",
      locale: "en_IN",
      images,
    },
    twitter: { card: images ? "summary_large_image" : "summary", title: input.title, description, images: input.image ? [input.image] : undefined },
    ...(input.noIndex ? { robots: { index: false, follow: true } } : {}),
  };
}
