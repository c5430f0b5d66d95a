import type { Metadata } from "next";
import { ListEditor, type ListField } from "@/components/admin/content/ListEditor";
import { PageHeader } from "@/components/admin/ui";
import { requireStaffPage } from "@/lib/accounts";
import { can } from "@/lib/accounts/access";
import { listAdminRows } from "@/lib/content";
import { FAQ_PLACEHOLDERS } from "@/lib/content/faqs";
import { getConfig } from "@/lib/platform/config";
import { createListRowAction, deleteListRowAction, moveListRowAction, saveListRowAction } from "../list-actions";

export const metadata: Metadata = { title: "FAQs" };

const FIELDS: ListField[] = [
  { name: "question", label: "Question", required: true },
  { name: "link_href", label: "Link", hint: "Optional: a page of the shop (/return-policy)." },
  { name: "answer", label: "Answer", kind: "textarea", required: true, hint: `The shop's facts stay true when written as placeholders: ${FAQ_PLACEHOLDERS.map((p) => `{${p}}`).join(", ")}.` },
  { name: "link_label", label: "Link text" },
];

/** /admin/content/faqs (content:read): the FAQ page's questions in order; answers may name the shop's facts as placeholders. */
export default async function FaqsContentPage() {
  const staff = await requireStaffPage("/admin/content/faqs", "content", "read");
  const rows = await listAdminRows("faqs");
  return (
    <>
      <PageHeader title="FAQs" intro="The questions of the FAQ page, in order. A placeholder such as {return_window_days} shows the business setting of the moment, so answers never contradict the policies." />
      <ListEditor
        kind="faqs"
        title="Questions"
        fields={FIELDS}
        rows={rows}
        actions={{ create: createListRowAction, save: saveListRowAction, move: moveListRowAction, remove: deleteListRowAction }}
        can={{ create: can(staff, "content", "create"), update: can(staff, "content", "update"), publish: can(staff, "content", "publish"), delete: can(staff, "content", "delete") }}
        systemKey={getConfig().systemKey}
      />
    </>
  );
}
