import type { SVGProps } from "react";

/** A small set of line icons drawn for the store (24×24, currentColor). */
export const ICON_PATHS: Record<string, string> = {
  search: "M11 4a7 7 0 1 1 0 14 7 7 0 0 1 0-14zm5.2 12.2L21 21",
  menu: "M3 6h18M3 12h18M3 18h18",
  close: "M6 6l12 12M18 6L6 18",
  phone: "M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A17 17 0 0 1 3 5a2 2 0 0 1 2-2z",
  mail: "M3 6h18v12H3zM3 6l9 7 9-7",
  pin: "M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11zm0-8.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z",
  up: "M12 19V5M5 12l7-7 7 7",
  chat: "M4 20l1.5-4A8 8 0 1 1 9 19.3L4 20zM9 10h.01M12 10h.01M15 10h.01",
  facebook: "M14 8h3V4h-3a4 4 0 0 0-4 4v3H7v4h3v7h4v-7h3l1-4h-4V8z",
  instagram: "M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm5.5-1.5h.01",
  twitter: "M4 4l16 16M20 4L4 20",
  youtube: "M3 8a3 3 0 0 1 3-3h12a3 3 0 0 1 3 3v8a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3V8zm7 1v6l5-3-5-3z",
  linkedin: "M4 9h4v11H4zM6 4a2 2 0 1 1 0 4 2 2 0 0 1 0-4zM10 9h4v2c.6-1.2 2-2 3.5-2 2.5 0 3.5 1.6 3.5 4.5V20h-4v-6c0-1.3-.5-2-1.6-2-1.2 0-1.9.8-1.9 2v6h-4z",
  whatsapp: "M4 20l1.4-4.2A8.5 8.5 0 1 1 8.6 19L4 20zm5-12c-.5 0-1 .6-1 1.5 0 2.5 3 5.5 5.5 5.5.9 0 1.5-.5 1.5-1l-1.8-1-1 .8c-1-.5-2-1.5-2.5-2.5l.8-1L9.5 8z",
  heart: "M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z",
  cart: "M3 4h2l2.4 11h10.2L20 8H6.2M9 20a1 1 0 1 0 0-2 1 1 0 0 0 0 2zm8 0a1 1 0 1 0 0-2 1 1 0 0 0 0 2z",
  left: "M15 5l-7 7 7 7",
  right: "M9 5l7 7-7 7",
  plus: "M12 5v14M5 12h14",
  minus: "M5 12h14",
  zoomIn: "M11 4a7 7 0 1 1 0 14 7 7 0 0 1 0-14zm5.2 12.2L21 21M11 8v6M8 11h6",
  zoomOut: "M11 4a7 7 0 1 1 0 14 7 7 0 0 1 0-14zm5.2 12.2L21 21M8 11h6",
  down: "M6 9l6 6 6-6",
  check: "M5 12l5 5 9-10",
  star: "M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1L3.2 9.5l6.1-.9z",
  user: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0",
  eye: "M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zm10 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6z",
  eyeOff: "M3 3l18 18M10.6 6.1A10 10 0 0 1 12 6c6.4 0 10 6 10 6a17 17 0 0 1-3 3.7M6.6 6.6A17 17 0 0 0 2 12s3.6 6 10 6a9.7 9.7 0 0 0 4.4-1M9.9 9.9a3 3 0 0 0 4.2 4.2",
  logout: "M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10",
  copy: "M9 9h11v11H9zM5 15H4V4h11v1",
  trash: "M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3",
  edit: "M4 20h4L19 9l-4-4L4 16v4zM13 7l4 4",
  dots: "M12 6h.01M12 12h.01M12 18h.01",
  grid: "M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z",
  bag: "M5 8h14l-1 12H6L5 8zm4 0V6a3 3 0 0 1 6 0v2",
};

export type IconName = keyof typeof ICON_PATHS;

/** Changes whenever a path does, so browsers may keep /icons.svg for a year. */
export const ICON_SPRITE_VERSION = (() => {
  let hash = 0x811c9dc5;
  for (const [name, d] of Object.entries(ICON_PATHS)) {
    for (const ch of name + d) hash = Math.imul(hash ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  }
  return hash.toString(36);
})();

/** The sprite served at /icons.svg (app/icons.svg/route.ts): one <symbol> per icon. */
export function iconSprite(): string {
  const symbols = Object.entries(ICON_PATHS)
    .map(([name, d]) => `<symbol id="${name}" viewBox="0 0 24 24"><path d="${d}"/></symbol>`)
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols}</svg>`;
}

/**
 * An icon drawn from the shared sprite: a page repeats icons (header, cards, footer), and a
 * reference costs ~90 bytes where an inline path cost ~400 in the HTML and again in the RSC payload.
 * Stroke style comes from the .icon class (app/globals.css); `fill` fills the shape instead.
 */
export function Icon({ name, size = 20, className, fill, style, ...props }: { name: IconName; size?: number } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      className={className ? `icon ${className}` : "icon"}
      style={fill ? { ...style, fill } : style}
      {...props}
    >
      <use href={`/icons.svg?v=${ICON_SPRITE_VERSION}#${name}`} />
    </svg>
  );
}
