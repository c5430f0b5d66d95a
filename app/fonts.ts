import localFont from "next/font/local";

/**
 * One web font, for headings: Playfair Display from npm (@fontsource-variable, never a font CDN),
 * Latin only. Body text uses the device's own UI font (Roboto, San Francisco, Segoe UI...): it is
 * already on the phone, has the rupee sign, and spares every page a 48 KB download and the
 * re-layout of all its text when a web font arrives.
 */
export const playfair = localFont({
  src: "../node_modules/@fontsource-variable/playfair-display/files/playfair-display-latin-wght-normal.woff2",
  variable: "--font-playfair",
  weight: "400 900",
  display: "swap",
  preload: false,
});
