"use client";

import { Children, useSyncExternalStore, type CSSProperties, type ReactNode } from "react";
import { A11y, Autoplay, Navigation, Pagination } from "swiper/modules";
import { Swiper, SwiperSlide } from "swiper/react";
import "swiper/css";
import "swiper/css/navigation";
import "swiper/css/pagination";

export type SlidesPerView = { 0: number; 600?: number; 1000?: number };

const subscribe = () => () => undefined;
/** False on the server and during hydration, true once the browser has taken over. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
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
  const hydrated = useHydrated();
  const mobile = useIsMobile();
  const slides = Children.toArray(children);
  const spv600 = slidesPerView[600] ?? slidesPerView[0];
  const spv1000 = slidesPerView[1000] ?? spv600;

  if (!hydrated || (gridFrom768 && !mobile)) {
    const style = { "--gap": `${gap}px`, "--spv-0": slidesPerView[0], "--spv-600": spv600, "--spv-1000": spv1000, "--grid-cols": gridFrom768 } as CSSProperties;
    return (
      <div className={`carousel-static ${gridFrom768 ? "carousel-grid-md" : ""} ${className}`} style={style} aria-label={label} role={label ? "group" : undefined}>
        {slides.map((slide, i) => (
          <div key={i}>{slide}</div>
        ))}
      </div>
    );
  }

  return (
    <Swiper
      modules={[A11y, Autoplay, Navigation, Pagination]}
      spaceBetween={gap}
      slidesPerView={slidesPerView[0]}
      breakpoints={{ 600: { slidesPerView: spv600 }, 1000: { slidesPerView: spv1000 } }}
      loop={loop && slides.length > spv1000}
      autoplay={autoplayMs ? { delay: autoplayMs, disableOnInteraction: false, pauseOnMouseEnter: true } : false}
      navigation={navigation}
      pagination={pagination ? { clickable: true } : false}
      a11y={{ enabled: true }}
      className={className}
      aria-label={label}
    >
      {slides.map((slide, i) => (
        <SwiperSlide key={i} className="!h-auto">
          {slide}
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
