import type { Metadata } from "next";
import Link from "next/link";
import { Badge, Empty, FilterField, FilterForm, inputClass, Notice, PageHeader, Pager, secondaryButtonClass, Select, Table, type Tone } from "@/components/admin/ui";
import { BULK_FORM_ID, BulkBar } from "@/components/admin/BulkBar";
import { requireStaffPage } from "@/lib/accounts";
import { can } from "@/lib/accounts/access";
import { BULK_ACTIONS, type BulkActionName, bulkPermission } from "@/lib/catalog/bulk-schemas";
import { AVAILABILITY_FILTERS, parseProductListQuery, PRODUCT_SORTS, productListHref, PUBLISHED_FILTERS, STOCK_FILTERS } from "@/lib/catalog/admin-list";
import { adminListProducts, listCategories } from "@/lib/catalog";
import { formatCount, formatPaise } from "@/lib/platform/format";
import { formatDateTime } from "@/components/admin/format";
import { bulkPublishAction, bulkStockAction, bulkUpdateAction } from "./actions";

export const metadata: Metadata = { title: "Products" };

const AVAILABILITY_TONE: Record<string, Tone> = { in_stock: "green", made_to_order: "blue", out_of_stock: "red" };

/**
 * /admin/products: every product, published or not. Search, filters, sort and page are the URL
 * (parseProductListQuery), read on the server (adminListProducts: keyset pages on indexed sorts),
 * so a filtered list can be bookmarked and survives a reload.
 */
export default async function ProductsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const { query, ignored } = parseProductListQuery(params);
  const staff = await requireStaffPage(productListHref(query), "product", "read");
  const bulk = (Object.keys(BULK_ACTIONS) as BulkActionName[]).filter((a) => {
    const [resource, verb] = bulkPermission(a);
    return resource === "stock" ? can(staff, "stock", "update") : can(staff, "product", verb);
  });
  const exportHref = `/admin/products/export${productListHref(query).replace("/admin/products", "")}`;
  const [page, categories] = await Promise.all([adminListProducts(query), listCategories()]);
  const categoryOptions: Record<string, string> = {};
  const categoryChoices: { id: number; name: string }[] = [];
  for (const c of categories) {
    categoryOptions[c.slug] = c.name;
    categoryChoices.push({ id: c.id, name: c.name });
    for (const s of c.subcategories) {
      categoryOptions[s.slug] = `— ${s.name}`;
      categoryChoices.push({ id: s.id, name: `— ${s.name}` });
    }
  }
  const filtered = Boolean(query.q || query.category || query.availability || query.stock || query.published);
  return (
    <>
      <PageHeader
        title="Products"
        intro={`${formatCount(page.total, "product")}${filtered ? " match" : ""}.`}
        actions={
          <>
            {can(staff, "product", "export") ? (
              <Link href={exportHref} prefetch={false} className={secondaryButtonClass}>
                Export CSV
              </Link>
            ) : null}
            {can(staff, "product", "create") && can(staff, "product", "update") ? (
              <Link href="/admin/products/import" className={secondaryButtonClass}>
                Import CSV
              </Link>
            ) : null}
          </>
        }
      />
      {ignored.length ? <Notice tone="amber">Ignored what the address could not mean: {ignored.join(", ")}.</Notice> : null}
      {page.unknownCategory ? <Notice tone="amber">There is no category “{query.category}”.</Notice> : null}
      <FilterForm action="/admin/products" label="Filter products" reset={filtered || query.sort ? "/admin/products" : undefined}>
        <FilterField label="Name or SKU" htmlFor="f-q" wide>
          <input id="f-q" name="q" type="search" defaultValue={query.q ?? ""} maxLength={100} className={inputClass} />
        </FilterField>
        <FilterField label="Category" htmlFor="f-category">
          <Select id="f-category" name="category" value={query.category} options={categoryOptions} />
        </FilterField>
        <FilterField label="Availability" htmlFor="f-availability">
          <Select id="f-availability" name="availability" value={query.availability} options={AVAILABILITY_FILTERS} />
        </FilterField>
        <FilterField label="Stock" htmlFor="f-stock">
          <Select id="f-stock" name="stock" value={query.stock} options={STOCK_FILTERS} all="Any" />
        </FilterField>
        <FilterField label="Published" htmlFor="f-published">
          <Select id="f-published" name="published" value={query.published} options={PUBLISHED_FILTERS} all="Either" />
        </FilterField>
        <FilterField label="Sort" htmlFor="f-sort">
          <select id="f-sort" name="sort" defaultValue={query.sort ?? "updated"} className={inputClass}>
            {Object.entries(PRODUCT_SORTS).map(([v, label]) => (
              <option key={v} value={v}>
                {label}
              </option>
            ))}
          </select>
        </FilterField>
      </FilterForm>
      {bulk.length ? <BulkBar actions={{ publish: can(staff, "product", "publish") ? bulkPublishAction : undefined, update: can(staff, "product", "update") ? bulkUpdateAction : undefined, stock: can(staff, "stock", "update") ? bulkStockAction : undefined }} allowed={bulk} categories={categoryChoices} /> : null}
      <Table caption="Products" head={[...(bulk.length ? ["Choose"] : []), "Product", "SKU", "Category", "Price", "Stock", "Availability", "Published", "Changed"]} empty={page.rows.length ? null : <Empty>No product matches these filters.</Empty>}>
        {page.rows.map((p) => (
          <tr key={p.id} data-product={p.slug}>
            {bulk.length ? (
              <td>
                <input type="checkbox" name="ids" value={p.id} form={BULK_FORM_ID} aria-label={`Choose ${p.name}`} />
              </td>
            ) : null}
            <td className="max-w-xs">
              <Link href={`/admin/products/${encodeURIComponent(p.slug)}`} className="font-medium text-slate-900 underline-offset-2 hover:underline">
                {p.name}
              </Link>
              {p.variantCount ? <span className="block text-xs text-slate-600">{formatCount(p.variantCount, "variant")}</span> : null}
            </td>
            <td className="font-mono text-xs whitespace-nowrap">{p.sku}</td>
            <td>{p.category ?? "—"}</td>
            <td className="whitespace-nowrap tabular-nums">
              {formatPaise(p.price)}
              {p.listPrice > p.price ? <s className="ml-1 text-xs text-slate-600">{formatPaise(p.listPrice)}</s> : null}
            </td>
            <td className="tabular-nums">{p.stockQuantity}</td>
            <td>
              <Badge tone={AVAILABILITY_TONE[p.availability]}>{AVAILABILITY_FILTERS[p.availability]}</Badge>
            </td>
            <td>{p.published ? <Badge tone="green">Published</Badge> : <Badge>Draft</Badge>}</td>
            <td className="text-xs whitespace-nowrap text-slate-600">{formatDateTime(p.updatedAt)}</td>
          </tr>
        ))}
      </Table>
      <Pager
        label="Product pages"
        status={page.rows.length ? `Showing ${page.rows.length} of ${page.total}` : ""}
        previous={page.previous ? productListHref(query, { before: page.previous }) : null}
        next={page.next ? productListHref(query, { after: page.next }) : null}
      />
    </>
  );
}
