import type { Metadata } from "next";
import { ListEditor, type ListField } from "@/components/admin/content/ListEditor";
import { PageHeader } from "@/components/admin/ui";
import { requireStaffPage } from "@/lib/accounts";
import { can } from "@/lib/accounts/access";
import { listAdminRows } from "@/lib/content";
import { getConfig } from "@/lib/platform/config";
import { createListRowAction, deleteListRowAction, moveListRowAction, saveListRowAction } from "../list-actions";

export const metadata: Metadata = { title: "Home page" };

const SLIDE_FIELDS: ListField[] = [
  { name: "heading", label: "Heading", required: true },
  { name: "subheading", label: "Subheading" },
  { name: "url", label: "Link", hint: "A page of the shop (/category/curtains) or https://…" },
  { name: "button_text", label: "Button text" },
  { name: "link_text", label: "Link text" },
];

const TESTIMONIAL_FIELDS: ListField[] = [
  { name: "name", label: "Name", required: true },
  { name: "location", label: "Place" },
  { name: "rating", label: "Rating", kind: "rating", required: true },
  { name: "quote", label: "Quote", kind: "textarea", required: true },
];

/** /admin/content/home (content:read): the home page's slides (with their photos) and testimonials, in order. */
export default async function HomeContentPage() {
  const staff = await requireStaffPage("/admin/content/home", "content", "read");
  const [slides, testimonials] = await Promise.all([listAdminRows("sliders"), listAdminRows("testimonials")]);
  const rights = { create: can(staff, "content", "create"), update: can(staff, "content", "update"), publish: can(staff, "content", "publish"), delete: can(staff, "content", "delete") };
  const actions = { create: createListRowAction, save: saveListRowAction, move: moveListRowAction, remove: deleteListRowAction };
  return (
    <>
      <PageHeader title="Home page" intro="The slides at the top of the home page and the customers' words lower down, in the order shown. A change shows in the shop at once." />
      <ListEditor kind="sliders" title="Slides" fields={SLIDE_FIELDS} rows={slides} actions={actions} can={rights} systemKey={getConfig().systemKey} />
      <ListEditor kind="testimonials" title="Testimonials" fields={TESTIMONIAL_FIELDS} rows={testimonials} actions={actions} can={rights} systemKey={getConfig().systemKey} />
    </>
  );
}
