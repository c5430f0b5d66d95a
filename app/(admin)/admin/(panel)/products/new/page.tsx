import type { Metadata } from "next";
import Link from "next/link";
import { ProductEditor } from "@/components/admin/editor/ProductEditor";
import { PageHeader } from "@/components/admin/ui";
import { requireStaffPage } from "@/lib/accounts";
import { can } from "@/lib/accounts/access";
import { editorChoices } from "@/lib/catalog";
import { emptyProductForm } from "@/lib/catalog/product-editor";
import { addAttributeValueAction, createProductAction } from "../[slug]/actions";

export const metadata: Metadata = { title: "New product" };

/** /admin/products/new (product:create): the editor, empty; photos and variants follow once it exists. */
export default async function NewProductPage() {
  const staff = await requireStaffPage("/admin/products/new", "product", "create");
  const choices = await editorChoices();
  return (
    <>
      <PageHeader title="New product" intro="A draft until you publish it. Photos and variants come next, on the product's page." />
      <ProductEditor
        initial={emptyProductForm(choices.attributeNames)}
        soldByVariant={false}
        categories={choices.categories}
        attributes={choices.attributes}
        gstRates={choices.gstRates}
        gstDefaultRate={choices.gstDefaultRate}
        origin={choices.origin}
        shopName={choices.shopName}
        photoPaths={[]}
        can={{ publish: can(staff, "product", "publish"), stock: can(staff, "stock", "update") }}
        save={createProductAction}
        addValue={can(staff, "product", "update") ? addAttributeValueAction : undefined}
      />
      <p className="text-sm">
        <Link href="/admin/products" className="text-slate-800 underline underline-offset-2">
          ← All products
        </Link>
      </p>
    </>
  );
}
