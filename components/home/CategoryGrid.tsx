import Image from "next/image";
import Link from "next/link";
import type { CategoryWithChildren } from "@/lib/server/catalog";

export function CategoryGrid({ categories }: { categories: CategoryWithChildren[] }) {
  return (
    <section aria-labelledby="shop-by-category" className="container-page py-14">
      <h2 id="shop-by-category" className="text-3xl text-navy">
        Shop by Category
      </h2>
      <ul className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
        {categories.map((c) => (
          <li key={c.id}>
            <Link href={`/category/${c.slug}`} className="group block overflow-hidden rounded-xl bg-sand">
              {c.coverImage ? (
                <Image
                  src={c.coverImage}
                  alt={c.name}
                  width={400}
                  height={300}
                  sizes="(min-width: 1024px) 20vw, (min-width: 640px) 33vw, 50vw"
                  className="aspect-[4/3] w-full object-cover transition duration-300 group-hover:scale-105"
                />
              ) : null}
              <span className="block px-3 py-3 text-center text-sm font-semibold">{c.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
