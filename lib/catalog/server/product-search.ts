import "server-only";
import { sql } from "kysely";
import { getDb, type Db } from "@/lib/platform/db";
import { log as rootLog } from "@/lib/platform/log";
import { SearchEngine, type EngineAnswer, type EngineQuery, type SynonymRuleData } from "../search/engine";
import { Segment, SegmentBuilder, type IndexDoc } from "../search/segment";
import { indexableText, listItems } from "../search/text";
import { listSynonymRules, synonymsVersion } from "./synonyms";

/**
 * The store's product search index (../search/engine.ts), one per server process, fed from the
 * catalog in the database and kept in step with it (decision 0065):
 *
 * - built from the published products when the first search comes (or at start-up,
 *   instrumentation.ts), in batches of BATCH products;
 * - every second, the products whose row changed since the last look (updated_at, with a few
 *   seconds' overlap for transactions that committed late, or an id above the highest seen) are
 *   read again and replace their old entries; whatever writes them, this instance, another one
 *   behind the same load balancer, an import script or the seed;
 * - every ten seconds, the number of published products and a fingerprint of the categories and
 *   attribute values are compared with the index's: a deleted product, a renamed category or
 *   attribute value rebuilds it in the background (the old one answers meanwhile);
 * - when many products changed since the last build, it is rebuilt the same way;
 * - this instance's own catalog writes (catalog-admin.ts) mark it stale, and the next search first
 *   reads the change, so a product saved in the back office is found on the next request;
 * - the merchant's synonyms (./synonyms.ts) are read again whenever their version changes (checked
 *   on the same beat), and apply to the next query: they are used when a query is read, not stored
 *   in the index.
 */

const log = rootLog.child({ module: "product-search" });

const BATCH = 5000;
const POLL_MS = 1000;
const CHECK_EVERY = 10;
/** Seconds of overlap when reading changes: a transaction that stamped its rows before a later one committed is still seen. */
const OVERLAP_MS = 5000;

type State = {
  engine: SearchEngine;
  /** updated_at of the newest change read, and the highest product id seen. */
  since: number;
  maxId: number;
  /**
   * updated_at of each product read whose stamp is within the overlap before `since`: the
   * overlap's rows come back on every look, and only those whose stamp moved are read again (a
   * bulk edit leaves a thousand products on the newest stamp).
   */
  seen: Map<number, number>;
  /** Published products and the categories' and attributes' fingerprint at the last build. */
  fingerprint: string;
  synonymsVersion: string;
  polls: number;
  stale: boolean;
  syncing: Promise<void> | null;
  rebuilding: Promise<void> | null;
  timer: ReturnType<typeof setInterval> | null;
  builtAt: number;
  buildMs: number;
};

const store = globalThis as typeof globalThis & { __productSearch?: Promise<State> };

const toMs = (value: string | Date): number => (value instanceof Date ? value.getTime() : Date.parse(value));

type ProductRow = {
  id: number;
  name: string;
  short_description: string | null;
  description: string | null;
  category_id: number;
  availability: IndexDoc["availability"];
  price: number;
  created_at: string | Date;
  updated_at: string | Date;
  is_popular: number;
  view_count: number;
  category: string | null;
  parent: string | null;
};

/** Reads products (published or not) as index documents; `ids` null: every published one from `afterId`, a batch. */
async function readDocs(db: Db, where: { ids: readonly number[] } | { afterId: number }): Promise<{ docs: IndexDoc[]; rows: ProductRow[]; attributeOf: Map<number, number>; unpublished: number[] }> {
  let q = db
    .selectFrom("products as p")
    .leftJoin("categories as c", "c.id", "p.category_id")
    .leftJoin("categories as pc", "pc.id", "c.parent_id")
    .select(["p.id", "p.name", "p.short_description", "p.description", "p.category_id", "p.availability", "p.price", "p.created_at", "p.updated_at", "p.is_popular", "p.view_count", "p.published", "c.name as category", "pc.name as parent"]);
  if ("ids" in where) q = q.where("p.id", "in", where.ids.length ? [...where.ids] : [-1]);
  else q = q.where("p.id", ">", where.afterId).where("p.published", "=", 1).orderBy("p.id").limit(BATCH);
  const all = (await q.execute()) as (ProductRow & { published: number })[];
  const rows = all.filter((r) => r.published === 1);
  const unpublished = all.filter((r) => r.published !== 1).map((r) => r.id);
  const ids = rows.map((r) => r.id);
  const attributeOf = new Map<number, number>();
  if (!ids.length) return { docs: [], rows, attributeOf, unpublished };
  const [attributes, variants, sold] = await Promise.all([
    db
      .selectFrom("product_attribute_values as pav")
      .innerJoin("attribute_values as av", "av.id", "pav.attribute_value_id")
      .select(["pav.product_id", "av.id", "av.attribute_id", "av.value"])
      .where("pav.product_id", "in", ids)
      .execute(),
    db.selectFrom("product_variants").select(["product_id", "label"]).where("product_id", "in", ids).execute(),
    db
      .selectFrom("order_lines")
      .select(["product_id", sql<number>`sum(quantity)`.as("sold")])
      .where("product_id", "in", ids)
      .groupBy("product_id")
      .execute(),
  ]);
  const byProduct = <T extends { product_id: number | null }>(list: T[]) => {
    const map = new Map<number, T[]>();
    for (const item of list) {
      if (item.product_id === null) continue;
      let entry = map.get(item.product_id);
      if (!entry) map.set(item.product_id, (entry = []));
      entry.push(item);
    }
    return map;
  };
  const attrs = byProduct(attributes);
  const labels = byProduct(variants);
  const soldBy = new Map(sold.map((s) => [s.product_id as number, Number(s.sold)]));
  for (const a of attributes) attributeOf.set(a.id, a.attribute_id);
  const docs = rows.map((r): IndexDoc => {
    const own = attrs.get(r.id) ?? [];
    return {
      id: r.id,
      name: r.name,
      category: [r.category, r.parent].filter(Boolean).join(" "),
      attributes: [...own.map((a) => a.value), ...(labels.get(r.id) ?? []).map((v) => v.label), ...listItems(r.description)].join(" "),
      description: `${r.short_description ?? ""} ${indexableText(r.description)}`,
      categoryId: r.category_id,
      availability: r.availability,
      price: r.price,
      createdAt: toMs(r.created_at),
      popular: r.is_popular === 1,
      popularity: (soldBy.get(r.id) ?? 0) * 10 + r.view_count,
      attributeValueIds: own.map((a) => a.id),
    };
  });
  return { docs, rows, attributeOf, unpublished };
}

/** What a rebuild depends on besides the products' rows: their number, the categories' and attribute values' names. */
async function readFingerprint(db: Db): Promise<string> {
  const [count, categories, values] = await Promise.all([
    db.selectFrom("products").select((eb) => eb.fn.countAll<number>().as("n")).where("published", "=", 1).executeTakeFirst(),
    db.selectFrom("categories").select(["id", "parent_id", "name"]).orderBy("id").execute(),
    db.selectFrom("attribute_values").select(["id", "attribute_id", "value"]).orderBy("id").execute(),
  ]);
  let hash = 0;
  const mix = (text: string) => {
    for (let i = 0; i < text.length; i++) hash = (Math.imul(hash, 31) + text.charCodeAt(i)) | 0;
  };
  for (const c of categories) mix(`${c.id}:${c.parent_id}:${c.name};`);
  for (const v of values) mix(`${v.id}:${v.attribute_id}:${v.value};`);
  return `${Number(count?.n ?? 0)}/${categories.length}/${values.length}/${hash}`;
}

/**
 * The whole published catalog as a segment, read and indexed a batch at a time: a batch's rows are
 * dropped once indexed, so 100,000 products never sit in memory as objects at once.
 */
async function buildAll(db: Db): Promise<{ segment: Segment; attributeOf: Map<number, number>; since: number; maxId: number; seen: Map<number, number> }> {
  const builder = new SegmentBuilder();
  const attributeOf = new Map<number, number>();
  const seen = new Map<number, number>();
  let since = 0;
  let maxId = 0;
  for (;;) {
    const batch = await readDocs(db, { afterId: maxId });
    for (const d of batch.docs) builder.add(d);
    for (const [v, a] of batch.attributeOf) attributeOf.set(v, a);
    for (const r of batch.rows) {
      const at = toMs(r.updated_at);
      since = Math.max(since, at);
      maxId = Math.max(maxId, r.id);
      if (at >= since - OVERLAP_MS) seen.set(r.id, at);
    }
    if (batch.rows.length < BATCH) break;
    // Let requests in between batches (a rebuild runs while the store serves).
    await new Promise((resolve) => setImmediate(resolve));
  }
  forgetBefore(seen, since - OVERLAP_MS);
  return { segment: builder.build(), attributeOf, since, maxId, seen };
}

function forgetBefore(seen: Map<number, number>, limit: number) {
  for (const [id, at] of seen) if (at < limit) seen.delete(id);
}

/** The merchant's synonyms (./synonyms.ts), read again when their version changes. */
async function loadSynonyms(state: State, force = false): Promise<void> {
  const version = await synonymsVersion();
  if (!force && version === state.synonymsVersion) return;
  const rules: SynonymRuleData[] = await listSynonymRules();
  state.engine.setSynonyms(rules);
  state.synonymsVersion = version;
}

async function start(): Promise<State> {
  const { db } = await getDb();
  const started = Date.now();
  const [built, fingerprint] = await Promise.all([buildAll(db), readFingerprint(db)]);
  const engine = new SearchEngine(built.segment, built.attributeOf);
  const state: State = { engine, since: built.since, maxId: built.maxId, seen: built.seen, fingerprint, synonymsVersion: "", polls: 0, stale: false, syncing: null, rebuilding: null, timer: null, builtAt: Date.now(), buildMs: Date.now() - started };
  await loadSynonyms(state, true);
  log.info({ products: engine.size, ms: state.buildMs, bytes: engine.approximateBytes }, "product search index built");
  state.timer = setInterval(() => void sync(state).catch((error: unknown) => log.warn({ err: error }, "product search sync failed")), POLL_MS);
  state.timer.unref?.();
  return state;
}

/** Rebuilds from the database in the background; the old index answers until the new one is in. */
function rebuild(state: State): Promise<void> {
  state.rebuilding ??= (async () => {
    const { db } = await getDb();
    const started = Date.now();
    const [built, fingerprint] = await Promise.all([buildAll(db), readFingerprint(db)]);
    state.engine.replaceAll(built.segment, built.attributeOf);
    state.since = Math.max(state.since, built.since);
    state.maxId = Math.max(state.maxId, built.maxId);
    for (const [id, at] of built.seen) state.seen.set(id, Math.max(at, state.seen.get(id) ?? 0));
    state.fingerprint = fingerprint;
    state.builtAt = Date.now();
    state.buildMs = Date.now() - started;
    log.info({ products: state.engine.size, ms: state.buildMs }, "product search index rebuilt");
  })().finally(() => (state.rebuilding = null));
  return state.rebuilding;
}

/** Reads what changed since the last look into the index (one at a time). */
function sync(state: State): Promise<void> {
  state.syncing ??= (async () => {
    state.stale = false;
    const { db } = await getDb();
    const since = new Date(Math.max(0, state.since - OVERLAP_MS)).toISOString();
    const candidates = await db
      .selectFrom("products")
      .select(["id", "updated_at"])
      .where((eb) => eb.or([eb("updated_at", ">", since), eb("id", ">", state.maxId)]))
      .execute();
    const changed = candidates.filter((c) => state.seen.get(c.id) !== toMs(c.updated_at));
    if (changed.length) {
      const { docs, attributeOf, unpublished } = await readDocs(
        db,
        { ids: changed.map((c) => c.id) },
      );
      const found = new Set([...docs.map((d) => d.id), ...unpublished]);
      const gone = changed.map((c) => c.id).filter((id) => !found.has(id));
      state.engine.apply(docs, [...unpublished, ...gone], attributeOf);
      for (const c of changed) {
        const at = toMs(c.updated_at);
        state.since = Math.max(state.since, at);
        state.maxId = Math.max(state.maxId, c.id);
        state.seen.set(c.id, at);
      }
      forgetBefore(state.seen, state.since - OVERLAP_MS);
    }
    await loadSynonyms(state);
    state.polls++;
    const limit = Math.max(1000, state.engine.size / 50);
    if (state.engine.changedCount > limit) void rebuild(state);
    else if (state.polls % CHECK_EVERY === 0 && !state.rebuilding) {
      const fingerprint = await readFingerprint(db);
      const [count] = fingerprint.split("/");
      if (fingerprint !== state.fingerprint || Number(count) !== state.engine.size) void rebuild(state);
    }
  })().finally(() => (state.syncing = null));
  return state.syncing;
}

async function ready(): Promise<State> {
  store.__productSearch ??= start().catch((error: unknown) => {
    store.__productSearch = undefined;
    throw error;
  });
  const state = await store.__productSearch;
  if (state.stale) await sync(state);
  return state;
}

/** Builds the index now (instrumentation.ts calls it at start-up so the first search does not wait). */
export async function warmProductSearch(): Promise<void> {
  await ready();
}

/** This instance changed the catalog: the next search reads the change first. */
export function productSearchStale(options: { rebuild?: boolean } = {}): void {
  const pending = store.__productSearch;
  if (!pending) return;
  void pending
    .then((state) => {
      state.stale = true;
      if (options.rebuild) return rebuild(state);
    })
    .catch(() => undefined);
}

export async function searchIndex(query: EngineQuery): Promise<EngineAnswer> {
  const state = await ready();
  return state.engine.search(query);
}

/**
 * The same, after reading the catalog's changes up to this moment: for answers that are cached
 * (a list without words keeps its counts until the catalog changes again), which must not keep a
 * count from an index a second behind the database. Waits for a look already under way (it may
 * have started before the change committed), then looks again.
 */
export async function searchIndexNow(query: EngineQuery): Promise<EngineAnswer> {
  const state = await ready();
  if (state.syncing) await state.syncing.catch(() => undefined);
  await sync(state);
  return state.engine.search(query);
}

/** For a search that found nothing: queries that find something, and popular products to show. */
export async function searchFallbacks(text: string, popular: number): Promise<{ suggestions: string[]; popularIds: number[] }> {
  const state = await ready();
  return { suggestions: state.engine.suggestQueries(text), popularIds: state.engine.popularIds(popular) };
}

/** What the memory report and the health of the index say. */
export async function productSearchStats(): Promise<{ products: number; bytes: number; buildMs: number; builtAt: string }> {
  const state = await ready();
  return { products: state.engine.size, bytes: state.engine.approximateBytes, buildMs: state.buildMs, builtAt: new Date(state.builtAt).toISOString() };
}

/** Stops the sync timer (tests, scripts that end). */
export async function stopProductSearch(): Promise<void> {
  const pending = store.__productSearch;
  store.__productSearch = undefined;
  if (!pending) return;
  const state = await pending.catch(() => null);
  if (state?.timer) clearInterval(state.timer);
}
