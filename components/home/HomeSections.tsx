import Link from "next/link";
import { Icon, type IconName } from "@/components/ui/Icon";
import { SocialLinks } from "@/components/layout/SocialLinks";
import { chatHref } from "@/lib/platform/phone";
import type { Testimonial } from "@/lib/content";
import type { SiteSettings } from "@/lib/platform/settings";

export function AboutSection({ settings }: { settings: SiteSettings }) {
  return (
    <section aria-labelledby="about-us" className="defer-render container-page grid gap-8 py-14 md:grid-cols-2 md:items-center">
      <div>
        <p className="text-sm font-semibold tracking-widest text-saffron-dark uppercase">Since 1998, New Delhi</p>
        <h2 id="about-us" className="mt-2 text-3xl text-navy md:text-4xl">
          About {settings.website_name}
        </h2>
      </div>
      <div>
        {settings.about_us_description ? <div className="rich-text text-ink/85" dangerouslySetInnerHTML={{ __html: settings.about_us_description }} /> : null}
        {/* The button keeps its one line; the icons go under it, all in one row, when both do not fit. */}
        <div className="mt-4 flex flex-wrap items-center gap-4">
          <Link href="/about-us" className="btn-primary shrink-0 whitespace-nowrap">
            Our story
          </Link>
          <SocialLinks settings={settings} chat={settings.contact_phone ? chatHref(settings.contact_phone) : undefined} className="text-navy" />
        </div>
      </div>
    </section>
  );
}

const TILES: { href: string; title: string; text: string; icon: IconName }[] = [
  { href: "/services", title: "Services", text: "Measurements, stitching, installation and styling at home.", icon: "check" },
  { href: "/gifting", title: "Gifting", text: "Hampers of linen and cushions for weddings and festivals.", icon: "heart" },
  { href: "/bulk-deals", title: "Bulk Deals", text: "Trade prices for hotels, architects and large homes.", icon: "cart" },
  { href: "/corporate", title: "Corporate", text: "Office furnishing and client gifts, invoiced with GST.", icon: "star" },
];

export function EnquiryTiles() {
  return (
    <section aria-labelledby="how-we-help" className="defer-render bg-navy py-14 text-white">
      <div className="container-page">
        <h2 id="how-we-help" className="text-3xl md:text-4xl">
          How can we help?
        </h2>
        <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {TILES.map((t) => (
            <li key={t.href}>
              <Link href={t.href} className="block h-full rounded-xl border border-white/15 p-6 transition hover:border-saffron hover:bg-white/5">
                <Icon name={t.icon} size={28} className="text-saffron" />
                <h3 className="mt-4 text-xl">{t.title}</h3>
                <p className="mt-2 text-sm text-white/80">{t.text}</p>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function Testimonials({ items }: { items: Testimonial[] }) {
  if (!items.length) return null;
  return (
    <section aria-labelledby="testimonials" className="defer-render container-page [--defer-height:1900px] md:[--defer-height:880px] py-14">
      <h2 id="testimonials" className="text-3xl text-navy md:text-4xl">
        What our customers say
      </h2>
      <ul className="mt-8 grid gap-6 md:grid-cols-3">
        {items.map((t) => (
          <li key={t.id}>
            <figure className="h-full rounded-xl bg-white p-6 shadow-sm">
              {/* Text stars: one glyph each instead of an <svg> each (40 fewer elements on the home page). */}
              <p className="text-lg leading-none tracking-[0.15em] text-saffron" role="img" aria-label={`Rated ${t.rating} out of 5`}>
                {"★".repeat(t.rating)}
              </p>
              <blockquote className="mt-3 text-ink/85">“{t.quote}”</blockquote>
              <figcaption className="mt-4 text-sm font-semibold">
                {t.name}
                {t.location ? <span className="font-normal text-ink/70">, {t.location}</span> : null}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}

const REASONS: { title: string; text: string }[] = [
  { title: "Premium Fabrics", text: "Cotton, linen, silk and velvet from mills and weavers we have worked with for years." },
  { title: "Customization", text: "Every curtain, blind and cushion can be made to your measurements and fabric." },
  { title: "Expert Design", text: "Our designers visit, measure and suggest colours and textures that suit your rooms." },
  { title: "Bulk Order", text: "Hotels, offices and builders get trade pricing and one point of contact." },
];

export function WhyChooseUs() {
  return (
    <section aria-labelledby="why-choose-us" className="defer-render bg-sand/60 py-14">
      <div className="container-page">
        <h2 id="why-choose-us" className="text-3xl text-navy md:text-4xl">
          Why Choose Us
        </h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {REASONS.map((r) => (
            <li key={r.title} className="rounded-xl bg-white p-6 shadow-sm">
              <h3 className="text-xl text-navy">{r.title}</h3>
              <p className="mt-2 text-sm text-ink/80">{r.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
