"use client";

import Image from "next/image";
import Link from "next/link";
import { Carousel } from "@/components/ui/Carousel";
import type { Slide } from "@/lib/content";

export const SLIDER_AUTOPLAY_MS = 10_000;

/** Home slider: one slide at a time, looping, every 10 s. The first slide is in the server HTML. */
export function HeroSlider({ slides }: { slides: Slide[] }) {
  return (
    <section aria-label="Featured collections" className="hero-slider relative bg-navy">
      <Carousel slidesPerView={{ 0: 1 }} gap={0} loop autoplayMs={SLIDER_AUTOPLAY_MS} pagination>
        {slides.map((slide, index) => (
          <div key={slide.id}>
            <div className="relative isolate flex min-h-[480px] items-center md:min-h-[600px]">
              <Image
                src={slide.photo}
                alt={slide.heading}
                fill
                priority={index === 0}
                fetchPriority={index === 0 ? "high" : "auto"}
                sizes="100vw"
                className="-z-10 object-cover"
              />
              <div className="absolute inset-0 -z-10 bg-gradient-to-r from-navy/80 via-navy/40 to-transparent" />
              <div className="container-page pt-20 text-white">
                {index === 0 ? (
                  <h1 className="max-w-2xl text-4xl leading-tight md:text-6xl">{slide.heading}</h1>
                ) : (
                  <h2 className="max-w-2xl text-4xl leading-tight md:text-6xl">{slide.heading}</h2>
                )}
                {slide.subheading ? <p className="mt-4 max-w-xl text-lg text-white/90">{slide.subheading}</p> : null}
                {slide.url ? (
                  <p className="mt-8">
                    <Link href={slide.url} className="btn-primary">
                      {slide.buttonText || slide.linkText || "Shop now"}
                    </Link>
                  </p>
                ) : null}
              </div>
            </div>
          </div>
        ))}
      </Carousel>
    </section>
  );
}
