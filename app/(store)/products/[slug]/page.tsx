import type { Metadata } from "next";
import { listFeaturedProducts } from "@/lib/catalog";
import { ProductPageBody, productPageMetadata } from "./product-page";

export const revalidate = 3600;
export const dynamicParams = true;

type Props = { params: Promise<{ slug: string }> };

/** Featured products are built ahead; every other product is rendered on its first visit and then cached. */
export async function generateStaticParams() {
  return (await listFeaturedProducts()).map((p) => ({ slug: p.slug }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return productPageMetadata((await params).slug);
}

/** /products/{slug}: the product (./product-page.tsx); with ?variant= it is ./variant/[variant]/page.tsx. */
export default async function ProductPage({ params }: Props) {
  return <ProductPageBody slug={(await params).slug} />;
}
