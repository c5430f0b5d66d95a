import type { Metadata } from "next";
import Link from "next/link";
import { JsonLd } from "@/components/seo/JsonLd";
import { Breadcrumb } from "@/components/ui/Breadcrumb";
import { Icon } from "@/components/ui/Icon";
import { displayPhone, telHref } from "@/lib/platform/phone";
import { listFaqs } from "@/lib/content";
import { faqFacts, faqFromRow } from "@/lib/content/faqs";
import { policyFacts } from "@/lib/content/policies";
import { faqJsonLd } from "@/lib/seo/jsonld";
import { pageMetadata } from "@/lib/seo/metadata";
import { brandShareImage } from "@/lib/seo/share-image";
import { getActiveZones } from "@/lib/cart";
import { getSiteSettings } from "@/lib/platform/settings";

export const revalidate = 3600;

export async function generateMetadata(): Promise<Metadata> {
  const s = await getSiteSettings();
  return pageMetadata({
    title: "Frequently Asked Questions",
    description: `Answers about ordering, delivery times, returns, made-to-measure curtains and blinds, fabric care, payments, installation and bulk orders at ${s.website_name || "our store"}.`,
    path: "/faqs",
    image: brandShareImage(s),
    siteName: s.website_name,
  });
}

/** The questions as native disclosure widgets: they open with a click, Enter or Space, without JavaScript. */
export default async function FaqsPage() {
  const [settings, zones, rows] = await Promise.all([getSiteSettings(), getActiveZones(), listFaqs()]);
  // The questions staff keep in the back office, the shop's facts filled in from the settings.
  const facts = faqFacts(policyFacts(settings, displayPhone, zones));
  const items = rows.map((row) => faqFromRow(row, facts));
  return (
    <div className="container-page py-10">
      <JsonLd data={faqJsonLd(items)} />
      <Breadcrumb items={[{ name: "Home", href: "/" }, { name: "FAQs" }]} />
      <div className="mx-auto mt-4 max-w-3xl">
        <h1 className="text-4xl text-navy">Frequently Asked Questions</h1>
        <p className="mt-3 text-lg text-ink/80">
          Quick answers about ordering, delivery, returns and our made-to-measure services. Cannot find what you need? Our team replies to every message within 24 hours.
        </p>
        <div className="mt-8 divide-y divide-sand rounded-xl bg-white shadow-sm" data-testid="faq-list">
          {items.map((item, i) => (
            <details key={item.question} className="group px-5 py-1" name="faq">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-4 text-left font-semibold text-navy marker:hidden [&::-webkit-details-marker]:hidden">
                <h2 id={`faq-${i + 1}`} className="font-sans text-base md:text-lg">
                  {item.question}
                </h2>
                <Icon name="down" className="shrink-0 text-saffron transition-transform group-open:rotate-180" />
              </summary>
              <div className="pb-5 leading-relaxed text-ink/85">
                <p>{item.answer}</p>
                {item.link ? (
                  <p className="mt-2">
                    <Link href={item.link.href} className="text-saffron-dark underline">
                      {item.link.label}
                    </Link>
                  </p>
                ) : null}
              </div>
            </details>
          ))}
        </div>
        <section aria-labelledby="still-have-questions" className="mt-10 rounded-xl bg-navy p-6 text-white">
          <h2 id="still-have-questions" className="text-2xl">
            Still have a question?
          </h2>
          <p className="mt-2 text-sand/90">Write to us or call the store; we reply within 24 hours.</p>
          <div className="mt-4 flex flex-wrap gap-3">
            <Link href="/contact-us" className="btn-primary">
              Contact Us
            </Link>
            {settings.contact_phone ? (
              <a href={telHref(settings.contact_phone)} className="inline-flex items-center gap-2 rounded-full border border-white/30 px-5 py-3 text-sm font-semibold hover:bg-white/10">
                <Icon name="phone" size={16} /> {displayPhone(settings.contact_phone)}
              </a>
            ) : null}
          </div>
        </section>
      </div>
    </div>
  );
}
