import Image from "next/image";
import Link from "next/link";
import { formatDate } from "@/lib/platform/format";
import type { BlogSummary } from "@/lib/content";

/** Sidebar of the blog detail page: the newest posts, each linking to /blog/{slug}. */
export function LatestPosts({ posts }: { posts: BlogSummary[] }) {
  if (!posts.length) return null;
  return (
    <section aria-labelledby="latest-posts" className="rounded-xl bg-white p-6 shadow-sm">
      <h2 id="latest-posts" className="text-2xl text-navy">
        Latest Posts
      </h2>
      <ul className="mt-5 space-y-4">
        {posts.map((post) => (
          <li key={post.id}>
            <Link href={`/blog/${post.slug}`} className="group flex items-center gap-3">
              {post.banner ? (
                <Image src={post.banner} alt="" width={160} height={84} sizes="80px" className="h-14 w-20 shrink-0 rounded-md object-cover" />
              ) : null}
              <span className="min-w-0">
                <span className="block text-sm leading-snug font-medium text-ink group-hover:text-saffron-dark">{post.title}</span>
                <span className="mt-1 block text-xs text-ink/70">{formatDate(post.publishedAt)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
