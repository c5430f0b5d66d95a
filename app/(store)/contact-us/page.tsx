import type { Metadata } from "next";
import { ContactForm } from "@/components/forms/ContactForm";
import { SocialLinks } from "@/components/layout/SocialLinks";
import { MapEmbed } from "@/components/layout/MapEmbed";
import { JsonLd } from "@/components/seo/JsonLd";
import { Breadcrumb } from "@/components/ui/Breadcrumb";
import { Icon } from "@/components/ui/Icon";
import { chatHref, displayPhone, telHref } from "@/lib/platform/phone";
import { organizationJsonLd } from "@/lib/seo/jsonld";
import { pageMetadata } from "@/lib/seo/metadata";
import { brandShareImage } from "@/lib/seo/share-image";
import { getSiteSettings } from "@/lib/platform/settings";

export const revalidate = 3600;

export async function generateMetadata(): Promise<Metadata> {
  const s = await getSiteSettings();
  const name = s.website_name || "our store";
  return pageMetadata({
    title: "Contact Us",
    description: `Visit, call or write to ${name}${s.contact_address ? ` at ${s.contact_address}` : ""}. Send us a message and we will reply within 24 hours.`,
    path: "/contact-us",
    image: brandShareImage(s),
    siteName: s.website_name,
  });
}

export default async function ContactUsPage() {
  const s = await getSiteSettings();
  const name = s.website_name || "our store";
  const phones = [s.contact_phone, s.secondary_phone].filter(Boolean);
  const sameAs = ["facebook_link", "instagram_link", "twitter_link", "youtube_link", "linkedin_link"].map((t) => s[t]).filter((link): link is string => Boolean(link));
  return (
    <div className="container-page py-10">
      <JsonLd
        data={organizationJsonLd({
          name,
          logo: s.header_logo_path || undefined,
          phone: s.contact_phone ? displayPhone(s.contact_phone) : undefined,
          email: s.contact_email || undefined,
          address: s.contact_address || undefined,
          sameAs,
        })}
      />
      <Breadcrumb items={[{ name: "Home", href: "/" }, { name: "Contact Us" }]} />
      <h1 className="mt-4 text-4xl text-navy md:text-5xl">Contact Us</h1>
      <p className="mt-3 max-w-2xl text-lg text-ink/85">
        Questions about an order, a fabric or a made-to-measure project? Visit the store, call us or send a message. We reply to every message within 24 hours.
      </p>

      <div className="mt-10 grid gap-10 lg:grid-cols-[1fr_1.6fr]">
        <section aria-labelledby="reach-us" className="space-y-6">
          <h2 id="reach-us" className="text-2xl text-navy">
            Reach us
          </h2>
          {s.contact_address ? (
            <div className="flex gap-3">
              <Icon name="pin" size={22} className="mt-1 shrink-0 text-saffron" />
              <div>
                <h3 className="font-sans text-sm font-semibold tracking-wide text-ink/70 uppercase">Visit our store</h3>
                <address className="mt-1 not-italic">{s.contact_address}</address>
              </div>
            </div>
          ) : null}
          {phones.length ? (
            <div className="flex gap-3">
              <Icon name="phone" size={22} className="mt-1 shrink-0 text-saffron" />
              <div>
                <h3 className="font-sans text-sm font-semibold tracking-wide text-ink/70 uppercase">Call us</h3>
                <ul className="mt-1 space-y-1">
                  {phones.map((p) => (
                    <li key={p}>
                      <a href={telHref(p)} className="hover:text-saffron-dark">
                        {displayPhone(p)}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            </div>
          ) : null}
          {s.contact_email ? (
            <div className="flex gap-3">
              <Icon name="mail" size={22} className="mt-1 shrink-0 text-saffron" />
              <div>
                <h3 className="font-sans text-sm font-semibold tracking-wide text-ink/70 uppercase">Email us</h3>
                <a href={`mailto:${s.contact_email}`} className="mt-1 inline-block hover:text-saffron-dark">
                  {s.contact_email}
                </a>
              </div>
            </div>
          ) : null}
          {s.business_hours ? (
            <div className="flex gap-3">
              <Icon name="star" size={22} className="mt-1 shrink-0 text-saffron" />
              <div>
                <h3 className="font-sans text-sm font-semibold tracking-wide text-ink/70 uppercase">Business hours</h3>
                <p className="mt-1">{s.business_hours}</p>
              </div>
            </div>
          ) : null}
          <div>
            <h3 className="font-sans text-sm font-semibold tracking-wide text-ink/70 uppercase">Follow us</h3>
            <SocialLinks settings={s} chat={s.contact_phone ? chatHref(s.contact_phone) : undefined} className="mt-2 text-navy" />
          </div>
          <p className="rounded-xl border border-saffron/30 bg-sand/50 p-4 text-sm text-ink/85">
            <strong>We reply within 24 hours.</strong> For anything urgent, call us during business hours.
          </p>
        </section>

        <section aria-labelledby="send-message" className="rounded-2xl bg-white p-6 shadow-sm md:p-8">
          <h2 id="send-message" className="text-2xl text-navy">
            Send us a message
          </h2>
          <p className="mt-2 text-sm text-ink/75">Fill in the form and our team will get back to you within 24 hours.</p>
          <div className="mt-6">
            <ContactForm />
          </div>
        </section>
      </div>

      {s.map_embed_url ? (
        <section aria-labelledby="find-us" className="mt-14">
          <h2 id="find-us" className="text-2xl text-navy">
            Find us on the map
          </h2>
          <MapEmbed
            src={s.map_embed_url}
            title={`Map showing the location of the ${name} store${s.contact_address ? `, ${s.contact_address}` : ""}`}
            className="mt-4 h-96 w-full overflow-hidden rounded-2xl shadow-sm"
          />
        </section>
      ) : null}
    </div>
  );
}
