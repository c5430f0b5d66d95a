import type { Metadata } from "next";
import Link from "next/link";
import { Breadcrumb } from "@/components/ui/Breadcrumb";
import { displayPhone } from "@/lib/platform/phone";
import { deliveryWords, fillPolicyText, NO_DELIVERY, POLICY, POLICY_SLUGS, POLICY_TITLES, policyDocument, policyFacts, type PolicyFacts, type PolicySlug } from "@/lib/content/policies";
import { faqFacts } from "@/lib/content/faqs";
import { getPolicyText } from "@/lib/content";
import { pageMetadata } from "@/lib/seo/metadata";
import { brandShareImage } from "@/lib/seo/share-image";
import { getActiveZones } from "@/lib/cart";
import { getSiteSettings } from "@/lib/platform/settings";

async function facts(): Promise<PolicyFacts> {
  const [settings, zones] = await Promise.all([getSiteSettings(), getActiveZones()]);
  return policyFacts(settings, displayPhone, zones);
}

export async function policyMetadata(slug: PolicySlug): Promise<Metadata> {
  const [f, settings] = await Promise.all([facts(), getSiteSettings()]);
  const doc = policyDocument(slug, f);
  return pageMetadata({ title: doc.title, description: doc.description, path: `/${slug}`, image: brandShareImage(settings), siteName: f.websiteName });
}

/** The key facts of every policy, shown beside each policy so they never disagree. */
function AtAGlance({ f, current }: { f: PolicyFacts; current: PolicySlug }) {
  const delivery = deliveryWords(f);
  const facts: { label: string; value: string }[] = [
    { label: "Warranty", value: `${POLICY.warrantyMonths} months, materials and workmanship` },
    { label: "Return window", value: `${f.returnWindowDays} days from delivery` },
    { label: "Restocking fee", value: `${f.restockingFeePercent}%` },
    { label: "Damaged or defective", value: `Report within ${POLICY.damageClaimDays} days of delivery` },
    { label: "Refunds", value: `Within ${POLICY.refundBusinessDays} business days after inspection` },
    { label: "Order processing", value: `${delivery.making} (made to order)` },
    { label: "Standard shipping", value: delivery.transit ? `${delivery.transit.standard} after dispatch` : NO_DELIVERY },
    { label: "Express shipping", value: delivery.transit ? `${delivery.transit.express} after dispatch, extra fee` : NO_DELIVERY },
  ];
  return (
    <aside aria-labelledby="policies-at-a-glance" className="space-y-6 lg:sticky lg:top-28">
      <div className="rounded-xl bg-white p-6 shadow-sm">
        <h2 id="policies-at-a-glance" className="text-xl text-navy">
          Policies at a glance
        </h2>
        <dl className="mt-4 space-y-3 text-sm">
          {facts.map((item) => (
            <div key={item.label}>
              <dt className="font-semibold text-ink">{item.label}</dt>
              <dd className="text-ink/80">{item.value}</dd>
            </div>
          ))}
        </dl>
      </div>
      <nav aria-label="Policies" className="rounded-xl bg-white p-6 shadow-sm">
        <ul className="space-y-2 text-sm">
          {POLICY_SLUGS.map((slug) => (
            <li key={slug}>
              <Link
                href={`/${slug}`}
                aria-current={slug === current ? "page" : undefined}
                className={slug === current ? "font-semibold text-saffron-dark" : "text-ink/80 hover:text-saffron-dark"}
              >
                {POLICY_TITLES[slug]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}

/** One policy page: breadcrumb, title, key facts, sections, and the policies-at-a-glance box. */
export async function PolicyPage({ slug }: { slug: PolicySlug }) {
  const [f, written] = await Promise.all([facts(), getPolicyText(slug)]);
  const doc = policyDocument(slug, f);
  // A text staff wrote replaces the generated intro and sections; its facts are filled in here.
  const body = written ? fillPolicyText(written.body, faqFacts(f)) : null;
  return (
    <div className="container-page py-10">
      <Breadcrumb items={[{ name: "Home", href: "/" }, { name: doc.title }]} />
      <div className="mt-4 grid gap-10 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <article className="max-w-3xl">
          <h1 className="text-4xl text-navy">{doc.title}</h1>
          {body ? null : <p className="mt-4 text-lg leading-relaxed text-ink/85">{doc.intro}</p>}
          <section aria-labelledby="key-points" className="mt-6 rounded-xl border border-saffron/30 bg-sand/50 p-5">
            <h2 id="key-points" className="text-lg text-navy">
              Key points
            </h2>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-ink/85">
              {doc.summary.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </section>
          {body ? <div className="rich-text mt-8 leading-relaxed text-ink/85" dangerouslySetInnerHTML={{ __html: body }} /> : null}
          {(body ? [] : doc.sections).map((section, i) => (
            <section key={section.heading} aria-labelledby={`policy-section-${i}`} className="mt-8">
              <h2 id={`policy-section-${i}`} className="text-2xl text-navy">
                {section.heading}
              </h2>
              {section.paragraphs?.map((p) => (
                <p key={p} className="mt-3 leading-relaxed text-ink/85">
                  {p}
                </p>
              ))}
              {section.items ? (
                <ul className="mt-3 list-disc space-y-1.5 pl-6 leading-relaxed text-ink/85">
                  {section.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ) : null}
            </section>
          ))}
          <p className="mt-10 text-sm text-ink/70">
            Questions about this policy? <Link href="/contact-us" className="text-saffron-dark underline">Contact us</Link> and we will reply within 24 hours.
          </p>
        </article>
        <AtAGlance f={f} current={slug} />
      </div>
    </div>
  );
}
