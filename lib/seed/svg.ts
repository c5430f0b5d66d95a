/**
 * SVG building blocks for the demo photos: textile palettes, colour maths, repeat patterns
 * (weaves, block prints, ikat, damask...) and motifs. Everything is deterministic: randomness
 * comes from a seeded PRNG passed in by the caller.
 */
import { mulberry32, type Rng } from "./prng";

export type PaletteKey =
  | "indigo"
  | "indigo-ivory"
  | "madder"
  | "madder-ivory"
  | "turmeric"
  | "saffron"
  | "leaf"
  | "leaf-ivory"
  | "ivory"
  | "charcoal"
  | "peacock"
  | "rose"
  | "plum"
  | "sand"
  | "terracotta"
  | "mehendi"
  | "sky";

export type Palette = {
  /** Words used in alt text, e.g. "indigo". */
  label: string;
  ground: string;
  ink: string;
  accent: string;
  second: string;
  deep: string;
};

export const PALETTES: Record<PaletteKey, Palette> = {
  indigo: { label: "indigo", ground: "#233f73", ink: "#efe6d2", accent: "#d9a441", second: "#5a7bb5", deep: "#14254a" },
  "indigo-ivory": { label: "indigo on ivory", ground: "#f3ecdc", ink: "#2b4a86", accent: "#b5412f", second: "#8aa3cf", deep: "#1a2d57" },
  madder: { label: "madder red", ground: "#9c2f2c", ink: "#f2e3c6", accent: "#e2a33b", second: "#6e2220", deep: "#4a1516" },
  "madder-ivory": { label: "madder red on ivory", ground: "#f4eadb", ink: "#a3322d", accent: "#2c4a7a", second: "#d98f5c", deep: "#5b1a19" },
  turmeric: { label: "turmeric yellow", ground: "#e2a72e", ink: "#7a2e1d", accent: "#f6e7c1", second: "#b86e1d", deep: "#5b3511" },
  saffron: { label: "saffron", ground: "#ef8a2e", ink: "#fbe9cf", accent: "#8c2f25", second: "#c45f1c", deep: "#6e2c12" },
  leaf: { label: "leaf green", ground: "#4d7a45", ink: "#f1ead6", accent: "#d4a73c", second: "#2f5530", deep: "#1f3a22" },
  "leaf-ivory": { label: "leaf green on ivory", ground: "#f1ecdc", ink: "#3f6d3c", accent: "#c0623f", second: "#9cbb7d", deep: "#23442a" },
  ivory: { label: "ivory", ground: "#f3ecdd", ink: "#cdbfa3", accent: "#a88b5f", second: "#e4d8bf", deep: "#6d5d45" },
  charcoal: { label: "charcoal", ground: "#3b3d42", ink: "#d8d2c4", accent: "#c79a43", second: "#55585f", deep: "#1f2024" },
  peacock: { label: "peacock teal", ground: "#1d6a70", ink: "#e9dfc6", accent: "#d7a741", second: "#2f8a8c", deep: "#0e3c40" },
  rose: { label: "gulabi pink", ground: "#d97a93", ink: "#fbeef0", accent: "#7d2745", second: "#f0b6c3", deep: "#5e1d34" },
  plum: { label: "plum", ground: "#5d2a4a", ink: "#efd9c6", accent: "#d49a4a", second: "#84456b", deep: "#331527" },
  sand: { label: "sand", ground: "#d9c4a3", ink: "#7a5c3c", accent: "#3f5d6e", second: "#ebdcc2", deep: "#5a4028" },
  terracotta: { label: "terracotta", ground: "#c0633f", ink: "#f6e4cf", accent: "#2d4f5c", second: "#9b4528", deep: "#5c2616" },
  mehendi: { label: "mehendi green", ground: "#7a7f34", ink: "#f0e6c8", accent: "#b8512f", second: "#9da24f", deep: "#3f4219" },
  sky: { label: "sky blue", ground: "#a9c9df", ink: "#fdfaf3", accent: "#2c4f7c", second: "#cfe1ec", deep: "#335a7a" },
};

export type WoodKey = "sheesham" | "mango" | "teak" | "walnut" | "cane" | "white";
export const WOODS: Record<WoodKey, { label: string; colour: string }> = {
  sheesham: { label: "sheesham wood", colour: "#7a4a2b" },
  mango: { label: "mango wood", colour: "#ad7a4b" },
  teak: { label: "teak finish", colour: "#8f5d31" },
  walnut: { label: "walnut finish", colour: "#5a3a25" },
  cane: { label: "natural cane", colour: "#d2ab6a" },
  white: { label: "white lacquer", colour: "#ede8df" },
};

export type PatternKind =
  | "plain"
  | "slub"
  | "silk"
  | "stripes"
  | "checks"
  | "ikat"
  | "block"
  | "dabu"
  | "damask"
  | "trellis"
  | "leaf"
  | "floral"
  | "velvet"
  | "herringbone"
  | "chevron"
  | "kilim"
  | "terry"
  | "waffle"
  | "bamboo"
  | "wood"
  | "cane"
  | "coir"
  | "kantha"
  | "mirror"
  | "tiles"
  | "planks";

export type MotifKind = "paisley" | "rosette" | "lotus" | "sprig" | "star" | "chakra";

// ---------------------------------------------------------------------------------------------
// Colour maths
// ---------------------------------------------------------------------------------------------

function parseHex(hex: string): [number, number, number] {
  const h = hex.replace("#", "");
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}

/** Linear mix of two hex colours; t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const [r1, g1, b1] = parseHex(a);
  const [r2, g2, b2] = parseHex(b);
  const c = (x: number, y: number) =>
    Math.round(x + (y - x) * t)
      .toString(16)
      .padStart(2, "0");
  return `#${c(r1, r2)}${c(g1, g2)}${c(b1, b2)}`;
}
export const darken = (hex: string, t: number) => mix(hex, "#000000", t);
export const lighten = (hex: string, t: number) => mix(hex, "#ffffff", t);

/** Relative luminance in [0, 1]; used to pick readable accents. */
export function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

/** A pseudo palette for a wood tone, so wood can be drawn with the same pattern machinery. */
export function woodPalette(key: WoodKey): Palette {
  const base = WOODS[key].colour;
  return {
    label: WOODS[key].label,
    ground: base,
    ink: darken(base, 0.28),
    accent: lighten(base, 0.25),
    second: darken(base, 0.12),
    deep: darken(base, 0.5),
  };
}

/** Rounds to one decimal to keep SVG text short. */
export const n = (v: number) => String(Math.round(v * 10) / 10);

// ---------------------------------------------------------------------------------------------
// SVG document builder
// ---------------------------------------------------------------------------------------------

export class Svg {
  private readonly defs: string[] = [];
  private readonly parts: string[] = [];
  private counter = 0;
  private readonly patternCache = new Map<string, string>();

  constructor(
    readonly width: number,
    readonly height: number,
  ) {}

  uid(prefix: string): string {
    this.counter += 1;
    return `${prefix}${this.counter}`;
  }

  def(markup: string): void {
    this.defs.push(markup);
  }

  add(...markup: string[]): void {
    this.parts.push(...markup);
  }

  /**
   * Adds a repeat pattern and returns its `url(#id)`. The same kind/palette/motif/seed/scale
   * combination is defined once per document.
   */
  pattern(kind: PatternKind, pal: Palette, options: { motif?: MotifKind; seed?: number; scale?: number; rotate?: number } = {}): string {
    const key = JSON.stringify([kind, pal.ground, pal.ink, pal.accent, options.motif, options.seed, options.scale, options.rotate]);
    const cached = this.patternCache.get(key);
    if (cached) return cached;
    const id = this.uid("p");
    const tile = enlargeTile(patternTile(kind, pal, options.motif ?? "rosette", mulberry32(options.seed ?? 7)));
    const transforms: string[] = [];
    if (options.scale && options.scale !== 1) transforms.push(`scale(${n(options.scale)})`);
    if (options.rotate) transforms.push(`rotate(${n(options.rotate)})`);
    const transform = transforms.length ? ` patternTransform="${transforms.join(" ")}"` : "";
    this.def(`<pattern id="${id}" patternUnits="userSpaceOnUse" width="${n(tile.w)}" height="${n(tile.h)}"${transform}>${tile.body}</pattern>`);
    const url = `url(#${id})`;
    this.patternCache.set(key, url);
    return url;
  }

  /** Linear gradient from a list of [offset, colour, opacity]; returns `url(#id)`. */
  linear(stops: Array<[number, string, number]>, coords: { x1: number; y1: number; x2: number; y2: number; user?: boolean; repeat?: boolean }): string {
    const id = this.uid("g");
    const units = coords.user ? ` gradientUnits="userSpaceOnUse"` : "";
    const spread = coords.repeat ? ` spreadMethod="repeat"` : "";
    const s = stops.map(([o, c, a]) => `<stop offset="${n(o)}" stop-color="${c}" stop-opacity="${n(a * 100) === "0" ? 0 : a}"/>`).join("");
    this.def(`<linearGradient id="${id}" x1="${n(coords.x1)}" y1="${n(coords.y1)}" x2="${n(coords.x2)}" y2="${n(coords.y2)}"${units}${spread}>${s}</linearGradient>`);
    return `url(#${id})`;
  }

  radial(stops: Array<[number, string, number]>, options: { cx?: number; cy?: number; r?: number; fx?: number; fy?: number } = {}): string {
    const id = this.uid("r");
    const s = stops.map(([o, c, a]) => `<stop offset="${n(o)}" stop-color="${c}" stop-opacity="${a}"/>`).join("");
    const attrs = (["cx", "cy", "r", "fx", "fy"] as const)
      .filter((k) => options[k] !== undefined)
      .map((k) => ` ${k}="${n(options[k] ?? 0)}"`)
      .join("");
    this.def(`<radialGradient id="${id}"${attrs}>${s}</radialGradient>`);
    return `url(#${id})`;
  }

  clip(markup: string): string {
    const id = this.uid("c");
    this.def(`<clipPath id="${id}">${markup}</clipPath>`);
    return `url(#${id})`;
  }

  /** Serialises the document; viewBox defaults to the full canvas. */
  toString(output?: { width: number; height: number; viewBox?: [number, number, number, number] }): string {
    const w = output?.width ?? this.width;
    const h = output?.height ?? this.height;
    const vb = output?.viewBox ?? [0, 0, this.width, this.height];
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="${vb.map(n).join(" ")}" preserveAspectRatio="xMidYMid slice">` +
      `<defs>${this.defs.join("")}</defs>${this.parts.join("")}</svg>`
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Motifs (drawn in a box of radius ~50 around the origin)
// ---------------------------------------------------------------------------------------------

export function motif(kind: MotifKind, x: number, y: number, scale: number, rotate: number, fill: string, detail: string): string {
  const t = `translate(${n(x)} ${n(y)}) rotate(${n(rotate)}) scale(${n(scale)})`;
  let body = "";
  switch (kind) {
    case "paisley":
      body =
        `<path d="M4 48C-26 50-44 22-36-4C-28-30-2-38 14-48C10-40 12-34 18-30C36-18 40 10 30 28C24 40 16 47 4 48Z" fill="${fill}"/>` +
        `<path d="M4 34C-14 35-26 18-21 2C-16-14-2-20 8-26C7-20 9-16 13-13C24-5 25 12 19 22C15 29 11 33 4 34Z" fill="${detail}"/>` +
        `<circle cx="2" cy="14" r="7" fill="${fill}"/>` +
        [0, 1, 2, 3, 4, 5].map((i) => `<circle cx="${n(-40 + i * 3)}" cy="${n(14 - i * 9)}" r="2.6" fill="${fill}"/>`).join("");
      break;
    case "rosette":
      body =
        [0, 45, 90, 135, 180, 225, 270, 315].map((a) => `<ellipse cx="0" cy="-24" rx="11" ry="24" transform="rotate(${a})" fill="${fill}"/>`).join("") +
        `<circle r="14" fill="${detail}"/><circle r="6" fill="${fill}"/>`;
      break;
    case "lotus":
      body =
        [-64, -32, 0, 32, 64]
          .map((a) => `<path d="M0 30C-15 8-13-22 0-46C13-22 15 8 0 30Z" transform="rotate(${a} 0 30)" fill="${a === 0 ? detail : fill}"/>`)
          .join("") + `<path d="M-38 36Q0 52 38 36" stroke="${fill}" stroke-width="6" fill="none"/>`;
      break;
    case "sprig":
      body =
        `<path d="M0 48C-8 20 8-10 0-44" stroke="${fill}" stroke-width="5" fill="none"/>` +
        (
          [
            [-2, 26, -50],
            [3, 10, 50],
            [-1, -8, -45],
            [3, -24, 45],
          ] as Array<[number, number, number]>
        )
          .map(([lx, ly, a]) => `<ellipse cx="${lx}" cy="${ly}" rx="7" ry="17" transform="rotate(${a} ${lx} ${ly}) translate(${a < 0 ? -12 : 12} 0)" fill="${fill}"/>`)
          .join("") + `<circle cx="0" cy="-46" r="8" fill="${detail}"/>`;
      break;
    case "star": {
      const pts: string[] = [];
      for (let i = 0; i < 16; i++) {
        const r = i % 2 === 0 ? 48 : 22;
        const a = (Math.PI * i) / 8;
        pts.push(`${n(Math.sin(a) * r)},${n(-Math.cos(a) * r)}`);
      }
      body = `<polygon points="${pts.join(" ")}" fill="${fill}"/><circle r="12" fill="${detail}"/>`;
      break;
    }
    case "chakra":
      body =
        `<circle r="40" fill="none" stroke="${fill}" stroke-width="7"/>` +
        Array.from({ length: 12 }, (_, i) => `<line x1="0" y1="0" x2="0" y2="-38" stroke="${fill}" stroke-width="4" transform="rotate(${i * 30})"/>`).join("") +
        `<circle r="10" fill="${detail}"/>` +
        Array.from({ length: 12 }, (_, i) => `<circle cx="0" cy="-49" r="3.5" fill="${detail}" transform="rotate(${i * 30 + 15})"/>`).join("");
      break;
  }
  return `<g transform="${t}">${body}</g>`;
}

/** Copies of an element so that it tiles seamlessly when it crosses the tile edge. */
function wrapped(x: number, y: number, r: number, w: number, h: number, draw: (x: number, y: number) => string): string {
  let out = "";
  for (const dx of [-w, 0, w]) {
    for (const dy of [-h, 0, h]) {
      const cx = x + dx;
      const cy = y + dy;
      if (cx + r > 0 && cx - r < w && cy + r > 0 && cy - r < h) out += draw(cx, cy);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Pattern tiles
// ---------------------------------------------------------------------------------------------

export type Tile = { w: number; h: number; body: string };

/**
 * librsvg paints a pattern tile by tile, so tiny tiles (a 6 px weave) are slow to fill a large
 * area. Small tiles are repeated inside one tile of at least 64 units; the result looks the same.
 */
function enlargeTile(tile: Tile, min = 64): Tile {
  const rx = Math.max(1, Math.ceil(min / tile.w));
  const ry = Math.max(1, Math.ceil(min / tile.h));
  if (rx === 1 && ry === 1) return tile;
  let body = "";
  for (let i = 0; i < rx; i++) {
    for (let j = 0; j < ry; j++) body += i === 0 && j === 0 ? tile.body : `<g transform="translate(${n(i * tile.w)} ${n(j * tile.h)})">${tile.body}</g>`;
  }
  return { w: tile.w * rx, h: tile.h * ry, body };
}

function ikatDiamond(cx: number, cy: number, hw: number, hh: number, colour: string, rng: Rng, row = 6): string {
  let d = "";
  for (let y = cy - hh; y < cy + hh; y += row) {
    const k = 1 - Math.abs(y + row / 2 - cy) / hh;
    if (k <= 0) continue;
    const left = cx - hw * k - rng.range(2, 12);
    const right = cx + hw * k + rng.range(2, 12);
    d += `M${n(left)} ${n(y)}H${n(right)}v${row}H${n(left)}Z`;
  }
  return `<path d="${d}" fill="${colour}"/>`;
}

function steppedDiamond(cx: number, cy: number, r: number, step: number): string {
  const pts: string[] = [];
  for (let i = 0; i <= r; i += step) pts.push(`${cx + i},${cy - r + i}`, `${cx + i + step},${cy - r + i}`);
  const right = pts.slice(0, -1);
  const out = [...right];
  for (let i = 0; i <= r; i += step) out.push(`${cx + r - i},${cy + i}`, `${cx + r - i},${cy + i + step}`);
  for (let i = 0; i <= r; i += step) out.push(`${cx - i},${cy + r - i}`, `${cx - i - step},${cy + r - i}`);
  for (let i = 0; i <= r; i += step) out.push(`${cx - r + i},${cy - i}`, `${cx - r + i},${cy - i - step}`);
  return out.join(" ");
}

function damaskMedallion(x: number, y: number, s: number, fill: string): string {
  const half =
    `<path d="M0-96C26-90 46-64 40-38C36-22 52-12 62 4C74 26 60 56 34 62C20 66 12 80 0 96" fill="none" stroke="${fill}" stroke-width="7"/>` +
    `<ellipse cx="30" cy="-30" rx="9" ry="22" transform="rotate(35 30 -30)" fill="${fill}"/>` +
    `<ellipse cx="34" cy="30" rx="9" ry="22" transform="rotate(-35 34 30)" fill="${fill}"/>` +
    `<circle cx="58" cy="-2" r="6" fill="${fill}"/>` +
    `<path d="M8-70C22-62 22-48 10-42" fill="none" stroke="${fill}" stroke-width="5"/>`;
  return (
    `<g transform="translate(${n(x)} ${n(y)}) scale(${n(s)})">` +
    half +
    `<g transform="scale(-1 1)">${half}</g>` +
    `<ellipse rx="14" ry="40" fill="${fill}"/>` +
    `<path d="M0-120L10-104L0-96L-10-104Z" fill="${fill}"/><path d="M0 120L10 104L0 96L-10 104Z" fill="${fill}"/>` +
    `</g>`
  );
}

export function patternTile(kind: PatternKind, p: Palette, m: MotifKind, rng: Rng): Tile {
  switch (kind) {
    case "plain": {
      const size = 64;
      let weft = "";
      let warp = "";
      for (let k = 0; k < size; k += 4) {
        weft += `M0 ${k + 1.5}H${size}`;
        warp += `M${k + 2} 0V${size}`;
      }
      return {
        w: size,
        h: size,
        body: `<rect width="${size}" height="${size}" fill="${p.ground}"/><path d="${weft}" stroke="${p.deep}" stroke-opacity="0.09" stroke-width="1.6"/><path d="${warp}" stroke="#ffffff" stroke-opacity="0.07" stroke-width="1.4"/>`,
      };
    }
    case "velvet": {
      const size = 60;
      let light = "";
      let dark = "";
      for (let k = 0; k < size; k += 6) {
        light += `M${k + 1.5} 0V${size}`;
        dark += `M${k + 4.5} 0V${size}`;
      }
      return {
        w: size,
        h: size,
        body: `<rect width="${size}" height="${size}" fill="${p.ground}"/><path d="${light}" stroke="#ffffff" stroke-opacity="0.05"/><path d="${dark}" stroke="#000000" stroke-opacity="0.05"/>`,
      };
    }
    case "slub":
    case "silk": {
      const w = 240;
      const h = 240;
      let d = "";
      for (let y = 2; y < h; y += 4) d += `M0 ${y}H${w}`;
      let slubs = "";
      const count = kind === "slub" ? 34 : 22;
      for (let i = 0; i < count; i++) {
        const x = rng.range(0, w);
        const y = Math.floor(rng.range(0, h / 4)) * 4 + 2;
        const len = rng.range(18, 70);
        const colour = rng.chance(0.5) ? p.deep : "#ffffff";
        slubs += wrapped(x + len / 2, y, len / 2, w, h, (cx, cy) => `<path d="M${n(cx - len / 2)} ${n(cy)}h${n(len)}" stroke="${colour}" stroke-opacity="${n(rng.range(0.08, 0.2))}" stroke-width="${n(rng.range(1.5, 3))}" stroke-linecap="round"/>`);
      }
      return {
        w,
        h,
        body: `<rect width="${w}" height="${h}" fill="${p.ground}"/><path d="${d}" stroke="${p.deep}" stroke-opacity="0.07" stroke-width="1.4"/>${slubs}`,
      };
    }
    case "stripes": {
      const colours = [p.ink, p.accent, p.second, p.deep];
      let x = 0;
      let body = "";
      const w = 180;
      while (x < w) {
        const wide = rng.range(18, 40);
        x += wide;
        if (x >= w) break;
        const colour = rng.pick(colours);
        const bw = rng.chance(0.35) ? rng.range(10, 22) : rng.range(3, 7);
        body += `<rect x="${n(x)}" y="0" width="${n(Math.min(bw, w - x))}" height="64" fill="${colour}"/>`;
        x += bw;
      }
      let weave = "";
      for (let y = 2; y < 64; y += 4) weave += `M0 ${y}H${w}`;
      return { w, h: 64, body: `<rect width="${w}" height="64" fill="${p.ground}"/>${body}<path d="${weave}" stroke="#000" stroke-opacity="0.05"/>` };
    }
    case "checks":
      return {
        w: 84,
        h: 84,
        body:
          `<rect width="84" height="84" fill="${p.ground}"/>` +
          `<rect x="0" y="0" width="30" height="84" fill="${p.ink}" fill-opacity="0.5"/>` +
          `<rect x="0" y="0" width="84" height="30" fill="${p.ink}" fill-opacity="0.5"/>` +
          `<path d="M56 0V84M0 56H84" stroke="${p.accent}" stroke-width="4" stroke-opacity="0.85"/>` +
          `<path d="M0 3H84M0 9H84M0 15H84M0 21H84" stroke="#000" stroke-opacity="0.04"/>`,
      };
    case "ikat": {
      const w = 180;
      const h = 250;
      let body = `<rect width="${w}" height="${h}" fill="${p.ground}"/>`;
      for (const [cx, cy] of [
        [90, 125],
        [0, 0],
        [180, 0],
        [0, 250],
        [180, 250],
      ] as const) {
        body += ikatDiamond(cx, cy, 66, 112, p.ink, rng);
        body += ikatDiamond(cx, cy, 34, 62, p.accent, rng);
        body += ikatDiamond(cx, cy, 12, 24, p.deep, rng);
      }
      return { w, h, body };
    }
    case "block":
    case "dabu": {
      const w = 150;
      const h = 150;
      const main = p.ink;
      let body = `<rect width="${w}" height="${h}" fill="${p.ground}"/>`;
      body += motif(m, 37, 37, 0.52, 0, main, p.accent);
      body += wrapped(112, 112, 30, w, h, (x, y) => motif(m, x, y, 0.52, 0, main, p.accent));
      body += wrapped(112, 37, 10, w, h, (x, y) => `<g transform="translate(${x} ${y})"><circle r="5" fill="${p.second}"/><circle cx="9" r="3" fill="${main}"/><circle cx="-9" r="3" fill="${main}"/><circle cy="9" r="3" fill="${main}"/><circle cy="-9" r="3" fill="${main}"/></g>`);
      body += `<g transform="translate(37 112)"><circle r="5" fill="${p.second}"/><circle cx="9" r="3" fill="${main}"/><circle cx="-9" r="3" fill="${main}"/><circle cy="9" r="3" fill="${main}"/><circle cy="-9" r="3" fill="${main}"/></g>`;
      if (kind === "dabu") {
        let d = "";
        for (let i = 0; i < 9; i++) {
          let x = rng.range(0, w);
          let y = rng.range(0, h);
          d += `M${n(x)} ${n(y)}`;
          for (let k = 0; k < 4; k++) {
            x += rng.range(-16, 16);
            y += rng.range(-16, 16);
            d += `L${n(x)} ${n(y)}`;
          }
        }
        body += `<path d="${d}" stroke="${p.deep}" stroke-opacity="0.45" stroke-width="1.2" fill="none"/>`;
      }
      // Uneven ink take-up of hand block printing.
      body += `<rect width="${w}" height="${h / 2}" fill="#ffffff" fill-opacity="0.035"/>`;
      return { w, h, body };
    }
    case "damask": {
      const w = 200;
      const h = 280;
      const tone = luminance(p.ground) > 0.55 ? darken(p.ground, 0.16) : lighten(p.ground, 0.16);
      let body = `<rect width="${w}" height="${h}" fill="${p.ground}"/>`;
      body += damaskMedallion(100, 140, 0.62, tone);
      for (const [x, y] of [
        [0, 0],
        [200, 0],
        [0, 280],
        [200, 280],
      ] as const)
        body += damaskMedallion(x, y, 0.62, tone);
      body += `<circle cx="100" cy="0" r="6" fill="${p.accent}" fill-opacity="0.7"/><circle cx="100" cy="280" r="6" fill="${p.accent}" fill-opacity="0.7"/><circle cx="0" cy="140" r="6" fill="${p.accent}" fill-opacity="0.7"/><circle cx="200" cy="140" r="6" fill="${p.accent}" fill-opacity="0.7"/>`;
      return { w, h, body };
    }
    case "trellis":
      return {
        w: 120,
        h: 160,
        body:
          `<rect width="120" height="160" fill="${p.ground}"/>` +
          `<path d="M0 80C0 40 60 40 60 0M120 80C120 40 60 40 60 0M0 80C0 120 60 120 60 160M120 80C120 120 60 120 60 160" fill="none" stroke="${p.ink}" stroke-width="7"/>` +
          `<path d="M0 80C0 40 60 40 60 0M120 80C120 40 60 40 60 0M0 80C0 120 60 120 60 160M120 80C120 120 60 120 60 160" fill="none" stroke="${p.accent}" stroke-width="1.5"/>` +
          [
            [60, 0],
            [60, 160],
            [0, 80],
            [120, 80],
          ]
            .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="8" fill="${p.accent}"/><circle cx="${x}" cy="${y}" r="3" fill="${p.ink}"/>`)
            .join("") +
          `<g transform="translate(60 80)"><path d="M0-14L5 0L0 14L-5 0Z" fill="${p.second}"/></g>`,
      };
    case "leaf": {
      const w = 320;
      const h = 320;
      let body = `<rect width="${w}" height="${h}" fill="${p.ground}"/>`;
      const colours = [p.ink, p.second, p.deep, p.ink];
      for (let i = 0; i < 11; i++) {
        const x = rng.range(0, w);
        const y = rng.range(0, h);
        const a = rng.range(0, 360);
        const s = rng.range(0.55, 1.05);
        const colour = colours[i % colours.length] ?? p.ink;
        body += wrapped(x, y, 120 * s, w, h, (cx, cy) =>
          `<g transform="translate(${n(cx)} ${n(cy)}) rotate(${n(a)}) scale(${n(s)})"><path d="M0 0C30-30 32-90 0-120C-32-90-30-30 0 0Z" fill="${colour}"/><path d="M0-4V-112M0-30L14-44M0-30L-14-44M0-58L14-72M0-58L-14-72M0-86L10-98M0-86L-10-98" stroke="${p.ground}" stroke-opacity="0.45" stroke-width="2.5" fill="none"/></g>`,
        );
      }
      for (let i = 0; i < 7; i++) {
        const x = rng.range(0, w);
        const y = rng.range(0, h);
        body += wrapped(x, y, 8, w, h, (cx, cy) => `<circle cx="${n(cx)}" cy="${n(cy)}" r="5" fill="${p.accent}"/>`);
      }
      return { w, h, body };
    }
    case "floral": {
      const w = 280;
      const h = 280;
      let body = `<rect width="${w}" height="${h}" fill="${p.ground}"/>`;
      for (let i = 0; i < 7; i++) {
        const x = rng.range(0, w);
        const y = rng.range(0, h);
        const a = rng.range(0, 360);
        body += wrapped(x, y, 50, w, h, (cx, cy) =>
          `<g transform="translate(${n(cx)} ${n(cy)}) rotate(${n(a)})"><path d="M0 0C18-14 40-10 48 6C30 12 14 10 0 0Z" fill="${p.second}"/><path d="M0 0C-14-18-10-40 6-48C12-30 10-14 0 0Z" fill="${p.second}"/></g>`,
        );
      }
      for (let i = 0; i < 6; i++) {
        const x = rng.range(0, w);
        const y = rng.range(0, h);
        const r = rng.range(18, 30);
        const petals = rng.int(5, 7);
        const colour = i % 2 === 0 ? p.ink : p.accent;
        body += wrapped(x, y, r * 1.6, w, h, (cx, cy) => {
          let g = `<g transform="translate(${n(cx)} ${n(cy)})">`;
          for (let k = 0; k < petals; k++) g += `<circle cx="0" cy="${n(-r * 0.75)}" r="${n(r * 0.55)}" transform="rotate(${n((360 / petals) * k)})" fill="${colour}"/>`;
          return `${g}<circle r="${n(r * 0.38)}" fill="${p.deep}"/><circle r="${n(r * 0.16)}" fill="${p.accent}"/></g>`;
        });
      }
      for (let i = 0; i < 14; i++) {
        const x = rng.range(0, w);
        const y = rng.range(0, h);
        body += wrapped(x, y, 6, w, h, (cx, cy) => `<circle cx="${n(cx)}" cy="${n(cy)}" r="3.5" fill="${p.ink}" fill-opacity="0.8"/>`);
      }
      return { w, h, body };
    }
    case "herringbone": {
      let d1 = "";
      let d2 = "";
      for (let k = -2; k < 6; k++) {
        d1 += `M0 ${k * 10 + 20}L20 ${k * 10}`;
        d2 += `M20 ${k * 10}L40 ${k * 10 + 20}`;
      }
      return {
        w: 40,
        h: 40,
        body: `<rect width="40" height="40" fill="${p.ground}"/><path d="${d1}${d2}" stroke="${p.ink}" stroke-opacity="0.55" stroke-width="4.5"/><path d="M20 0V40M0 0V40" stroke="${p.deep}" stroke-opacity="0.25" stroke-width="1.5"/>`,
      };
    }
    case "chevron":
      return {
        w: 80,
        h: 48,
        body:
          `<rect width="80" height="48" fill="${p.ground}"/>` +
          `<path d="M-20 22L0 6L20 22L40 6L60 22L80 6L100 22" fill="none" stroke="${p.ink}" stroke-width="9"/>` +
          `<path d="M-20 40L0 24L20 40L40 24L60 40L80 24L100 40" fill="none" stroke="${p.accent}" stroke-width="4"/>`,
      };
    case "kilim": {
      const w = 200;
      const h = 200;
      let body = `<rect width="${w}" height="${h}" fill="${p.ground}"/>`;
      body += `<polygon points="${steppedDiamond(100, 100, 70, 14)}" fill="${p.ink}"/>`;
      body += `<polygon points="${steppedDiamond(100, 100, 42, 14)}" fill="${p.accent}"/>`;
      body += `<polygon points="${steppedDiamond(100, 100, 14, 7)}" fill="${p.deep}"/>`;
      body += `<rect x="0" y="0" width="${w}" height="8" fill="${p.deep}"/><rect x="0" y="14" width="${w}" height="4" fill="${p.accent}"/>`;
      for (const [x, y] of [
        [0, 100],
        [200, 100],
      ] as const)
        body += `<g transform="translate(${x} ${y})"><rect x="-6" y="-22" width="12" height="44" fill="${p.second}"/><rect x="-22" y="-6" width="44" height="12" fill="${p.second}"/></g>`;
      return { w, h, body };
    }
    case "terry": {
      const size = 60;
      let loops = "";
      let shine = "";
      for (let y = 0; y < size; y += 10) {
        for (let x = 0; x < size; x += 10) {
          for (const [ox, oy] of [
            [2.5, 2.5],
            [7.5, 7.5],
          ] as const) {
            loops += `M${x + ox - 2.3} ${y + oy}a2.3 2.3 0 1 0 4.6 0a2.3 2.3 0 1 0-4.6 0`;
            shine += `M${x + ox - 1.5} ${y + oy - 0.5}a1 1 0 1 0 2 0a1 1 0 1 0-2 0`;
          }
        }
      }
      return {
        w: size,
        h: size,
        body: `<rect width="${size}" height="${size}" fill="${p.ground}"/><path d="${loops}" fill="${p.deep}" fill-opacity="0.13"/><path d="${shine}" fill="#ffffff" fill-opacity="0.25"/>`,
      };
    }
    case "waffle": {
      const size = 72;
      let cells = "";
      let edges = "";
      for (let y = 0; y < size; y += 18) {
        for (let x = 0; x < size; x += 18) {
          cells += `M${x + 3.5} ${y + 3.5}h11v11h-11Z`;
          edges += `M${x + 3.5} ${y + 3.5}h11`;
        }
      }
      return {
        w: size,
        h: size,
        body: `<rect width="${size}" height="${size}" fill="${p.ground}"/><path d="${cells}" fill="${p.deep}" fill-opacity="0.12"/><path d="${edges}" stroke="#fff" stroke-opacity="0.35" stroke-width="1.2"/>`,
      };
    }
    case "bamboo": {
      const w = 150;
      const h = 14;
      return {
        w,
        h,
        body:
          `<rect width="${w}" height="${h}" fill="${darken(p.ground, 0.45)}"/>` +
          `<rect x="0" y="1.5" width="${w}" height="10" rx="4" fill="${p.ground}"/>` +
          `<rect x="0" y="3" width="${w}" height="3" fill="#ffffff" fill-opacity="0.22"/>` +
          `<rect x="43" y="1.5" width="3" height="10" fill="${darken(p.ground, 0.25)}"/>` +
          `<rect x="72" y="0" width="3" height="${h}" fill="${p.deep}"/>`,
      };
    }
    case "wood": {
      const w = 500;
      const h = 120;
      let body = `<rect width="${w}" height="${h}" fill="${p.ground}"/>`;
      for (let i = 0; i < 9; i++) {
        const y0 = rng.range(0, h);
        const amp = rng.range(2, 9);
        const phase = rng.range(0, Math.PI * 2);
        const waves = rng.int(1, 3);
        let d = "";
        for (let x = 0; x <= w; x += 20) {
          const y = y0 + Math.sin((x / w) * Math.PI * 2 * waves + phase) * amp;
          d += `${x === 0 ? "M" : "L"}${x} ${n(y)}`;
        }
        const colour = i % 3 === 0 ? p.accent : p.ink;
        body += `<path d="${d}" fill="none" stroke="${colour}" stroke-opacity="${n(rng.range(0.18, 0.4))}" stroke-width="${n(rng.range(1, 3.5))}"/>`;
        body += `<path d="${d}" fill="none" stroke="${colour}" stroke-opacity="0.2" stroke-width="1.5" transform="translate(0 ${h})"/>`;
        body += `<path d="${d}" fill="none" stroke="${colour}" stroke-opacity="0.2" stroke-width="1.5" transform="translate(0 -${h})"/>`;
      }
      return { w, h, body };
    }
    case "cane":
      return {
        w: 36,
        h: 36,
        body:
          `<rect width="36" height="36" fill="${darken(p.ground, 0.65)}"/>` +
          `<path d="M0 9H36M0 27H36M9 0V36M27 0V36" stroke="${p.ground}" stroke-width="5"/>` +
          `<path d="M-9 9L9-9M-9 45L45-9M27 45L45 27M-9 27L27-9M9 45L45 9" stroke="${lighten(p.ground, 0.12)}" stroke-width="4"/>` +
          `<path d="M-9 27L9 45M-9-9L45 45M27-9L45 9M-9 9L27 45M9-9L45 27" stroke="${darken(p.ground, 0.06)}" stroke-width="4"/>`,
      };
    case "coir": {
      const w = 60;
      const h = 60;
      let d = "";
      for (let i = 0; i < 60; i++) {
        const x = rng.range(0, w);
        const y = rng.range(0, h);
        const a = rng.range(-0.6, 0.6);
        d += `M${n(x)} ${n(y)}l${n(Math.cos(a) * 9)} ${n(Math.sin(a) * 9)}`;
      }
      return {
        w,
        h,
        body: `<rect width="${w}" height="${h}" fill="${p.ground}"/><path d="${d}" stroke="${p.deep}" stroke-opacity="0.35" stroke-width="1.6"/><path d="${d}" transform="translate(3 4)" stroke="${p.accent}" stroke-opacity="0.3" stroke-width="1.2"/>`,
      };
    }
    case "kantha": {
      const w = 64;
      const h = 64;
      let body = `<rect width="${w}" height="${h}" fill="${p.ground}"/>`;
      const colours = [p.ink, p.accent, p.second, p.ink];
      for (let i = 0; i < 8; i++) {
        const y = i * 8 + 4;
        body += `<path d="M${i % 2 === 0 ? 0 : 5} ${y}H${w + 8}" stroke="${colours[i % colours.length]}" stroke-width="2" stroke-dasharray="6 4"/>`;
      }
      body += `<rect x="0" y="28" width="${w}" height="8" fill="${p.second}" fill-opacity="0.35"/>`;
      return { w, h, body };
    }
    case "mirror": {
      const w = 110;
      const h = 110;
      const unit = (x: number, y: number) =>
        `<g transform="translate(${x} ${y})">${[0, 60, 120, 180, 240, 300].map((a) => `<ellipse cy="-18" rx="5" ry="9" transform="rotate(${a})" fill="${p.accent}"/>`).join("")}<circle r="11" fill="#dfe3e8" stroke="${p.ink}" stroke-width="3"/><circle cx="-3" cy="-3" r="4" fill="#ffffff" fill-opacity="0.8"/></g>`;
      return {
        w,
        h,
        body:
          `<rect width="${w}" height="${h}" fill="${p.ground}"/>` +
          unit(55, 55) +
          wrapped(0, 0, 30, w, h, (x, y) => unit(x, y)) +
          `<path d="M55 0L110 55L55 110L0 55Z" fill="none" stroke="${p.ink}" stroke-width="2" stroke-dasharray="5 4"/>`,
      };
    }
    case "tiles":
      return {
        w: 80,
        h: 80,
        body: `<rect width="80" height="80" fill="${p.ground}"/><rect x="2" y="2" width="76" height="76" rx="3" fill="${lighten(p.ground, 0.12)}"/><rect x="2" y="2" width="76" height="30" fill="#ffffff" fill-opacity="0.12"/>`,
      };
    case "planks": {
      const w = 600;
      const h = 240;
      let body = `<rect width="${w}" height="${h}" fill="${p.ground}"/>`;
      for (let row = 0; row < 4; row++) {
        const y = row * 60;
        const offset = (row * 230) % 600;
        const tint = row % 2 === 0 ? "#ffffff" : "#000000";
        body += `<rect x="0" y="${y}" width="${w}" height="60" fill="${tint}" fill-opacity="0.04"/>`;
        body += `<path d="M0 ${y}H${w}" stroke="${p.deep}" stroke-opacity="0.35" stroke-width="2"/>`;
        body += `<path d="M${offset} ${y}V${y + 60}M${(offset + 300) % 600} ${y}V${y + 60}" stroke="${p.deep}" stroke-opacity="0.3" stroke-width="2"/>`;
        for (let g = 0; g < 3; g++) {
          const gy = y + 12 + g * 16 + rng.range(-3, 3);
          body += `<path d="M0 ${n(gy)}C150 ${n(gy + rng.range(-5, 5))} 300 ${n(gy + rng.range(-5, 5))} 600 ${n(gy)}" stroke="${p.ink}" stroke-opacity="0.12" stroke-width="1.5" fill="none"/>`;
        }
      }
      return { w, h, body };
    }
  }
}
