/**
 * Large catalog generator for benchmarks: tops the products table up to a target count with
 * deterministic products (seeded PRNG per product number) whose names combine families,
 * places, colours, patterns and materials. Photos reuse the base catalog's rendered files of
 * the same family; nothing new is rendered. Inserts are batched inside one transaction.
 */
import type { Insertable } from "kysely";
import type { Db } from "../platform/db/connection";
import type { ProductsTable } from "../platform/db/schema";
import {
  ATTRIBUTES,
  PRODUCTS,
  RETURN_POLICY_MADE_TO_ORDER,
  RETURN_POLICY_STANDARD,
  availabilityOf,
  discountPercent,
  formatRupees,
  productSlug,
  type Assembly,
  type Material,
  type ProductEntry,
  type Size,
} from "./catalog";
import { FAMILIES, type FamilyDef } from "./families";
import { productPhotos, type PhotoRecord } from "./images";
import { chunk, hashString, mulberry32, slugify, type Rng } from "./prng";
import type { Family, ItemKind } from "./scenes";
import type { PaletteKey } from "./svg";
import { foreignTechniques, techniquesIn } from "./techniques";

/** SKU prefix of generated products; used to count how many already exist. */
export const GENERATED_SKU_PREFIX = "KHG-";

/** A kind of product of a family; `subs` are the subcategories it belongs in (all of the family's when unset). */
type Noun = { noun: string; item: ItemKind; sizes: Size[]; materials: Material[]; assembly: Assembly[]; price: [number, number]; subs?: string[] };

const NOUNS: Record<Family, Noun[]> = {
  curtains: [
    { noun: "Curtain", item: "curtain", sizes: ["5 ft", "7 ft", "9 ft"], materials: ["Cotton", "Linen", "Polyester Blend"], assembly: ["No Assembly"], price: [1999, 5999], subs: ["block-print-curtains", "handwoven-curtains", "blackout-curtains"] },
    { noun: "Door Curtain", item: "curtain", sizes: ["7 ft", "9 ft"], materials: ["Cotton", "Velvet", "Polyester Blend"], assembly: ["No Assembly"], price: [2299, 7999], subs: ["block-print-curtains", "handwoven-curtains", "blackout-curtains", "velvet-curtains"] },
    { noun: "Sheer Curtain", item: "sheer", sizes: ["5 ft", "7 ft", "9 ft"], materials: ["Cotton", "Linen", "Silk"], assembly: ["No Assembly"], price: [1999, 4999], subs: ["sheer-curtains"] },
    { noun: "Velvet Curtain", item: "curtain", sizes: ["7 ft", "9 ft"], materials: ["Velvet"], assembly: ["No Assembly"], price: [4999, 8999], subs: ["velvet-curtains"] },
  ],
  blinds: [
    { noun: "Roller Blind", item: "roller-blind", sizes: ["3 x 5 ft", "4 x 5 ft", "4 x 6 ft", "5 x 7 ft"], materials: ["Polyester Blend", "Linen"], assembly: ["Assembly Required", "Free Installation"], price: [2499, 7999], subs: ["roller-blinds"] },
    { noun: "Roman Blind", item: "roman-blind", sizes: ["3 x 5 ft", "4 x 5 ft", "4 x 6 ft"], materials: ["Cotton", "Linen", "Velvet"], assembly: ["Free Installation"], price: [3999, 9999], subs: ["roman-blinds"] },
    { noun: "Chick Blind", item: "chick-blind", sizes: ["4 x 6 ft", "6 x 8 ft"], materials: ["Bamboo"], assembly: ["Assembly Required"], price: [1999, 5999], subs: ["bamboo-chick-blinds"] },
    { noun: "Venetian Blind", item: "venetian-blind", sizes: ["4 x 5 ft", "5 x 7 ft"], materials: ["Sheesham Wood", "Mango Wood"], assembly: ["Free Installation"], price: [7999, 16999], subs: ["wooden-venetian-blinds"] },
  ],
  wallpaper: [
    { noun: "Wallpaper", item: "wallpaper", sizes: ["Roll 10 m"], materials: ["Non-woven", "Vinyl"], assembly: ["No Assembly"], price: [2499, 6999] },
    { noun: "Feature Wall Wallpaper", item: "wallpaper", sizes: ["Roll 10 m"], materials: ["Vinyl", "Non-woven"], assembly: ["No Assembly", "Free Installation"], price: [3499, 6999] },
  ],
  upholstery: [
    { noun: "Upholstery Fabric", item: "fabric", sizes: ["Per Metre"], materials: ["Cotton", "Linen", "Polyester Blend"], assembly: ["No Assembly"], price: [799, 2499], subs: ["upholstery-fabrics"] },
    { noun: "Sofa Velvet", item: "fabric", sizes: ["Per Metre"], materials: ["Velvet"], assembly: ["No Assembly"], price: [1499, 2999], subs: ["velvet-chenille"] },
    { noun: "Outdoor Fabric", item: "fabric", sizes: ["Per Metre"], materials: ["Polyester Blend", "Jute"], assembly: ["No Assembly"], price: [899, 1999], subs: ["outdoor-fabrics"] },
    { noun: "Fabric Bolt", item: "fabric", sizes: ["Roll 10 m"], materials: ["Cotton", "Linen"], assembly: ["No Assembly"], price: [7999, 17999], subs: ["upholstery-fabrics"] },
  ],
  bedding: [
    { noun: "Bedsheet Set", item: "bedding", sizes: ["Single", "Queen", "King"], materials: ["Cotton", "Linen"], assembly: ["No Assembly"], price: [1299, 4999], subs: ["bedsheets"] },
    { noun: "Razai", item: "bedding", sizes: ["Single", "Queen", "King"], materials: ["Cotton", "Silk"], assembly: ["No Assembly"], price: [2499, 6999], subs: ["quilts-razais"] },
    { noun: "Dohar", item: "bedding", sizes: ["Single", "Queen", "King"], materials: ["Cotton"], assembly: ["No Assembly"], price: [1499, 3999], subs: ["quilts-razais"] },
    { noun: "Duvet Cover", item: "bedding", sizes: ["Queen", "King"], materials: ["Cotton", "Linen"], assembly: ["No Assembly"], price: [2999, 7999], subs: ["duvet-covers"] },
    { noun: "Bedding Set", item: "bedding", sizes: ["King"], materials: ["Silk", "Cotton"], assembly: ["No Assembly"], price: [8999, 21999], subs: ["duvet-covers"] },
  ],
  cushions: [
    { noun: "Cushion Cover", item: "cushion", sizes: ["16 x 16 in", "18 x 18 in"], materials: ["Cotton", "Silk", "Velvet", "Linen"], assembly: ["No Assembly"], price: [499, 1899], subs: ["cushion-covers"] },
    { noun: "Cushion Cover Set of 2", item: "cushion", sizes: ["16 x 16 in", "18 x 18 in"], materials: ["Cotton", "Linen"], assembly: ["No Assembly"], price: [999, 2499], subs: ["cushion-covers"] },
    { noun: "Lumbar Cushion", item: "lumbar", sizes: ["12 x 20 in"], materials: ["Cotton", "Velvet", "Jute"], assembly: ["No Assembly"], price: [799, 1999], subs: ["filled-cushions"] },
    { noun: "Floor Cushion", item: "floor-cushion", sizes: ["24 x 24 in"], materials: ["Cotton", "Velvet"], assembly: ["No Assembly"], price: [1799, 3999], subs: ["floor-cushions"] },
  ],
  rugs: [
    { noun: "Dhurrie", item: "rug", sizes: ["2 x 3 ft", "4 x 6 ft", "5 x 8 ft", "8 x 10 ft"], materials: ["Cotton", "Wool"], assembly: ["No Assembly"], price: [1499, 27999], subs: ["dhurries"] },
    { noun: "Hand-Tufted Rug", item: "rug", sizes: ["5 x 8 ft", "8 x 10 ft"], materials: ["Wool"], assembly: ["No Assembly"], price: [11999, 45999], subs: ["hand-tufted-rugs"] },
    { noun: "Runner", item: "runner", sizes: ["2.5 x 8 ft", "2.5 x 10 ft"], materials: ["Cotton", "Wool", "Jute"], assembly: ["No Assembly"], price: [2999, 9999], subs: ["rug-runners"] },
    { noun: "Door Mat", item: "doormat", sizes: ["18 x 30 in", "2 x 3 ft"], materials: ["Coir", "Cotton", "Jute"], assembly: ["No Assembly"], price: [399, 1499], subs: ["door-mats"] },
  ],
  "table-linen": [
    { noun: "Table Runner", item: "table-runner", sizes: ["13 x 72 in"], materials: ["Cotton", "Silk", "Linen"], assembly: ["No Assembly"], price: [599, 2499], subs: ["table-runners"] },
    { noun: "Table Cloth", item: "tablecloth", sizes: ["60 x 60 in", "60 x 90 in"], materials: ["Cotton", "Linen"], assembly: ["No Assembly"], price: [999, 3999], subs: ["table-cloths"] },
    { noun: "Napkin Set", item: "napkins", sizes: ["18 x 18 in"], materials: ["Cotton", "Linen"], assembly: ["No Assembly"], price: [599, 2299], subs: ["napkins-placemats"] },
    { noun: "Placemat Set", item: "placemats", sizes: ["13 x 19 in"], materials: ["Jute", "Cotton"], assembly: ["No Assembly"], price: [699, 1999], subs: ["napkins-placemats"] },
  ],
  "bath-linen": [
    { noun: "Bath Towel", item: "towels", sizes: ["30 x 60 in"], materials: ["Cotton", "Bamboo"], assembly: ["No Assembly"], price: [499, 1999], subs: ["bath-towels"] },
    { noun: "Hand Towel Set", item: "towels", sizes: ["16 x 28 in"], materials: ["Cotton"], assembly: ["No Assembly"], price: [599, 1499], subs: ["hand-face-towels"] },
    { noun: "Face Towel Set", item: "towels", sizes: ["12 x 12 in"], materials: ["Cotton", "Bamboo"], assembly: ["No Assembly"], price: [399, 999], subs: ["hand-face-towels"] },
    { noun: "Bath Mat", item: "bathmat", sizes: ["20 x 30 in"], materials: ["Cotton"], assembly: ["No Assembly"], price: [499, 1299], subs: ["bath-mats"] },
    { noun: "Bathrobe", item: "bathrobe", sizes: ["Free Size"], materials: ["Cotton", "Bamboo"], assembly: ["No Assembly"], price: [1999, 3999], subs: ["bathrobes"] },
  ],
  furniture: [
    { noun: "Three-Seater Sofa", item: "sofa", sizes: ["3 Seater"], materials: ["Velvet", "Linen", "Cotton", "Sheesham Wood"], assembly: ["Free Installation"], price: [38999, 119999], subs: ["sofas"] },
    { noun: "Two-Seater Sofa", item: "sofa", sizes: ["2 Seater"], materials: ["Velvet", "Linen", "Cotton"], assembly: ["Assembly Required", "Free Installation"], price: [29999, 69999], subs: ["sofas"] },
    { noun: "Armchair", item: "armchair", sizes: ["Standard"], materials: ["Cotton", "Velvet", "Linen"], assembly: ["No Assembly"], price: [11999, 29999], subs: ["chairs"] },
    { noun: "Dining Chair Pair", item: "dining-chair", sizes: ["Standard"], materials: ["Cane", "Sheesham Wood", "Mango Wood"], assembly: ["Assembly Required"], price: [12999, 29999], subs: ["chairs"] },
    { noun: "Coffee Table", item: "coffee-table", sizes: ["Standard"], materials: ["Mango Wood", "Sheesham Wood"], assembly: ["Assembly Required"], price: [8999, 34999], subs: ["tables"] },
    { noun: "Dining Table", item: "dining-table", sizes: ["6 Seater"], materials: ["Sheesham Wood", "Mango Wood"], assembly: ["Free Installation"], price: [49999, 139999], subs: ["tables"] },
    { noun: "Bed", item: "bed", sizes: ["Queen", "King"], materials: ["Sheesham Wood", "Mango Wood"], assembly: ["Free Installation"], price: [42999, 99999], subs: ["beds"] },
  ],
};

const COLOURS: Array<{ word: string; palette: PaletteKey }> = [
  { word: "Indigo", palette: "indigo" },
  { word: "Madder Red", palette: "madder" },
  { word: "Turmeric", palette: "turmeric" },
  { word: "Saffron", palette: "saffron" },
  { word: "Leaf Green", palette: "leaf" },
  { word: "Ivory", palette: "ivory" },
  { word: "Charcoal", palette: "charcoal" },
  { word: "Peacock", palette: "peacock" },
  { word: "Gulabi", palette: "rose" },
  { word: "Plum", palette: "plum" },
  { word: "Sand", palette: "sand" },
  { word: "Terracotta", palette: "terracotta" },
  { word: "Mehendi", palette: "mehendi" },
  { word: "Sky Blue", palette: "sky" },
  { word: "Rust", palette: "terracotta" },
  { word: "Mustard", palette: "turmeric" },
];

const PATTERNS = ["Paisley", "Buti", "Lotus", "Ikat", "Dabu", "Damask", "Jaali", "Striped", "Checked", "Kantha", "Herringbone", "Chevron", "Floral", "Leaf", "Kilim", "Solid", "Slub", "Mughal Bloom", "Mango Buta", "Trellis"];
const PLACES = ["Jaipur", "Bagru", "Sanganer", "Kutch", "Pochampally", "Panipat", "Chettinad", "Mysore", "Banaras", "Bhuj", "Jodhpur", "Udaipur", "Malabar", "Goa", "Lucknow", "Bikaner", "Kanchi", "Coorg", "Shimla", "Konark"];
const ADJECTIVES = ["Hand Block-Printed", "Handwoven", "Heritage", "Everyday", "Festive", "Monsoon", "Summer", "Artisan", "Classic", "Organic"];

const MATERIAL_WORD: Partial<Record<Material, string>> = { "Polyester Blend": "Poly Blend", "Sheesham Wood": "Sheesham", "Mango Wood": "Mango Wood", "Non-woven": "Non-woven" };

/** Family → base products, used to borrow their rendered photos. */
function basePool(): Map<Family, ProductEntry[]> {
  const pool = new Map<Family, ProductEntry[]>();
  for (const p of PRODUCTS) {
    const list = pool.get(p.family) ?? [];
    list.push(p);
    pool.set(p.family, list);
  }
  return pool;
}

function pickPhotos(rng: Rng, pool: ProductEntry[], item: ItemKind, palette: PaletteKey, count: number): PhotoRecord[] {
  const sameItemColour = pool.filter((p) => p.item === item && p.palette === palette);
  const sameItem = pool.filter((p) => p.item === item);
  const source = rng.pick(sameItemColour.length ? sameItemColour : sameItem.length ? sameItem : pool);
  return productPhotos(source).slice(0, count);
}

function priceIn(rng: Rng, [min, max]: [number, number]): number {
  const raw = rng.range(min, max);
  // Round to a shop-like price ending in 99 (₹1,299; ₹24,999).
  const step = raw >= 20000 ? 1000 : 100;
  return Math.max(min, Math.floor(raw / step) * step + (step - 1));
}

export type GeneratedProduct = {
  row: Insertable<ProductsTable>;
  photos: PhotoRecord[];
  attributes: { Material: Material; Size: Size; Assembly: Assembly };
  subSlug: string;
};

/** Product number k (1-based) of the generated catalog; the same k always gives the same product. */
export function generatedProduct(k: number, pool = basePool()): GeneratedProduct {
  const rng = mulberry32(hashString(`kesar-generated-${k}`));
  const family = FAMILIES[k % FAMILIES.length] as FamilyDef;
  const noun = rng.pick(NOUNS[family.key]);
  const colour = rng.pick(COLOURS);
  const material = rng.pick(noun.materials);
  const size = rng.pick(noun.sizes);
  const assembly = rng.pick(noun.assembly);
  // One hand technique per product at most (lib/seed/techniques.ts): no "Bagru Handwoven Ikat",
  // and a subcategory whose copy fits it (no ikat among the block prints).
  const technique = new Set(techniquesIn(noun.noun));
  const fitting = <T extends string>(words: readonly T[]) => words.filter((w) => new Set([...technique, ...techniquesIn(w)]).size <= 1);
  const choose = <T extends string>(words: readonly T[]): T => {
    const word = rng.pick(fitting(words));
    for (const t of techniquesIn(word)) technique.add(t);
    return word;
  };
  const pattern = choose(PATTERNS);
  const place = choose(PLACES);
  const adjective = rng.chance(0.3) ? `${choose(ADJECTIVES)} ` : "";
  const materialWord = MATERIAL_WORD[material] ?? material;
  const showMaterial = !noun.noun.toLowerCase().includes(materialWord.toLowerCase()) && rng.chance(0.7);
  const name = `${place} ${adjective}${colour.word} ${pattern} ${showMaterial ? `${materialWord} ` : ""}${noun.noun}`.replace(/\s+/g, " ");
  const slug = `${slugify(name)}-${k}`;
  const listRupees = priceIn(rng, noun.price);
  const discounted = rng.chance(0.33);
  const priceRupees = discounted ? Math.max(99, Math.floor((listRupees * rng.range(0.7, 0.92)) / 10) * 10 - 1) : listRupees;
  const stock = rng.chance(0.1) ? 0 : rng.int(1, 180);
  const madeToOrder = rng.chance(0.25);
  const subs = family.subcategories.filter((c) => (noun.subs ?? [c.slug]).includes(c.slug) && foreignTechniques(`${c.name} ${c.description}`, technique).length === 0);
  const sub = rng.pick(subs.length ? subs : family.subcategories);
  const photoCount = rng.chance(0.5) ? 3 : 4;
  const photos = pickPhotos(rng, pool.get(family.key) ?? [], noun.item, colour.palette, photoCount).map((p, i) => ({
    ...p,
    alt: [`${name}, full view`, `${name}, close-up of the ${pattern.toLowerCase()} ${material.toLowerCase()}`, `${name} styled in a ${family.room}`, `${name}, detail`][i] ?? `${name}, photo ${i + 1}`,
  }));
  const start = Date.UTC(2025, 0, 1, 8, 0, 0);
  const createdAt = new Date(start + rng.int(0, 545) * 86_400_000 + rng.int(0, 11) * 3_600_000 + rng.int(0, 59) * 60_000).toISOString();
  const short = `${colour.word} ${pattern.toLowerCase()} ${noun.noun.toLowerCase()} in ${material.toLowerCase()}, inspired by the craft traditions of ${place}.`;
  const care = `<ul>${family.care.map((c) => `<li>${c}</li>`).join("")}</ul>`;
  const row: Insertable<ProductsTable> = {
    category_id: 0,
    name,
    slug,
    sku: `${GENERATED_SKU_PREFIX}${family.code}-${String(k).padStart(6, "0")}`,
    short_description: short,
    description:
      `<p>${short}</p><p>${sub.description}</p>` +
      `<ul><li>Material: ${material}</li><li>Size: ${size}</li><li>Colour: ${colour.word}</li></ul>`,
    key_features: `<ul>${family.features.map((f) => `<li>${f}</li>`).join("")}</ul>`,
    care_instructions: care,
    warranty_summary: family.warranty,
    return_policy: madeToOrder ? RETURN_POLICY_MADE_TO_ORDER : RETURN_POLICY_STANDARD,
    about_heading: null,
    about_description: null,
    about_image: null,
    additional_heading: null,
    additional_description: null,
    additional_image: null,
    list_price: listRupees * 100,
    price: priceRupees * 100,
    discount_percent: discountPercent(listRupees, priceRupees),
    stock_quantity: stock,
    made_to_order: madeToOrder ? 1 : 0,
    availability: availabilityOf(stock, madeToOrder),
    is_featured: rng.chance(0.01) ? 1 : 0,
    is_popular: rng.chance(0.05) ? 1 : 0,
    published: 1,
    thumbnail_image: photos[0]?.path ?? null,
    meta_title: `${name} | ${family.name} | Kesar Home`,
    meta_description: `Buy the ${name} (${size}) online at ${formatRupees(priceRupees)}. ${short}`,
    view_count: rng.int(0, 400),
    hsn_code: family.hsn,
    created_at: createdAt,
    updated_at: createdAt,
  };
  return { row, photos, attributes: { Material: material, Size: size, Assembly: assembly }, subSlug: sub.slug };
}

export type GenerateResult = { inserted: number; photos: number; links: number; total: number; ms: number };

/** Tops the products table up to `target` rows. Runs inside the given transaction. */
export async function generateProducts(trx: Db, target: number, log?: (line: string) => void): Promise<GenerateResult> {
  const started = Date.now();
  const countRow = await trx.selectFrom("products").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  const current = Number(countRow.n);
  if (current >= target) return { inserted: 0, photos: 0, links: 0, total: current, ms: Date.now() - started };
  const genRow = await trx
    .selectFrom("products")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("sku", "like", `${GENERATED_SKU_PREFIX}%`)
    .executeTakeFirstOrThrow();
  const firstK = Number(genRow.n) + 1;
  const need = target - current;

  const categories = await trx.selectFrom("categories").select(["id", "slug"]).execute();
  const categoryIds = new Map(categories.map((c) => [c.slug, c.id]));
  const values = await trx
    .selectFrom("attribute_values")
    .innerJoin("attributes", "attributes.id", "attribute_values.attribute_id")
    .select(["attribute_values.id as id", "attributes.name as attribute", "attribute_values.value as value"])
    .execute();
  const valueIds = new Map(values.map((v) => [`${v.attribute}\u0000${v.value}`, v.id]));
  for (const attribute of ATTRIBUTES) {
    for (const value of attribute.values) {
      if (!valueIds.has(`${attribute.name}\u0000${value}`)) throw new Error(`Attribute value ${attribute.name}: ${value} is missing; seed the base catalog first.`);
    }
  }

  const pool = basePool();
  const baseSlugs = new Set(PRODUCTS.map(productSlug));
  const BATCH = 500;
  let inserted = 0;
  let photoCount = 0;
  let linkCount = 0;
  for (let offset = 0; offset < need; offset += BATCH) {
    const batch: GeneratedProduct[] = [];
    for (let k = firstK + offset; k < firstK + Math.min(need, offset + BATCH); k++) {
      const made = generatedProduct(k, pool);
      const categoryId = categoryIds.get(made.subSlug);
      if (categoryId === undefined) throw new Error(`Category ${made.subSlug} is missing; seed the base catalog first.`);
      if (baseSlugs.has(made.row.slug)) throw new Error(`Generated slug collides with the base catalog: ${made.row.slug}`);
      made.row.category_id = categoryId;
      batch.push(made);
    }
    const ids = await trx
      .insertInto("products")
      .values(batch.map((b) => b.row))
      .returning(["id", "slug"])
      .execute();
    const idBySlug = new Map(ids.map((r) => [r.slug, r.id]));
    const photos: Array<{ product_id: number; path: string; alt: string; width: number; height: number; sort_order: number }> = [];
    const links: Array<{ product_id: number; attribute_value_id: number }> = [];
    for (const b of batch) {
      const productId = idBySlug.get(b.row.slug);
      if (productId === undefined) throw new Error(`Insert of ${b.row.slug} returned no id`);
      for (const p of b.photos) photos.push({ product_id: productId, path: p.path, alt: p.alt, width: p.width, height: p.height, sort_order: p.sortOrder });
      for (const [attribute, value] of Object.entries(b.attributes)) {
        links.push({ product_id: productId, attribute_value_id: valueIds.get(`${attribute}\u0000${value}`) as number });
      }
    }
    for (const part of chunk(photos, 2000)) await trx.insertInto("product_photos").values(part).execute();
    for (const part of chunk(links, 5000)) await trx.insertInto("product_attribute_values").values(part).execute();
    inserted += batch.length;
    photoCount += photos.length;
    linkCount += links.length;
    if (log && (inserted % 5000 === 0 || inserted === need)) log(`  generated ${inserted}/${need} products`);
  }
  return { inserted, photos: photoCount, links: linkCount, total: current + inserted, ms: Date.now() - started };
}
