import Link from "next/link";

export function Breadcrumb({ items, separator = "/" }: { items: { name: string; href?: string }[]; separator?: string }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-ink/70">
      <ol className="flex flex-wrap items-center gap-1.5">
        {items.map((item, i) => (
          <li key={`${item.name}-${i}`} className="flex items-center gap-1.5">
            {i > 0 ? <span aria-hidden="true">{separator}</span> : null}
            {item.href && i < items.length - 1 ? (
              <Link href={item.href} className="hover:text-saffron-dark">
                {item.name}
              </Link>
            ) : (
              <span aria-current={i === items.length - 1 ? "page" : undefined} className="text-ink">
                {item.name}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
