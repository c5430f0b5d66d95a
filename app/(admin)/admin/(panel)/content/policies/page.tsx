import type { Metadata } from "next";
import Link from "next/link";
import { formatDateTime } from "@/components/admin/format";
import { Badge, PageHeader, Table } from "@/components/admin/ui";
import { requireStaffPage } from "@/lib/accounts";
import { listPolicyTexts } from "@/lib/content";
import { POLICY_SLUGS, POLICY_TITLES } from "@/lib/content/policies";

export const metadata: Metadata = { title: "Policies" };

/** /admin/content/policies (content:read): the five policy pages, each with the generated text or the staff's own. */
export default async function PoliciesPage() {
  await requireStaffPage("/admin/content/policies", "content", "read");
  const texts = await listPolicyTexts();
  return (
    <>
      <PageHeader title="Policies" intro="Each policy page shows the text generated from the business settings and delivery zones, or a text written here that names the same facts as placeholders." />
      <Table caption="Policy pages" head={["Page", "Text", "Changed"]}>
        {POLICY_SLUGS.map((slug) => (
          <tr key={slug}>
            <td>
              <Link href={`/admin/content/policies/${slug}`} className="font-medium text-slate-900 underline underline-offset-2">
                {POLICY_TITLES[slug]}
              </Link>
              <div className="font-mono text-xs text-slate-600">/{slug}</div>
            </td>
            <td>{texts[slug] ? <Badge tone="blue">Written here</Badge> : <Badge>Generated</Badge>}</td>
            <td className="text-xs whitespace-nowrap text-slate-600">{texts[slug] ? formatDateTime(texts[slug]?.updatedAt) : "—"}</td>
          </tr>
        ))}
      </Table>
    </>
  );
}
