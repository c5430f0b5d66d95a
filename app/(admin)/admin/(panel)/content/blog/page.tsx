import type { Metadata } from "next";
import Link from "next/link";
import { formatDateTime } from "@/components/admin/format";
import { Badge, buttonClass, Empty, FilterField, FilterForm, inputClass, Notice, PageHeader, Pager, Select, Table } from "@/components/admin/ui";
import { requireStaffPage } from "@/lib/accounts";
import { can } from "@/lib/accounts/access";
import { listAdminBlogs } from "@/lib/content";
import { blogListQuerySchema } from "@/lib/content/content-schemas";
import { formatCount } from "@/lib/platform/format";
import { hrefWith, lenientQuery } from "../../../_lib/params";

export const metadata: Metadata = { title: "Blog posts" };

const STATE = { draft: ["Draft", "grey"], scheduled: ["Scheduled", "amber"], published: ["Published", "green"] } as const;

/** /admin/content/blog (content:read): every post, newest first, 50 a page; filter by state, search the titles; the state is the URL. */
export default async function BlogListPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const { query, ignored, raw } = lenientQuery(blogListQuerySchema, params);
  const staff = await requireStaffPage(hrefWith("/admin/content/blog", raw, { page: query.page }), "content", "read");
  const result = await listAdminBlogs(query);
  return (
    <>
      <PageHeader
        title="Blog posts"
        intro={`${formatCount(result.total, "post")}, newest first.`}
        actions={
          can(staff, "content", "create") ? (
            <Link href="/admin/content/blog/new" className={buttonClass}>
              New post
            </Link>
          ) : null
        }
      />
      {params.deleted ? <Notice tone="green">The blog post is deleted.</Notice> : null}
      {ignored.length ? <Notice tone="amber">Ignored what the address could not mean: {ignored.join(", ")}.</Notice> : null}
      <FilterForm action="/admin/content/blog" label="Filter blog posts" reset={query.q || query.status !== "all" ? "/admin/content/blog" : undefined}>
        <FilterField label="Title" htmlFor="b-q" wide>
          <input id="b-q" name="q" type="search" defaultValue={query.q ?? ""} maxLength={100} className={inputClass} />
        </FilterField>
        <FilterField label="State" htmlFor="b-status">
          <Select id="b-status" name="status" value={query.status === "all" ? undefined : query.status} options={{ draft: "Draft", scheduled: "Scheduled", published: "Published" }} />
        </FilterField>
      </FilterForm>
      <Table caption="Blog posts" head={["Title", "State", "Shown from", "Author", "Changed"]} empty={result.items.length ? null : <Empty>No post matches.</Empty>}>
        {result.items.map((p) => (
          <tr key={p.id}>
            <td>
              <Link href={`/admin/content/blog/${p.id}`} className="font-medium text-slate-900 underline underline-offset-2">
                {p.title}
              </Link>
              <div className="font-mono text-xs text-slate-600">/blog/{p.slug}</div>
            </td>
            <td>
              <Badge tone={STATE[p.status][1]}>{STATE[p.status][0]}</Badge>
            </td>
            <td className="text-xs whitespace-nowrap text-slate-600">{p.status === "draft" ? "—" : formatDateTime(p.publishedAt)}</td>
            <td>{p.author}</td>
            <td className="text-xs whitespace-nowrap text-slate-600">{formatDateTime(p.updatedAt)}</td>
          </tr>
        ))}
      </Table>
      <Pager
        label="Blog post pages"
        status={result.total ? `Page ${result.page} of ${result.lastPage}` : ""}
        previous={result.page > 1 ? hrefWith("/admin/content/blog", raw, { page: result.page - 1 }) : null}
        next={result.page < result.lastPage ? hrefWith("/admin/content/blog", raw, { page: result.page + 1 }) : null}
      />
    </>
  );
}
