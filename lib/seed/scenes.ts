/**
 * Product and room compositions drawn as SVG: curtains on a rod, blinds in a window, papered
 * walls, beds, cushions, rugs, laid tables, towel stacks and furniture, plus room scenes for
 * category covers, sliders and blog banners.
 */
import { mulberry32, type Rng } from "./prng";
import {
  PALETTES,
  Svg,
  darken,
  lighten,
  n,
  woodPalette,
  type MotifKind,
  type Palette,
  type PaletteKey,
  type PatternKind,
  type WoodKey,
} from "./svg";

export type ItemKind =
  | "curtain"
  | "sheer"
  | "roller-blind"
  | "roman-blind"
  | "chick-blind"
  | "venetian-blind"
  | "wallpaper"
  | "fabric"
  | "bedding"
  | "cushion"
  | "lumbar"
  | "floor-cushion"
  | "rug"
  | "runner"
  | "doormat"
  | "table-runner"
  | "tablecloth"
  | "napkins"
  | "placemats"
  | "towels"
  | "bathmat"
  | "bathrobe"
  | "sofa"
  | "wood-sofa"
  | "armchair"
  | "dining-chair"
  | "bed"
  | "coffee-table"
  | "dining-table";

export type Family =
  | "curtains"
  | "blinds"
  | "wallpaper"
  | "upholstery"
  | "bedding"
  | "cushions"
  | "rugs"
  | "table-linen"
  | "bath-linen"
  | "furniture";

/** What a product looks like: enough to draw every photo of it. */
export type Look = {
  family: Family;
  item: ItemKind;
  pattern: PatternKind;
  motif: MotifKind;
  palette: PaletteKey;
  /** Second colourway, used for the colour-variant photo. */
  alt: PaletteKey;
  wood: WoodKey;
  seed: number;
};

export type Shot = "main" | "closeup" | "room" | "variant" | "detail" | "swatches";
export type Theme = "day" | "monsoon" | "festive" | "evening";

type Fills = { pal: Palette; main: string; trim: string; wood: string; woodPal: Palette; plain: string };

// ---------------------------------------------------------------------------------------------
// Shared helpers
// ---------------------------------------------------------------------------------------------

type Std = { vShade: string; hShade: string; radial: string; shadow: string; sheen: string; glass: string };
const stdCache = new WeakMap<Svg, Std>();
function std(svg: Svg): Std {
  const hit = stdCache.get(svg);
  if (hit) return hit;
  const made: Std = {
    vShade: svg.linear(
      [
        [0, "#ffffff", 0.14],
        [0.45, "#ffffff", 0],
        [1, "#000000", 0.26],
      ],
      { x1: 0, y1: 0, x2: 0, y2: 1 },
    ),
    hShade: svg.linear(
      [
        [0, "#000000", 0.24],
        [0.35, "#ffffff", 0.1],
        [0.7, "#ffffff", 0],
        [1, "#000000", 0.28],
      ],
      { x1: 0, y1: 0, x2: 1, y2: 0 },
    ),
    radial: svg.radial(
      [
        [0, "#ffffff", 0.16],
        [0.6, "#ffffff", 0],
        [1, "#000000", 0.32],
      ],
      { cx: 0.45, cy: 0.4, r: 0.75 },
    ),
    shadow: svg.radial([
      [0, "#000000", 0.38],
      [1, "#000000", 0],
    ]),
    sheen: svg.linear(
      [
        [0, "#ffffff", 0.28],
        [0.3, "#ffffff", 0],
        [0.65, "#000000", 0.05],
        [1, "#000000", 0.32],
      ],
      { x1: 0, y1: 0, x2: 1, y2: 1 },
    ),
    glass: svg.linear(
      [
        [0, "#ffffff", 0.5],
        [1, "#ffffff", 0.1],
      ],
      { x1: 0, y1: 0, x2: 1, y2: 1 },
    ),
  };
  stdCache.set(svg, made);
  return made;
}

/** A shape filled with `fill` and then each overlay (same geometry). */
function shape(d: string, fill: string, overlays: string[] = [], extra = ""): string {
  return `<path d="${d}" fill="${fill}"${extra}/>` + overlays.map((o) => `<path d="${d}" fill="${o}"/>`).join("");
}

function roundRect(x: number, y: number, w: number, h: number, r: number): string {
  const rr = Math.min(r, w / 2, h / 2);
  return `M${n(x + rr)} ${n(y)}H${n(x + w - rr)}Q${n(x + w)} ${n(y)} ${n(x + w)} ${n(y + rr)}V${n(y + h - rr)}Q${n(x + w)} ${n(y + h)} ${n(x + w - rr)} ${n(y + h)}H${n(x + rr)}Q${n(x)} ${n(y + h)} ${n(x)} ${n(y + h - rr)}V${n(y + rr)}Q${n(x)} ${n(y)} ${n(x + rr)} ${n(y)}Z`;
}

function shadowEllipse(svg: Svg, cx: number, cy: number, rx: number, ry: number): string {
  return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${std(svg).shadow}"/>`;
}

function fillsFor(svg: Svg, look: Look, paletteKey: PaletteKey = look.palette, scale = 1): Fills {
  const pal = PALETTES[paletteKey];
  const woodPal = woodPalette(look.wood);
  const trimPal: Palette = { ...pal, ground: pal.accent, ink: pal.ground, accent: pal.ink };
  return {
    pal,
    woodPal,
    main: svg.pattern(look.pattern, pal, { motif: look.motif, seed: look.seed, scale }),
    trim: svg.pattern(look.pattern === "stripes" ? "plain" : "stripes", trimPal, { seed: look.seed + 1, scale }),
    wood: svg.pattern("wood", woodPal, { seed: look.seed + 2 }),
    plain: svg.pattern("plain", PALETTES.ivory, { seed: 1 }),
  };
}

const WALL_TONES = ["#efe8dc", "#ebe3d5", "#e9e2d8", "#f1e9dc", "#e6ddd0"];

function studio(svg: Svg, rng: Rng, floorY = 800): void {
  const wall = rng.pick(WALL_TONES);
  const wallFill = svg.linear(
    [
      [0, lighten(wall, 0.35), 1],
      [1, wall, 1],
    ],
    { x1: 0, y1: 0, x2: 0.3, y2: 1 },
  );
  const floorFill = svg.linear(
    [
      [0, darken(wall, 0.1), 1],
      [1, darken(wall, 0.2), 1],
    ],
    { x1: 0, y1: 0, x2: 0, y2: 1 },
  );
  svg.add(`<rect width="${svg.width}" height="${floorY}" fill="${wallFill}"/>`);
  svg.add(`<rect y="${floorY}" width="${svg.width}" height="${svg.height - floorY}" fill="${floorFill}"/>`);
  svg.add(`<rect y="${floorY - 2}" width="${svg.width}" height="4" fill="#000" fill-opacity="0.06"/>`);
}

// ---------------------------------------------------------------------------------------------
// Props for rooms
// ---------------------------------------------------------------------------------------------

function plant(svg: Svg, x: number, floor: number, s: number, rng: Rng): string {
  const pot = svg.linear(
    [
      [0, "#c9764c", 1],
      [1, "#8f4a2c", 1],
    ],
    { x1: 0, y1: 0, x2: 1, y2: 0 },
  );
  let leaves = "";
  for (let i = 0; i < 9; i++) {
    const a = -80 + i * 20 + rng.range(-8, 8);
    const len = rng.range(140, 230);
    const colour = i % 2 === 0 ? "#3f6b3a" : "#557f45";
    leaves += `<path d="M0 0C${n(len * 0.2)} ${n(-len * 0.4)} ${n(len * 0.15)} ${n(-len * 0.8)} 0 ${n(-len)}C${n(-len * 0.15)} ${n(-len * 0.8)} ${n(-len * 0.2)} ${n(-len * 0.4)} 0 0Z" fill="${colour}" transform="rotate(${n(a * 0.6)})"/>`;
  }
  return (
    `<g transform="translate(${n(x)} ${n(floor)}) scale(${n(s)})">` +
    shadowEllipse(svg, 0, 0, 90, 14) +
    `<g transform="translate(0 -150)">${leaves}</g>` +
    `<path d="M-62 -160H62L48 0H-48Z" fill="${pot}"/><rect x="-68" y="-172" width="136" height="20" rx="6" fill="#b5663f"/>` +
    `</g>`
  );
}

function floorLamp(svg: Svg, x: number, floor: number, s: number, glow: boolean): string {
  const shade = svg.linear(
    [
      [0, "#f6e7c8", 1],
      [1, "#d9bf8f", 1],
    ],
    { x1: 0, y1: 0, x2: 0, y2: 1 },
  );
  const halo = glow
    ? `<ellipse cx="0" cy="-560" rx="200" ry="160" fill="${svg.radial([
        [0, "#ffd98a", 0.55],
        [1, "#ffd98a", 0],
      ])}"/>`
    : "";
  return (
    `<g transform="translate(${n(x)} ${n(floor)}) scale(${n(s)})">${halo}` +
    shadowEllipse(svg, 0, 0, 80, 12) +
    `<rect x="-4" y="-600" width="8" height="600" fill="#3a3128"/><ellipse cx="0" cy="-4" rx="60" ry="10" fill="#3a3128"/>` +
    `<path d="M-80-560H80L55-680H-55Z" fill="${shade}"/>` +
    `</g>`
  );
}

function tableLamp(svg: Svg, x: number, y: number, s: number, colour: string): string {
  return (
    `<g transform="translate(${n(x)} ${n(y)}) scale(${n(s)})">` +
    `<path d="M-30 0C-46-40-40-90 0-100C40-90 46-40 30 0Z" fill="${colour}"/><path d="M-30 0C-46-40-40-90 0-100C40-90 46-40 30 0Z" fill="${std(svg).hShade}"/>` +
    `<path d="M-70-100H70L45-180H-45Z" fill="#f4e6c8"/><path d="M-70-100H70L45-180H-45Z" fill="${std(svg).vShade}"/>` +
    `</g>`
  );
}

function sideTable(svg: Svg, fills: Fills, x: number, floor: number, s: number): string {
  return (
    `<g transform="translate(${n(x)} ${n(floor)}) scale(${n(s)})">` +
    shadowEllipse(svg, 0, 0, 110, 14) +
    `<rect x="-100" y="-230" width="200" height="26" rx="4" fill="${fills.wood}"/><rect x="-100" y="-230" width="200" height="26" rx="4" fill="${std(svg).vShade}"/>` +
    `<rect x="-86" y="-206" width="14" height="206" fill="${fills.wood}"/><rect x="72" y="-206" width="14" height="206" fill="${fills.wood}"/>` +
    `<rect x="-86" y="-206" width="14" height="206" fill="#000" fill-opacity="0.15"/>` +
    `<rect x="-86" y="-70" width="172" height="12" fill="${fills.wood}"/>` +
    `</g>`
  );
}

function frameArt(svg: Svg, x: number, y: number, w: number, h: number, pal: Palette, seed: number): string {
  const rng = mulberry32(seed);
  let art = `<rect x="${n(x + 26)}" y="${n(y + 26)}" width="${n(w - 52)}" height="${n(h - 52)}" fill="${lighten(pal.ground, 0.75)}"/>`;
  const cx = x + w / 2;
  const cy = y + h / 2;
  art += `<circle cx="${n(cx - w * 0.1)}" cy="${n(cy - h * 0.08)}" r="${n(Math.min(w, h) * 0.18)}" fill="${pal.accent}" fill-opacity="0.85"/>`;
  art += `<path d="M${n(x + 26)} ${n(cy + h * 0.18)}C${n(cx - w * 0.2)} ${n(cy - h * rng.range(0.02, 0.12))} ${n(cx + w * 0.1)} ${n(cy + h * 0.25)} ${n(x + w - 26)} ${n(cy + h * 0.05)}V${n(y + h - 26)}H${n(x + 26)}Z" fill="${pal.ground}" fill-opacity="0.9"/>`;
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="#2f2a25"/><rect x="${n(x + 10)}" y="${n(y + 10)}" width="${n(w - 20)}" height="${n(h - 20)}" fill="#f7f2e8"/>${art}`;
}

function windowFrame(svg: Svg, x: number, y: number, w: number, h: number, theme: Theme, rng: Rng): string {
  const sky =
    theme === "monsoon"
      ? svg.linear(
          [
            [0, "#7d8c99", 1],
            [1, "#b9c4cc", 1],
          ],
          { x1: 0, y1: 0, x2: 0, y2: 1 },
        )
      : theme === "evening" || theme === "festive"
        ? svg.linear(
            [
              [0, "#26345c", 1],
              [0.7, "#7a5a78", 1],
              [1, "#e39a6a", 1],
            ],
            { x1: 0, y1: 0, x2: 0, y2: 1 },
          )
        : svg.linear(
            [
              [0, "#9fc6e4", 1],
              [1, "#f3f1e6", 1],
            ],
            { x1: 0, y1: 0, x2: 0, y2: 1 },
          );
  let out = `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${sky}"/>`;
  // Distant trees or rooftops.
  const ground = theme === "monsoon" ? "#55705a" : theme === "day" ? "#6f9a62" : "#2c3048";
  let d = `M${n(x)} ${n(y + h)}`;
  for (let i = 0; i <= 8; i++) d += `L${n(x + (w * i) / 8)} ${n(y + h * (0.72 + rng.range(-0.08, 0.06)))}`;
  d += `L${n(x + w)} ${n(y + h)}Z`;
  out += `<path d="${d}" fill="${ground}" fill-opacity="0.8"/>`;
  if (theme === "monsoon") {
    let rain = "";
    for (let i = 0; i < 70; i++) {
      const rx = x + rng.range(0, w);
      const ry = y + rng.range(0, h - 40);
      rain += `M${n(rx)} ${n(ry)}l-8 34`;
    }
    out += `<path d="${rain}" stroke="#ffffff" stroke-opacity="0.55" stroke-width="2"/>`;
  }
  if (theme === "festive" || theme === "evening") out += `<circle cx="${n(x + w * 0.72)}" cy="${n(y + h * 0.25)}" r="${n(w * 0.05)}" fill="#f8eccb"/>`;
  const frame = "#f7f3ec";
  out += `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="none" stroke="${frame}" stroke-width="22"/>`;
  out += `<path d="M${n(x + w / 2)} ${n(y)}V${n(y + h)}M${n(x)} ${n(y + h * 0.45)}H${n(x + w)}" stroke="${frame}" stroke-width="14"/>`;
  out += `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${std(svg).glass}" fill-opacity="0.35"/>`;
  out += `<rect x="${n(x - 30)}" y="${n(y + h + 8)}" width="${n(w + 60)}" height="18" fill="${frame}"/><rect x="${n(x - 30)}" y="${n(y + h + 22)}" width="${n(w + 60)}" height="6" fill="#000" fill-opacity="0.08"/>`;
  return out;
}

function stringLights(x0: number, x1: number, y: number, sag: number, rng: Rng): string {
  let out = `<path d="M${n(x0)} ${n(y)}Q${n((x0 + x1) / 2)} ${n(y + sag * 2)} ${n(x1)} ${n(y)}" stroke="#4a3b2a" stroke-width="2" fill="none"/>`;
  const count = Math.max(6, Math.floor((x1 - x0) / 45));
  for (let i = 1; i < count; i++) {
    const t = i / count;
    const x = x0 + (x1 - x0) * t;
    const yy = (1 - t) * (1 - t) * y + 2 * (1 - t) * t * (y + sag * 2) + t * t * y;
    const colour = rng.pick(["#ffd36b", "#ffb347", "#fff1b8"]);
    out += `<circle cx="${n(x)}" cy="${n(yy + 8)}" r="16" fill="${colour}" fill-opacity="0.25"/><circle cx="${n(x)}" cy="${n(yy + 8)}" r="5.5" fill="${colour}"/>`;
  }
  return out;
}

function marigoldGarland(x0: number, x1: number, y: number, sag: number): string {
  let out = "";
  const count = Math.floor((x1 - x0) / 16);
  for (let i = 0; i <= count; i++) {
    const t = i / count;
    const x = x0 + (x1 - x0) * t;
    const yy = y + Math.sin(Math.PI * t) * sag;
    const colour = i % 7 === 0 ? "#c0392b" : i % 2 === 0 ? "#f39c12" : "#f7b733";
    out += `<circle cx="${n(x)}" cy="${n(yy)}" r="11" fill="${colour}"/><circle cx="${n(x - 3)}" cy="${n(yy - 3)}" r="4" fill="#ffffff" fill-opacity="0.25"/>`;
  }
  for (const x of [x0, x1]) {
    for (let k = 0; k < 6; k++) out += `<circle cx="${n(x)}" cy="${n(y + k * 20)}" r="10" fill="${k % 2 ? "#f7b733" : "#f39c12"}"/>`;
    out += `<path d="M${n(x - 10)} ${n(y + 120)}L${n(x)} ${n(y + 150)}L${n(x + 10)} ${n(y + 120)}Z" fill="#3f7a3a"/>`;
  }
  return out;
}

function diya(svg: Svg, x: number, y: number, s: number): string {
  const flame = svg.radial([
    [0, "#fff6c9", 1],
    [0.5, "#ffc247", 1],
    [1, "#ff8a1f", 0],
  ]);
  return (
    `<g transform="translate(${n(x)} ${n(y)}) scale(${n(s)})">` +
    `<ellipse cx="0" cy="-40" rx="60" ry="60" fill="${svg.radial([
      [0, "#ffcf6b", 0.45],
      [1, "#ffcf6b", 0],
    ])}"/>` +
    `<path d="M-40-12Q0 22 40-12Q30-20 0-20Q-30-20-40-12Z" fill="#b5562c"/><path d="M-40-12Q0 6 40-12" stroke="#7a331a" stroke-width="3" fill="none"/>` +
    `<path d="M0-60C10-44 10-30 0-22C-10-30-10-44 0-60Z" fill="${flame}"/>` +
    `</g>`
  );
}

// ---------------------------------------------------------------------------------------------
// Items in local coordinates: centred on x = 0, standing on the floor at y = 0
// ---------------------------------------------------------------------------------------------

function cushionShape(svg: Svg, fill: string, piping: string, cx: number, cy: number, w: number, h: number, rot: number): string {
  const x0 = -w / 2;
  const y0 = -h / 2;
  const d = `M${n(x0)} ${n(y0)}Q0 ${n(y0 + h * 0.07)} ${n(-x0)} ${n(y0)}Q${n(-x0 - w * 0.07)} 0 ${n(-x0)} ${n(-y0)}Q0 ${n(-y0 - h * 0.07)} ${n(x0)} ${n(-y0)}Q${n(x0 + w * 0.07)} 0 ${n(x0)} ${n(y0)}Z`;
  return (
    `<g transform="translate(${n(cx)} ${n(cy)}) rotate(${n(rot)})">` +
    shadowEllipse(svg, 8, h / 2 - 4, w * 0.52, h * 0.09) +
    shape(d, fill, [std(svg).radial], ` stroke="${piping}" stroke-width="${n(Math.max(4, w * 0.018))}" stroke-linejoin="round"`) +
    `</g>`
  );
}

function sofaLocal(svg: Svg, f: Fills, seatFill: string, cushionFill: string | null, width: number, woodFrame: boolean): string {
  const s = std(svg);
  const hw = width / 2;
  let out = shadowEllipse(svg, 0, 0, hw + 20, 26);
  for (const x of [-hw + 40, hw - 56]) out += `<path d="M${x} -40H${x + 18}L${x + 14} 0H${x + 4}Z" fill="${f.wood}"/><path d="M${x} -40H${x + 18}L${x + 14} 0H${x + 4}Z" fill="#000" fill-opacity="0.2"/>`;
  if (woodFrame) {
    out += shape(roundRect(-hw + 30, -400, width - 60, 60, 10), f.wood, [s.vShade]);
    out += `<rect x="${n(-hw + 44)}" y="-340" width="${n(width - 88)}" height="150" fill="${svg.pattern("cane", woodPalette("cane"), { seed: 3, scale: 0.8 })}"/>`;
  } else {
    out += shape(roundRect(-hw + 40, -390, width - 80, 230, 46), seatFill, [s.vShade]);
  }
  const seats = width > 600 ? 3 : width > 380 ? 2 : 1;
  const sw = (width - 160) / seats;
  for (let i = 0; i < seats; i++) {
    const x = -hw + 80 + i * sw;
    out += shape(roundRect(x + 4, -350, sw - 8, 170, 34), seatFill, [s.radial]);
  }
  out += shape(roundRect(-hw + 60, -200, width - 120, 160, 22), seatFill, [s.vShade]);
  for (let i = 0; i < seats; i++) {
    const x = -hw + 80 + i * sw;
    out += shape(roundRect(x + 4, -215, sw - 8, 62, 24), seatFill, [s.vShade]);
  }
  for (const side of [-1, 1]) {
    const x = side < 0 ? -hw : hw - 96;
    out += woodFrame
      ? shape(roundRect(x + 10, -300, 76, 270, 14), f.wood, [s.hShade])
      : shape(roundRect(x, -300, 96, 268, 38), seatFill, [s.hShade]);
  }
  if (cushionFill) {
    out += cushionShape(svg, cushionFill, f.pal.deep, -hw + 150, -255, 140, 130, -10);
    out += cushionShape(svg, cushionFill, f.pal.deep, hw - 150, -255, 140, 130, 9);
  }
  return out;
}

function diningChairLocal(svg: Svg, f: Fills): string {
  const cane = svg.pattern("cane", woodPalette("cane"), { seed: 5, scale: 0.7 });
  const s = std(svg);
  return (
    shadowEllipse(svg, 0, 0, 150, 16) +
    `<rect x="-128" y="-560" width="22" height="560" rx="6" fill="${f.wood}"/><rect x="106" y="-560" width="22" height="560" rx="6" fill="${f.wood}"/>` +
    `<rect x="-106" y="-540" width="212" height="22" fill="${f.wood}"/><rect x="-106" y="-330" width="212" height="18" fill="${f.wood}"/>` +
    `<rect x="-106" y="-518" width="212" height="188" fill="${cane}"/>` +
    `<path d="M-150-260H150L130-220H-130Z" fill="${cane}"/><path d="M-150-260H150L130-220H-130Z" fill="${s.vShade}"/>` +
    `<rect x="-134" y="-222" width="268" height="22" fill="${f.wood}"/>` +
    `<rect x="-132" y="-200" width="22" height="200" fill="${f.wood}"/><rect x="110" y="-200" width="22" height="200" fill="${f.wood}"/>` +
    `<rect x="-110" y="-80" width="220" height="12" fill="${f.wood}"/>` +
    `<rect x="-128" y="-560" width="22" height="560" fill="#000" fill-opacity="0.12"/>`
  );
}

function coffeeTableLocal(svg: Svg, f: Fills, width: number, decor: boolean, height = 250): string {
  const s = std(svg);
  const hw = width / 2;
  const top = -height;
  const edge = top + 50;
  const legTop = edge + 30;
  let out = shadowEllipse(svg, 0, 0, hw + 30, 22);
  const surface = `M${-hw + 40} ${top}H${hw - 40}L${hw} ${edge}H${-hw}Z`;
  out += `<path d="${surface}" fill="${f.wood}"/><path d="${surface}" fill="${s.sheen}"/>`;
  out += `<rect x="${-hw}" y="${edge}" width="${width}" height="30" fill="${f.wood}"/><rect x="${-hw}" y="${edge}" width="${width}" height="30" fill="#000" fill-opacity="0.22"/>`;
  for (const x of [-hw + 20, hw - 50]) out += `<rect x="${x}" y="${legTop}" width="30" height="${-legTop}" fill="${f.wood}"/><rect x="${x}" y="${legTop}" width="30" height="${-legTop}" fill="#000" fill-opacity="0.18"/>`;
  out += `<rect x="${-hw + 40}" y="-70" width="${width - 80}" height="16" fill="${f.wood}"/><rect x="${-hw + 40}" y="-70" width="${width - 80}" height="16" fill="#000" fill-opacity="0.25"/>`;
  if (decor) {
    out += `<rect x="${-hw + 70}" y="${top - 12}" width="150" height="16" fill="#8c2f25"/><rect x="${-hw + 78}" y="${top - 26}" width="136" height="14" fill="#2b4a86"/><rect x="${-hw + 84}" y="${top - 38}" width="122" height="12" fill="#e2a72e"/>`;
    out += `<path d="M${hw - 230} ${top}Q${hw - 170} ${top + 50} ${hw - 110} ${top}Z" fill="#c8953a"/><ellipse cx="${hw - 170}" cy="${top}" rx="60" ry="10" fill="#e0b45a"/>`;
    out += `<circle cx="${hw - 190}" cy="${top - 8}" r="12" fill="#f39c12"/><circle cx="${hw - 165}" cy="${top - 12}" r="12" fill="#f7b733"/><circle cx="${hw - 142}" cy="${top - 7}" r="11" fill="#e67e22"/>`;
  }
  return out;
}

function bedLocal(svg: Svg, f: Fills, quilt: string, pillow: string, throwFill: string | null, woodHead: boolean, width = 860): string {
  const s = std(svg);
  const hw = width / 2;
  let out = shadowEllipse(svg, 0, 0, hw + 40, 26);
  const head = woodHead ? f.wood : quilt;
  out += shape(roundRect(-hw + 30, -620, width - 60, 400, 30), head, [s.vShade]);
  if (woodHead) {
    out += `<rect x="${-hw + 80}" y="-570" width="${width - 160}" height="270" rx="12" fill="#000" fill-opacity="0.12"/>`;
    out += `<rect x="${-hw + 96}" y="-554" width="${width - 192}" height="238" rx="8" fill="${svg.pattern("cane", woodPalette("cane"), { seed: 9, scale: 0.9 })}"/>`;
  } else {
    for (let i = 1; i < 4; i++) out += `<circle cx="${n(-hw + 30 + ((width - 60) * i) / 4)}" cy="-470" r="7" fill="#000" fill-opacity="0.25"/>`;
  }
  out += `<rect x="${-hw - 10}" y="-250" width="${width + 20}" height="190" rx="10" fill="${f.wood}"/><rect x="${-hw - 10}" y="-250" width="${width + 20}" height="190" rx="10" fill="${s.vShade}"/>`;
  for (const x of [-hw, hw - 34]) out += `<rect x="${x}" y="-60" width="34" height="60" fill="${f.wood}"/><rect x="${x}" y="-60" width="34" height="60" fill="#000" fill-opacity="0.25"/>`;
  out += cushionShape(svg, pillow, f.pal.deep, -hw / 2 + 10, -330, hw * 0.78, 130, -2);
  out += cushionShape(svg, pillow, f.pal.deep, hw / 2 - 10, -330, hw * 0.78, 130, 2);
  const d = `M${-hw - 20} -290C${-hw / 2} -300 ${hw / 2} -300 ${hw + 20} -290V-100C${hw + 20} -70 ${hw} -64 ${hw - 20} -66C${hw / 3} -56 ${-hw / 3} -74 ${-hw + 20} -64C${-hw} -64 ${-hw - 20} -70 ${-hw - 20} -100Z`;
  out += shape(d, quilt, [s.vShade]);
  out += `<path d="M${-hw - 20} -250C${-hw / 2} -260 ${hw / 2} -260 ${hw + 20} -250" stroke="#000" stroke-opacity="0.12" stroke-width="6" fill="none"/>`;
  if (throwFill) {
    const t = `M${-hw - 24} -170C${-hw / 2} -178 ${hw / 2} -178 ${hw + 24} -170V-96C${hw / 2} -88 ${-hw / 2} -104 ${-hw - 24} -96Z`;
    out += shape(t, throwFill, [s.vShade]);
  }
  return out;
}

function towelStackLocal(svg: Svg, f: Fills, fills: string[], border: string): string {
  const s = std(svg);
  let out = shadowEllipse(svg, 0, 0, 330, 22);
  const count = fills.length;
  for (let i = 0; i < count; i++) {
    const y = -(i + 1) * 78;
    const x = -280 + (i % 2) * 14;
    const w = 560 - (i % 2) * 20;
    const d = `M${x + 40} ${y}H${x + w}V${y + 76}H${x + 40}C${x} ${y + 76} ${x} ${y} ${x + 40} ${y}Z`;
    out += shape(d, fills[i] ?? f.main, [s.vShade]);
    out += `<rect x="${x + w - 150}" y="${y}" width="26" height="76" fill="${border}"/><rect x="${x + w - 112}" y="${y}" width="8" height="76" fill="${border}"/>`;
    out += `<path d="M${x + 40} ${y + 4}C${x + 8} ${y + 4} ${x + 8} ${y + 72} ${x + 40} ${y + 72}" stroke="#fff" stroke-opacity="0.25" stroke-width="4" fill="none"/>`;
  }
  return out;
}

function robeLocal(svg: Svg, f: Fills, fill: string): string {
  const s = std(svg);
  const body = "M-120-640L-40-660L0-600L40-660L120-640L170-560L240-330L180-300L150-420L150 0H-150V-420L-180-300L-240-330L-170-560Z";
  return (
    `<path d="M0-700V-740M-20-760Q0-790 20-760" stroke="#7a6a55" stroke-width="6" fill="none"/>` +
    `<path d="M-150-650Q0-720 150-650" stroke="#7a6a55" stroke-width="10" fill="none"/>` +
    shape(body, fill, [s.hShade]) +
    `<path d="M-40-660L30-300M40-660L-10-420" stroke="${f.pal.deep}" stroke-opacity="0.35" stroke-width="5" fill="none"/>` +
    `<rect x="-150" y="-330" width="300" height="30" fill="${fill}"/><rect x="-150" y="-330" width="300" height="30" fill="#000" fill-opacity="0.15"/>` +
    `<path d="M40-300L60-160L20-160Z" fill="${fill}"/><path d="M40-300L60-160L20-160Z" fill="#000" fill-opacity="0.12"/>` +
    `<rect x="-150" y="-24" width="300" height="24" fill="#000" fill-opacity="0.08"/>`
  );
}

// ---------------------------------------------------------------------------------------------
// Wall-mounted and top-down items, drawn in absolute coordinates
// ---------------------------------------------------------------------------------------------

function curtainPanel(svg: Svg, fill: string, x0: number, x1: number, top: number, bottom: number, opacity: number, tie: number | null): string {
  const s = std(svg);
  const w = x1 - x0;
  const folds = svg.linear(
    [
      [0, "#000000", 0.3],
      [0.3, "#ffffff", 0.12],
      [0.55, "#ffffff", 0.02],
      [0.8, "#000000", 0.12],
      [1, "#000000", 0.3],
    ],
    { x1: x0, y1: 0, x2: x0 + Math.max(40, w / 5), y2: 0, user: true, repeat: true },
  );
  let d: string;
  if (tie === null) {
    d = `M${n(x0)} ${n(top)}H${n(x1)}L${n(x1 + 12)} ${n(bottom)}`;
    const waves = Math.max(3, Math.round(w / 50));
    const step = (w + 24) / waves;
    for (let i = 0; i < waves; i++) {
      const xa = x1 + 12 - step * (i + 0.5);
      const xb = x1 + 12 - step * (i + 1);
      d += `Q${n(xa)} ${n(bottom + (i % 2 === 0 ? 12 : -6))} ${n(xb)} ${n(bottom)}`;
    }
    d += "Z";
  } else {
    // Tied back toward x = tie at two thirds of the drop.
    const ty = top + (bottom - top) * 0.58;
    const inner = tie > x0 ? x1 : x0;
    const outer = tie > x0 ? x0 : x1;
    const side = Math.sign(inner - outer);
    d = `M${n(outer)} ${n(top)}H${n(inner)}C${n(inner)} ${n(top + 200)} ${n(tie + side * 30)} ${n(ty - 80)} ${n(tie + side * 20)} ${n(ty)}C${n(tie + side * 20)} ${n(ty + 80)} ${n(inner + side * 30)} ${n(bottom - 80)} ${n(inner + side * 40)} ${n(bottom)}H${n(outer - side * 10)}Z`;
  }
  let out = `<g opacity="${opacity}">` + shape(d, fill, [folds, s.vShade]) + "</g>";
  if (tie !== null) {
    const ty = top + (bottom - top) * 0.58;
    out += `<path d="M${n(Math.min(tie, x0 < tie ? x0 : x1) - 6)} ${n(ty - 12)}H${n(Math.max(tie, x0 < tie ? x0 : x1) + 26)}" stroke="#b08a3c" stroke-width="16" stroke-linecap="round"/>`;
  }
  return out;
}

function curtainPair(svg: Svg, fill: string, x0: number, x1: number, top: number, bottom: number, sheer: boolean, tied: boolean): string {
  const rod = svg.linear(
    [
      [0, "#d6b068", 1],
      [0.5, "#9a7334", 1],
      [1, "#6b4e22", 1],
    ],
    { x1: 0, y1: 0, x2: 0, y2: 1 },
  );
  const w = x1 - x0;
  const panel = w * 0.36;
  const opacity = sheer ? 0.62 : 1;
  let out = `<rect x="${n(x0 - 40)}" y="${n(top - 14)}" width="${n(w + 80)}" height="14" rx="7" fill="${rod}"/>`;
  out += `<circle cx="${n(x0 - 44)}" cy="${n(top - 7)}" r="17" fill="${rod}"/><circle cx="${n(x1 + 44)}" cy="${n(top - 7)}" r="17" fill="${rod}"/>`;
  out += curtainPanel(svg, fill, x0, x0 + panel, top, bottom, opacity, tied ? x0 + 10 : null);
  out += curtainPanel(svg, fill, x1 - panel, x1, top, bottom, opacity, tied ? x1 - 10 : null);
  for (let x = x0 + 12; x < x0 + panel; x += 38) out += `<ellipse cx="${n(x)}" cy="${n(top - 6)}" rx="9" ry="13" fill="none" stroke="#9a7334" stroke-width="4"/>`;
  for (let x = x1 - panel + 12; x < x1; x += 38) out += `<ellipse cx="${n(x)}" cy="${n(top - 6)}" rx="9" ry="13" fill="none" stroke="#9a7334" stroke-width="4"/>`;
  return out;
}

function blindInWindow(svg: Svg, f: Fills, kind: ItemKind, x: number, y: number, w: number, h: number, fill: string): string {
  const s = std(svg);
  let out = "";
  if (kind === "venetian-blind") {
    const slats = Math.floor((h * 0.85) / 30);
    out += `<rect x="${n(x - 10)}" y="${n(y - 6)}" width="${n(w + 20)}" height="26" rx="4" fill="${f.wood}"/>`;
    for (let i = 0; i < slats; i++) {
      const sy = y + 24 + i * 30;
      out += `<rect x="${n(x)}" y="${n(sy)}" width="${n(w)}" height="22" rx="3" fill="${fill}"/><rect x="${n(x)}" y="${n(sy)}" width="${n(w)}" height="22" rx="3" fill="${s.vShade}"/>`;
    }
    out += `<path d="M${n(x + w * 0.2)} ${n(y + 20)}V${n(y + 24 + slats * 30)}M${n(x + w * 0.8)} ${n(y + 20)}V${n(y + 24 + slats * 30)}" stroke="#e8dcc4" stroke-width="5"/>`;
    out += `<path d="M${n(x + w - 30)} ${n(y + 20)}V${n(y + h * 0.7)}" stroke="#c9b48c" stroke-width="3"/><circle cx="${n(x + w - 30)}" cy="${n(y + h * 0.7 + 10)}" r="8" fill="${f.wood}"/>`;
    return out;
  }
  if (kind === "chick-blind") {
    const drop = h * 0.72;
    out += `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(drop)}" fill="${fill}"/><rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(drop)}" fill="${s.vShade}"/>`;
    out += `<rect x="${n(x - 10)}" y="${n(y - 30)}" width="${n(w + 20)}" height="46" rx="23" fill="${fill}"/><rect x="${n(x - 10)}" y="${n(y - 30)}" width="${n(w + 20)}" height="46" rx="23" fill="${s.vShade}"/>`;
    out += `<path d="M${n(x + w * 0.2)} ${n(y - 30)}V${n(y + drop + 20)}M${n(x + w * 0.8)} ${n(y - 30)}V${n(y + drop + 20)}" stroke="#8b2f25" stroke-width="5"/>`;
    out += `<rect x="${n(x - 4)}" y="${n(y + drop - 8)}" width="${n(w + 8)}" height="14" fill="${darken(f.pal.ground, 0.3)}"/>`;
    return out;
  }
  if (kind === "roman-blind") {
    const flat = h * 0.38;
    out += `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(flat)}" fill="${fill}"/><rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(flat)}" fill="${s.vShade}"/>`;
    for (let i = 0; i < 4; i++) {
      const fy = y + flat + i * 46;
      out += shape(roundRect(x - 6 - i * 2, fy, w + 12 + i * 4, 52, 20), fill, [s.vShade]);
      out += `<path d="M${n(x - 4)} ${n(fy + 50)}H${n(x + w + 4)}" stroke="#000" stroke-opacity="0.25" stroke-width="4"/>`;
    }
    out += `<rect x="${n(x - 12)}" y="${n(y - 14)}" width="${n(w + 24)}" height="18" fill="${darken(f.pal.ground, 0.25)}"/>`;
    out += `<path d="M${n(x + w + 20)} ${n(y)}V${n(y + h * 0.8)}" stroke="#d8cdb8" stroke-width="3"/>`;
    return out;
  }
  // Roller blind.
  const drop = h * 0.62;
  out += `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(drop)}" fill="${fill}"/><rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(drop)}" fill="${s.vShade}"/>`;
  out += `<rect x="${n(x - 14)}" y="${n(y - 26)}" width="${n(w + 28)}" height="34" rx="17" fill="${fill}"/><rect x="${n(x - 14)}" y="${n(y - 26)}" width="${n(w + 28)}" height="34" rx="17" fill="${s.vShade}"/>`;
  out += `<rect x="${n(x - 4)}" y="${n(y + drop - 4)}" width="${n(w + 8)}" height="16" rx="6" fill="${darken(f.pal.ground, 0.35)}"/>`;
  out += `<path d="M${n(x + w + 24)} ${n(y - 10)}V${n(y + h * 0.85)}" stroke="#bfc3c7" stroke-width="5" stroke-dasharray="3 5"/>`;
  return out;
}

function rugTopDown(svg: Svg, f: Fills, cx: number, cy: number, w: number, h: number, rot: number, field: string, border: string, fringe: string): string {
  const x = -w / 2;
  const y = -h / 2;
  const b = Math.min(w, h) * 0.09;
  let out = `<g transform="translate(${n(cx)} ${n(cy)}) rotate(${n(rot)})">`;
  out += `<rect x="${n(x + 10)}" y="${n(y + 14)}" width="${n(w)}" height="${n(h)}" fill="#000" fill-opacity="0.18"/>`;
  out += `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${border}"/>`;
  out += `<rect x="${n(x + b)}" y="${n(y + b)}" width="${n(w - 2 * b)}" height="${n(h - 2 * b)}" fill="${field}"/>`;
  out += `<rect x="${n(x + b)}" y="${n(y + b)}" width="${n(w - 2 * b)}" height="${n(h - 2 * b)}" fill="none" stroke="${f.pal.deep}" stroke-width="6"/>`;
  out += `<rect x="${n(x + b * 0.4)}" y="${n(y + b * 0.4)}" width="${n(w - 0.8 * b)}" height="${n(h - 0.8 * b)}" fill="none" stroke="${f.pal.ink}" stroke-width="3" stroke-dasharray="10 6"/>`;
  let d = "";
  for (let fx = x + 4; fx < x + w - 2; fx += 9) d += `M${n(fx)} ${n(y)}l${n(Math.sin(fx) * 3)} -34M${n(fx)} ${n(y + h)}l${n(Math.cos(fx) * 3)} 34`;
  out += `<path d="${d}" stroke="${fringe}" stroke-width="4" stroke-linecap="round"/>`;
  out += `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${std(svg).sheen}" fill-opacity="0.5"/>`;
  return `${out}</g>`;
}

function plateTopDown(x: number, y: number, r: number, rim: string): string {
  return (
    `<circle cx="${n(x + 6)}" cy="${n(y + 8)}" r="${n(r)}" fill="#000" fill-opacity="0.12"/>` +
    `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="#fbf8f2"/><circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 0.72)}" fill="#f1ece2"/>` +
    `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 0.92)}" fill="none" stroke="${rim}" stroke-width="4"/>`
  );
}

function cutlery(x: number, y: number, len: number): string {
  return `<rect x="${n(x)}" y="${n(y - len / 2)}" width="10" height="${n(len)}" rx="5" fill="#c9b27a"/><rect x="${n(x + 22)}" y="${n(y - len / 2)}" width="10" height="${n(len)}" rx="5" fill="#c9b27a"/>`;
}

function marigoldBowl(svg: Svg, x: number, y: number, r: number): string {
  let out = `<circle cx="${n(x + 6)}" cy="${n(y + 8)}" r="${n(r)}" fill="#000" fill-opacity="0.15"/><circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="#c8953a"/><circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 0.85)}" fill="${std(svg).sheen}"/>`;
  for (let i = 0; i < 7; i++) {
    const a = (i / 7) * Math.PI * 2;
    out += `<circle cx="${n(x + Math.cos(a) * r * 0.45)}" cy="${n(y + Math.sin(a) * r * 0.45)}" r="${n(r * 0.28)}" fill="${i % 2 ? "#f7b733" : "#f39c12"}"/>`;
  }
  return `${out}<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 0.3)}" fill="#e67e22"/>`;
}

// ---------------------------------------------------------------------------------------------
// Main product views (1000 x 1000)
// ---------------------------------------------------------------------------------------------

function mainView(svg: Svg, look: Look, f: Fills, rng: Rng): void {
  const s = std(svg);
  switch (look.item) {
    case "curtain":
    case "sheer": {
      studio(svg, rng, 900);
      svg.add(windowFrame(svg, 300, 190, 400, 560, "day", rng));
      svg.add(curtainPair(svg, f.main, 140, 860, 130, 905, look.item === "sheer", false));
      return;
    }
    case "roller-blind":
    case "roman-blind":
    case "chick-blind":
    case "venetian-blind": {
      studio(svg, rng, 900);
      svg.add(windowFrame(svg, 230, 170, 540, 600, "day", rng));
      svg.add(blindInWindow(svg, f, look.item, 230, 170, 540, 600, look.item === "venetian-blind" ? f.wood : f.main));
      svg.add(plant(svg, 880, 900, 0.7, rng));
      return;
    }
    case "wallpaper": {
      svg.add(`<rect width="1000" height="840" fill="${f.main}"/><rect width="1000" height="840" fill="${s.hShade}" fill-opacity="0.6"/>`);
      svg.add(`<rect y="800" width="1000" height="40" fill="#f4efe6"/><rect y="840" width="1000" height="160" fill="${svg.pattern("planks", woodPalette("teak"), { seed: 2, scale: 0.8 })}"/>`);
      svg.add(`<g transform="translate(500 840)">${coffeeTableLocal(svg, f, 520, false)}</g>`);
      svg.add(frameArt(svg, 390, 220, 220, 280, f.pal, look.seed));
      svg.add(tableLamp(svg, 330, 590, 0.9, f.pal.accent));
      svg.add(`<path d="M630 590Q640 520 660 500Q690 520 690 590Z" fill="#2f4f6b"/><path d="M660 500C650 430 640 400 600 360M662 500C680 420 700 400 730 380" stroke="#5a4a35" stroke-width="3" fill="none"/>`);
      return;
    }
    case "fabric": {
      studio(svg, rng, 880);
      const rail = svg.linear(
        [
          [0, "#8a6232", 1],
          [1, "#4d3519", 1],
        ],
        { x1: 0, y1: 0, x2: 0, y2: 1 },
      );
      const folds = svg.linear(
        [
          [0, "#000000", 0.25],
          [0.4, "#ffffff", 0.12],
          [1, "#000000", 0.25],
        ],
        { x1: 250, y1: 0, x2: 380, y2: 0, user: true, repeat: true },
      );
      let pinked = "M240 170H760V820";
      for (let x = 760; x > 240; x -= 20) pinked += `L${x - 10} 836L${x - 20} 820`;
      pinked += "Z";
      svg.add(shadowEllipse(svg, 500, 880, 300, 24));
      svg.add(shape(pinked, f.main, [folds, s.vShade]));
      svg.add(shape("M240 170H760V330C600 350 400 350 240 330Z", f.main, [s.vShade]));
      svg.add(`<path d="M240 330C400 350 600 350 760 330" stroke="#000" stroke-opacity="0.3" stroke-width="8" fill="none"/>`);
      svg.add(`<rect x="190" y="150" width="620" height="28" rx="14" fill="${rail}"/>`);
      svg.add(`<g transform="translate(860 880) scale(0.3)">${towelStackLocal(svg, f, [f.main, f.trim, f.main], f.pal.accent)}</g>`);
      return;
    }
    case "bedding":
    case "bed": {
      studio(svg, rng, 860);
      const bedding = look.item === "bedding";
      svg.add(`<g transform="translate(500 900) scale(1.02)">${bedLocal(svg, f, bedding ? f.main : f.plain, bedding ? f.main : f.plain, bedding ? f.trim : f.main, true)}</g>`);
      return;
    }
    case "cushion":
    case "lumbar": {
      studio(svg, rng, 780);
      svg.add(`<rect x="80" y="640" width="840" height="150" rx="24" fill="${svg.pattern("slub", PALETTES.sand, { seed: 4 })}"/><rect x="80" y="640" width="840" height="150" rx="24" fill="${s.vShade}"/>`);
      const lumbar = look.item === "lumbar";
      svg.add(cushionShape(svg, f.main, f.pal.deep, 500, 470, lumbar ? 720 : 560, lumbar ? 360 : 540, -3));
      return;
    }
    case "floor-cushion": {
      studio(svg, rng, 620);
      svg.add(shadowEllipse(svg, 500, 860, 400, 50));
      svg.add(shape("M140 620Q500 560 860 620L880 820Q500 880 120 820Z", f.main, [s.vShade]));
      svg.add(shape("M140 620Q500 560 860 620Q900 700 860 700Q500 640 140 700Q100 700 140 620Z", f.main, [s.radial]));
      svg.add(`<path d="M120 820Q500 880 880 820" stroke="${f.pal.deep}" stroke-width="8" fill="none"/>`);
      for (const [x, y] of [
        [330, 650],
        [500, 640],
        [670, 650],
      ] as const)
        svg.add(`<circle cx="${x}" cy="${y}" r="9" fill="${f.pal.accent}"/><circle cx="${x}" cy="${y}" r="9" fill="#000" fill-opacity="0.2"/>`);
      return;
    }
    case "rug":
    case "runner":
    case "doormat": {
      svg.add(`<rect width="1000" height="1000" fill="${svg.pattern("planks", woodPalette(look.item === "doormat" ? "walnut" : "teak"), { seed: 6 })}"/>`);
      if (look.item === "doormat") {
        svg.add(`<rect x="0" y="0" width="1000" height="170" fill="#5a3a25"/><rect x="0" y="160" width="1000" height="14" fill="#3e2818"/>`);
        svg.add(rugTopDown(svg, f, 500, 560, 700, 440, -2, f.main, f.pal.deep === f.pal.ground ? f.trim : svg.pattern("coir", { ...f.pal, ground: f.pal.deep }, { seed: 3 }), f.pal.deep));
      } else if (look.item === "runner") {
        svg.add(rugTopDown(svg, f, 500, 500, 300, 1100, -32, f.main, f.trim, f.pal.ink));
      } else {
        svg.add(rugTopDown(svg, f, 500, 500, 620, 860, -8, f.main, f.trim, f.pal.ink));
      }
      return;
    }
    case "table-runner":
    case "tablecloth":
    case "napkins":
    case "placemats": {
      svg.add(`<rect width="1000" height="1000" fill="${svg.pattern("wood", woodPalette(look.wood), { seed: look.seed, scale: 1.6 })}"/>`);
      if (look.item === "tablecloth") {
        svg.add(`<rect x="60" y="40" width="880" height="920" fill="${f.main}"/><rect x="60" y="40" width="880" height="920" fill="${s.sheen}" fill-opacity="0.6"/>`);
        svg.add(`<rect x="80" y="60" width="840" height="880" fill="none" stroke="#000" stroke-opacity="0.08" stroke-width="4"/>`);
        svg.add(plateTopDown(300, 300, 110, f.pal.accent), plateTopDown(700, 700, 110, f.pal.accent), plateTopDown(700, 300, 110, f.pal.accent), plateTopDown(300, 700, 110, f.pal.accent));
        svg.add(marigoldBowl(svg, 500, 500, 80));
      } else if (look.item === "table-runner") {
        svg.add(`<rect x="360" y="-10" width="280" height="1020" fill="${f.main}"/><rect x="360" y="-10" width="280" height="1020" fill="${s.hShade}" fill-opacity="0.5"/>`);
        svg.add(`<rect x="360" y="-10" width="280" height="1020" fill="none" stroke="${f.pal.accent}" stroke-width="10"/>`);
        svg.add(plateTopDown(200, 300, 110, f.pal.ground), plateTopDown(800, 300, 110, f.pal.ground), plateTopDown(200, 720, 110, f.pal.ground), plateTopDown(800, 720, 110, f.pal.ground));
        svg.add(marigoldBowl(svg, 500, 500, 90));
        svg.add(`<circle cx="500" cy="230" r="38" fill="#b5562c"/><circle cx="500" cy="770" r="38" fill="#b5562c"/>`);
      } else if (look.item === "napkins") {
        for (const [x, y, r] of [
          [290, 300, -12],
          [700, 320, 8],
          [300, 720, 6],
          [710, 700, -6],
        ] as const) {
          svg.add(plateTopDown(x, y, 150, f.pal.accent));
          svg.add(`<g transform="translate(${x} ${y}) rotate(${r})"><rect x="-70" y="-100" width="140" height="200" fill="#000" fill-opacity="0.15" transform="translate(6 8)"/><rect x="-70" y="-100" width="140" height="200" fill="${f.main}"/><path d="M-70-100L70 100H-70Z" fill="#000" fill-opacity="0.08"/><rect x="-78" y="-16" width="156" height="32" rx="8" fill="#c8953a"/></g>`);
        }
      } else {
        for (const [x, y] of [
          [270, 280],
          [730, 280],
          [270, 720],
          [730, 720],
        ] as const) {
          svg.add(`<rect x="${x - 190}" y="${y - 130}" width="380" height="260" rx="18" fill="#000" fill-opacity="0.15" transform="translate(6 8)"/><rect x="${x - 190}" y="${y - 130}" width="380" height="260" rx="18" fill="${f.main}"/>`);
          svg.add(plateTopDown(x, y, 95, f.pal.deep), cutlery(x + 118, y, 170));
        }
      }
      return;
    }
    case "towels": {
      studio(svg, rng, 780);
      svg.add(`<g transform="translate(500 860) scale(1.25)">${towelStackLocal(svg, f, [f.main, f.main, f.main, f.main], f.pal.accent)}</g>`);
      svg.add(`<ellipse cx="830" cy="850" rx="60" ry="20" fill="#e9e1d4"/><rect x="790" y="815" width="80" height="34" rx="14" fill="#f4d7c0"/>`);
      return;
    }
    case "bathmat": {
      svg.add(`<rect width="1000" height="1000" fill="${svg.pattern("tiles", { ...PALETTES.sky, ground: "#dfe6ea" }, { seed: 1, scale: 1.5 })}"/>`);
      svg.add(rugTopDown(svg, f, 500, 520, 760, 520, 3, f.main, f.main, f.pal.ground));
      return;
    }
    case "bathrobe": {
      studio(svg, rng, 900);
      svg.add(`<g transform="translate(500 900) scale(1.05)">${robeLocal(svg, f, f.main)}</g>`);
      return;
    }
    case "sofa":
    case "wood-sofa":
    case "armchair": {
      studio(svg, rng, 760);
      const width = look.item === "armchair" ? 460 : 820;
      const scale = look.item === "armchair" ? 1.45 : 1.1;
      svg.add(`<g transform="translate(500 860) scale(${scale})">${sofaLocal(svg, f, f.main, look.item === "armchair" ? null : f.trim, width, look.item === "wood-sofa")}</g>`);
      return;
    }
    case "dining-chair": {
      studio(svg, rng, 760);
      svg.add(`<g transform="translate(330 900) scale(1.2)">${diningChairLocal(svg, f)}</g>`);
      svg.add(`<g transform="translate(680 900) scale(1.2)">${diningChairLocal(svg, f)}</g>`);
      return;
    }
    case "coffee-table": {
      studio(svg, rng, 720);
      svg.add(`<g transform="translate(500 820) scale(1.25)">${coffeeTableLocal(svg, f, 660, true)}</g>`);
      return;
    }
    case "dining-table": {
      studio(svg, rng, 720);
      svg.add(`<g transform="translate(330 760) scale(0.95)">${diningChairLocal(svg, f)}</g>`, `<g transform="translate(670 760) scale(0.95)">${diningChairLocal(svg, f)}</g>`);
      svg.add(`<g transform="translate(500 900) scale(1.1)">${coffeeTableLocal(svg, f, 820, false, 400)}</g>`);
      return;
    }
  }
}

/** Fabric close-up: the pattern large, a weave texture and a soft fold. */
function closeupView(svg: Svg, look: Look): void {
  const isWood = look.item === "venetian-blind" || look.item === "coffee-table" || look.item === "dining-table" || look.item === "bed" || look.item === "wood-sofa" || look.item === "dining-chair";
  const pal = PALETTES[look.palette];
  const scale = look.pattern === "terry" || look.pattern === "velvet" || look.pattern === "plain" ? 4 : 2.6;
  if (isWood) {
    svg.add(`<rect width="1000" height="1000" fill="${svg.pattern("wood", woodPalette(look.wood), { seed: look.seed, scale: 2.2 })}"/>`);
    if (look.item === "dining-chair") {
      svg.add(`<rect x="0" y="380" width="1000" height="620" fill="${svg.pattern("cane", woodPalette("cane"), { seed: 5, scale: 3 })}"/>`);
      svg.add(`<rect x="0" y="350" width="1000" height="40" fill="#000" fill-opacity="0.3"/>`);
    } else {
      svg.add(`<rect x="0" y="620" width="1000" height="380" fill="${svg.pattern(look.pattern, pal, { motif: look.motif, seed: look.seed, scale: 2 })}"/><rect x="0" y="600" width="1000" height="24" fill="#000" fill-opacity="0.35"/>`);
    }
    svg.add(`<rect width="1000" height="1000" fill="${std(svg).sheen}" fill-opacity="0.7"/>`);
    return;
  }
  svg.add(`<rect width="1000" height="1000" fill="${svg.pattern(look.pattern, pal, { motif: look.motif, seed: look.seed, scale, rotate: -6 })}"/>`);
  svg.add(`<rect width="1000" height="1000" fill="${svg.pattern("plain", { ...pal, ground: "#808080" }, { seed: 1, scale: 2.5 })}" fill-opacity="0.12"/>`);
  const fold = svg.linear(
    [
      [0, "#000000", 0],
      [0.42, "#000000", 0.05],
      [0.5, "#000000", 0.32],
      [0.56, "#ffffff", 0.16],
      [0.7, "#ffffff", 0],
      [1, "#000000", 0.18],
    ],
    { x1: 0, y1: 0, x2: 1, y2: 0.6 },
  );
  svg.add(`<rect width="1000" height="1000" fill="${fold}"/>`);
  svg.add(`<path d="M0 930H1000" stroke="${pal.deep}" stroke-opacity="0.5" stroke-width="3" stroke-dasharray="14 8"/><rect y="950" width="1000" height="50" fill="#000" fill-opacity="0.12"/>`);
}

/** Colour options: four swatches laid on linen. */
function swatchesView(svg: Svg, look: Look, options: PaletteKey[]): void {
  svg.add(`<rect width="1000" height="1000" fill="${svg.pattern("slub", PALETTES.ivory, { seed: 11, scale: 1.4 })}"/>`);
  const spots: Array<[number, number, number]> = [
    [280, 280, -6],
    [720, 290, 5],
    [290, 720, 4],
    [715, 715, -4],
  ];
  spots.forEach(([x, y, r], i) => {
    const key = options[i % options.length] ?? look.palette;
    const isWood = look.family === "furniture" && i === 3;
    const fill = isWood ? svg.pattern("wood", woodPalette(look.wood), { seed: look.seed }) : svg.pattern(look.pattern, PALETTES[key], { motif: look.motif, seed: look.seed, scale: 0.9 });
    let d = "M-170-170";
    for (let k = -170; k < 170; k += 20) d += `L${k + 10} -180L${k + 20} -170`;
    d += "V170";
    for (let k = 170; k > -170; k -= 20) d += `L${k - 10} 180L${k - 20} 170`;
    d += "Z";
    svg.add(`<g transform="translate(${x} ${y}) rotate(${r})"><path d="${d}" fill="#000" fill-opacity="0.16" transform="translate(8 10)"/><path d="${d}" fill="${fill}"/><path d="${d}" fill="${std(svg).sheen}" fill-opacity="0.5"/></g>`);
  });
  svg.add(`<circle cx="500" cy="500" r="26" fill="#c8953a"/><circle cx="500" cy="500" r="12" fill="#8a6232"/>`);
}

// ---------------------------------------------------------------------------------------------
// Room scenes (height 1000, any width)
// ---------------------------------------------------------------------------------------------

export function roomScene(look: Look, width: number, theme: Theme): Svg {
  const svg = new Svg(width, 1000);
  const rng = mulberry32(look.seed ^ 0x5eed);
  const f = fillsFor(svg, look);
  const s = std(svg);
  const cx = width / 2;
  const floorY = 760;
  const wallColour = theme === "evening" || theme === "festive" ? "#e4d3bd" : rng.pick(["#efe4d2", "#e9dfcf", "#e6e0d2", "#f0e6d6"]);
  const wallFill =
    look.family === "wallpaper"
      ? f.main
      : svg.linear(
          [
            [0, lighten(wallColour, 0.3), 1],
            [1, wallColour, 1],
          ],
          { x1: 0, y1: 0, x2: 0.2, y2: 1 },
        );
  svg.add(`<rect width="${width}" height="${floorY}" fill="${wallFill}"/>`);
  if (look.family === "bath-linen") svg.add(`<rect width="${width}" height="${floorY}" fill="${svg.pattern("tiles", { ...PALETTES.sky, ground: "#d7e2e6" }, { seed: 2 })}"/>`);
  svg.add(`<rect y="${floorY}" width="${width}" height="${1000 - floorY}" fill="${svg.pattern("planks", woodPalette(look.family === "bath-linen" ? "white" : "teak"), { seed: 4, scale: 0.9 })}"/>`);
  svg.add(`<rect y="${floorY - 26}" width="${width}" height="26" fill="#f5f0e7"/><rect y="${floorY}" width="${width}" height="6" fill="#000" fill-opacity="0.12"/>`);
  const light = svg.linear(
    [
      [0, "#ffffff", theme === "evening" || theme === "festive" ? 0 : 0.16],
      [1, "#000000", theme === "evening" || theme === "festive" ? 0.22 : 0.08],
    ],
    { x1: 0, y1: 0, x2: 1, y2: 0.3 },
  );

  // Side props appear only where the canvas is wide enough.
  const sideRoom = (width - 1000) / 2;
  if (sideRoom > 300) {
    svg.add(plant(svg, cx - 500 - sideRoom / 2, floorY + 120, 0.9, rng));
    if (theme === "evening" || theme === "festive") svg.add(floorLamp(svg, cx + 500 + sideRoom / 2, floorY + 110, 0.95, true));
    else svg.add(frameArt(svg, cx + 500 + sideRoom / 2 - 110, 180, 220, 280, f.pal, look.seed + 3), plant(svg, cx + 500 + sideRoom / 2, floorY + 120, 0.7, rng));
  }

  switch (look.family) {
    case "curtains":
    case "blinds": {
      svg.add(windowFrame(svg, cx - 250, 150, 500, 520, theme, rng));
      if (look.family === "curtains") svg.add(curtainPair(svg, f.main, cx - 380, cx + 380, 110, floorY + 10, look.item === "sheer", true));
      else svg.add(blindInWindow(svg, f, look.item, cx - 250, 150, 500, 520, look.item === "venetian-blind" ? f.wood : f.main));
      const neutral = svg.pattern("slub", PALETTES.sand, { seed: 8 });
      if (look.family === "blinds") svg.add(`<g transform="translate(${n(cx)} ${floorY + 150}) scale(0.85)">${sofaLocal(svg, f, neutral, svg.pattern("block", PALETTES["madder-ivory"], { motif: "rosette", seed: 2 }), 760, false)}</g>`);
      else {
        svg.add(`<g transform="translate(${n(cx - 420)} ${floorY + 120}) scale(0.75)">${diningChairLocal(svg, f)}</g>`);
        svg.add(plant(svg, cx + 420, floorY + 120, 0.8, rng));
      }
      break;
    }
    case "wallpaper": {
      svg.add(`<rect width="${width}" height="${floorY}" fill="${light}"/>`);
      svg.add(frameArt(svg, cx - 130, 150, 260, 200, PALETTES.ivory, look.seed));
      svg.add(`<g transform="translate(${n(cx)} ${floorY + 150}) scale(0.9)">${sofaLocal(svg, f, svg.pattern("velvet", PALETTES.charcoal, { seed: 2 }), svg.pattern("plain", PALETTES.turmeric, { seed: 2 }), 760, false)}</g>`);
      svg.add(floorLamp(svg, cx + 430, floorY + 100, 0.85, theme !== "day"));
      break;
    }
    case "upholstery":
    case "cushions": {
      svg.add(frameArt(svg, cx - 300, 170, 260, 190, f.pal, look.seed), frameArt(svg, cx + 40, 150, 200, 240, PALETTES.ivory, look.seed + 1));
      const sofaFill = look.family === "upholstery" ? f.main : svg.pattern("slub", PALETTES.sand, { seed: 12 });
      const cushion = look.family === "cushions" ? f.main : svg.pattern("plain", { ...PALETTES.ivory, ground: f.pal.accent }, { seed: 2 });
      svg.add(`<g transform="translate(${n(cx)} ${floorY + 150}) scale(0.95)">${sofaLocal(svg, f, sofaFill, cushion, 780, false)}</g>`);
      if (look.family === "cushions") svg.add(cushionShape(svg, f.main, f.pal.deep, cx, floorY - 150, 150, 140, 3));
      if (width >= 1200) svg.add(`<g transform="translate(${n(cx + 470)} ${floorY + 110}) scale(0.8)">${sideTable(svg, f, 0, 0, 1)}</g>`, tableLamp(svg, cx + 470, floorY - 84, 0.8, f.pal.accent));
      break;
    }
    case "bedding": {
      svg.add(windowFrame(svg, cx + 330, 170, 200, 360, theme, rng));
      svg.add(`<g transform="translate(${n(cx)} ${floorY + 170}) scale(0.95)">${bedLocal(svg, f, f.main, f.main, f.trim, true)}</g>`);
      if (width >= 1300) svg.add(`<g transform="translate(${n(cx - 540)} ${floorY + 140}) scale(0.85)">${sideTable(svg, f, 0, 0, 1)}</g>`, tableLamp(svg, cx - 540, floorY - 56, 0.8, f.pal.accent));
      break;
    }
    case "rugs": {
      svg.add(windowFrame(svg, cx - 420, 150, 260, 400, theme, rng));
      svg.add(frameArt(svg, cx + 120, 170, 240, 190, f.pal, look.seed));
      svg.add(`<g transform="translate(${n(cx)} ${floorY + 60}) scale(0.72)">${sofaLocal(svg, f, svg.pattern("slub", PALETTES.ivory, { seed: 5 }), svg.pattern("plain", { ...PALETTES.ivory, ground: f.pal.ground }, { seed: 5 }), 760, false)}</g>`);
      const rugD = `M${n(cx - 300)} ${floorY + 70}H${n(cx + 300)}L${n(cx + 470)} 990H${n(cx - 470)}Z`;
      const band = `M${n(cx - 270)} ${floorY + 90}H${n(cx + 270)}L${n(cx + 420)} 965H${n(cx - 420)}Z`;
      svg.add(`<path d="${rugD}" fill="${f.trim}"/><path d="${band}" fill="${svg.pattern(look.pattern, f.pal, { motif: look.motif, seed: look.seed, scale: 0.7 })}"/><path d="${rugD}" fill="${s.vShade}" fill-opacity="0.6"/>`);
      svg.add(`<g transform="translate(${n(cx + 40)} 930) scale(0.55)">${coffeeTableLocal(svg, f, 640, true)}</g>`);
      break;
    }
    case "table-linen": {
      svg.add(windowFrame(svg, cx - 230, 130, 460, 380, theme, rng));
      svg.add(`<path d="M${n(cx)} 0V120" stroke="#3a3128" stroke-width="4"/><path d="M${n(cx - 70)} 170Q${n(cx)} 90 ${n(cx + 70)} 170Z" fill="#c8953a"/>`);
      for (const x of [cx - 300, cx + 300]) svg.add(`<g transform="translate(${n(x)} ${floorY + 120}) scale(0.8)">${diningChairLocal(svg, f)}</g>`);
      const cloth = look.item === "tablecloth";
      svg.add(`<path d="M${n(cx - 420)} ${floorY - 80}H${n(cx + 420)}L${n(cx + 460)} ${floorY - 40}H${n(cx - 460)}Z" fill="${cloth ? f.main : f.wood}"/>`);
      svg.add(`<rect x="${n(cx - 460)}" y="${floorY - 40}" width="920" height="${cloth ? 150 : 30}" fill="${cloth ? f.main : f.wood}"/><rect x="${n(cx - 460)}" y="${floorY - 40}" width="920" height="${cloth ? 150 : 30}" fill="${s.vShade}"/>`);
      if (!cloth) {
        svg.add(`<path d="M${n(cx - 110)} ${floorY - 80}H${n(cx + 110)}L${n(cx + 120)} ${floorY - 40}H${n(cx - 120)}Z" fill="${f.main}"/><rect x="${n(cx - 120)}" y="${floorY - 40}" width="240" height="110" fill="${f.main}"/><rect x="${n(cx - 120)}" y="${floorY - 40}" width="240" height="110" fill="${s.vShade}"/>`);
        for (const x of [cx - 400, cx + 380]) svg.add(`<rect x="${n(x)}" y="${floorY - 10}" width="26" height="${1000 - floorY}" fill="${f.wood}"/>`);
      }
      svg.add(`<ellipse cx="${n(cx - 250)}" cy="${floorY - 62}" rx="70" ry="14" fill="#fbf8f2"/><ellipse cx="${n(cx + 250)}" cy="${floorY - 62}" rx="70" ry="14" fill="#fbf8f2"/>`);
      svg.add(`<path d="M${n(cx - 40)} ${floorY - 70}Q${n(cx)} ${floorY - 30} ${n(cx + 40)} ${floorY - 70}Z" fill="#c8953a"/>`);
      for (let i = 0; i < 5; i++) svg.add(`<circle cx="${n(cx - 30 + i * 15)}" cy="${floorY - 78}" r="10" fill="${i % 2 ? "#f7b733" : "#f39c12"}"/>`);
      break;
    }
    case "bath-linen": {
      svg.add(`<rect x="${n(cx - 330)}" y="300" width="400" height="12" rx="6" fill="#b8bcc0"/>`);
      svg.add(`<rect x="${n(cx - 310)}" y="306" width="160" height="330" fill="${f.main}"/><rect x="${n(cx - 310)}" y="306" width="160" height="330" fill="${s.hShade}"/><rect x="${n(cx - 310)}" y="580" width="160" height="20" fill="${f.pal.accent}"/>`);
      svg.add(`<rect x="${n(cx - 130)}" y="306" width="160" height="300" fill="${f.trim}"/><rect x="${n(cx - 130)}" y="306" width="160" height="300" fill="${s.hShade}"/>`);
      svg.add(`<g transform="translate(${n(cx + 300)} ${floorY + 60}) scale(0.5)">${sideTable(svg, f, 0, 0, 1)}</g>`);
      svg.add(`<g transform="translate(${n(cx + 300)} ${floorY - 56}) scale(0.32)">${towelStackLocal(svg, f, [f.main, f.main, f.trim], f.pal.accent)}</g>`);
      svg.add(`<path d="M${n(cx - 260)} ${floorY + 60}H${n(cx + 120)}L${n(cx + 180)} ${floorY + 200}H${n(cx - 320)}Z" fill="${f.main}"/><path d="M${n(cx - 260)} ${floorY + 60}H${n(cx + 120)}L${n(cx + 180)} ${floorY + 200}H${n(cx - 320)}Z" fill="${s.vShade}"/>`);
      svg.add(plant(svg, cx + 470, floorY + 100, 0.7, rng));
      break;
    }
    case "furniture": {
      svg.add(frameArt(svg, cx - 140, 140, 280, 210, f.pal, look.seed));
      const rugFill = svg.pattern("kilim", PALETTES[look.alt], { seed: look.seed });
      svg.add(`<path d="M${n(cx - 380)} ${floorY + 60}H${n(cx + 380)}L${n(cx + 520)} 990H${n(cx - 520)}Z" fill="${rugFill}"/><path d="M${n(cx - 380)} ${floorY + 60}H${n(cx + 380)}L${n(cx + 520)} 990H${n(cx - 520)}Z" fill="${s.vShade}" fill-opacity="0.5"/>`);
      let item = "";
      if (look.item === "bed") item = `<g transform="translate(${n(cx)} ${floorY + 160}) scale(0.95)">${bedLocal(svg, f, f.plain, f.plain, f.main, true)}</g>`;
      else if (look.item === "dining-chair") item = `<g transform="translate(${n(cx - 160)} ${floorY + 160}) scale(0.9)">${diningChairLocal(svg, f)}</g><g transform="translate(${n(cx + 160)} ${floorY + 160}) scale(0.9)">${diningChairLocal(svg, f)}</g>`;
      else if (look.item === "coffee-table") item = `<g transform="translate(${n(cx)} ${floorY - 10}) scale(0.72)">${sofaLocal(svg, f, svg.pattern("slub", PALETTES.sand, { seed: 3 }), f.trim, 760, false)}</g><g transform="translate(${n(cx)} ${floorY + 190}) scale(0.95)">${coffeeTableLocal(svg, f, 640, true)}</g>`;
      else if (look.item === "dining-table") item = `<g transform="translate(${n(cx - 200)} ${floorY + 60}) scale(0.8)">${diningChairLocal(svg, f)}</g><g transform="translate(${n(cx + 200)} ${floorY + 60}) scale(0.8)">${diningChairLocal(svg, f)}</g><g transform="translate(${n(cx)} ${floorY + 200}) scale(1)">${coffeeTableLocal(svg, f, 820, false, 400)}</g>`;
      else {
        const w = look.item === "armchair" ? 460 : 820;
        item = `<g transform="translate(${n(cx)} ${floorY + 170}) scale(${look.item === "armchair" ? 1.05 : 0.95})">${sofaLocal(svg, f, f.main, look.item === "armchair" ? null : f.trim, w, look.item === "wood-sofa")}</g>`;
      }
      svg.add(item);
      svg.add(plant(svg, cx + 470, floorY + 140, 0.85, rng));
      break;
    }
  }
  if (look.family !== "wallpaper") svg.add(`<rect width="${width}" height="1000" fill="${light}"/>`);
  if (theme === "festive") {
    svg.add(marigoldGarland(cx - 520, cx + 520, 40, 60));
    svg.add(stringLights(Math.max(20, cx - 900), Math.min(width - 20, cx + 900), 20, 40, rng));
    for (const x of [cx - 380, cx - 300, cx + 300, cx + 380]) svg.add(diya(svg, x, 985, 0.8));
  }
  if (theme === "evening") svg.add(stringLights(Math.max(20, cx - 700), Math.min(width - 20, cx + 700), 30, 30, rng));
  return svg;
}

// ---------------------------------------------------------------------------------------------
// Public entry points
// ---------------------------------------------------------------------------------------------

/** Where the detail shot zooms in on the main view, per item. */
const DETAIL_ZOOM: Partial<Record<ItemKind, [number, number, number, number]>> = {
  curtain: [60, 60, 480, 480],
  sheer: [60, 60, 480, 480],
  "roller-blind": [180, 120, 500, 500],
  "roman-blind": [200, 420, 460, 460],
  "chick-blind": [180, 120, 480, 480],
  "venetian-blind": [450, 150, 420, 420],
  fabric: [400, 500, 420, 420],
  bedding: [60, 420, 460, 460],
  bed: [40, 260, 520, 520],
  cushion: [520, 420, 400, 400],
  lumbar: [520, 420, 420, 420],
  "floor-cushion": [80, 520, 420, 420],
  rug: [80, 20, 460, 460],
  runner: [250, 0, 460, 460],
  doormat: [100, 280, 460, 460],
  "table-runner": [300, 0, 440, 440],
  tablecloth: [180, 180, 440, 440],
  napkins: [120, 150, 400, 400],
  placemats: [60, 120, 460, 460],
  towels: [520, 400, 420, 420],
  bathmat: [80, 200, 480, 480],
  bathrobe: [260, 120, 480, 480],
  sofa: [40, 340, 520, 520],
  "wood-sofa": [40, 340, 520, 520],
  armchair: [120, 300, 460, 460],
  "dining-chair": [160, 220, 400, 400],
  "coffee-table": [40, 360, 460, 460],
  "dining-table": [40, 300, 520, 520],
  wallpaper: [0, 0, 520, 520],
};

/** SVG text for one product photo (square, rendered at `size` pixels). */
export function productPhotoSvg(look: Look, shot: Shot, size = 1000): string {
  const rng = mulberry32(look.seed);
  if (shot === "room") return roomScene(look, 1000, look.seed % 5 === 0 ? "evening" : "day").toString({ width: size, height: size });
  const svg = new Svg(1000, 1000);
  if (shot === "closeup") {
    closeupView(svg, look);
    return svg.toString({ width: size, height: size });
  }
  if (shot === "swatches") {
    const keys = Object.keys(PALETTES) as PaletteKey[];
    const extra = keys.filter((k) => k !== look.palette && k !== look.alt);
    const pick = mulberry32(look.seed + 17);
    swatchesView(svg, look, [look.palette, look.alt, pick.pick(extra), pick.pick(extra)]);
    return svg.toString({ width: size, height: size });
  }
  const paletteKey = shot === "variant" ? look.alt : look.palette;
  const f = fillsFor(svg, look, paletteKey);
  mainView(svg, shot === "variant" ? { ...look, palette: look.alt } : look, f, rng);
  if (shot === "detail") return svg.toString({ width: size, height: size, viewBox: DETAIL_ZOOM[look.item] ?? [250, 250, 500, 500] });
  return svg.toString({ width: size, height: size });
}

/** A wide or landscape room composition rendered at width x height. */
export function sceneSvg(look: Look, width: number, height: number, theme: Theme): string {
  const virtualWidth = Math.round((1000 * width) / height);
  return roomScene(look, virtualWidth, theme).toString({ width, height });
}

// ---------------------------------------------------------------------------------------------
// Brand marks
// ---------------------------------------------------------------------------------------------

/** The Kesar (saffron crocus) mark: six petals and three stigma threads. */
function crocusMark(cx: number, cy: number, r: number, petal: string, petalDark: string, stigma: string): string {
  let out = `<g transform="translate(${n(cx)} ${n(cy)}) scale(${n(r / 100)})">`;
  for (let i = 0; i < 6; i++) {
    const colour = i % 2 === 0 ? petal : petalDark;
    out += `<path d="M0 0C-30-30-26-76 0-96C26-76 30-30 0 0Z" fill="${colour}" transform="rotate(${i * 60})"/>`;
  }
  out += `<circle r="16" fill="${stigma}"/>`;
  for (const a of [-24, 0, 24]) out += `<path d="M0 0Q${n(a * 0.6)} -30 ${n(a * 1.4)} -58" stroke="${stigma}" stroke-width="7" stroke-linecap="round" fill="none"/>`;
  return `${out}</g>`;
}

export type LogoVariant = "header" | "footer" | "icon" | "mark";

export function logoSvg(variant: LogoVariant): { svg: string; width: number; height: number } {
  const petal = "#8e5bb5";
  const petalDark = "#6c3f94";
  const stigma = "#f08a24";
  if (variant === "icon") {
    return {
      width: 192,
      height: 192,
      svg: `<svg xmlns="http://www.w3.org/2000/svg" width="192" height="192" viewBox="0 0 192 192"><rect width="192" height="192" rx="40" fill="#02132f"/>${crocusMark(96, 100, 70, petal, petalDark, stigma)}</svg>`,
    };
  }
  if (variant === "mark") {
    return {
      width: 200,
      height: 200,
      svg: `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200"><circle cx="100" cy="100" r="92" fill="none" stroke="#f4e6c8" stroke-width="5"/>${crocusMark(100, 108, 70, "#b27fd6", petal, stigma)}</svg>`,
    };
  }
  const text = variant === "header" ? "#02132f" : "#f7efe0";
  const sub = variant === "header" ? "#9a6a2a" : "#e2b86b";
  return {
    width: 520,
    height: 140,
    svg:
      `<svg xmlns="http://www.w3.org/2000/svg" width="520" height="140" viewBox="0 0 520 140">` +
      crocusMark(70, 74, 56, variant === "header" ? petal : "#b27fd6", petalDark, stigma) +
      `<text x="140" y="82" font-family="DejaVu Serif, Georgia, 'Times New Roman', serif" font-size="54" font-weight="bold" fill="${text}">Kesar Home</text>` +
      `<text x="143" y="116" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-size="17" letter-spacing="4" fill="${sub}">FURNISHINGS · NEW DELHI</text>` +
      `</svg>`,
  };
}
