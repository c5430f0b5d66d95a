import Link from "next/link";
import type { SiteSettings } from "@/lib/server/settings";

const LINKS = [
  { href: "/about-us", label: "About Us" },
  { href: "/products", label: "Products" },
  { href: "/", label: "Home" },
  { href: "/contact-us", label: "Contact Us" },
  { href: "/privacy-policy", label: "Privacy Policy" },
  { href: "/faqs", label: "FAQs" },
];

/** Displayed Indian numbers carry the +91 country code. */
export const withCountryCode = (phone: string) => (phone ? `+91 ${phone.replace(/^\+?91[\s-]?/, "")}` : "");

export function SiteFooter({ settings }: { settings: SiteSettings }) {
  const name = settings.website_name || "Home Furnishings";
  return (
    <footer className="mt-20 bg-navy text-sand">
      <div className="container-page grid gap-10 py-14 md:grid-cols-3">
        <div>
          <p className="font-display text-2xl text-white">{name}</p>
          {settings.about_us_description ? (
            <div className="mt-4 text-sm leading-relaxed text-sand/80" dangerouslySetInnerHTML={{ __html: settings.about_us_description }} />
          ) : null}
        </div>
        <div>
          <h2 className="text-lg text-white">Quick links</h2>
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
          <h2 className="text-lg text-white">Visit or call</h2>
          {settings.contact_address ? <p>{settings.contact_address}</p> : null}
          {settings.contact_phone ? (
            <p>
              <a href={`tel:+91${settings.contact_phone}`} className="hover:text-white">
                {withCountryCode(settings.contact_phone)}
              </a>
            </p>
          ) : null}
          {settings.contact_email ? (
            <p>
              <a href={`mailto:${settings.contact_email}`} className="hover:text-white">
                {settings.contact_email}
              </a>
            </p>
          ) : null}
        </div>
      </div>
      <div className="border-t border-white/10 py-5 text-center text-xs text-sand/70">
        {settings.copyright_text || `© 2025 ${name}. All rights reserved.`}
      </div>
    </footer>
  );
}
