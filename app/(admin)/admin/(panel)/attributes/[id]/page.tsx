import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { DeleteForm, InlineForm } from "@/components/admin/CategoryForms";
import { Badge, Empty, Notice, PageHeader, Section, Table } from "@/components/admin/ui";
import { requireStaffPage } from "@/lib/accounts";
import { can } from "@/lib/accounts/access";
import { getAdminAttribute } from "@/lib/catalog";
import { addValueAction, deleteAttributeAction, deleteValueAction, renameAttributeAction, renameValueAction } from "../actions";

type Params = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const metadata: Metadata = { title: "Attribute" };

/**
 * /admin/attributes/[id] (product:read): the attribute's values with how many products have
 * each and its address key in the shop's filters; product:update renames it (not Material, Size
 * or Assembly: a rename changes the key) and adds and renames values,
 * product:delete deletes a value or the attribute no product uses. Products get their values in
 * the product editor's Attributes.
 */
export default async function AttributePage({ params, searchParams }: Params) {
  const { id: raw } = await params;
  const staff = await requireStaffPage(`/admin/attributes/${encodeURIComponent(raw)}`, "product", "read");
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  const [attribute, query] = await Promise.all([id === null ? null : getAdminAttribute(id), searchParams]);
  if (!attribute) notFound();
  const canUpdate = can(staff, "product", "update");
  const canDelete = can(staff, "product", "delete");
  const head = ["Value", "Products", ...(canUpdate ? ["Rename"] : []), ...(canDelete ? ["Delete"] : [])];
  return (
    <>
      <PageHeader
        title={attribute.name}
        intro={
          <>
            {attribute.productCount === 1 ? "1 product has" : `${attribute.productCount} products have`} one of its values.{" "}
            The shop&apos;s filter bar offers it once a published product has one of its values, as <span className="font-mono">?{attribute.key}=</span> in the address. Products get their values in the product editor&apos;s Attributes.
          </>
        }
        actions={attribute.filter ? <Badge tone="blue">Filter</Badge> : null}
      />
      {query.created ? <Notice tone="green">The attribute is created. Add its values below.</Notice> : null}
      {canUpdate && !attribute.filter ? (
        <Section title="Name">
          <p className="mb-2 text-sm text-slate-600">
            Renaming it changes its address key (now <span className="font-mono">?{attribute.key}=</span>): filter links shared before stop filtering by it.
          </p>
          <InlineForm action={renameAttributeAction} hidden={{ id: attribute.id }} name="name" label="Name" visibleLabel id="attribute-name" initial={attribute.name} button="Rename" maxLength={60} />
        </Section>
      ) : null}
      <Section title={`Values (${attribute.values.length})`}>
        <Table caption={`Values of ${attribute.name}`} head={head} empty={attribute.values.length ? null : <Empty>No values yet.</Empty>}>
          {attribute.values.map((v) => (
            <tr key={v.id}>
              <td>{v.value}</td>
              <td>{v.productCount}</td>
              {canUpdate ? (
                <td>
                  <InlineForm action={renameValueAction} hidden={{ id: attribute.id, value_id: v.id }} name="value" label={`New name for ${v.value}`} id={`value-${v.id}`} initial={v.value} button="Rename" maxLength={100} />
                </td>
              ) : null}
              {canDelete ? (
                <td>
                  <DeleteForm action={deleteValueAction} hidden={{ id: attribute.id, value_id: v.id }} label="Delete" name={v.value} confirm={`Delete the value ${v.value}?`} />
                </td>
              ) : null}
            </tr>
          ))}
        </Table>
        {canUpdate ? (
          <div className="mt-4">
            <InlineForm action={addValueAction} hidden={{ id: attribute.id }} name="value" label="New value" visibleLabel id="new-value" button="Add value" placeholder={attribute.name === "Material" ? "Linen" : "A value"} maxLength={100} />
          </div>
        ) : null}
      </Section>
      {canDelete && !attribute.filter ? (
        <Section title="Delete">
          <p className="mb-2 text-sm text-slate-600">Only an attribute no product uses can be deleted, with its values.</p>
          <DeleteForm action={deleteAttributeAction} hidden={{ id: attribute.id }} label="Delete attribute" name={attribute.name} confirm={`Delete the attribute ${attribute.name} and its values?`} />
        </Section>
      ) : null}
      <p className="text-sm">
        <Link href="/admin/attributes" className="text-slate-800 underline underline-offset-2">
          ← All attributes
        </Link>
      </p>
    </>
  );
}
