/**
 * Demo photography for the seed: every product photo, category cover, slider, blog banner and
 * logo is an SVG composition (see scenes.ts and svg.ts) rendered to WebP with sharp. File names
 * are deterministic and existing files are skipped, so a second seed run renders nothing.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { PRODUCTS, SHOT_ORDER, lookFor, photoAlt, photoPath, productSlug, type ProductEntry } from "./catalog";
import { BLOGS, MEDIA, SLIDERS } from "./content";
import { FAMILIES, type FamilyDef } from "./families";
import { logoSvg, productPhotoSvg, sceneSvg, type Look, type Theme } from "./scenes";

export const PRODUCT_PHOTO_SIZE = 800;
export const COVER_SIZE = { width: 800, height: 600 } as const;
export const SLIDER_SIZE = { width: 1600, height: 700 } as const;
export const BLOG_SIZE = { width: 1200, height: 630 } as const;
const WEBP_QUALITY = 78;

export type ImageJob = {
  /** Public URL path stored in the database, always "/media/...". */
  url: string;
  width: number;
  height: number;
  format: "webp" | "png";
  /** Keep transparency (logos); photos are flattened. */
  alpha: boolean;
  svg: () => string;
};

export type PhotoRecord = { path: string; alt: string; width: number; height: number; sortOrder: number };

/** Maps a "/media/..." URL to a file inside mediaDir. */
export function mediaFile(mediaDir: string, url: string): string {
  if (!url.startsWith("/media/")) throw new Error(`Not a media URL: ${url}`);
  return path.join(mediaDir, ...url.slice("/media/".length).split("/"));
}

export function productPhotos(entry: ProductEntry): PhotoRecord[] {
  const family = FAMILIES.find((f) => f.key === entry.family) as FamilyDef;
  const slug = productSlug(entry);
  return SHOT_ORDER.slice(0, entry.photos).map((shot, i) => ({
    path: photoPath(slug, i),
    alt: photoAlt(entry, shot, family),
    width: PRODUCT_PHOTO_SIZE,
    height: PRODUCT_PHOTO_SIZE,
    sortOrder: i,
  }));
}

export function categoryCoverUrl(slug: string): string {
  return `/media/categories/${slug}.webp`;
}
export function blogBannerUrl(slug: string): string {
  return `/media/blog/${slug}.webp`;
}
export function sliderUrl(file: string): string {
  return `/media/sliders/${file}.webp`;
}

/** The product whose look stands for a category on its cover. */
function coverEntry(family: FamilyDef, subSlug?: string): ProductEntry {
  const inFamily = PRODUCTS.filter((p) => p.family === family.key);
  const pool = subSlug ? inFamily.filter((p) => p.sub === subSlug) : inFamily;
  const chosen = (subSlug ? pool[0] : (pool.find((p) => p.featured) ?? pool[0])) ?? inFamily[0];
  if (!chosen) throw new Error(`No product for cover of ${family.slug}`);
  return chosen;
}

export function categoryCoverJobs(): ImageJob[] {
  const jobs: ImageJob[] = [];
  const scene = (look: Look, theme: Theme, url: string): ImageJob => ({
    url,
    ...COVER_SIZE,
    format: "webp",
    alpha: false,
    svg: () => sceneSvg(look, COVER_SIZE.width, COVER_SIZE.height, theme),
  });
  for (const family of FAMILIES) {
    jobs.push(scene(lookFor(coverEntry(family)), "day", categoryCoverUrl(family.slug)));
    family.subcategories.forEach((sub, i) => {
      const look = { ...lookFor(coverEntry(family, sub.slug)) };
      jobs.push(scene(look, i % 3 === 2 ? "evening" : "day", categoryCoverUrl(sub.slug)));
    });
  }
  return jobs;
}

export function productImageJobs(entries: ProductEntry[] = PRODUCTS): ImageJob[] {
  const jobs: ImageJob[] = [];
  for (const entry of entries) {
    const look = lookFor(entry);
    const slug = productSlug(entry);
    SHOT_ORDER.slice(0, entry.photos).forEach((shot, i) => {
      jobs.push({
        url: photoPath(slug, i),
        width: PRODUCT_PHOTO_SIZE,
        height: PRODUCT_PHOTO_SIZE,
        format: "webp",
        alpha: false,
        svg: () => productPhotoSvg(look, shot, PRODUCT_PHOTO_SIZE),
      });
    });
  }
  return jobs;
}

export function contentImageJobs(): ImageJob[] {
  const jobs: ImageJob[] = [];
  for (const s of SLIDERS) {
    jobs.push({ url: sliderUrl(s.file), ...SLIDER_SIZE, format: "webp", alpha: false, svg: () => sceneSvg(s.look, SLIDER_SIZE.width, SLIDER_SIZE.height, s.theme) });
  }
  for (const b of BLOGS) {
    jobs.push({ url: blogBannerUrl(b.slug), ...BLOG_SIZE, format: "webp", alpha: false, svg: () => sceneSvg(b.look, BLOG_SIZE.width, BLOG_SIZE.height, b.theme) });
  }
  return jobs;
}

export function brandImageJobs(): ImageJob[] {
  const logo = (url: string, variant: Parameters<typeof logoSvg>[0], format: "webp" | "png"): ImageJob => {
    const made = logoSvg(variant);
    return { url, width: made.width, height: made.height, format, alpha: true, svg: () => made.svg };
  };
  return [
    logo(MEDIA.headerLogo, "header", "webp"),
    logo(MEDIA.footerLogo, "footer", "webp"),
    logo(MEDIA.siteIcon, "icon", "png"),
    logo(MEDIA.logoMark, "mark", "webp"),
  ];
}

/** Every image the base seed needs, in a fixed order. */
export function allImageJobs(): ImageJob[] {
  return [...brandImageJobs(), ...categoryCoverJobs(), ...contentImageJobs(), ...productImageJobs()];
}

export type RenderResult = { rendered: number; skipped: number; total: number };

async function renderOne(job: ImageJob, file: string): Promise<void> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // The SVG's width/height attributes are the output size, so no resize is needed.
  let pipeline = sharp(Buffer.from(job.svg()), { density: 72 });
  if (!job.alpha) pipeline = pipeline.flatten({ background: "#ffffff" }).removeAlpha();
  pipeline = job.format === "png" ? pipeline.png({ compressionLevel: 9 }) : pipeline.webp({ quality: WEBP_QUALITY, effort: 2, alphaQuality: 90 });
  // Write to a temporary name and rename, so an interrupted run never leaves a half file that
  // the next run would mistake for a finished one.
  const tmp = `${file}.${process.pid}.tmp`;
  await pipeline.toFile(tmp);
  fs.renameSync(tmp, file);
}

/**
 * Renders the jobs whose files do not exist yet, `concurrency` at a time (librsvg renders each
 * SVG on one thread, so 2–4 parallel jobs keep a small machine busy without thrashing).
 */
export async function renderImages(
  jobs: ImageJob[],
  mediaDir: string,
  options: { concurrency?: number; log?: (line: string) => void } = {},
): Promise<RenderResult> {
  const concurrency = Math.max(1, options.concurrency ?? Math.min(4, Math.max(2, os.availableParallelism?.() ?? os.cpus().length)));
  const todo = jobs.filter((job) => !fs.existsSync(mediaFile(mediaDir, job.url)));
  const skipped = jobs.length - todo.length;
  if (todo.length === 0) return { rendered: 0, skipped, total: jobs.length };
  sharp.cache(false);
  let next = 0;
  let done = 0;
  let lastLogged = 0;
  const worker = async () => {
    while (next < todo.length) {
      const job = todo[next++] as ImageJob;
      await renderOne(job, mediaFile(mediaDir, job.url));
      done += 1;
      if (options.log && (done - lastLogged >= 50 || done === todo.length)) {
        lastLogged = done;
        options.log(`  images: ${done}/${todo.length} rendered`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, todo.length) }, worker));
  return { rendered: todo.length, skipped, total: jobs.length };
}
