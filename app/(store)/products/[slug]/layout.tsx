import type { ReactNode } from "react";
import { productOpenGraph } from "@/lib/seo/metadata";
import { getProductBySlug } from "@/lib/catalog";
import { slugParam } from "@/lib/platform/fields";

type Props = { children: ReactNode; params: Promise<{ slug: string }> };

/**
 * The product page's og:type and product:* tags (lib/seo/metadata.ts productOpenGraph), which
 * Next's Metadata API cannot write: React places these <meta> elements in the document's head.
 * The product is the page's own cached read, so this costs no query.
 */
export default async function ProductLayout({ children, params }: Props) {
  const { slug } = await params;
  const product = slugParam.safeParse(slug).success ? await getProductBySlug(slug) : null;
  return (
    <>
      {product ? productOpenGraph({ pricePaise: product.price, availability: product.availability }).map((tag) => <meta key={tag.property} property={tag.property} content={tag.content} />) : null}
      {children}
    </>
  );
}
