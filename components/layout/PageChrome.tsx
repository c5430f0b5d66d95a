"use client";

import { usePathname } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { Toaster } from "react-hot-toast";
import { Icon } from "@/components/ui/Icon";

export const SCROLL_TOP_AFTER_PX = 300;
export const ROUTE_SCROLL_DELAY_MS = 100;

/** Scroll-to-top button, smooth scroll to the top after route changes, the floating chat link and toasts. */
export function PageChrome({ chatUrl }: { chatUrl: string }) {
  const pathname = usePathname();
  const [showTop, setShowTop] = useState(false);
  const first = useRef(true);

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
