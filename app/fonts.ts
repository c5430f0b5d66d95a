import localFont from "next/font/local";

/**
 * One web font, for headings: Playfair Display from npm (@fontsource, never a font CDN), Latin
 * only, in the one weight headings use (400): 22 KB where the variable font was 38 KB, and on a
 * phone's first load every byte shares the line with the main photo (the LCP element). Body text
 * uses the device's own UI font (Roboto, San Francisco, Segoe UI...): it is already on the phone,
 * has the rupee sign, and spares every page a download and a re-layout when a web font arrives.
 */
export const playfair = localFont({
  src: "../node_modules/@fontsource/playfair-display/files/playfair-display-latin-400-normal.woff2",
  variable: "--font-playfair",
  weight: "400",
  display: "swap",
  preload: false,
});
