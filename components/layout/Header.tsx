"use client";

import Image from "next/image";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { Icon } from "@/components/ui/Icon";
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
 */
export function Header({ name, logo }: { name: string; logo: string }) {
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
            : "absolute inset-x-0 top-0 z-40 bg-transparent text-white"
        }
      >
        <div className="container-page flex h-16 items-center gap-4 md:h-20">
          <Link href="/" className="flex shrink-0 items-center" aria-label={`${name} home`}>
            {logo ? (
              <Image src={logo} alt={name} width={160} height={40} priority className="h-9 w-auto md:h-10" />
            ) : (
              <span className="font-display text-2xl font-semibold">{name}</span>
            )}
          </Link>
          <nav aria-label="Main" className="ml-4 hidden md:block">
            <ul className="flex items-center gap-5 text-sm font-medium">
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
          <button
            type="button"
            className="rounded-full p-2 md:hidden"
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
