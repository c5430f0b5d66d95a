import "server-only";
import fs from "node:fs/promises";
import path from "node:path";
import sharp, { type Sharp } from "sharp";
import { cacheControlOf, etagMatches } from "@/lib/platform/cache-policy";
import { SHARE_IMAGE_MAX_BYTES, SHARE_IMAGE_SIZE, photoSharePath, type BrandLook } from "../share-image";
import { DEJAVU, dejavuFontDir } from "@/lib/platform/fonts";

/**
 * Draws the share images that lib/seo/share-image.ts names (og:image), on request, with sharp:
 * nothing is written anywhere, so every instance draws the same picture from the same photo, and
 * the answers are kept by the HTTP caches in front (their URL changes whenever the picture does).
 * One drawing takes some 50 ms of one core; a repeat is a 304 (ETag) or a cache hit.
 */

const { width: WIDTH, height: HEIGHT } = SHARE_IMAGE_SIZE;
const NAVY = "#02132f";
const SAND = "#efe7da";
const IVORY = "#faf7f2";
const SAFFRON = "#a0561a";
const GOLD = "#e2b86b";
/** A photo this close to 1200 × 630 fills the canvas (cropped a little); others are shown whole. */
const FILL_RATIO = { min: 1.6, max: 2.4 } as const;
/** Bigger pictures than this are not decoded (pixels, as sharp counts them). */
const MAX_INPUT_PIXELS = 40_000_000;
/** JPEG qualities tried in turn until the image weighs less than SHARE_IMAGE_MAX_BYTES (photos stop at the first). */
const QUALITIES = [82, 70, 58, 45, 30] as const;

/** A photo under /media (public/media) as stored, or null when there is no such file. */
export async function readMediaFile(source: string): Promise<Buffer | null> {
  if (!photoSharePath(source)) return null;
  // public/ beside the running server: the project folder (next dev), .next/standalone (npm start
  // links it there) or the image's /app.
  const file = path.join(/*turbopackIgnore: true*/ process.cwd(), "public", ...source.split("/").filter(Boolean));
  try {
    return await fs.readFile(file);
  } catch {
    return null;
  }
}

const input = (bytes: Buffer) => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();

/** The drawing as a JPEG (mozjpeg: progressive, smaller) light enough for WhatsApp. */
async function jpegUnderLimit(image: Sharp): Promise<Buffer> {
  const pixels = await image.raw().toBuffer({ resolveWithObject: true });
  let out: Buffer = Buffer.alloc(0);
  for (const quality of QUALITIES) {
    out = await sharp(pixels.data, { raw: pixels.info }).jpeg({ quality, mozjpeg: true }).toBuffer();
    if (out.length < SHARE_IMAGE_MAX_BYTES) break;
  }
  return out;
}

/**
 * A photo on a 1200 × 630 canvas: a wide photo fills it; a square or tall one (a product shot) is
 * shown whole and as tall as the canvas, centred on a blurred, darkened copy of itself, so the
 * square crop some apps show of a preview is the photo itself.
 */
export async function drawPhotoShareImage(photo: Buffer): Promise<Buffer> {
  const meta = await input(photo).metadata();
  const ratio = (meta.autoOrient?.width ?? meta.width ?? 1) / (meta.autoOrient?.height ?? meta.height ?? 1);
  if (ratio >= FILL_RATIO.min && ratio <= FILL_RATIO.max) {
    return jpegUnderLimit(input(photo).resize(WIDTH, HEIGHT, { fit: "cover" }).flatten({ background: IVORY }));
  }
  // Blurred at an eighth of the size and stretched back: the same look as a wide blur, far cheaper.
  const small = await input(photo).resize(WIDTH / 8, Math.round(HEIGHT / 8), { fit: "cover" }).flatten({ background: IVORY }).blur(4).toBuffer();
  const backdrop = await sharp(small).resize(WIDTH, HEIGHT, { kernel: "cubic" }).modulate({ brightness: 0.75 }).toBuffer();
  const front = await input(photo).resize(WIDTH, HEIGHT, { fit: "inside" }).flatten({ background: IVORY }).toBuffer();
  return jpegUnderLimit(sharp(backdrop).composite([{ input: front, gravity: "centre" }]));
}

const escapeMarkup = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * The brand image: the logo, large, on the brand's navy (the light logo) or sand (the dark one),
 * over a short rule in the brand's gold. Without a logo, the shop's name in DejaVu Sans Bold,
 * from the font file in node_modules, so no system font is needed.
 */
export async function drawBrandShareImage(look: BrandLook, logo: Buffer | null): Promise<Buffer> {
  const onNavy = look.background === "navy";
  const mark = logo
    ? await input(logo).resize(760, 240, { fit: "inside" }).png().toBuffer()
    : await sharp({
        text: {
          text: `<span foreground="${IVORY}">${escapeMarkup(look.name)}</span>`,
          fontfile: path.join(/*turbopackIgnore: true*/ dejavuFontDir(), DEJAVU.bold),
          font: "DejaVu Sans Bold 80",
          width: 1000,
          align: "centre",
          rgba: true,
          wrap: "word",
        },
      })
        .png()
        .toBuffer();
  const size = await sharp(mark).metadata();
  const markHeight = Math.min(size.height ?? 0, HEIGHT - 120);
  const top = Math.round((HEIGHT - markHeight) / 2) - 20;
  const rule = { width: 160, height: 5 };
  const canvas = sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: onNavy ? NAVY : SAND } }).composite([
      { input: mark, top: Math.max(0, top), left: Math.max(0, Math.round((WIDTH - (size.width ?? 0)) / 2)) },
      {
        input: { create: { ...rule, channels: 4, background: onNavy ? GOLD : SAFFRON } },
        top: Math.min(HEIGHT - rule.height - 40, top + markHeight + 40),
        left: Math.round((WIDTH - rule.width) / 2),
      },
    ]);
  return jpegUnderLimit(canvas);
}

/**
 * The last drawings, by version (what the picture is drawn from), and the ones being drawn: a burst
 * of requests for one share image (a link shared in a busy group, any `v` in the URL) draws it once,
 * and a store without nginx or a CDN in front does not draw it again on every fetch. At most
 * DRAWINGS_KEPT pictures of under 300 KB each (a few MB); the least recently asked goes first.
 */
const DRAWINGS_KEPT = 32;
const drawings = new Map<string, Promise<Buffer>>();

export function drawOnce(version: string, draw: () => Promise<Buffer>): Promise<Buffer> {
  const kept = drawings.get(version);
  if (kept) {
    drawings.delete(version);
    drawings.set(version, kept);
    return kept;
  }
  const drawing = draw();
  drawings.set(version, drawing);
  drawing.catch(() => drawings.delete(version));
  while (drawings.size > DRAWINGS_KEPT) drawings.delete(drawings.keys().next().value as string);
  return drawing;
}

/** A year for a URL whose `v` is the picture's current version; a short life for an old or missing one. */
const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * The answer for one share image. `version` identifies what the picture is drawn from now (the
 * ETag); when the URL asked for that version the answer never changes and is kept for a year, else
 * (an old link, a URL without `v`) it is today's picture under the content pages' short policy. A
 * matching If-None-Match is a 304 without drawing.
 */
export async function shareImageResponse(request: Request, version: string, draw: () => Promise<Buffer>): Promise<Response> {
  const asked = new URL(request.url).searchParams.get("v");
  const headers = new Headers({
    "Cache-Control": asked === version ? IMMUTABLE : cacheControlOf("content"),
    ETag: `"${version}"`,
  });
  if (etagMatches(request.headers.get("if-none-match"), `"${version}"`)) return new Response(null, { status: 304, headers });
  const bytes = await drawOnce(version, draw);
  headers.set("Content-Type", "image/jpeg");
  headers.set("Content-Length", String(bytes.length));
  return new Response(request.method === "HEAD" ? null : new Uint8Array(bytes), { headers });
}

export const shareImageNotFound = () =>
  new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" } });
