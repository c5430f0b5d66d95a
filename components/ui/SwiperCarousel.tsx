"use client";

import type { ReactNode } from "react";
import { A11y, Autoplay, Navigation, Pagination } from "swiper/modules";
import { Swiper, SwiperSlide } from "swiper/react";
import "swiper/css";
import "swiper/css/navigation";
import "swiper/css/pagination";

export type SwiperCarouselProps = {
  slides: ReactNode[];
  gap: number;
  /** Slides per view from 0, 600 and 1000 px. */
  slidesPerView: [number, number, number];
  loop: boolean;
  autoplayMs?: number;
  navigation: boolean;
  pagination: boolean;
  className: string;
  label?: string;
};

/** The Swiper half of <Carousel>, loaded on demand in the browser. */
export function SwiperCarousel({ slides, gap, slidesPerView, loop, autoplayMs, navigation, pagination, className, label }: SwiperCarouselProps) {
  return (
    <Swiper
      modules={[A11y, Autoplay, Navigation, Pagination]}
      spaceBetween={gap}
      slidesPerView={slidesPerView[0]}
      breakpoints={{ 600: { slidesPerView: slidesPerView[1] }, 1000: { slidesPerView: slidesPerView[2] } }}
      loop={loop}
      autoplay={autoplayMs ? { delay: autoplayMs, disableOnInteraction: false, pauseOnMouseEnter: true } : false}
      navigation={navigation}
      pagination={pagination ? { clickable: true } : false}
      a11y={{ enabled: true }}
      // Arrows under the slides (app/globals.css), where the static view kept their row.
      className={navigation ? `carousel-arrows-below ${className}` : className}
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
