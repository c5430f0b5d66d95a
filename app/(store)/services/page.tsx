import type { Metadata } from "next";
import Image from "next/image";
import Link from "next/link";
import { Breadcrumb } from "@/components/ui/Breadcrumb";
import { Icon } from "@/components/ui/Icon";
import { displayPhone, telHref } from "@/lib/platform/phone";
import { pageMetadata } from "@/lib/seo/metadata";
import { brandShareImage } from "@/lib/seo/share-image";
import { getSiteSettings } from "@/lib/platform/settings";

export const revalidate = 3600;

export async function generateMetadata(): Promise<Metadata> {
  const s = await getSiteSettings();
  return pageMetadata({
    title: "Our Services",
    description: `Made-to-measure curtains and blinds, wallpaper selection and installation, cushion styling, interior styling, home consultations, fitting, and trade partnerships for designers and contractors, from ${s.website_name || "our"} Delhi studio.`,
    path: "/services",
    image: brandShareImage(s),
    siteName: s.website_name,
  });
}

type Service = { id: string; title: string; text: string; points: string[]; image: string; alt: string; link?: { href: string; label: string } };

const SERVICES: Service[] = [
  {
    id: "curtains-and-blinds",
    title: "Curtains and Blinds Customization",
    text: "Every window is different, so our curtains and blinds are cut and stitched to yours. Choose from hand block prints, linens, sheers, velvets and blackout fabrics, then pick the heading, lining and fullness that suit the room.",
    points: [
      "Pleated, eyelet, rod-pocket and ripple-fold curtains",
      "Roman, roller, wooden Venetian and bamboo chick blinds",
      "Blackout and thermal linings for sun-facing and bedroom windows",
      "Tracks, rods and motorised options supplied and fitted",
    ],
    image: "/media/categories/curtains.webp",
    alt: "Made-to-measure curtains in hand block-printed cotton",
    link: { href: "/category/curtains", label: "Browse curtains" },
  },
  {
    id: "wallpaper",
    title: "Wallpaper Selection and Installation",
    text: "From quiet textures to bold florals and heritage damasks, we help you choose a paper that suits the wall, the light and Delhi's humid monsoon, then calculate the rolls you need so nothing is wasted.",
    points: [
      "Samples to try on your own wall before you decide",
      "Roll calculation from your wall measurements",
      "Wall checks for damp and surface preparation",
      "Installation by our trained team across Delhi NCR",
    ],
    image: "/media/categories/wallpaper.webp",
    alt: "A patterned wallpaper from our collection on a living room wall",
    link: { href: "/category/wallpaper", label: "Browse wallpaper" },
  },
  {
    id: "cushions-and-throws",
    title: "Cushions and Throws Styling",
    text: "A few well-chosen cushions and a throw can change a sofa completely. Tell us about your room and we will put together a set in colours and textures that work together, in the sizes your seating needs.",
    points: [
      "Curated sets of covers in silk, velvet, cotton and handloom",
      "Covers made to fit existing inserts and floor seating",
      "Seasonal refreshes for festivals and weddings",
    ],
    image: "/media/categories/cushions.webp",
    alt: "A styled set of silk and velvet cushions on a sofa",
    link: { href: "/category/cushions", label: "Browse cushions" },
  },
  {
    id: "interior-styling",
    title: "Interior Styling Support",
    text: "Not sure how the pieces come together? Our stylists plan colour palettes, fabrics, rugs and furniture for a room or a whole home, working within your budget and the things you already love.",
    points: [
      "Mood boards with fabric, rug and finish suggestions",
      "Room-by-room shopping lists with prices in rupees",
      "Advice for rented homes, with nothing drilled or painted",
    ],
    image: "/media/categories/furniture.webp",
    alt: "A furnished room styled with our furniture, rugs and soft furnishings",
  },
  {
    id: "home-consultation",
    title: "Home Consultation",
    text: "Book a visit and a designer comes to your home with swatch books and a measuring tape. You see the fabrics in your own light, we take exact measurements, and you receive a written quote before anything is made.",
    points: [
      "Visits across Delhi NCR, at a time that suits you",
      "Precise measurements for curtains, blinds, upholstery and wallpaper",
      "A written quote, with no obligation to order",
    ],
    image: "/media/categories/upholstery-fabrics.webp",
    alt: "Upholstery fabric swatches laid out for a home consultation",
  },
  {
    id: "installation",
    title: "Installation and Fitting",
    text: "Our own fitters install what we make, so curtains hang straight, blinds run smoothly and wallpaper seams disappear. We bring the tools, fit the hardware and clear up before we leave.",
    points: [
      "Curtain rods, tracks and blinds fitted and tested",
      "Wallpaper hanging, including pattern matching",
      "Furniture delivery, assembly and placement",
      "Fittings we supply are covered by our 12-month warranty",
    ],
    image: "/media/categories/roman-blinds.webp",
    alt: "Roman blinds fitted to a window by our installation team",
  },
  {
    id: "partnerships",
    title: "Designer and Contractor Partnerships",
    text: "Architects, interior designers, contractors and hospitality teams work with us for fabrics, furnishings and fit-outs. You get trade pricing, sampling, a dedicated coordinator and a workroom that keeps to your site schedule.",
    points: [
      "Trade pricing and GST invoices",
      "Fabric sampling and custom prints for projects",
      "Bulk production for hotels, offices and residential projects",
    ],
    image: "/media/categories/sofas.webp",
    alt: "A sofa upholstered in our fabric for a design project",
    link: { href: "/bulk-deals", label: "Ask for a bulk quote" },
  },
];

export default async function ServicesPage() {
  const s = await getSiteSettings();
  const phones = [s.contact_phone, s.secondary_phone].filter(Boolean);
  return (
    <>
      <div className="container-page py-10">
        <Breadcrumb items={[{ name: "Home", href: "/" }, { name: "Services" }]} />
        <h1 className="mt-4 text-4xl text-navy md:text-5xl">Our Services</h1>
        <p className="mt-4 max-w-3xl text-lg text-ink/85">
          Beyond the products in our store, our Delhi studio measures, makes, styles and installs. Here is how we can help with your home or your next project.
        </p>
        <nav aria-label="Services on this page" className="mt-6">
          <ul className="flex flex-wrap gap-2 text-sm">
            {SERVICES.map((service) => (
              <li key={service.id}>
                <a href={`#${service.id}`} className="inline-block rounded-full border border-saffron/40 px-4 py-1.5 hover:bg-saffron hover:text-white">
                  {service.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>

      {SERVICES.map((service, i) => (
        <section key={service.id} id={service.id} aria-labelledby={`${service.id}-title`} className={`scroll-mt-24 py-12 ${i % 2 === 0 ? "bg-sand/50" : ""}`}>
          <div className="container-page grid gap-8 md:grid-cols-2 md:items-center">
            <div className={i % 2 === 1 ? "md:order-2" : ""}>
              <h2 id={`${service.id}-title`} className="text-3xl text-navy">
                {service.title}
              </h2>
              <p className="mt-4 leading-relaxed text-ink/85">{service.text}</p>
              <ul className="mt-4 space-y-2">
                {service.points.map((point) => (
                  <li key={point} className="flex gap-2 text-ink/85">
                    <Icon name="check" size={18} className="mt-0.5 shrink-0 text-leaf" />
                    {point}
                  </li>
                ))}
              </ul>
              {service.link ? (
                <Link href={service.link.href} className="mt-5 inline-block font-semibold text-saffron-dark underline">
                  {service.link.label}
                </Link>
              ) : null}
            </div>
            <Image src={service.image} alt={service.alt} width={800} height={600} sizes="(min-width: 768px) 50vw, 100vw" className="h-auto w-full rounded-2xl object-cover shadow-sm" />
          </div>
        </section>
      ))}

      <section aria-labelledby="services-contact" className="container-page py-14">
        <div className="grid gap-8 rounded-2xl bg-navy p-8 text-white md:grid-cols-2 md:p-12">
          <div>
            <h2 id="services-contact" className="text-3xl">
              Talk to Our Team
            </h2>
            <p className="mt-3 text-sand/90">
              Tell us about your windows, walls or project. We reply to every enquiry within 24 hours and can usually book a home consultation within the week.
            </p>
            <Link href="/contact-us" className="btn-primary mt-6">
              Send us a message
            </Link>
          </div>
          <address className="space-y-3 not-italic">
            {phones.map((p) => (
              <p key={p} className="flex items-center gap-3">
                <Icon name="phone" className="text-saffron" />
                <a href={telHref(p)} className="hover:text-saffron">
                  {displayPhone(p)}
                </a>
              </p>
            ))}
            {s.contact_email ? (
              <p className="flex items-center gap-3">
                <Icon name="mail" className="text-saffron" />
                <a href={`mailto:${s.contact_email}`} className="hover:text-saffron">
                  {s.contact_email}
                </a>
              </p>
            ) : null}
            {s.contact_address ? (
              <p className="flex gap-3">
                <Icon name="pin" className="mt-0.5 shrink-0 text-saffron" />
                <span>{s.contact_address}</span>
              </p>
            ) : null}
            {s.business_hours ? <p className="pl-9 text-sm text-sand/80">{s.business_hours}</p> : null}
          </address>
        </div>
      </section>
    </>
  );
}
