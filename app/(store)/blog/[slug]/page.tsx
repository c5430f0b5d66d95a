import type { Metadata } from "next";
import Image from "next/image";
import { notFound, permanentRedirect } from "next/navigation";
import { LatestPosts } from "@/components/blog/LatestPosts";
import { ShareLinks } from "@/components/blog/ShareLinks";
import { ARTICLE_TAGS, SIDEBAR_TAGS, TagList } from "@/components/blog/TagList";
import { JsonLd } from "@/components/seo/JsonLd";
import { Breadcrumb } from "@/components/ui/Breadcrumb";
import { dayAndMonth } from "@/lib/platform/format";
import { absoluteUrl, blogPostingJsonLd, breadcrumbJsonLd } from "@/lib/seo/jsonld";
import { pageMetadata } from "@/lib/seo/metadata";
import { shareImageFor } from "@/lib/seo/share-image";
import { PreviewBar } from "@/components/content/PreviewBar";
import { type BlogPost, findContentRedirect, getBlogBySlug, getBlogPreview, listBlogs } from "@/lib/content";
import type { BlogStatus } from "@/lib/content/content-schemas";
import { htmlToText } from "@/lib/platform/html";
import { getSiteSettings } from "@/lib/platform/settings";
import { isSlug } from "@/lib/platform/slug";
import { previewing } from "../../_lib/preview";

// Rendered per request from cached reads: a scheduled post is 404 until its time and shown from
// that moment on (getBlogBySlug holds the boundary; an ISR copy would keep the 404 until it
// regenerates), and staff preview drafts here in draft mode.
export const dynamic = "force-dynamic";

const LATEST_POSTS = 5;

type Props = { params: Promise<{ slug: string }> };

/** The post for a route segment; a malformed slug never reaches the database. */
async function load(slug: string): Promise<{ post: BlogPost | null; preview: BlogStatus | null } | null> {
  if (!isSlug(slug)) return null;
  if (await previewing()) {
    const post = await getBlogPreview(slug);
    return { post, preview: post?.status ?? null };
  }
  return { post: await getBlogBySlug(slug), preview: null };
}

const PREVIEW_STATE: Record<BlogStatus, (at: string) => string> = {
  draft: () => "a draft, not published",
  scheduled: (at) => `scheduled: shown from ${at}`,
  published: () => "published, as saved now",
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const post = (await load((await params).slug))?.post;
  if (!post) return { title: "No article found", robots: { index: false } };
  const settings = await getSiteSettings();
  return pageMetadata({
    title: post.metaTitle,
    description: htmlToText(post.metaDescription) || post.excerpt || post.title,
    path: `/blog/${post.slug}`,
    image: shareImageFor(settings, { path: post.banner, alt: post.title }),
    type: "article",
    siteName: settings.website_name || undefined,
  });
}

export default async function BlogPostPage({ params }: Props) {
  const slug = (await params).slug;
  const loaded = await load(slug);
  const post = loaded?.post;
  if (!post) {
    // An old slug of a shown post answers a permanent redirect to its slug of today.
    const current = isSlug(slug) ? await findContentRedirect("blog", slug) : null;
    if (current && current !== slug) permanentRedirect(`/blog/${current}`);
    notFound();
  }
  const [latest, settings] = await Promise.all([listBlogs(1, LATEST_POSTS + 1), getSiteSettings()]);
  const latestPosts = latest.items.filter((p) => p.id !== post.id).slice(0, LATEST_POSTS);
  const date = dayAndMonth(post.createdAt);
  const path = `/blog/${post.slug}`;
  const crumbs = [
    { name: "Home", path: "/" },
    { name: "Blog", path: "/blogs" },
    { name: post.title, path },
  ];

  return (
    <>
      {loaded?.preview ? <PreviewBar state={PREVIEW_STATE[loaded.preview](post.publishedAt)} editHref={`/admin/content/blog/${post.id}`} /> : null}
      <section className="bg-sand/60 py-12">
        <div className="container-page">
          <h1 id="article-title" className="max-w-4xl text-3xl leading-tight text-navy md:text-5xl">{post.title}</h1>
          <div className="mt-4">
            <Breadcrumb separator=">" items={crumbs.map((c) => ({ name: c.name, href: c.path }))} />
          </div>
        </div>
      </section>

      <div className="container-page grid gap-10 py-12 lg:grid-cols-[minmax(0,1fr)_320px]">
        <article aria-labelledby="article-title">
          <div className="relative overflow-hidden rounded-xl bg-sand">
            {post.banner ? (
              <Image
                src={post.banner}
                alt={post.title}
                width={1200}
                height={630}
                priority
                sizes="(min-width: 1280px) 850px, (min-width: 1024px) 66vw, 100vw"
                className="aspect-[40/21] w-full object-cover"
              />
            ) : null}
            {date ? (
              <time
                dateTime={post.createdAt}
                className={`${post.banner ? "absolute top-4 left-4" : "m-4"} flex w-16 flex-col items-center rounded-lg bg-white/95 py-2 leading-none text-navy shadow`}
              >
                <span className="text-2xl font-semibold">{date.day}</span>
                <span className="mt-1 text-xs tracking-wide uppercase">{date.month}</span>
              </time>
            ) : null}
          </div>
          {post.author ? <p className="mt-6 text-sm text-ink/70">By {post.author}</p> : null}
          <div className="rich-text mt-6 max-w-none text-ink/90" dangerouslySetInnerHTML={{ __html: post.description }} />
          <div className="mt-10 flex flex-col gap-4 border-t border-ink/10 pt-6 sm:flex-row sm:items-center sm:justify-between">
            <TagList tags={ARTICLE_TAGS} label="Tags" />
            <ShareLinks url={absoluteUrl(path)} title={post.title} />
          </div>
        </article>

        <aside className="space-y-8" aria-label="Blog sidebar">
          <LatestPosts posts={latestPosts} />
          <section aria-labelledby="blog-tags" className="rounded-xl bg-white p-6 shadow-sm">
            <h2 id="blog-tags" className="text-2xl text-navy">
              Tags
            </h2>
            <div className="mt-4">
              <TagList tags={SIDEBAR_TAGS} label="Blog tags" />
            </div>
          </section>
        </aside>
      </div>

      <JsonLd
        data={[
          blogPostingJsonLd({
            title: post.title,
            slug: post.slug,
            description: htmlToText(post.metaDescription) || post.excerpt,
            image: post.banner,
            author: post.author,
            publishedAt: post.publishedAt,
            updatedAt: post.updatedAt,
            publisher: settings.website_name || "Kesar Home",
          }),
          breadcrumbJsonLd(crumbs),
        ]}
      />
    </>
  );
}
