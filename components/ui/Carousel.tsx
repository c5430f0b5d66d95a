"use client";

import { Children, lazy, Suspense, useSyncExternalStore, type CSSProperties, type ReactNode } from "react";

/** Swiper's code loads in the browser after the page is interactive, not with the page. */
const SwiperCarousel = lazy(() => import("./SwiperCarousel").then((m) => ({ default: m.SwiperCarousel })));

export type SlidesPerView = { 0: number; 600?: number; 1000?: number };

/** Swiper starts on the shopper's first interaction, or this long after the page loaded. */
export const CAROUSEL_START_AFTER_MS = 6000;
let started = false;
const startListeners = new Set<() => void>();
function start() {
  if (started) return;
  started = true;
  for (const notify of startListeners) notify();
}
const subscribeStart = (notify: () => void) => {
  startListeners.add(notify);
  const events = ["pointerdown", "keydown", "touchstart", "wheel", "scroll"] as const;
  for (const e of events) window.addEventListener(e, start, { once: true, passive: true });
  const timer = setTimeout(start, CAROUSEL_START_AFTER_MS);
  return () => {
    startListeners.delete(notify);
    clearTimeout(timer);
    for (const e of events) window.removeEventListener(e, start);
  };
};
/** False until the shopper interacts or the page has settled: the static row is shown until then. */
function useCarouselStarted(): boolean {
  return useSyncExternalStore(
    subscribeStart,
    () => started,
    () => false,
  );
}

const mobileQuery = "(max-width: 767px)";
const subscribeMobile = (onChange: () => void) => {
  const mq = window.matchMedia(mobileQuery);
  mq.addEventListener("change", onChange);
  return () => mq.removeEventListener("change", onChange);
};
/** True under 768 px once hydrated; false on the server. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribeMobile,
    () => window.matchMedia(mobileQuery).matches,
    () => false,
  );
}

/**
 * A Swiper carousel whose slides are already in the server HTML: the server (and the first client
 * render) lays the slides out in a row of the same widths, and Swiper takes over after hydration.
 */
export function Carousel({
  children,
  slidesPerView,
  gap = 20,
  autoplayMs,
  loop = false,
  navigation = false,
  pagination = false,
  className = "",
  label,
  gridFrom768,
}: {
  children: ReactNode;
  slidesPerView: SlidesPerView;
  gap?: number;
  autoplayMs?: number;
  loop?: boolean;
  navigation?: boolean;
  pagination?: boolean;
  className?: string;
  label?: string;
  /** From 768 px up, show the slides as a grid of this many columns instead of a carousel. */
  gridFrom768?: number;
}) {
  const hydrated = useCarouselStarted();
  const mobile = useIsMobile();
  const slides = Children.toArray(children);
  const spv600 = slidesPerView[600] ?? slidesPerView[0];
  const spv1000 = slidesPerView[1000] ?? spv600;

  const style = { "--gap": `${gap}px`, "--spv-0": slidesPerView[0], "--spv-600": spv600, "--spv-1000": spv1000, "--grid-cols": gridFrom768 } as CSSProperties;
  const staticView = (
    <div className={`carousel-static ${gridFrom768 ? "carousel-grid-md" : ""} ${className}`} style={style} aria-label={label} role={label ? "group" : undefined}>
      {slides.map((slide, i) => (
        <div key={i}>{slide}</div>
      ))}
    </div>
  );
  if (!hydrated || (gridFrom768 && !mobile)) return staticView;

  return (
    <Suspense fallback={staticView}>
      <SwiperCarousel
        slides={slides}
        gap={gap}
        slidesPerView={[slidesPerView[0], spv600, spv1000]}
        loop={loop && slides.length > spv1000}
        autoplayMs={autoplayMs}
        navigation={navigation}
        pagination={pagination}
        className={className}
        label={label}
      />
    </Suspense>
  );
}
