import { createHash } from "node:crypto";

/**
 * The picture a shared link shows (og:image, twitter:image). WhatsApp, Facebook and LinkedIn show
 * a 1200 × 630 image large, and WhatsApp often shows no picture at all for WebP, so every page
 * names a JPEG of that size which the store draws itself (lib/seo/server/share-image.ts, served by
 * app/og/): a page with a photo (product, category, blog post, enquiry pages) gets that photo
 * on a 1200 × 630 canvas, every other page the brand image (the logo on the brand's colours).
 *
 * The URL carries the photo's path, and `v` is a digest of everything the picture is drawn from
 * (the photo's path, or the logo, name and colours of the brand image) and of the drawing itself.
 * A new photo is a new path (stored names are never reused, and /media files never change under
 * one name), and a new logo or name changes `v`, so a changed picture always has a new URL: the
 * answer can be kept for a year by browsers, nginx, CDNs and the apps that show the preview.
 */

export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;
export const SHARE_IMAGE_TYPE = "image/jpeg";
/** WhatsApp shows no preview for heavier images; the drawing lowers the JPEG quality until under it. */
export const SHARE_IMAGE_MAX_BYTES = 300_000;
/** Bump when the drawing changes (layout, colours, quality), so every share image gets a new URL. */
export const SHARE_IMAGE_DRAWING = "1";

export type ShareImage = { url: string; width: number; height: number; alt: string; type: string };

/** A file under /media (public/media): lower-case folders, a name, and a picture's extension. */
const MEDIA_SOURCE = /^\/media\/((?:[a-z0-9][a-z0-9_-]*\/)*[a-z0-9][a-z0-9_.-]*\.(?:webp|png|jpe?g))$/;
const SHARE_PREFIX = "/og/";
const SHARE_SUFFIX = ".jpg";
export const BRAND_SHARE_PATH = "/og/brand.jpg";

/** A short digest of what a picture is drawn from; the same inputs always give the same value. */
export function shareVersion(...inputs: string[]): string {
  return createHash("sha256").update([SHARE_IMAGE_DRAWING, ...inputs].join("\0")).digest("base64url").slice(0, 12);
}

/** "/media/products/x-0.webp" → "/og/products/x-0.webp.jpg"; null for anything that is not a /media picture. */
export function photoSharePath(source: string): string | null {
  const match = MEDIA_SOURCE.exec(source);
  return match ? `${SHARE_PREFIX}${match[1]}${SHARE_SUFFIX}` : null;
}

/** The /media picture a share path was made from (the route's segments after /og/), or null. */
export function photoSourceOf(segments: readonly string[]): string | null {
  const joined = segments.join("/");
  if (!joined.endsWith(SHARE_SUFFIX)) return null;
  const source = `/media/${joined.slice(0, -SHARE_SUFFIX.length)}`;
  return MEDIA_SOURCE.test(source) ? source : null;
}

const image = (path: string, version: string, alt: string): ShareImage => ({
  url: `${path}?v=${version}`,
  ...SHARE_IMAGE_SIZE,
  alt,
  type: SHARE_IMAGE_TYPE,
});

/** The share image drawn from a photo, or null when the photo is not one the store can draw from. */
export function photoShareImage(source: string | null | undefined, alt: string): ShareImage | null {
  const path = source ? photoSharePath(source) : null;
  return source && path ? image(path, shareVersion(source), alt) : null;
}

/** What the brand image is drawn from: the light logo on navy, else the dark one on sand, else the name in letters. */
export type BrandLook = { logo: string | null; background: "navy" | "sand"; name: string };

/** The business settings the brand image reads. */
export type BrandSettings = { website_name: string; footer_logo_path: string; header_logo_path: string };

export function brandLook(settings: BrandSettings): BrandLook {
  const name = settings.website_name.trim() || "Our store";
  // Only pictures under /media can be read back to draw with; an outside URL is not fetched.
  if (MEDIA_SOURCE.test(settings.footer_logo_path)) return { logo: settings.footer_logo_path, background: "navy", name };
  if (MEDIA_SOURCE.test(settings.header_logo_path)) return { logo: settings.header_logo_path, background: "sand", name };
  return { logo: null, background: "navy", name };
}

export const brandVersion = (look: BrandLook): string => shareVersion(look.logo ?? "", look.background, look.name);

/** The brand image, for pages without a photo of their own (home, lists, About Us, policies, ...). */
export function brandShareImage(settings: BrandSettings): ShareImage {
  const look = brandLook(settings);
  return image(BRAND_SHARE_PATH, brandVersion(look), look.logo ? `${look.name} logo` : look.name);
}

/** The page's photo as its share image when there is one the store can draw from, else the brand image. */
export function shareImageFor(settings: BrandSettings, photo?: { path: string | null | undefined; alt: string } | null): ShareImage {
  return (photo ? photoShareImage(photo.path, photo.alt) : null) ?? brandShareImage(settings);
}
