import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { PolicyEditor } from "@/components/admin/content/PolicyEditor";
import { PageHeader } from "@/components/admin/ui";
import { requireStaffPage } from "@/lib/accounts";
import { can } from "@/lib/accounts/access";
import { listPolicyTexts } from "@/lib/content";
import { FAQ_PLACEHOLDERS } from "@/lib/content/faqs";
import { POLICY_SLUGS, POLICY_TITLES, type PolicySlug } from "@/lib/content/policies";
import { savePolicyTextAction } from "../../policy-actions";

export const metadata: Metadata = { title: "Policy" };

/** /admin/content/policies/{slug} (content:read; saving content:update): the policy page's text. */
export default async function PolicyTextPage({ params }: { params: Promise<{ slug: string }> }) {
  const raw = (await params).slug;
  const staff = await requireStaffPage(`/admin/content/policies/${encodeURIComponent(raw)}`, "content", "read");
  if (!(POLICY_SLUGS as readonly string[]).includes(raw)) notFound();
  const slug = raw as PolicySlug;
  const text = (await listPolicyTexts())[slug];
  return (
    <>
      <PageHeader title={POLICY_TITLES[slug]} intro={text ? `/${slug} shows the text written here.` : `/${slug} shows the generated text; write one here to replace its sections (its title, key points and the policies at a glance stay generated).`} />
      {can(staff, "content", "update") ? (
        <PolicyEditor initial={text?.body ?? ""} placeholders={FAQ_PLACEHOLDERS} save={savePolicyTextAction.bind(null, slug)} />
      ) : (
        <p className="text-sm text-slate-700">Your role may read this page; changing it needs content:update.</p>
      )}
      <p className="mt-6 text-sm">
        <a href={`/${slug}`} className="text-slate-800 underline underline-offset-2">
          Open /{slug}
        </a>{" "}
        ·{" "}
        <Link href="/admin/content/policies" className="text-slate-800 underline underline-offset-2">
          ← All policies
        </Link>
      </p>
    </>
  );
}
