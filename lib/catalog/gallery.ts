/** Thumbnails shown at a time on the product page. */
export const THUMB_WINDOW = 4;

/** Next and previous photo, wrapping around at both ends. */
export const nextIndex = (i: number, count: number) => (count ? (i + 1) % count : 0);
export const prevIndex = (i: number, count: number) => (count ? (i - 1 + count) % count : 0);

/**
 * First thumbnail of the visible window after `selected` changes: the window moves only as far as
 * needed to keep the selected photo in view, and never runs past the last photo.
 */
export function windowStart(selected: number, currentStart: number, count: number, size = THUMB_WINDOW): number {
  if (count <= size) return 0;
  let start = currentStart;
  if (selected < start) start = selected;
  else if (selected >= start + size) start = selected - size + 1;
  return Math.max(0, Math.min(start, count - size));
}

/** Lightbox zoom: 100 to 300 in steps of 100. */
export const ZOOM_MIN = 100;
export const ZOOM_MAX = 300;
export const ZOOM_STEP = 100;
export const zoomIn = (z: number) => Math.min(ZOOM_MAX, z + ZOOM_STEP);
export const zoomOut = (z: number) => Math.max(ZOOM_MIN, z - ZOOM_STEP);

/** The product page's variant picker asks the gallery to show a photo (its path) by this window event. */
export const VARIANT_PHOTO_EVENT = "kesar:variant-photo";

/** Index of the photo with this path, or `fallback` when the product has none such. */
export function photoIndex(photos: readonly { path: string }[], path: string | null | undefined, fallback = 0): number {
  const i = path ? photos.findIndex((p) => p.path === path) : -1;
  return i >= 0 ? i : fallback;
}
