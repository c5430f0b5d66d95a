"use client";

import Image from "next/image";
import Link from "next/link";
import { Carousel } from "@/components/ui/Carousel";
import { formatDate } from "@/lib/platform/format";
import type { BlogSummary } from "@/lib/content";

export const ARTICLE_AUTOPLAY_MS = 4_200;

/** What a card shows; the page passes only these fields, so the RSC payload stays small. */
export type ArticleTile = Pick<BlogSummary, "id" | "title" | "slug" | "banner" | "excerpt" | "publishedAt">;

/** The post's date line; none for a timestamp that is not a date. */
function PostDate({ iso }: { iso: string }) {
  const text = formatDate(iso);
  return text ? <p className="text-xs tracking-wide text-saffron-dark uppercase">{text}</p> : null;
}

/** Latest articles: the first 6 posts, 1, 2 or 4 at a time, every 4.2 s. */
export function ArticleCarousel({ posts }: { posts: ArticleTile[] }) {
  return (
    <section aria-labelledby="latest-articles" className="defer-render bg-sand/60 py-14">
      <div className="container-page">
        <h2 id="latest-articles" className="text-3xl text-navy md:text-4xl">
          Latest Articles
        </h2>
        <Carousel slidesPerView={{ 0: 1, 600: 2, 1000: 4 }} autoplayMs={ARTICLE_AUTOPLAY_MS} className="mt-8">
          {posts.slice(0, 6).map((post) => (
            <div key={post.id} className="h-full">
              <article className="h-full overflow-hidden rounded-xl bg-white shadow-sm">
                <Link href={`/blog/${post.slug}`} className="block">
                  {post.banner ? (
                    <Image src={post.banner} alt="" width={600} height={315} sizes="(min-width: 1000px) 25vw, (min-width: 600px) 50vw, 100vw" className="aspect-[40/21] w-full object-cover" />
                  ) : null}
                  <div className="p-5">
                    <PostDate iso={post.publishedAt} />
                    <h3 className="mt-2 text-lg leading-snug">{post.title}</h3>
                    <p className="mt-2 line-clamp-3 text-sm text-ink/75">{post.excerpt}</p>
                    <span className="mt-4 inline-block text-sm font-semibold text-saffron-dark">READ MORE</span>
                  </div>
                </Link>
              </article>
            </div>
          ))}
        </Carousel>
      </div>
    </section>
  );
}
