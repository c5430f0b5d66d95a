import type { Metadata } from "next";
import type { ReactNode } from "react";
import { ApiProvider } from "@/components/layout/ApiProvider";
import { Footer } from "@/components/layout/Footer";
import { Header } from "@/components/layout/Header";
import { PageChrome } from "@/components/layout/PageChrome";
import { getConfig } from "@/lib/platform/config";
import { chatHref } from "@/lib/platform/phone";
import { getSiteSettings } from "@/lib/platform/settings";

export async function generateMetadata(): Promise<Metadata> {
  const s = await getSiteSettings();
  return {
    applicationName: s.website_name,
    icons: s.site_icon_path ? { icon: s.site_icon_path, apple: s.site_icon_path } : undefined,
  };
}

/** The storefront shell. Nothing per-user here, so every page below can be served from the cache. */
export default async function StoreLayout({ children }: { children: ReactNode }) {
  const settings = await getSiteSettings();
  return (
    <ApiProvider systemKey={getConfig().systemKey}>
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:top-4 focus:left-4 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2">
        Skip to content
      </a>
      {/* The footer is navy, so its logo is the light one the header needs over the home slider. */}
      <Header name={settings.website_name} logo={settings.header_logo_path} lightLogo={settings.footer_logo_path} />
      <main id="main">{children}</main>
      <Footer settings={settings} />
      <PageChrome chatUrl={settings.contact_phone ? chatHref(settings.contact_phone) : ""} splashLogo={settings.loading_logo_path || settings.site_icon_path} />
    </ApiProvider>
  );
}
