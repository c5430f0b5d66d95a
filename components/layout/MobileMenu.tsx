"use client";

import Image from "next/image";
import Link from "next/link";
import { useEffect, useRef } from "react";
import toast from "react-hot-toast";
import useSWR from "swr";
import { Icon } from "@/components/ui/Icon";
import { swrFetcher } from "@/lib/api/client";
import type { ApiBusinessSetting, ApiList } from "@/lib/api/types";
import { chatHref, displayPhone, telHref } from "@/lib/platform/phone";
import { SocialLinks } from "./SocialLinks";

const LINKS = [
  { href: "/", label: "Home" },
  { href: "/about-us", label: "About Us" },
  { href: "/products", label: "Products" },
  { href: "/services", label: "Services" },
  { href: "/contact-us", label: "Contact Us" },
];

/** The menu under 768 px: loads the latest contact details when opened. */
export function MobileMenu({ open, onClose, id }: { open: boolean; onClose: () => void; id: string }) {
  const closeButton = useRef<HTMLButtonElement>(null);
  const { data, error, isLoading } = useSWR<ApiList<ApiBusinessSetting[]>>(open ? "/business-settings" : null, swrFetcher, {
    onError: () => toast.error("Failed to load business settings."),
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });

  useEffect(() => {
    document.body.classList.toggle("mobile-menu-visible", open);
    if (!open) return;
    closeButton.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && onClose();
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.body.classList.remove("mobile-menu-visible");
    };
  }, [open, onClose]);

  if (!open) return null;
  const s = Object.fromEntries((data?.data ?? []).map((x) => [x.type, x.value ?? ""])) as Record<string, string>;

  return (
    <div className="fixed inset-0 z-50 md:hidden">
      <button type="button" aria-label="Close menu" tabIndex={-1} className="absolute inset-0 bg-navy/60" onClick={onClose} />
      <div id={id} role="dialog" aria-modal="true" aria-label="Menu" className="absolute inset-y-0 right-0 flex w-80 max-w-[85vw] flex-col overflow-y-auto bg-ivory p-6 text-ink shadow-2xl">
        <div className="flex items-center justify-between">
          {s.header_logo_path ? (
            <Image src={s.header_logo_path} alt={s.website_name || "Logo"} width={140} height={36} className="h-9 w-auto" />
          ) : (
            <span className="font-display text-xl">{s.website_name}</span>
          )}
          <button ref={closeButton} type="button" onClick={onClose} aria-label="Close menu" className="rounded-full p-2 hover:bg-sand">
            <Icon name="close" />
          </button>
        </div>
        <nav aria-label="Mobile" className="mt-6">
          <ul className="space-y-1 text-lg">
            {LINKS.map((l) => (
              <li key={l.href}>
                <Link href={l.href} onClick={onClose} className="block rounded px-2 py-2 hover:bg-sand">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-6 space-y-3 border-t border-ink/10 pt-6 text-sm">
          {isLoading ? (
            <p>Loading...</p>
          ) : error ? (
            <p className="text-madder">Error loading data</p>
          ) : (
            <>
              {s.contact_phone ? (
                <a href={telHref(s.contact_phone)} className="flex items-center gap-2">
                  <Icon name="phone" size={18} /> {displayPhone(s.contact_phone)}
                </a>
              ) : null}
              {s.contact_email ? (
                <a href={`mailto:${s.contact_email}`} className="flex items-center gap-2">
                  <Icon name="mail" size={18} /> {s.contact_email}
                </a>
              ) : null}
              {s.contact_address ? (
                <p className="flex items-start gap-2">
                  <Icon name="pin" size={18} className="mt-0.5 shrink-0" /> {s.contact_address}
                </p>
              ) : null}
              <SocialLinks settings={s} chat={s.contact_phone ? chatHref(s.contact_phone) : undefined} className="pt-2" />
            </>
          )}
        </div>
      </div>
    </div>
  );
}
