"use client";

import Image from "next/image";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { Icon } from "@/components/ui/Icon";
import { CartButton } from "@/components/cart/CartButton";
import { AccountLink } from "./AccountLink";
import { SearchBox } from "./SearchBox";

/** The mobile menu (and SWR with it) loads the first time it is opened, not with every page. */
const MobileMenu = lazy(() => import("./MobileMenu").then((m) => ({ default: m.MobileMenu })));

const NAV = [
  { href: "/products", label: "Products" },
  { href: "/services", label: "Services" },
  { href: "/gifting", label: "Gifting" },
  { href: "/bulk-deals", label: "Bulk Deals" },
  { href: "/corporate", label: "Corporate" },
];

export const HEADER_FIX_AFTER_PX = 100;

/**
 * Site header: transparent over the home page's slider until the page is scrolled more than
 * 100 px, then fixed with a background; fixed everywhere else, with a spacer under it.
 * Over the slider's dark photo it shows the light logo (`lightLogo`), since the dark one and its
 * tagline all but vanish there; without a light logo the dark one is drawn in white.
 */
export function Header({ name, logo, lightLogo }: { name: string; logo: string; lightLogo: string }) {
  const pathname = usePathname();
  const isHome = pathname === "/";
  const [scrolled, setScrolled] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > HEADER_FIX_AFTER_PX);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  const fixed = !isHome || scrolled;
  return (
    <>
      <header
        data-fixed={fixed ? "true" : "false"}
        className={
          fixed
            ? "fixed inset-x-0 top-0 z-40 border-b border-sand bg-ivory/95 text-ink shadow-sm backdrop-blur"
            : // A shade from the top keeps the logo and links readable on the slider's lighter photos.
              "absolute inset-x-0 top-0 z-40 bg-gradient-to-b from-navy/75 via-navy/35 to-transparent text-white"
        }
      >
        {/* On phones the gaps are tighter and the menu button reaches into the margin, so the search box keeps room for its placeholder. */}
        <div className="container-page flex h-16 items-center gap-1.5 md:h-20 md:gap-3">
          <Link href="/" className="flex shrink-0 items-center" aria-label={`${name} home`}>
            {logo ? (
              <Image
                src={fixed ? logo : lightLogo || logo}
                alt={name}
                width={160}
                height={40}
                priority
                data-variant={fixed ? "dark" : "light"}
                className={`h-8 w-auto lg:h-10 ${!fixed && !lightLogo ? "brightness-0 invert" : ""}`}
              />
            ) : (
              <span className="font-display text-2xl font-semibold">{name}</span>
            )}
          </Link>
          {/* Between 768 and 1024 px the logo, tighter links and the search box share one row. */}
          <nav aria-label="Main" className="hidden md:ml-1 md:block lg:ml-3">
            <ul className="flex items-center gap-3 text-sm font-medium whitespace-nowrap lg:gap-4">
              {NAV.map((item) => (
                <li key={item.href}>
                  <Link href={item.href} aria-current={pathname === item.href ? "page" : undefined} className="hover:text-saffron">
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <SearchBox className="ml-auto w-full max-w-xs" />
          <AccountLink />
          <CartButton />
          <button
            type="button"
            className="-mr-2 rounded-full p-2 md:hidden"
            aria-label="Open menu"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => {
              setMenuLoaded(true);
              setMenuOpen(true);
            }}
          >
            <Icon name="menu" />
          </button>
        </div>
      </header>
      {isHome ? null : <div aria-hidden="true" data-testid="header-spacer" className="h-16 md:h-20" />}
      {menuLoaded ? (
        <Suspense fallback={null}>
          <MobileMenu id="mobile-menu" open={menuOpen} onClose={closeMenu} />
        </Suspense>
      ) : null}
    </>
  );
}
