import type { Metadata } from "next";
import Link from "next/link";
import { CategoryForm } from "@/components/admin/CategoryForms";
import { PageHeader } from "@/components/admin/ui";
import { requireStaffPage } from "@/lib/accounts";
import { listAdminCategories } from "@/lib/catalog";
import { parentChoices } from "@/lib/catalog/category-tree";
import { getConfig } from "@/lib/platform/config";
import { createCategoryAction } from "../actions";

export const metadata: Metadata = { title: "New category" };

/** /admin/categories/new (product:create): the category form, empty (?parent= preselects a parent); its cover comes next, on its page. */
export default async function NewCategoryPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireStaffPage("/admin/categories/new", "product", "create");
  const [tree, query] = await Promise.all([listAdminCategories(), searchParams]);
  const parents = parentChoices(tree, null).map((p) => ({ id: p.id, name: p.name }));
  const asked = typeof query.parent === "string" && parents.some((p) => String(p.id) === query.parent) ? query.parent : "";
  return (
    <>
      <PageHeader title="New category" intro="Its cover comes next, on the category's page." />
      <CategoryForm id={null} initial={{ name: "", slug: "", parent_id: asked, description: "", meta_title: "", meta_description: "", sort_order: "" }} parents={parents} action={createCategoryAction} origin={getConfig().siteUrl} />
      <p className="text-sm">
        <Link href="/admin/categories" className="text-slate-800 underline underline-offset-2">
          ← All categories
        </Link>
      </p>
    </>
  );
}
