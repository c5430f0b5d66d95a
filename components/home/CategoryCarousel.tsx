"use client";

import Image from "next/image";
import Link from "next/link";
import { Carousel } from "@/components/ui/Carousel";
import type { CategorySummary } from "@/lib/catalog";

/** 1, 2 and 4 categories at widths from 0, 600 and 1000 px. */
export const CATEGORY_SLIDES = { 0: 1, 600: 2, 1000: 4 };

/** What a tile shows; the page passes only these fields, so the RSC payload stays small. */
export type CategoryTile = Pick<CategorySummary, "id" | "name" | "slug" | "coverImage">;

export function CategoryCarousel({ categories }: { categories: CategoryTile[] }) {
  return (
    <section aria-labelledby="shop-by-category" className="container-page py-14">
      <h2 id="shop-by-category" className="text-3xl text-navy md:text-4xl">
        Shop by Category
      </h2>
      <Carousel slidesPerView={CATEGORY_SLIDES} navigation className="mt-8">
        {categories.map((c) => (
          <div key={c.id}>
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
          </div>
        ))}
      </Carousel>
    </section>
  );
}
