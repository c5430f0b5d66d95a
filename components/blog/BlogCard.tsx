import Image from "next/image";
import Link from "next/link";
import { dayAndMonth } from "@/lib/platform/format";
import type { BlogSummary } from "@/lib/content";

/** A post on the blog list: banner, date, title, the plain-text excerpt clamped to 3 lines, READ MORE. */
export function BlogCard({ post, priority = false }: { post: BlogSummary; priority?: boolean }) {
  const titleId = `blog-card-${post.id}`;
  const date = dayAndMonth(post.createdAt);
  return (
    <article aria-labelledby={titleId} className="flex h-full flex-col overflow-hidden rounded-xl bg-white shadow-sm transition hover:shadow-md">
      <div className="relative bg-sand">
        <Link href={`/blog/${post.slug}`} tabIndex={-1} aria-hidden="true" className="block">
          {post.banner ? (
            <Image
              src={post.banner}
              alt=""
              width={1200}
              height={630}
              priority={priority}
              sizes="(min-width: 1280px) 400px, (min-width: 768px) 33vw, 100vw"
              className="aspect-[40/21] w-full object-cover"
            />
          ) : (
            <span className="block aspect-[40/21] w-full" />
          )}
        </Link>
        {date ? (
          <time dateTime={post.createdAt} className="absolute top-3 left-3 flex flex-col items-center rounded-lg bg-white/95 px-3 py-1.5 leading-none text-navy shadow">
            <span className="text-xl font-semibold">{date.day}</span>
            <span className="mt-0.5 text-xs tracking-wide uppercase">{date.month}</span>
          </time>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col p-5">
        <h2 id={titleId} className="text-xl leading-snug text-navy">
          <Link href={`/blog/${post.slug}`} className="hover:text-saffron-dark">
            {post.title}
          </Link>
        </h2>
        <p className="mt-3 line-clamp-3 text-sm text-ink/75">{post.excerpt}</p>
        <Link href={`/blog/${post.slug}`} aria-describedby={titleId} className="mt-auto inline-block self-start pt-4 text-sm font-semibold tracking-wide text-saffron-dark hover:text-saffron">
          READ MORE
        </Link>
      </div>
    </article>
  );
}
