import Image from "next/image";
import Link from "next/link";
import { formatDate } from "@/lib/format";
import type { BlogSummary } from "@/lib/server/content";

export function LatestArticles({ posts }: { posts: BlogSummary[] }) {
  return (
    <section aria-labelledby="latest-articles" className="bg-sand/60 py-14">
      <div className="container-page">
        <h2 id="latest-articles" className="text-3xl text-navy">
          Latest Articles
        </h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {posts.map((post) => (
            <li key={post.id} className="overflow-hidden rounded-xl bg-white shadow-sm">
              <Link href={`/blog/${post.slug}`} className="block">
                {post.banner ? (
                  <Image src={post.banner} alt={post.title} width={600} height={315} sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw" className="aspect-[40/21] w-full object-cover" />
                ) : null}
                <div className="p-5">
                  <p className="text-xs uppercase tracking-wide text-saffron-dark">{formatDate(post.publishedAt)}</p>
                  <h3 className="mt-2 text-xl leading-snug">{post.title}</h3>
                  <p className="mt-2 line-clamp-3 text-sm text-ink/75">{post.excerpt}</p>
                  <span className="mt-4 inline-block text-sm font-semibold text-saffron-dark">READ MORE</span>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
