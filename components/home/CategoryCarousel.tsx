"use client";

import Image from "next/image";
import Link from "next/link";
import { A11y, Navigation } from "swiper/modules";
import { Swiper, SwiperSlide } from "swiper/react";
import "swiper/css";
import "swiper/css/navigation";
import type { CategoryWithChildren } from "@/lib/server/catalog";

/** 1, 2 and 4 categories at widths from 0, 600 and 1000 px. */
export const CATEGORY_BREAKPOINTS = { 0: { slidesPerView: 1 }, 600: { slidesPerView: 2 }, 1000: { slidesPerView: 4 } };

export function CategoryCarousel({ categories }: { categories: CategoryWithChildren[] }) {
  return (
    <section aria-labelledby="shop-by-category" className="container-page py-14">
      <h2 id="shop-by-category" className="text-3xl text-navy md:text-4xl">
        Shop by Category
      </h2>
      <Swiper modules={[Navigation, A11y]} spaceBetween={20} breakpoints={CATEGORY_BREAKPOINTS} navigation className="mt-8">
        {categories.map((c) => (
          <SwiperSlide key={c.id}>
            <Link href={`/category/${c.slug}`} className="group block overflow-hidden rounded-xl bg-sand">
              {c.coverImage ? (
                <Image
                  src={c.coverImage}
                  alt=""
                  width={400}
                  height={300}
                  sizes="(min-width: 1000px) 25vw, (min-width: 600px) 50vw, 100vw"
                  className="aspect-[4/3] w-full object-cover transition duration-300 group-hover:scale-105"
                />
              ) : null}
              <span className="block px-3 py-3 text-center font-semibold">{c.name}</span>
            </Link>
          </SwiperSlide>
        ))}
      </Swiper>
    </section>
  );
}
