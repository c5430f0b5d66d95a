import type { Metadata } from "next";
import { ArticleCarousel } from "@/components/home/ArticleCarousel";
import { CategoryCarousel } from "@/components/home/CategoryCarousel";
import { HeroSlider } from "@/components/home/HeroSlider";
import { AboutSection, EnquiryTiles, Testimonials, WhyChooseUs } from "@/components/home/HomeSections";
import { JsonLd } from "@/components/seo/JsonLd";
import { displayPhone } from "@/lib/platform/phone";
import { organizationJsonLd, webSiteJsonLd } from "@/lib/seo/jsonld";
import { pageMetadata } from "@/lib/seo/metadata";
import { brandShareImage } from "@/lib/seo/share-image";
import { listCategories } from "@/lib/catalog";
import { listBlogs, listSliders, listTestimonials } from "@/lib/content";
import { getSiteSettings } from "@/lib/platform/settings";

export const revalidate = 3600;

export async function generateMetadata(): Promise<Metadata> {
  const s = await getSiteSettings();
  const title = s.meta_title || s.website_name;
  return {
    ...pageMetadata({ title, description: s.meta_description, path: "/", image: brandShareImage(s), siteName: s.website_name }),
    title: { absolute: title },
    keywords: s.meta_keywords ? s.meta_keywords.split(",").map((k) => k.trim()).filter(Boolean) : undefined,
  };
}

export default async function HomePage() {
  const [settings, slides, categories, blogs, testimonials] = await Promise.all([
    getSiteSettings(),
    listSliders(),
    listCategories(),
    listBlogs(1, 6),
    listTestimonials(),
  ]);
  return (
    <>
      {slides.length ? <HeroSlider slides={slides} /> : null}
      {/* Client components get only the fields they show: their props travel in the RSC payload. */}
      <CategoryCarousel categories={categories.map(({ id, name, slug, coverImage }) => ({ id, name, slug, coverImage }))} />
      <AboutSection settings={settings} />
      <EnquiryTiles />
      <ArticleCarousel posts={blogs.items.slice(0, 6).map(({ id, title, slug, banner, excerpt, publishedAt }) => ({ id, title, slug, banner, excerpt, publishedAt }))} />
      <Testimonials items={testimonials} />
      <WhyChooseUs />
      <JsonLd
        data={[
          organizationJsonLd({
            name: settings.website_name,
            logo: settings.header_logo_path || undefined,
            phone: settings.contact_phone ? displayPhone(settings.contact_phone) : undefined,
            email: settings.contact_email || undefined,
            address: settings.contact_address || undefined,
            sameAs: [settings.facebook_link, settings.instagram_link, settings.twitter_link, settings.youtube_link, settings.linkedin_link].filter(Boolean),
          }),
          webSiteJsonLd(settings.website_name),
        ]}
      />
    </>
  );
}
