import Link from "next/link";
import type { CategoryWithChildren } from "@/lib/catalog";

/** Categories with their subcategories, each a link to /category/{slug}; a native disclosure, so it works with the keyboard and without JavaScript. */
export function CategoryMenu({ categories, label = "Browse categories" }: { categories: CategoryWithChildren[]; label?: string }) {
  return (
    <details className="group relative inline-block">
      <summary className="cursor-pointer list-none rounded-full border border-ink/20 bg-white px-5 py-2 text-sm font-semibold hover:bg-sand">
        {label} <span aria-hidden="true">▾</span>
      </summary>
      <div className="absolute z-30 mt-2 max-h-[70vh] w-72 overflow-auto rounded-xl border border-ink/10 bg-white p-3 shadow-xl">
        <ul className="space-y-2 text-sm">
          {categories.map((c) => (
            <li key={c.id}>
              <Link href={`/category/${c.slug}`} className="font-semibold hover:text-saffron-dark">
                {c.name}
              </Link>
              {c.subcategories.length ? (
                <ul className="mt-1 ml-3 space-y-1 border-l border-ink/10 pl-3">
                  {c.subcategories.map((s) => (
                    <li key={s.id}>
                      <Link href={`/category/${s.slug}`} className="text-ink/80 hover:text-saffron-dark">
                        {s.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}
