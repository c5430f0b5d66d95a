import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { PhotoManager } from "@/components/admin/editor/PhotoManager";
import { ProductActions } from "@/components/admin/editor/ProductActions";
import { ProductEditor } from "@/components/admin/editor/ProductEditor";
import { VariantEditor } from "@/components/admin/editor/VariantEditor";
import { Badge, Notice, PageHeader, Section } from "@/components/admin/ui";
import { requireStaffPage } from "@/lib/accounts";
import { can } from "@/lib/accounts/access";
import { adminProductDetail, editorChoices, editorVariants, getAdminProduct } from "@/lib/catalog";
import { productForm } from "@/lib/catalog/product-editor";
import { getConfig } from "@/lib/platform/config";
import { addAttributeValueAction, adjustVariantStockAction, archiveProductAction, deletePhotoAction, deleteProductAction, duplicateProductAction, reorderPhotosAction, saveProductAction, saveVariantsAction, updatePhotoAction } from "./actions";
import { ReadOnlyProduct, StockLedger } from "./read-only";

type Params = { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  return { title: `Product ${decodeURIComponent((await params).slug)}` };
}

const rupeesText = (paise: number) => (paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2));

/**
 * /admin/products/[slug]: the product editor for a role with product:update (every field, photos,
 * variants, duplicate / archive / delete), the read-only page for one with product:read only.
 * Every change is a server action over the catalog's services (./actions.ts).
 */
export default async function ProductPage({ params, searchParams }: Params) {
  const { slug } = await params;
  const staff = await requireStaffPage(`/admin/products/${encodeURIComponent(slug)}`, "product", "read");
  const detail = await adminProductDetail(slug);
  if (!detail) notFound();
  if (!can(staff, "product", "update")) return <ReadOnlyProduct product={detail} staff={staff} />;

  const [product, choices, variants, query] = await Promise.all([getAdminProduct({ slug }), editorChoices(), editorVariants(detail.id), searchParams]);
  if (!product) notFound();
  const photoPaths = product.photos.map((p) => ({ path: p.path, alt: p.alt }));
  const save = saveProductAction.bind(null, product.slug);
  const notice = query.created ? "The product is created as a draft. Add its photos and variants, then publish it." : query.duplicated ? "This is the copy: a draft without stock." : query.saved ? "Saved. The old address now redirects here." : null;

  return (
    <>
      <PageHeader
        title={product.name}
        intro={
          <>
            SKU <span className="font-mono">{product.sku}</span> · {product.archivedAt ? <Badge tone="amber">Archived</Badge> : product.published ? <Badge tone="green">Published</Badge> : <Badge>Draft</Badge>}
            {product.everOrdered ? " · Ordered before: it can be archived, not deleted." : ""}
          </>
        }
        actions={
          <>
            {product.published ? (
              <Link href={`/products/${encodeURIComponent(product.slug)}`} className="self-center text-sm text-slate-800 underline underline-offset-2">
                View in the shop
              </Link>
            ) : null}
            <ProductActions
              slug={product.slug}
              name={product.name}
              archived={product.archivedAt !== null}
              canDuplicate={can(staff, "product", "create")}
              canArchive={can(staff, "product", "publish")}
              canDelete={can(staff, "product", "delete") && !product.everOrdered}
              duplicate={duplicateProductAction}
              archive={archiveProductAction}
              remove={deleteProductAction}
            />
          </>
        }
      />
      {notice ? <Notice tone="green">{notice}</Notice> : null}
      <ProductEditor
        slug={product.slug}
        initial={productForm(product, choices.attributeNames)}
        soldByVariant={product.variants.length > 0}
        categories={choices.categories}
        attributes={choices.attributes}
        gstRates={choices.gstRates}
        gstDefaultRate={choices.gstDefaultRate}
        origin={choices.origin}
        shopName={choices.shopName}
        photoPaths={photoPaths}
        can={{ publish: can(staff, "product", "publish"), stock: can(staff, "stock", "update") }}
        save={save}
        addValue={addAttributeValueAction}
      />
      <Section title={`Photos (${product.photos.length})`}>
        <PhotoManager slug={product.slug} systemKey={getConfig().systemKey} photos={product.photos} reorder={reorderPhotosAction} update={updatePhotoAction} remove={deletePhotoAction} />
      </Section>
      <Section title={`Variants (${product.variants.length})`}>
        <VariantEditor
          slug={product.slug}
          baseSku={product.sku}
          defaultPrice={rupeesText(product.price)}
          options={variants.options.map((o) => ({ name: o.name, values: o.values.join(", ") }))}
          rows={variants.variants.map((v) => ({ options: v.values, label: v.label, sku: v.sku, price: rupeesText(v.price), compareAt: v.listPrice > v.price ? rupeesText(v.listPrice) : "", initialStock: "0", madeToOrder: v.madeToOrder, photo: v.photo ?? "", existing: true }))}
          stock={Object.fromEntries(variants.variants.map((v) => [v.sku, v.stockQuantity]))}
          photos={photoPaths}
          canStock={can(staff, "stock", "update")}
          save={saveVariantsAction}
          adjust={adjustVariantStockAction}
        />
      </Section>
      {can(staff, "stock", "read") ? <StockLedger product={detail} /> : null}
      {product.oldSlugs.length ? <p className="mb-4 text-xs text-slate-600">Old addresses that redirect here: {product.oldSlugs.map((s) => `/products/${s}`).join(", ")}</p> : null}
      <p className="text-sm">
        <Link href="/admin/products" className="text-slate-800 underline underline-offset-2">
          ← All products
        </Link>
      </p>
    </>
  );
}
