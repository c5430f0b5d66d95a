"use client";

import { useEffect, useRef, useState } from "react";

/**
 * The store's map (an embed URL from settings), loaded when its box comes near the screen.
 * `loading="lazy"` alone still created the frame during page load, and Chrome fetched it on
 * short pages, so a third-party map cost phones a long task before anyone scrolled to it.
 * Without JavaScript the noscript copy loads the map as before.
 */
export function MapEmbed({ src, title, className }: { src: string; title: string; className: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const el = box.current;
    if (!el || near) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setNear(true);
    }, { rootMargin: "300px 0px" });
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);

  const frame = <iframe src={src} title={title} loading="lazy" referrerPolicy="no-referrer-when-downgrade" className="h-full w-full border-0" />;
  return (
    <div ref={box} className={className}>
      {near ? frame : <noscript>{frame}</noscript>}
    </div>
  );
}
