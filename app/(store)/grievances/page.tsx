import type { Metadata } from "next";
import { GrievanceForm } from "@/components/forms/GrievanceForm";
import { Breadcrumb } from "@/components/ui/Breadcrumb";
import { grievanceOfficer } from "@/lib/content/grievance-rules";
import { displayPhone, telHref } from "@/lib/platform/phone";
import { getSiteSettings } from "@/lib/platform/settings";
import { pageMetadata } from "@/lib/seo/metadata";
import { brandShareImage } from "@/lib/seo/share-image";

export const revalidate = 3600;

export async function generateMetadata(): Promise<Metadata> {
  const s = await getSiteSettings();
  return pageMetadata({
    title: "Grievances",
    description: `File a complaint with the grievance officer of ${s.website_name || "our store"}: you get a ticket number at once; we acknowledge within 48 hours and resolve within 30 days.`,
    path: "/grievances",
    image: brandShareImage(s),
    siteName: s.website_name,
  });
}

/**
 * /grievances: the grievance officer's name and contact and the complaint form, as the Consumer
 * Protection (E-Commerce) Rules 2020 (rule 4(4), 4(5)) require: a ticket number for each
 * complaint, acknowledged within 48 hours, resolved within a month.
 */
export default async function GrievancesPage() {
  const s = await getSiteSettings();
  const officer = grievanceOfficer(s);
  return (
    <div className="container-page py-10">
      <Breadcrumb items={[{ name: "Home", href: "/" }, { name: "Grievances" }]} />
      <h1 className="mt-4 text-4xl text-navy md:text-5xl">Grievances</h1>
      <p className="mt-3 max-w-2xl text-lg text-ink/85">
        Not happy with an order, a refund or how we handled something? Tell our grievance officer. You get a ticket number at once; we acknowledge your complaint within 48 hours and resolve it within 30 days.
      </p>
      <div className="mt-10 grid gap-10 lg:grid-cols-[1fr_1.6fr]">
        <section aria-labelledby="officer" className="space-y-2">
          <h2 id="officer" className="text-2xl text-navy">
            Grievance officer
          </h2>
          <p className="font-semibold" data-grievance-officer>
            {officer.name}
          </p>
          {officer.email ? (
            <p>
              <a href={`mailto:${officer.email}`} className="hover:text-saffron-dark">
                {officer.email}
              </a>
            </p>
          ) : null}
          {officer.phone ? (
            <p>
              <a href={telHref(officer.phone)} className="hover:text-saffron-dark">
                {displayPhone(officer.phone)}
              </a>
            </p>
          ) : null}
          {officer.address ? <address className="not-italic text-ink/85">{officer.address}</address> : null}
        </section>
        <section aria-labelledby="complaint">
          <h2 id="complaint" className="mb-5 text-2xl text-navy">
            File a complaint
          </h2>
          <GrievanceForm />
        </section>
      </div>
    </div>
  );
}
