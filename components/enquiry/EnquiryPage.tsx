import type { Metadata } from "next";
import Image from "next/image";
import { EnquiryForm, GET_IN_TOUCH_ID, GetInTouchLink } from "@/components/forms/EnquiryForm";
import { Breadcrumb } from "@/components/ui/Breadcrumb";
import { Icon } from "@/components/ui/Icon";
import { displayPhone, telHref } from "@/lib/platform/phone";
import { ENQUIRY_PAGES } from "@/lib/content/enquiries";
import { pageMetadata } from "@/lib/seo/metadata";
import { shareImageFor } from "@/lib/seo/share-image";
import { getSiteSettings } from "@/lib/platform/settings";
import type { EnquiryFormKind } from "@/lib/content/schemas";

export async function enquiryMetadata(kind: EnquiryFormKind): Promise<Metadata> {
  const s = await getSiteSettings();
  const page = ENQUIRY_PAGES[kind];
  return pageMetadata({ title: page.title, description: page.description, path: page.path, image: shareImageFor(s, { path: page.banner.src, alt: page.banner.alt }), siteName: s.website_name });
}

/** Gifting, Bulk Deals and Corporate: banner, three info cards, descriptive text and the Get in Touch form. */
export async function EnquiryPage({ kind }: { kind: EnquiryFormKind }) {
  const s = await getSiteSettings();
  const page = ENQUIRY_PAGES[kind];
  return (
    <>
      <div className="container-page py-4">
        <Breadcrumb items={[{ name: "Home", href: "/" }, { name: page.title }]} />
      </div>
      <section aria-labelledby="enquiry-title" className="relative isolate overflow-hidden bg-navy text-white">
        <Image src={page.banner.src} alt={page.banner.alt} fill priority sizes="100vw" className="-z-10 object-cover opacity-45" />
        <div className="container-page py-16 md:py-24">
          <h1 id="enquiry-title" className="text-4xl md:text-6xl">
            {page.title}
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-sand">{page.tagline}</p>
          {page.cta ? (
            <div className="mt-8">
              <GetInTouchLink>{page.cta}</GetInTouchLink>
            </div>
          ) : null}
        </div>
      </section>

      <section aria-labelledby="enquiry-cards" className="container-page py-14">
        <h2 id="enquiry-cards" className="text-3xl text-navy md:text-4xl">
          {page.cardsHeading}
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {page.cards.map((card) => (
            <li key={card.title} className="rounded-xl bg-white p-6 shadow-sm">
              <Icon name={card.icon} size={28} className="text-saffron" />
              <h3 className="mt-4 text-xl text-navy">{card.title}</h3>
              <p className="mt-2 text-ink/80">{card.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="enquiry-about" className="bg-sand/60 py-14">
        <div className="container-page grid gap-8 md:grid-cols-[1fr_2fr]">
          <h2 id="enquiry-about" className="text-3xl text-navy md:text-4xl">
            {page.bodyHeading}
          </h2>
          <div className="space-y-4 text-lg leading-relaxed text-ink/85">
            {page.body.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
        </div>
      </section>

      <section id={GET_IN_TOUCH_ID} aria-labelledby="get-in-touch-title" className="container-page scroll-mt-24 py-14">
        <div className="grid gap-10 lg:grid-cols-[1fr_2fr]">
          <div>
            <h2 id="get-in-touch-title" className="text-3xl text-navy md:text-4xl">
              Get in Touch
            </h2>
            <p className="mt-4 text-ink/85">{page.formIntro}</p>
            <ul className="mt-6 space-y-3 text-ink/85">
              {s.contact_phone ? (
                <li className="flex items-center gap-3">
                  <Icon name="phone" className="text-saffron" />
                  <a href={telHref(s.contact_phone)} className="hover:text-saffron-dark">
                    {displayPhone(s.contact_phone)}
                  </a>
                </li>
              ) : null}
              {s.contact_email ? (
                <li className="flex items-center gap-3">
                  <Icon name="mail" className="text-saffron" />
                  <a href={`mailto:${s.contact_email}`} className="hover:text-saffron-dark">
                    {s.contact_email}
                  </a>
                </li>
              ) : null}
            </ul>
          </div>
          <div className="rounded-2xl bg-white p-6 shadow-sm md:p-8">
            <EnquiryForm kind={kind} submitLabel={page.submitLabel} />
          </div>
        </div>
      </section>
    </>
  );
}
