"use client";

import { usePathname } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import toast, { Toaster } from "react-hot-toast";
import { Icon } from "@/components/ui/Icon";
import { takeFlash } from "@/lib/platform/client/flash";
import { LoadingSplash } from "./LoadingSplash";

export const SCROLL_TOP_AFTER_PX = 300;
export const ROUTE_SCROLL_DELAY_MS = 100;
/** A page change slower than this shows the loading splash. */
export const SPLASH_AFTER_MS = 400;

/** Scroll-to-top button, smooth scroll to the top after route changes, the floating chat link and toasts. */
export function PageChrome({ chatUrl, splashLogo }: { chatUrl: string; splashLogo: string }) {
  const pathname = usePathname();
  const [showTop, setShowTop] = useState(false);
  const [splashFor, setSplashFor] = useState<string | null>(null);
  const first = useRef(true);
  const [renderedPath, setRenderedPath] = useState(pathname);
  if (renderedPath !== pathname) {
    // The new page is here: the splash goes (state adjusted during render, no extra effect pass).
    setRenderedPath(pathname);
    setSplashFor(null);
  }

  // A click on a link to another page starts a timer; the splash shows if the page has not
  // changed when it fires, and goes when the new path renders.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.("a[href]");
      if (!(link instanceof HTMLAnchorElement) || link.target === "_blank" || link.hasAttribute("download")) return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin || url.pathname === window.location.pathname) return;
      clearTimeout(timer);
      timer = setTimeout(() => setSplashFor(url.pathname), SPLASH_AFTER_MS);
    };
    document.addEventListener("click", onClick);
    return () => {
      document.removeEventListener("click", onClick);
      clearTimeout(timer);
    };
  }, [pathname]);

  // A message the previous page handed over (signed in, signed out, registered...).
  useEffect(() => {
    const flash = takeFlash();
    if (flash) toast[flash.kind](flash.message);
  }, [pathname]);

  useEffect(() => {
    const onScroll = () => setShowTop(window.scrollY > SCROLL_TOP_AFTER_PX);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = setTimeout(() => window.scrollTo({ top: 0, behavior: "smooth" }), ROUTE_SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pathname]);

  return (
    <>
      {splashFor && splashLogo ? <LoadingSplash logo={splashLogo} /> : null}
      {showTop ? (
        <button
          type="button"
          aria-label="Scroll to top"
          onClick={() => window.scrollTo({ top: 0, behavior: "smooth" })}
          className="fixed right-5 bottom-24 z-30 rounded-full bg-navy p-3 text-white shadow-lg hover:bg-saffron-dark"
        >
          <Icon name="up" />
        </button>
      ) : null}
      {chatUrl ? (
        <a
          href={chatUrl}
          target="_blank"
          rel="noopener noreferrer"
          aria-label="Chat with us on WhatsApp"
          className="fixed right-5 bottom-5 z-30 rounded-full bg-leaf p-3.5 text-white shadow-lg hover:brightness-110"
        >
          <Icon name="whatsapp" size={24} />
        </a>
      ) : null}
      <Toaster position="bottom-left" toastOptions={{ duration: 5000 }} />
    </>
  );
}
