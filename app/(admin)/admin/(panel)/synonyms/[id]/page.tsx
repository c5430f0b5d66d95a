import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { DeleteForm } from "@/components/admin/CategoryForms";
import { SynonymForm } from "@/components/admin/SynonymForms";
import { Facts, PageHeader, Section } from "@/components/admin/ui";
import { requireStaffPage } from "@/lib/accounts";
import { can } from "@/lib/accounts/access";
import { getSynonymRule } from "@/lib/catalog";
import { synonymRuleText } from "@/lib/catalog/synonyms";
import { istDateTime } from "@/components/admin/commerce";
import { deleteSynonymAction, updateSynonymAction } from "../actions";

type Params = { params: Promise<{ id: string }> };

export const metadata: Metadata = { title: "Search synonym" };

/** /admin/synonyms/[id] (product:read): one rule; product:update edits it and deletes it (asked first). */
export default async function SynonymPage({ params }: Params) {
  const { id: raw } = await params;
  const staff = await requireStaffPage(`/admin/synonyms/${encodeURIComponent(raw)}`, "product", "read");
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  const rule = id === null ? null : await getSynonymRule(id);
  if (!rule) notFound();
  const canUpdate = can(staff, "product", "update");
  const text = synonymRuleText(rule);
  return (
    <>
      <PageHeader title={text} intro={rule.means.length ? "One-way: each word shoppers type also finds what it means." : "Two-way: every word finds the others."} />
      <Facts
        items={[
          ["Added", istDateTime(rule.createdAt)],
          ["Last changed", istDateTime(rule.updatedAt)],
        ]}
      />
      {canUpdate ? (
        <>
          <div className="my-5">
            <Section title="Edit">
              <SynonymForm id={rule.id} initial={{ words: rule.words.join(", "), means: rule.means.join(", ") }} action={updateSynonymAction} submitLabel="Save rule" />
            </Section>
          </div>
          <Section title="Delete">
            <p className="mb-2 text-sm text-slate-600">The search stops using this rule within seconds.</p>
            <DeleteForm action={deleteSynonymAction} hidden={{ id: rule.id }} label="Delete rule" name={text} confirm={`Delete the rule ${text}?`} />
          </Section>
        </>
      ) : null}
      <p className="mt-4 text-sm">
        <Link href="/admin/synonyms" className="text-slate-800 underline underline-offset-2">
          ← All search synonyms
        </Link>
      </p>
    </>
  );
}
