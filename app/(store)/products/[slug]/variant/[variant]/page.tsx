import type { Metadata } from "next";
import { ProductPageBody, productPageMetadata } from "../../product-page";

export const revalidate = 3600;
export const dynamicParams = true;

type Props = { params: Promise<{ slug: string; variant: string }> };

/** None built ahead: each variant's page is rendered on its first visit and then cached (ISR). */
export async function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug, variant } = await params;
  return productPageMetadata(slug, variant);
}

/**
 * /products/{slug}?variant={variant}, rewritten here by next.config.ts: the product page with that
 * variant chosen (a shared link), cached per variant like the product's own page.
 */
export default async function ProductVariantPage({ params }: Props) {
  const { slug, variant } = await params;
  return <ProductPageBody slug={slug} variantParam={variant} />;
}
