"use client";

import { Children, useSyncExternalStore, type CSSProperties, type ReactNode } from "react";

type SwiperModule = typeof import("./SwiperCarousel");

export type SlidesPerView = { 0: number; 600?: number; 1000?: number };

/** Swiper starts on the shopper's first interaction, or this long after the page loaded. */
export const CAROUSEL_START_AFTER_MS = 6000;

/*
 * Swiper's code loads in the browser after the page is interactive, not with the page, and then
 * replaces the static row of slides. That swap must never happen while a finger or the mouse is
 * down: a tap on "Shop now" whose pointerdown started Swiper would otherwise lose its click (the
 * link it pressed is gone by pointerup). So the first interaction only starts the download; the
 * swap waits for the module and for every press to end (after the click has been handled).
 */
let swiper: SwiperModule | null = null;
let loading = false;
let pressed = false;
let swapped = false;
const startListeners = new Set<() => void>();
const START_EVENTS = ["pointerdown", "keydown", "touchstart", "wheel", "scroll"] as const;
const RELEASE_EVENTS = ["pointerup", "pointercancel", "touchend", "touchcancel"] as const;
let timer: ReturnType<typeof setTimeout> | undefined;

function swapWhenReady() {
  if (!swiper || pressed || swapped) return;
  swapped = true;
  for (const notify of startListeners) notify();
}
function load() {
  if (loading) return;
  loading = true;
  void import("./SwiperCarousel").then((module) => {
    swiper = module;
    swapWhenReady();
  });
}
function onPress() {
  pressed = true;
  load();
}
function onRelease() {
  pressed = false;
  // After the click that follows this release has run (a link has started its navigation).
  setTimeout(swapWhenReady, 0);
}
function listen(add: boolean) {
  const handlers: [string, () => void][] = [
    ...START_EVENTS.map((e): [string, () => void] => [e, e === "pointerdown" || e === "touchstart" ? onPress : load]),
    ...RELEASE_EVENTS.map((e): [string, () => void] => [e, onRelease]),
  ];
  for (const [event, handler] of handlers) {
    if (add) window.addEventListener(event, handler, { passive: true });
    else window.removeEventListener(event, handler);
  }
}
const subscribeStart = (notify: () => void) => {
  startListeners.add(notify);
  if (startListeners.size === 1) {
    pressed = false;
    listen(true);
    timer = setTimeout(load, CAROUSEL_START_AFTER_MS);
  }
  return () => {
    startListeners.delete(notify);
    if (startListeners.size === 0) {
      listen(false);
      clearTimeout(timer);
    }
  };
};
/** Swiper's module once it has taken over (loaded, and no press was under way); null until then and on the server. */
function useSwiper(): SwiperModule | null {
  return useSyncExternalStore(
    subscribeStart,
    () => (swapped ? swiper : null),
    () => null,
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
  const loaded = useSwiper();
  const mobile = useIsMobile();
  const slides = Children.toArray(children);
  const spv600 = slidesPerView[600] ?? slidesPerView[0];
  const spv1000 = slidesPerView[1000] ?? spv600;

  const style = { "--gap": `${gap}px`, "--spv-0": slidesPerView[0], "--spv-600": spv600, "--spv-1000": spv1000, "--grid-cols": gridFrom768 } as CSSProperties;
  const staticView = (
    <div className={`carousel-static ${gridFrom768 ? "carousel-grid-md" : ""} ${navigation ? "carousel-arrows-below" : ""} ${className}`} style={style} aria-label={label} role={label ? "group" : undefined}>
      {slides.map((slide, i) => (
        <div key={i}>{slide}</div>
      ))}
    </div>
  );
  if (!loaded || (gridFrom768 && !mobile)) return staticView;

  const { SwiperCarousel } = loaded;
  return (
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
  );
}
