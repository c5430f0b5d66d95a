import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { CategoryForm, CoverForm, DeleteForm } from "@/components/admin/CategoryForms";
import { Facts, Notice, PageHeader, Section } from "@/components/admin/ui";
import { requireStaffPage } from "@/lib/accounts";
import { can } from "@/lib/accounts/access";
import { listAdminCategories } from "@/lib/catalog";
import { parentChoices } from "@/lib/catalog/category-tree";
import { getConfig } from "@/lib/platform/config";
import { deleteCategoryAction, removeCoverAction, updateCategoryAction } from "../actions";

type Params = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const metadata: Metadata = { title: "Category" };

/**
 * /admin/categories/[id] (product:read): the category form with its SEO preview and its cover
 * (editable with product:update; read-only otherwise), its old addresses, and Delete
 * (product:delete: refused while it has products or subcategories, saying how many).
 */
export default async function CategoryPage({ params, searchParams }: Params) {
  const { id: raw } = await params;
  const staff = await requireStaffPage(`/admin/categories/${encodeURIComponent(raw)}`, "product", "read");
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  const [tree, query] = await Promise.all([listAdminCategories(), searchParams]);
  const category = id === null ? undefined : tree.find((c) => c.id === id);
  if (!category) notFound();
  const canUpdate = can(staff, "product", "update");
  const parents = parentChoices(tree, category.id).map((p) => ({ id: p.id, name: p.name }));
  const subcategories = tree.filter((c) => c.parentId === category.id);
  return (
    <>
      <PageHeader
        title={category.name}
        intro={
          <>
            {category.productCount === 1 ? "1 product" : `${category.productCount} products`}
            {subcategories.length ? `, ${subcategories.length === 1 ? "1 subcategory" : `${subcategories.length} subcategories`}` : ""} ·{" "}
            <a href={`/category/${category.slug}`} className="underline underline-offset-2" target="_blank" rel="noreferrer">
              See it in the shop
            </a>
          </>
        }
      />
      {query.created ? <Notice tone="green">The category is created. Add its cover below.</Notice> : null}
      <CategoryForm
        id={category.id}
        initial={{
          name: category.name,
          slug: category.slug,
          parent_id: category.parentId === null ? "" : String(category.parentId),
          description: category.description ?? "",
          meta_title: category.metaTitle ?? "",
          meta_description: category.metaDescription ?? "",
          sort_order: String(category.sortOrder),
        }}
        parents={parents}
        action={updateCategoryAction}
        origin={getConfig().siteUrl}
        readOnly={!canUpdate}
      />
      <Section title="Cover">
        {canUpdate ? (
          <CoverForm id={category.id} name={category.name} cover={category.coverImage} systemKey={getConfig().systemKey} remove={removeCoverAction} />
        ) : (
          <Facts items={[["Cover", category.coverImage ?? "None"]]} />
        )}
      </Section>
      {subcategories.length ? (
        <Section title="Subcategories">
          <ul className="list-disc pl-5 text-sm">
            {subcategories.map((s) => (
              <li key={s.id}>
                <Link href={`/admin/categories/${s.id}`} className="underline underline-offset-2">
                  {s.name}
                </Link>{" "}
                ({s.productCount === 1 ? "1 product" : `${s.productCount} products`})
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      {category.oldSlugs.length ? (
        <Section title="Old addresses">
          <p className="mb-2 text-sm text-slate-600">These addresses redirect here for good.</p>
          <ul className="list-disc pl-5 font-mono text-xs">
            {category.oldSlugs.map((s) => (
              <li key={s}>/category/{s}</li>
            ))}
          </ul>
        </Section>
      ) : null}
      {can(staff, "product", "delete") ? (
        <Section title="Delete">
          <p className="mb-2 text-sm text-slate-600">Only a category without products and subcategories can be deleted: move them first.</p>
          <DeleteForm action={deleteCategoryAction} hidden={{ id: category.id }} label="Delete category" name={category.name} confirm={`Delete the category ${category.name}?`} />
        </Section>
      ) : null}
      <p className="text-sm">
        <Link href="/admin/categories" className="text-slate-800 underline underline-offset-2">
          ← All categories
        </Link>
      </p>
    </>
  );
}
