import type { Metadata } from "next";
import Image from "next/image";
import { notFound } from "next/navigation";
import { DeliveryCheck } from "@/components/product/DeliveryCheck";
import { DetailsAccordion } from "@/components/product/DetailsAccordion";
import { Gallery } from "@/components/product/Gallery";
import { PurchasePanel } from "@/components/product/PurchasePanel";
import { ViewTracker } from "@/components/product/ViewTracker";
import { RelatedProducts } from "@/components/product/RelatedProducts";
import { JsonLd } from "@/components/seo/JsonLd";
import { Breadcrumb } from "@/components/ui/Breadcrumb";
import { PriceTag } from "@/components/catalog/PriceTag";
import { availabilityLabel, availabilityTone, discountLabel } from "@/lib/catalog/display";
import { productPromise } from "@/lib/cart/delivery";
import { policyFacts } from "@/lib/content/policies";
import { getProductBySlug, listFeaturedProducts, listRelatedProducts } from "@/lib/catalog";
import { getActiveZones, getShippingConfig } from "@/lib/cart";
import { htmlToText } from "@/lib/platform/html";
import { getSiteSettings } from "@/lib/platform/settings";
import { breadcrumbJsonLd, productJsonLd } from "@/lib/seo/jsonld";
import { pageMetadata } from "@/lib/seo/metadata";
import { shareImageFor } from "@/lib/seo/share-image";
import { slugParam } from "@/lib/platform/fields";

export const revalidate = 3600;
export const dynamicParams = true;

type Props = { params: Promise<{ slug: string }> };

/** Featured products are built ahead; every other product is rendered on its first visit and then cached. */
export async function generateStaticParams() {
  return (await listFeaturedProducts()).map((p) => ({ slug: p.slug }));
}

async function load(slug: string) {
  return slugParam.safeParse(slug).success ? getProductBySlug(slug) : null;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const product = await load((await params).slug);
  if (!product) return { title: "Product not found", robots: { index: false } };
  const settings = await getSiteSettings();
  const photo = product.photos[0];
  return pageMetadata({
    title: product.metaTitle,
    description: htmlToText(product.metaDescription) || product.name,
    path: `/products/${product.slug}`,
    // The main photo; og:type and the price are written by ./layout.tsx.
    image: shareImageFor(settings, { path: photo?.path ?? product.thumbnail, alt: photo?.alt || product.name }),
    type: "product",
    siteName: settings.website_name || undefined,
  });
}

export default async function ProductPage({ params }: Props) {
  const product = await load((await params).slug);
  if (!product) notFound();
  const [related, settings, shippingConfig, zones] = await Promise.all([
    listRelatedProducts(product.id, product.category?.id ?? 0),
    getSiteSettings(),
    getShippingConfig(),
    getActiveZones(),
  ]);
  const policy = policyFacts(settings, (phone) => phone, zones);
  // In days, not dates, so the cached page stays true all day (dates come with a PIN, per request).
  const promise = productPromise(product.availability, zones, shippingConfig, new Date());
  const discount = discountLabel(product.discountPercent);
  const crumbs = [
    { name: "Home", path: "/" },
    { name: "Products", path: "/products" },
    { name: product.name, path: `/products/${product.slug}` },
  ];

  return (
    <div className="container-page py-10">
      <Breadcrumb items={crumbs.map((c) => ({ name: c.name, href: c.path }))} />
      <div className="mt-6 grid gap-10 lg:grid-cols-2">
        <Gallery photos={product.photos} name={product.name} />
        <div className="space-y-6">
          <div>
            {product.category ? <p className="text-sm font-semibold tracking-wide text-saffron-dark uppercase">{product.category.name}</p> : null}
            <h1 className="mt-1 text-3xl leading-tight text-navy md:text-4xl">{product.name}</h1>
            {product.shortDescription ? <p className="mt-3 text-ink/80">{product.shortDescription}</p> : null}
          </div>
          <PriceTag price={product.price} listPrice={product.listPrice} size="page">
            {discount ? <span className="rounded-full bg-madder px-3 py-1 text-sm font-semibold text-white">{discount}</span> : null}
          </PriceTag>
          <p className="text-sm text-ink/70">Inclusive of all taxes. SKU {product.sku}</p>
          <p className={`text-sm font-semibold tracking-wide ${availabilityTone(product.availability)}`}>{availabilityLabel(product.availability)}</p>
          {product.attributes.length ? (
            <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
              {product.attributes.map((a) => (
                <div key={a.name} className="contents">
                  <dt className="font-medium text-ink/70">{a.name}</dt>
                  <dd>{a.value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          <PurchasePanel product={{ id: product.id, slug: product.slug, name: product.name, availability: product.availability, stockQuantity: product.stockQuantity }} />
          <DeliveryCheck slug={product.slug} promise={promise} />
          <ViewTracker slug={product.slug} />
          <DetailsAccordion
            sections={[
              { title: "Description", html: product.description, fallback: "No description available." },
              { title: "Key Features", html: product.keyFeatures, fallback: "No Key Features available." },
              { title: "Care Instruction", html: product.careInstructions, fallback: "No Care Instruction available." },
              { title: "Warranty Summary", html: product.warrantySummary, fallback: "No Warranty Summary available." },
              { title: "Return Policy", html: product.returnPolicy, fallback: "No Return Policy available." },
            ]}
          />
        </div>
      </div>

      {product.about ? (
        <section aria-labelledby="about-product" className="defer-render mt-16 grid items-center gap-8 rounded-2xl bg-white p-6 shadow-sm md:grid-cols-2 md:p-10">
          <div>
            <h2 id="about-product" className="text-3xl text-navy">
              {product.about.heading || `About ${product.name}`}
            </h2>
            <div className="rich-text mt-4 text-ink/85" dangerouslySetInnerHTML={{ __html: product.about.description }} />
          </div>
          {product.about.image ? <Image src={product.about.image} alt={`${product.name} in a room`} width={800} height={800} sizes="(min-width: 768px) 40vw, 100vw" className="rounded-xl" /> : null}
        </section>
      ) : null}
      {product.additional ? (
        <section aria-labelledby="additional-info" className="defer-render mt-10 grid items-center gap-8 rounded-2xl bg-sand/60 p-6 md:grid-cols-2 md:p-10">
          {product.additional.image ? <Image src={product.additional.image} alt={`${product.name}, detail`} width={800} height={800} sizes="(min-width: 768px) 40vw, 100vw" className="rounded-xl" /> : null}
          <div>
            <h2 id="additional-info" className="text-3xl text-navy">
              {product.additional.heading || "More about this piece"}
            </h2>
            <div className="rich-text mt-4 text-ink/85" dangerouslySetInnerHTML={{ __html: product.additional.description }} />
          </div>
        </section>
      ) : null}

      <RelatedProducts products={related} />
      <JsonLd
        data={[
          productJsonLd({
            name: product.name,
            slug: product.slug,
            sku: product.sku,
            // The one-line summary: search engines show a sentence, and the full text is on the page.
            description: product.shortDescription || htmlToText(product.metaDescription) || htmlToText(product.description),
            images: product.photos.map((p) => p.path),
            pricePaise: product.price,
            availability: product.availability,
            category: product.category?.name,
            brand: settings.website_name,
            // The same facts as the Check delivery box and the policy pages.
            shipping: { config: shippingConfig, zones },
            returns: { windowDays: policy.returnWindowDays, restockingFeePercent: policy.restockingFeePercent },
          }),
          breadcrumbJsonLd(crumbs),
        ]}
      />
    </div>
  );
}
