import type { Metadata } from "next";
import { CategoryGrid } from "@/components/home/CategoryGrid";
import { HeroSlide } from "@/components/home/HeroSlide";
import { LatestArticles } from "@/components/home/LatestArticles";
import { listCategories } from "@/lib/server/catalog";
import { listBlogs, listSliders } from "@/lib/server/content";
import { getSiteSettings } from "@/lib/server/settings";

export async function generateMetadata(): Promise<Metadata> {
  const s = await getSiteSettings();
  const title = s.meta_title || s.website_name;
  return {
    title,
    description: s.meta_description,
    keywords: s.meta_keywords ? s.meta_keywords.split(",").map((k) => k.trim()).filter(Boolean) : undefined,
    alternates: { canonical: "/" },
    openGraph: { title, description: s.meta_description, url: "/", siteName: s.website_name, type: "website", locale: "en_IN" },
    twitter: { card: "summary_large_image", title, description: s.meta_description },
  };
}

export default async function HomePage() {
  const [slides, categories, blogs] = await Promise.all([listSliders(), listCategories(), listBlogs(1, 6)]);
  const [first] = slides;
  return (
    <>
      {first ? <HeroSlide slide={first} /> : null}
      <CategoryGrid categories={categories} />
      <LatestArticles posts={blogs.items} />
    </>
  );
}
