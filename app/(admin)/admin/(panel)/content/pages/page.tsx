import type { Metadata } from "next";
import Link from "next/link";
import { formatDateTime } from "@/components/admin/format";
import { Badge, buttonClass, Empty, Notice, PageHeader, Pager, Table } from "@/components/admin/ui";
import { requireStaffPage } from "@/lib/accounts";
import { can } from "@/lib/accounts/access";
import { listAdminPages } from "@/lib/content";
import { pageListQuerySchema } from "@/lib/content/content-schemas";
import { formatCount } from "@/lib/platform/format";
import { hrefWith, lenientQuery } from "../../../_lib/params";

export const metadata: Metadata = { title: "Pages" };

/** /admin/content/pages (content:read): the CMS pages (/{slug}: a text and a product grid), by title, 50 a page. */
export default async function PagesListPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const { query, ignored, raw } = lenientQuery(pageListQuerySchema, params);
  const staff = await requireStaffPage(hrefWith("/admin/content/pages", raw, { page: query.page }), "content", "read");
  const result = await listAdminPages(query);
  return (
    <>
      <PageHeader
        title="Pages"
        intro={`${formatCount(result.total, "page")}: each at its own address, with its text and a grid of products.`}
        actions={
          can(staff, "content", "create") ? (
            <Link href="/admin/content/pages/new" className={buttonClass}>
              New page
            </Link>
          ) : null
        }
      />
      {params.deleted ? <Notice tone="green">The page is deleted.</Notice> : null}
      {ignored.length ? <Notice tone="amber">Ignored what the address could not mean: {ignored.join(", ")}.</Notice> : null}
      <Table caption="Pages" head={["Title", "State", "Changed"]} empty={result.items.length ? null : <Empty>No page yet.</Empty>}>
        {result.items.map((p) => (
          <tr key={p.id}>
            <td>
              <Link href={`/admin/content/pages/${p.id}`} className="font-medium text-slate-900 underline underline-offset-2">
                {p.title}
              </Link>
              <div className="font-mono text-xs text-slate-600">/{p.slug}</div>
            </td>
            <td>{p.published ? <Badge tone="green">Published</Badge> : <Badge>Draft</Badge>}</td>
            <td className="text-xs whitespace-nowrap text-slate-600">{formatDateTime(p.updatedAt)}</td>
          </tr>
        ))}
      </Table>
      <Pager
        label="Page list pages"
        status={result.total ? `Page ${result.page} of ${result.lastPage}` : ""}
        previous={result.page > 1 ? hrefWith("/admin/content/pages", raw, { page: result.page - 1 }) : null}
        next={result.page < result.lastPage ? hrefWith("/admin/content/pages", raw, { page: result.page + 1 }) : null}
      />
    </>
  );
}
