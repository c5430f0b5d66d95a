import type { Metadata } from "next";
import Link from "next/link";
import { MoveForm, OrderButtons } from "@/components/admin/CategoryForms";
import { Badge, buttonClass, Empty, Notice, PageHeader, Table } from "@/components/admin/ui";
import { requireStaffPage } from "@/lib/accounts";
import { can } from "@/lib/accounts/access";
import { listAdminCategories } from "@/lib/catalog";
import { parentChoices, siblingsOf } from "@/lib/catalog/category-tree";
import { moveCategoryAction, reorderCategoryAction } from "./actions";

export const metadata: Metadata = { title: "Categories" };

/**
 * /admin/categories (product:read): the category tree, each category followed by its
 * subcategories (indented), with its products and subcategories counted. With product:update each
 * row has ↑ ↓ (its place among its siblings: plain buttons, so the keyboard works) and Move (under
 * another top-level category, or to the top, by the tree's two-level rule).
 */
export default async function CategoriesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const staff = await requireStaffPage("/admin/categories", "product", "read");
  const [tree, query] = await Promise.all([listAdminCategories(), searchParams]);
  const canUpdate = can(staff, "product", "update");
  const canCreate = can(staff, "product", "create");
  const head = ["Category", "Slug", "Products", "Subcategories", ...(canUpdate ? ["Order", "Move under"] : [])];
  return (
    <>
      <PageHeader
        title="Categories"
        intro="The shop's categories and their subcategories, in the order the menu and the category pages show them. A category's page lists its own products and its subcategories'."
        actions={
          canCreate ? (
            <Link href="/admin/categories/new" className={buttonClass}>
              New category
            </Link>
          ) : null
        }
      />
      {query.deleted ? <Notice tone="green">The category is deleted.</Notice> : null}
      <Table caption="Categories" head={head} empty={tree.length ? null : <Empty>No categories yet.</Empty>}>
        {tree.map((c) => {
          const siblings = siblingsOf(tree, c.parentId);
          const at = siblings.findIndex((s) => s.id === c.id);
          return (
            <tr key={c.id} data-testid={`category-row-${c.slug}`}>
              <td className={c.depth > 1 ? "pl-8!" : undefined}>
                {c.depth > 1 ? (
                  <span aria-hidden="true" className="mr-1 text-slate-400">
                    └
                  </span>
                ) : null}
                <Link href={`/admin/categories/${c.id}`} className="font-medium text-slate-900 underline underline-offset-2">
                  {c.name}
                </Link>
                {c.depth > 1 ? <span className="sr-only"> (subcategory)</span> : null}
                {c.coverImage ? null : (
                  <span className="ml-2">
                    <Badge tone="amber">No cover</Badge>
                  </span>
                )}
              </td>
              <td className="font-mono text-xs">{c.slug}</td>
              <td>{c.productCount}</td>
              <td>{c.childCount}</td>
              {canUpdate ? (
                <>
                  <td>
                    <OrderButtons id={c.id} name={c.name} first={at === 0} last={at === siblings.length - 1} action={reorderCategoryAction} />
                  </td>
                  <td>
                    <MoveForm id={c.id} name={c.name} parentId={c.parentId} parents={parentChoices(tree, c.id).map((p) => ({ id: p.id, name: p.name }))} action={moveCategoryAction} />
                  </td>
                </>
              ) : null}
            </tr>
          );
        })}
      </Table>
      <p className="mt-3 text-sm text-slate-600">
        The storefront shows two levels: a subcategory goes under a top-level category, and a category with subcategories stays at the top. Attributes (Material, Size, …) are on{" "}
        <Link href="/admin/attributes" className="underline underline-offset-2">
          Attributes
        </Link>
        .
      </p>
    </>
  );
}
