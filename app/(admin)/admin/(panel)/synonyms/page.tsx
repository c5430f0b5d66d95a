import type { Metadata } from "next";
import Link from "next/link";
import { SynonymForm } from "@/components/admin/SynonymForms";
import { Badge, Empty, FilterField, FilterForm, inputClass, Notice, PageHeader, Section, Table } from "@/components/admin/ui";
import { requireStaffPage } from "@/lib/accounts";
import { can } from "@/lib/accounts/access";
import { listAdminSynonymRules } from "@/lib/catalog";
import { synonymRuleMatches } from "@/lib/catalog/synonyms";
import { createSynonymAction } from "./actions";

export const metadata: Metadata = { title: "Search synonyms" };

/**
 * /admin/synonyms (product:read): the words shoppers type in the search and what they stand for
 * (lib/catalog/synonyms.ts), searched by any part of a word (?q=, in the URL); product:update adds
 * a rule here and edits or deletes one on its own page. The shop's search reads them again within
 * seconds of a change.
 */
export default async function SynonymsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const raw = typeof params.q === "string" ? params.q : "";
  const q = raw.trim().slice(0, 100);
  const staff = await requireStaffPage(q ? `/admin/synonyms?q=${encodeURIComponent(q)}` : "/admin/synonyms", "product", "read");
  const all = await listAdminSynonymRules();
  const rules = q ? all.filter((r) => synonymRuleMatches(r, q)) : all;
  const canUpdate = can(staff, "product", "update");
  return (
    <>
      <PageHeader
        title="Search synonyms"
        intro={
          <>
            The words shoppers type that are not the shop&apos;s own: Hindi and Hinglish names, other spellings, other English words. A <strong>one-way</strong> rule makes each word also find what it means: with <em>parda, parde → curtain</em>, a search for “parda” shows curtains, while “curtain” does not look for parda. A <strong>two-way</strong> group (nothing under “They mean”) makes every word find the others: with <em>rug ↔ carpet</em>, “rug” finds carpets and “carpet” finds rugs. Typos, plurals and “bed sheet” against “bedsheet” need no rule.
          </>
        }
      />
      {params.deleted ? <Notice tone="green">The synonym rule is deleted.</Notice> : null}
      {canUpdate ? (
        <div className="mb-5">
          <Section title="New rule">
            <SynonymForm id={null} initial={{ words: "", means: "" }} action={createSynonymAction} submitLabel="Add rule" />
          </Section>
        </div>
      ) : null}
      <FilterForm action="/admin/synonyms" label="Search synonyms" reset={q ? "/admin/synonyms" : undefined}>
        <FilterField label="A word" htmlFor="s-q" wide>
          <input id="s-q" name="q" type="search" defaultValue={q} maxLength={100} className={inputClass} />
        </FilterField>
      </FilterForm>
      <Table caption="Search synonyms" head={["Shoppers type", "They mean", "Kind", ...(canUpdate ? ["Edit"] : [])]} empty={rules.length ? null : <Empty>{q ? `No rule has a word with “${q}”.` : "No synonyms yet."}</Empty>}>
        {rules.map((r) => (
          <tr key={r.id} data-testid="synonym-rule">
            <td className="max-w-sm">{r.words.join(", ")}</td>
            <td className="max-w-sm">{r.means.length ? `→ ${r.means.join(", ")}` : <span className="text-slate-600">↔ each other</span>}</td>
            <td>{r.means.length ? <Badge tone="grey">One-way</Badge> : <Badge tone="blue">Two-way</Badge>}</td>
            {canUpdate ? (
              <td>
                <Link href={`/admin/synonyms/${r.id}`} className="text-slate-800 underline underline-offset-2" aria-label={`Edit ${r.words.join(", ")}`}>
                  Edit
                </Link>
              </td>
            ) : null}
          </tr>
        ))}
      </Table>
      <p className="mt-2 text-xs text-slate-600">
        {q ? `${rules.length} of ${all.length} rules.` : `${all.length} ${all.length === 1 ? "rule" : "rules"}.`}
      </p>
    </>
  );
}
