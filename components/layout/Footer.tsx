import Image from "next/image";
import Link from "next/link";
import { grievanceOfficer } from "@/lib/content/grievance-rules";
import { chatHref, displayPhone, telHref } from "@/lib/platform/phone";
import type { SiteSettings } from "@/lib/platform/settings";
import { MapEmbed } from "./MapEmbed";
import { NewsletterForm } from "./NewsletterForm";
import { SocialLinks } from "./SocialLinks";

const LINKS = [
  { href: "/about-us", label: "About Us" },
  { href: "/products", label: "Products" },
  { href: "/", label: "Home" },
  { href: "/contact-us", label: "Contact Us" },
  { href: "/privacy-policy", label: "Privacy Policy" },
  { href: "/faqs", label: "FAQs" },
  { href: "/grievances", label: "Grievances" },
];

export function Footer({ settings: s }: { settings: SiteSettings }) {
  const name = s.website_name || "Our store";
  const phones = [s.contact_phone, s.secondary_phone].filter(Boolean);
  const officer = grievanceOfficer(s);
  return (
    <footer className="defer-render mt-20 bg-navy text-sand [--defer-height:1400px] md:[--defer-height:640px]">
      <div className="container-page grid gap-10 py-14 md:grid-cols-2 lg:grid-cols-4">
        <div>
          {s.footer_logo_path ? (
            <Image src={s.footer_logo_path} alt={name} width={180} height={45} className="h-11 w-auto" />
          ) : (
            <p className="font-display text-2xl text-white">{name}</p>
          )}
          {s.about_us_description ? (
            <div className="mt-4 text-sm leading-relaxed text-sand/85" dangerouslySetInnerHTML={{ __html: s.about_us_description }} />
          ) : null}
          <SocialLinks settings={s} chat={s.contact_phone ? chatHref(s.contact_phone) : undefined} className="mt-5 text-white" />
        </div>
        <div>
          <h2 className="text-lg text-white">Quick Links</h2>
          <ul className="mt-4 space-y-2 text-sm">
            {LINKS.map((l) => (
              <li key={l.label}>
                <Link href={l.href} className="hover:text-white">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div className="space-y-2 text-sm">
          <h2 className="text-lg text-white">Contact</h2>
          {s.contact_address ? <p>{s.contact_address}</p> : null}
          {phones.map((p) => (
            <p key={p}>
              <a href={telHref(p)} className="hover:text-white">
                {displayPhone(p)}
              </a>
            </p>
          ))}
          {s.contact_email ? (
            <p>
              <a href={`mailto:${s.contact_email}`} className="hover:text-white">
                {s.contact_email}
              </a>
            </p>
          ) : null}
          <p className="pt-2 text-sand/85">
            <Link href="/grievances" className="hover:text-white">
              Grievance officer
            </Link>
            : {officer.name}
            {officer.email ? (
              <>
                {" · "}
                <a href={`mailto:${officer.email}`} className="hover:text-white">
                  {officer.email}
                </a>
              </>
            ) : null}
          </p>
          <h2 className="pt-4 text-lg text-white">Newsletter</h2>
          <p className="text-sand/80">New collections and offers, once a month.</p>
          <NewsletterForm />
        </div>
        <div>
          <h2 className="text-lg text-white">Visit Our Store</h2>
          {s.map_embed_url ? (
            <MapEmbed src={s.map_embed_url} title={`Map to ${name}`} className="mt-4 h-48 w-full overflow-hidden rounded-lg bg-white/5" />
          ) : null}
        </div>
      </div>
      {/* Side margins as wide as the floating chat and scroll-to-top buttons: at the page's end these lines sit beside them, never under. */}
      <div className="border-t border-white/10 px-20 py-5 text-center text-xs text-sand/75">
        <p>
          {name} is managed by {s.company_name || "Kesar Furnishing Company"}.
        </p>
        <p className="mt-1">{s.copyright_text || `© 2025 ${name}. All rights reserved.`}</p>
      </div>
    </footer>
  );
}
