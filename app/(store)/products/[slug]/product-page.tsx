import type { Metadata } from "next";
import Image from "next/image";
import { notFound, permanentRedirect, redirect } from "next/navigation";
import { DeliveryCheck } from "@/components/product/DeliveryCheck";
import { DetailsAccordion } from "@/components/product/DetailsAccordion";
import { Gallery } from "@/components/product/Gallery";
import { PurchasePanel } from "@/components/product/PurchasePanel";
import { VariantPicker } from "@/components/product/VariantPicker";
import { ViewTracker } from "@/components/product/ViewTracker";
import { RelatedProducts } from "@/components/product/RelatedProducts";
import { WishlistButton } from "@/components/wishlist/WishlistButton";
import { JsonLd } from "@/components/seo/JsonLd";
import { Breadcrumb } from "@/components/ui/Breadcrumb";
import { PriceTag } from "@/components/catalog/PriceTag";
import { availabilityLabel, availabilityTone, discountLabel } from "@/lib/catalog/display";
import { photoIndex } from "@/lib/catalog/gallery";
import { defaultVariant, variantFromParam } from "@/lib/catalog/variants";
import { productPromise } from "@/lib/cart/delivery";
import { policyFacts } from "@/lib/content/policies";
import { findProductRedirect, getProductBySlug, listRelatedProducts, type ProductDetail, type ProductVariant } from "@/lib/catalog";
import { getActiveZones, getShippingConfig } from "@/lib/cart";
import { htmlToText } from "@/lib/platform/html";
import { getSiteSettings } from "@/lib/platform/settings";
import { breadcrumbJsonLd, productGroupJsonLd, productJsonLd } from "@/lib/seo/jsonld";
import { pageMetadata, productOpenGraph } from "@/lib/seo/metadata";
import { shareImageFor } from "@/lib/seo/share-image";
import { slugParam } from "@/lib/platform/fields";

/**
 * The product page, shared by its two routes: /products/{slug} (./page.tsx) and the same address
 * with ?variant=<slug>, which next.config.ts rewrites to ./variant/[variant]/page.tsx so that
 * each choice is a page of its own, cached like the product's (ISR) rather than rendered per
 * request. A product sold by variant opens on the variant the link names, else on its first one
 * that can be bought; its price, stock, availability, photo, metadata, share image and og:price
 * are that variant's, and its JSON-LD is a ProductGroup with every variant.
 */

type Loaded = { product: ProductDetail; variant: ProductVariant | null };

/**
 * The product and its chosen variant; null for an unknown product. A ?variant= that names none of
 * its variants (a variant removed since the link was shared) sends the shopper to the product's
 * own page rather than answering 404 for a product that is there. A slug the product had before
 * (renamed in the back office) answers a permanent redirect to its slug of today, the chosen
 * variant kept; an unpublished or archived product is not found.
 */
export async function loadProductPage(slug: string, variantParam?: string): Promise<Loaded | null> {
  if (!slugParam.safeParse(slug).success) return null;
  const product = await getProductBySlug(slug);
  if (!product) {
    const current = await findProductRedirect(slug);
    if (current && current !== slug) permanentRedirect(`/products/${current}${variantParam === undefined ? "" : `?variant=${encodeURIComponent(variantParam)}`}`);
    return null;
  }
  if (!product.variants.length) {
    if (variantParam !== undefined) redirect(`/products/${product.slug}`);
    return { product, variant: null };
  }
  const named = variantParam === undefined ? null : variantFromParam(product.variants, variantParam);
  if (variantParam !== undefined && !named) redirect(`/products/${product.slug}`);
  return { product, variant: named ?? defaultVariant(product.variants) };
}

/** "Bagru Dabu Indigo Curtain (9 ft) | Curtains | Kesar Home": the variant after the product's name. */
export function variantTitle(metaTitle: string, name: string, label: string): string {
  return metaTitle.startsWith(name) ? `${name} (${label})${metaTitle.slice(name.length)}` : `${metaTitle} (${label})`;
}

export async function productPageMetadata(slug: string, variantParam?: string): Promise<Metadata> {
  const loaded = await loadProductPage(slug, variantParam);
  if (!loaded) return { title: "Product not found", robots: { index: false } };
  const { product, variant } = loaded;
  const settings = await getSiteSettings();
  const photo = product.photos[photoIndex(product.photos, variant?.photo)];
  const chosen = variantParam !== undefined && variant;
  return pageMetadata({
    // A shared link to a variant says which in its title; the group's page stays the canonical one.
    title: chosen ? variantTitle(product.metaTitle, product.name, variant.label) : product.metaTitle,
    description: htmlToText(product.metaDescription) || product.name,
    path: `/products/${product.slug}`,
    url: chosen ? `/products/${product.slug}?variant=${variant.slug}` : undefined,
    // The chosen variant's photo, else the main photo; og:type and the price are written by ProductPageBody.
    image: shareImageFor(settings, { path: photo?.path ?? product.thumbnail, alt: photo?.alt || product.name }),
    type: "product",
    siteName: settings.website_name || undefined,
  });
}

export async function ProductPageBody({ slug, variantParam }: { slug: string; variantParam?: string }) {
  const loaded = await loadProductPage(slug, variantParam);
  if (!loaded) notFound();
  const { product, variant } = loaded;
  const [related, settings, shippingConfig, zones] = await Promise.all([
    listRelatedProducts(product.id, product.category?.id ?? 0),
    getSiteSettings(),
    getShippingConfig(),
    getActiveZones(),
  ]);
  const shown = variant ?? product;
  const policy = policyFacts(settings, (phone) => phone, zones);
  // In days, not dates, so the cached page stays true all day (dates come with a PIN, per request).
  const promise = productPromise(shown.availability, zones, shippingConfig, new Date());
  const discount = discountLabel(product.discountPercent);
  const crumbs = [
    { name: "Home", path: "/" },
    { name: "Products", path: "/products" },
    { name: product.name, path: `/products/${product.slug}` },
  ];
  const description = product.shortDescription || htmlToText(product.metaDescription) || htmlToText(product.description);
  const shipping = { config: shippingConfig, zones };
  const returns = { windowDays: policy.returnWindowDays, restockingFeePercent: policy.restockingFeePercent };

  return (
    <div className="container-page py-10">
      {/* og:type and product:* (lib/seo/metadata.ts productOpenGraph): React places them in the head. */}
      {productOpenGraph({ pricePaise: shown.price, availability: shown.availability }).map((tag) => (
        <meta key={tag.property} property={tag.property} content={tag.content} />
      ))}
      <Breadcrumb items={crumbs.map((c) => ({ name: c.name, href: c.path }))} />
      <div className="mt-6 grid gap-10 lg:grid-cols-2">
        <Gallery photos={product.photos} name={product.name} initial={photoIndex(product.photos, variant?.photo)} />
        <div className="space-y-6">
          <div>
            {product.category ? <p className="text-sm font-semibold tracking-wide text-saffron-dark uppercase">{product.category.name}</p> : null}
            <h1 className="mt-1 text-3xl leading-tight text-navy md:text-4xl">{product.name}</h1>
            {product.shortDescription ? <p className="mt-3 text-ink/80">{product.shortDescription}</p> : null}
          </div>
          {variant ? null : (
            <>
              <PriceTag price={product.price} listPrice={product.listPrice} size="page">
                {discount ? <span className="rounded-full bg-madder px-3 py-1 text-sm font-semibold text-white">{discount}</span> : null}
              </PriceTag>
              <p className="text-sm text-ink/70">Inclusive of all taxes. SKU {product.sku}</p>
              <p className={`text-sm font-semibold tracking-wide ${availabilityTone(product.availability)}`}>{availabilityLabel(product.availability)}</p>
            </>
          )}
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
          {variant ? (
            <VariantPicker
              productId={product.id}
              productName={product.name}
              options={product.options}
              variants={product.variants.map((v) => ({ sku: v.sku, label: v.label, slug: v.slug, values: v.values, price: v.price, listPrice: v.listPrice, discountPercent: v.discountPercent, stock: v.stockQuantity, availability: v.availability, photo: v.photo }))}
              initial={variant.slug}
            >
              <WishlistButton productId={product.id} slug={product.slug} name={product.name} />
            </VariantPicker>
          ) : (
            <PurchasePanel product={{ id: product.id, slug: product.slug, name: product.name, availability: product.availability, stockQuantity: product.stockQuantity }} />
          )}
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
          product.variants.length
            ? productGroupJsonLd({
                name: product.name,
                slug: product.slug,
                sku: product.sku,
                description,
                images: product.photos.map((p) => p.path),
                category: product.category?.name,
                brand: settings.website_name,
                options: product.options,
                variants: product.variants.map((v) => ({ sku: v.sku, label: v.label, slug: v.slug, values: v.values, pricePaise: v.price, availability: v.availability, photo: v.photo })),
                shipping,
                returns,
              })
            : productJsonLd({
                name: product.name,
                slug: product.slug,
                sku: product.sku,
                // The one-line summary: search engines show a sentence, and the full text is on the page.
                description,
                images: product.photos.map((p) => p.path),
                pricePaise: product.price,
                availability: product.availability,
                category: product.category?.name,
                brand: settings.website_name,
                // The same facts as the Check delivery box and the policy pages.
                shipping,
                returns,
              }),
          breadcrumbJsonLd(crumbs),
        ]}
      />
    </div>
  );
}
