import type { Kysely } from "kysely";
import type { Dialect } from "../connection";

/**
 * Search synonyms (issue 26 point 1; lib/catalog/synonyms.ts): the words shoppers type and the
 * catalog words they stand for, as rows the merchant edits on /admin/synonyms. `words` and `means`
 * are JSON arrays of lowercase words ("["parda","parde"]"); `means` "[]" makes a two-way group
 * (rug ↔ carpet). Both databases.
 *
 * The table starts with the words Indian shoppers use for what this shop sells: Hindi and
 * Hinglish names (in Latin letters as typed on a phone, and a few in Devanagari), their common
 * spellings, and English words other than the shop's own. The merchant changes or deletes any of
 * them; the migration does not add them again.
 *
 * No index on products(updated_at) is added for the search index's "changed since" read: 013's
 * products_admin_updated_idx (updated_at, id) leads with it and answers that range on both
 * databases; a second index would only slow every product write.
 */

/** [what shoppers type, what it stands for ([] = two-way group)], in the order the back office lists them. */
export const DEFAULT_SYNONYMS: readonly (readonly [readonly string[], readonly string[]])[] = [
  // Curtains and blinds
  [["parda", "parde", "pardaa", "pardah", "purdah", "pardey"], ["curtain"]],
  [["पर्दा", "पर्दे"], ["curtain"]],
  [["drape", "drapes", "drapery"], ["curtain"]],
  [["net curtain", "net parda", "jali parda", "jaali parda"], ["sheer"]],
  [["window shade", "window shades", "roller shade"], ["blind"]],
  [["chik", "chiq", "chik parda", "chiq parda", "bamboo chik"], ["chick blind"]],
  [["venetian", "venetians"], ["venetian blind"]],
  // Wallpaper and upholstery
  [["wall paper", "wall covering", "wall coverings"], ["wallpaper"]],
  [["kapda", "kapde", "sofa cloth", "sofa kapda"], ["fabric", "upholstery fabric"]],
  [["mulmul", "muslin"], []],
  [["fabric", "upholstery"], []],
  // Bedding
  [["chadar", "chaddar", "chadder", "chaddor", "chader"], ["bedsheet", "bedcover"]],
  [["चादर"], ["bedsheet"]],
  [["bedspread", "bedcover"], []],
  [["razai", "rajai", "razaai", "rajaai", "rezai"], ["quilt"]],
  [["rajai", "razaai", "rajaai", "rezai"], ["razai"]],
  [["रजाई"], ["razai", "quilt"]],
  [["comforter"], ["quilt", "razai", "dohar"]],
  [["duvet"], ["duvet cover", "quilt"]],
  [["throw", "kambal", "kambhal", "khes"], ["blanket", "dohar", "quilt"]],
  [["blanket"], ["dohar", "quilt", "razai"]],
  [["gadda", "gadde", "gaddaa"], ["mattress"]],
  [["गद्दा"], ["mattress"]],
  [["bistar", "bistara", "bichona", "bichhona"], ["bedding"]],
  // Cushions
  [["takiya", "takia", "takiye", "tekiya"], ["pillow", "cushion"]],
  [["pillow", "pillows"], ["cushion"]],
  [["तकिया"], ["pillow", "cushion"]],
  [["gilaf", "gilaaf", "takiya cover", "pillow cover"], ["cushion cover"]],
  [["masnad", "gol takiya"], ["bolster", "lumbar cushion"]],
  // Floor: rugs, dhurries, mats
  [["rug", "carpet"], []],
  [["dari", "darri", "durrie", "durry", "dhurry", "dhuri", "dhurri"], ["dhurrie"]],
  [["दरी"], ["dhurrie"]],
  [["galicha", "galeecha", "kaleen", "qaleen", "kalin"], ["carpet", "rug"]],
  [["कालीन"], ["carpet", "rug"]],
  [["chatai", "chattai"], ["mat"]],
  [["paydan", "paaydan", "paidan", "pairdan"], ["door mat"]],
  [["bath mat", "bath rug"], []],
  // Table and bath linen
  [["table mat", "placemat", "place mat"], []],
  [["napkin", "serviette"], []],
  [["mez posh", "mezposh", "table cover"], ["table cloth"]],
  [["tauliya", "tauliye", "toliya", "towliya"], ["towel"]],
  [["gamchha", "gamchaa"], ["gamcha"]],
  // Furniture
  [["couch", "sofa"], []],
  [["palang", "palung", "pallang"], ["bed"]],
  [["diwan", "deewan", "dewan"], ["divan"]],
  [["almirah", "almira", "almari", "almaari"], ["wardrobe"]],
  [["jhoola", "jhula", "jhoolaa"], ["swing"]],
  [["kursi", "kursee"], ["chair"]],
  [["mez", "mej"], ["table"]],
  [["shisham", "seesham"], ["sheesham"]],
  // Colours: the names shoppers type for the shades the catalog names
  [["yellow", "peela", "pila"], ["turmeric", "mustard", "haldi", "ochre", "marigold"]],
  [["blue", "neela", "nila"], ["indigo", "navy", "teal", "peacock", "sky"]],
  [["red", "laal", "lal"], ["maroon", "rust", "crimson", "terracotta", "sindoor"]],
  [["green", "hara"], ["leaf green", "moss", "olive", "emerald", "mehendi", "sage"]],
  [["white", "safed"], ["ivory", "off white", "cream"]],
  [["pink", "gulabi"], ["rose", "blush", "rani"]],
  [["black", "kala", "kaala"], ["charcoal", "kohl"]],
  [["grey", "gray"], ["charcoal", "slate", "ash"]],
  [["orange", "narangi"], ["saffron", "rust", "marigold"]],
  [["brown"], ["walnut", "teak", "coffee", "mocha"]],
];

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const pg = dialect === "postgres";
  const ts = pg ? "timestamptz" : "text";
  await db.schema
    .createTable("search_synonyms")
    .ifNotExists()
    .addColumn("id", "integer", (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn("words", "text", (c) => c.notNull())
    .addColumn("means", "text", (c) => c.notNull())
    .addColumn("created_at", ts, (c) => c.notNull())
    .addColumn("updated_at", ts, (c) => c.notNull())
    .execute();
  const now = new Date().toISOString();
  const rows = DEFAULT_SYNONYMS.map(([words, means]) => ({ words: JSON.stringify(words), means: JSON.stringify(means), created_at: now, updated_at: now }));
  await (db as Kysely<{ search_synonyms: { words: string; means: string; created_at: string; updated_at: string } }>).insertInto("search_synonyms").values(rows).execute();
}
