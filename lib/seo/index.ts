import "server-only";

/**
 * SEO: what search engines and shared links read. Pure builders beside this file: metadata.ts
 * (titles, canonical URLs, Open Graph), jsonld.ts, sitemap.ts (the sitemap files' split) and
 * share-image.ts (the pictures' sizes and paths).
 *
 * This file is the domain's server API: the sitemap's entries from the database and the share
 * images the store draws.
 */

export { drawBrandShareImage, drawPhotoShareImage, readMediaFile, shareImageNotFound, shareImageResponse } from "./server/share-image";
export { listSitemapEntries, type SitemapEntry } from "./server/sitemap-entries";
