import type { Metadata } from "next";
import Link from "next/link";
import { InlineForm } from "@/components/admin/CategoryForms";
import { OrderButtons } from "@/components/admin/CategoryForms";
import { Badge, Empty, Notice, PageHeader, Section, Table } from "@/components/admin/ui";
import { requireStaffPage } from "@/lib/accounts";
import { can } from "@/lib/accounts/access";
import { listAdminAttributes } from "@/lib/catalog";
import { createAttributeAction, reorderAttributeAction } from "./actions";

export const metadata: Metadata = { title: "Attributes" };

/**
 * /admin/attributes (product:read): the shop's attributes in their order, with their values and
 * how many products use them; product:create adds one, product:update reorders (↑ ↓). Each
 * attribute's values are on its own page.
 */
export default async function AttributesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const staff = await requireStaffPage("/admin/attributes", "product", "read");
  const [attributes, query] = await Promise.all([listAdminAttributes(), searchParams]);
  const canUpdate = can(staff, "product", "update");
  const head = ["Attribute", "Values", "Products", ...(canUpdate ? ["Order"] : [])];
  return (
    <>
      <PageHeader title="Attributes" intro="What products are described by (Material, Size, Assembly, …): product pages list them in this order, and the shop's filter bar offers each one in this order, with the values published products have. Material, Size and Assembly keep their names." />
      {query.deleted ? <Notice tone="green">The attribute is deleted.</Notice> : null}
      <Table caption="Attributes" head={head} empty={attributes.length ? null : <Empty>No attributes yet.</Empty>}>
        {attributes.map((a, i) => (
          <tr key={a.id}>
            <td>
              <Link href={`/admin/attributes/${a.id}`} className="font-medium text-slate-900 underline underline-offset-2">
                {a.name}
              </Link>
              {a.filter ? (
                <span className="ml-2">
                  <Badge tone="blue">Filter</Badge>
                </span>
              ) : null}
            </td>
            <td className="max-w-md">{a.values.length ? a.values.map((v) => v.value).join(", ") : <span className="text-slate-600">None yet</span>}</td>
            <td>{a.productCount}</td>
            {canUpdate ? (
              <td>
                <OrderButtons id={a.id} name={a.name} first={i === 0} last={i === attributes.length - 1} action={reorderAttributeAction} />
              </td>
            ) : null}
          </tr>
        ))}
      </Table>
      {can(staff, "product", "create") ? (
        <div className="mt-4">
          <Section title="New attribute">
            <InlineForm action={createAttributeAction} name="name" label="Name of the new attribute" visibleLabel id="new-attribute" button="Add attribute" placeholder="Colour" maxLength={60} />
          </Section>
        </div>
      ) : null}
    </>
  );
}
