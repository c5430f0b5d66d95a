import localFont from "next/font/local";

/**
 * Fonts come from npm (@fontsource-variable), never from a font CDN. Latin only: the rupee sign
 * and other Latin Extended glyphs come from the device's own sans-serif (every phone and desktop
 * system font has ₹), which spares each priced page an 85 KB font download.
 */
export const inter = localFont({
  src: "../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
  variable: "--font-inter",
  weight: "100 900",
  display: "swap",
  // Not preloaded: on a phone's connection the preloads took bandwidth from the main photo (the
  // page's largest paint). Text shows at once in the size-matched fallback and swaps when loaded.
  preload: false,
});

export const playfair = localFont({
  src: "../node_modules/@fontsource-variable/playfair-display/files/playfair-display-latin-wght-normal.woff2",
  variable: "--font-playfair",
  weight: "400 900",
  display: "swap",
  preload: false,
});
