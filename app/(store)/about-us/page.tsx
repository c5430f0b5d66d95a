import type { Metadata } from "next";
import Image from "next/image";
import Link from "next/link";
import { SocialLinks } from "@/components/layout/SocialLinks";
import { Breadcrumb } from "@/components/ui/Breadcrumb";
import { Icon, type IconName } from "@/components/ui/Icon";
import { weeksText } from "@/lib/cart/delivery";
import { chatHref } from "@/lib/platform/phone";
import { pageMetadata } from "@/lib/seo/metadata";
import { brandShareImage } from "@/lib/seo/share-image";
import { getSiteSettings } from "@/lib/platform/settings";
import { getShippingConfig } from "@/lib/cart";

export const revalidate = 3600;

export async function generateMetadata(): Promise<Metadata> {
  const s = await getSiteSettings();
  const name = s.website_name || "our store";
  return pageMetadata({
    title: "About Us",
    description: `The story of ${name}: a Delhi home-furnishing studio working with block printers, handloom weavers and woodworkers across India to make curtains, bedding, rugs and furniture for Indian homes.`,
    path: "/about-us",
    image: brandShareImage(s),
    siteName: s.website_name,
  });
}

const STORY: string[] = [
  "It began with a fabric counter in a Shahpur Jat lane, a few bolts of Sanganeri prints and a tailor who could turn them into curtains by the weekend. Neighbours came back for cushion covers, then for bedspreads, then with their architects in tow.",
  "Today our studio designs its own prints and works directly with the families who make them: block printers in Bagru and Sanganer, ikat weavers in Pochampally, dhurrie weavers in Panipat and woodworkers in Jodhpur. Buying from them directly keeps the craft alive, keeps the quality in our hands and keeps the prices honest.",
  "Our workroom in Delhi cuts, stitches and finishes every made-to-measure order, and our own fitters install curtains, blinds and wallpaper across Delhi NCR. Wherever you are in India, the same team that made your order answers your questions.",
];

const VALUES: { title: string; text: string; icon: IconName }[] = [
  { title: "Craft first", text: "We choose hand block printing, handloom and solid wood because they last, and we pay artisans fairly for the time they take.", icon: "star" },
  { title: "Made for your home", text: "Windows, sofas and beds come in every size, so most of what we sell is cut and stitched to your measurements.", icon: "check" },
  { title: "Honest prices", text: "Prices in rupees with GST included, no inflated MRPs, and a written quote before any custom work begins.", icon: "cart" },
  { title: "Care after the sale", text: "A 12-month warranty on materials and workmanship, and a real person who answers within 24 hours.", icon: "heart" },
];

/** The making time comes from the dispatch setting, as on the shipping policy (lib/cart/delivery.ts). */
const numbers = (makingTime: string): { value: string; label: string }[] => [
  { value: "5", label: "craft towns we buy from directly" },
  { value: "10", label: "product families, from curtains to furniture" },
  { value: makingTime, label: "to make a made-to-order piece" },
  { value: "24 hours", label: "to reply to every message" },
];

export default async function AboutUsPage() {
  const [s, shipping] = await Promise.all([getSiteSettings(), getShippingConfig()]);
  const figures = numbers(weeksText(shipping.dispatchMadeToOrder));
  const name = s.website_name || "our store";
  return (
    <>
      <div className="container-page py-10">
        <Breadcrumb items={[{ name: "Home", href: "/" }, { name: "About Us" }]} />
        <div className="mt-4 grid gap-10 lg:grid-cols-2 lg:items-center">
          <div>
            <p className="text-sm font-semibold tracking-widest text-saffron-dark uppercase">Made in India, for Indian homes</p>
            <h1 className="mt-2 text-4xl text-navy md:text-5xl">About Us</h1>
            {s.about_us_description ? (
              <div className="rich-text mt-6 text-lg text-ink/85" dangerouslySetInnerHTML={{ __html: s.about_us_description }} />
            ) : (
              <p className="mt-6 text-lg text-ink/85">{name} makes curtains, blinds, bedding, rugs and furniture for Indian homes.</p>
            )}
          </div>
          <Image
            src="/media/sliders/hand-block-bedding.webp"
            alt="Hand block-printed cotton bedding from our Rajasthan printers"
            width={1600}
            height={700}
            sizes="(min-width: 1024px) 50vw, 100vw"
            className="h-auto w-full rounded-2xl object-cover shadow-sm"
            priority
          />
        </div>
      </div>

      <section aria-labelledby="our-story" className="bg-sand/60 py-14">
        <div className="container-page grid gap-8 md:grid-cols-[1fr_2fr]">
          <h2 id="our-story" className="text-3xl text-navy md:text-4xl">
            Our Story
          </h2>
          <div className="space-y-4 text-lg leading-relaxed text-ink/85">
            {STORY.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="our-values" className="container-page py-14">
        <h2 id="our-values" className="text-3xl text-navy md:text-4xl">
          What We Value
        </h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {VALUES.map((v) => (
            <li key={v.title} className="rounded-xl bg-white p-6 shadow-sm">
              <Icon name={v.icon} size={28} className="text-saffron" />
              <h3 className="mt-4 text-xl text-navy">{v.title}</h3>
              <p className="mt-2 text-sm text-ink/80">{v.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="in-numbers" className="bg-navy py-14 text-white">
        <div className="container-page">
          <h2 id="in-numbers" className="text-3xl md:text-4xl">
            {name} in numbers
          </h2>
          <dl className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {figures.map((n) => (
              <div key={n.label} className="rounded-xl border border-white/15 p-6">
                <dt className="text-sm text-sand/85">{n.label}</dt>
                <dd className="mt-1 font-display text-3xl text-saffron">{n.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section aria-labelledby="visit-us" className="container-page grid gap-8 py-14 md:grid-cols-2 md:items-center">
        <div>
          <h2 id="visit-us" className="text-3xl text-navy md:text-4xl">
            Visit our Delhi store
          </h2>
          <p className="mt-4 text-ink/85">
            Feel the fabrics, compare swatches in daylight and talk to our designers over a cup of chai.
          </p>
          {s.contact_address ? (
            <p className="mt-4 flex gap-2 text-ink/85">
              <Icon name="pin" className="mt-0.5 shrink-0 text-saffron" /> {s.contact_address}
            </p>
          ) : null}
          {s.business_hours ? <p className="mt-2 text-ink/85">{s.business_hours}</p> : null}
          <div className="mt-6 flex flex-wrap items-center gap-4">
            <Link href="/contact-us" className="btn-primary">
              Contact Us
            </Link>
            <Link href="/services" className="font-semibold text-saffron-dark underline">
              Our services
            </Link>
            <SocialLinks settings={s} chat={s.contact_phone ? chatHref(s.contact_phone) : undefined} className="text-navy" />
          </div>
        </div>
        <Image
          src="/media/sliders/sheesham-furniture.webp"
          alt="A living room furnished with our made-to-order sheesham furniture"
          width={1600}
          height={700}
          sizes="(min-width: 768px) 50vw, 100vw"
          className="h-auto w-full rounded-2xl object-cover shadow-sm"
        />
      </section>
    </>
  );
}
