import Image from "next/image";
import Link from "next/link";
import type { SiteSettings } from "@/lib/server/settings";

const NAV = [
  { href: "/products", label: "Products" },
  { href: "/services", label: "Services" },
  { href: "/gifting", label: "Gifting" },
  { href: "/bulk-deals", label: "Bulk Deals" },
  { href: "/corporate", label: "Corporate" },
];

export function SiteHeader({ settings }: { settings: SiteSettings }) {
  const name = settings.website_name || "Home Furnishings";
  const logo = settings.header_logo_path;
  return (
    <header className="sticky top-0 z-40 border-b border-sand bg-ivory/95 backdrop-blur">
      <div className="container-page flex h-16 items-center justify-between gap-6">
        <Link href="/" className="flex items-center gap-2" aria-label={`${name} home`}>
          {logo ? (
            <Image src={logo} alt={name} width={160} height={40} priority className="h-10 w-auto" />
          ) : (
            <span className="font-display text-2xl font-semibold text-navy">{name}</span>
          )}
        </Link>
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-6 text-sm font-medium">
            {NAV.map((item) => (
              <li key={item.href}>
                <Link href={item.href} className="hover:text-saffron-dark">
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
