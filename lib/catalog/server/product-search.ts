import "server-only";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { expireTagsAnywhere } from "@/lib/platform/cache";
import { cacheTags } from "@/lib/platform/cache-manifest";
import { getConfig } from "@/lib/platform/config";
import { getDb, type Db } from "@/lib/platform/db";
import { log as rootLog } from "@/lib/platform/log";
import { SearchEngine, type EngineAnswer, type EngineQuery, type SynonymRuleData } from "../search/engine";
import { Segment, SegmentBuilder, type IndexDoc } from "../search/segment";
import { decodeSnapshot, encodeSnapshot } from "../search/snapshot";
import { indexableText, listItems } from "../search/text";
import { readCards, type ProductCard } from "./cards";
import type { CategoryMatch, FilterAttribute } from "./catalog";
import { SearchThread, SearchThreadDrift, THREAD_CARDS, type WholeAnswer } from "./search-thread";
import { listSynonymRules, synonymsVersion } from "./synonyms";

/**
 * The store's product search index (../search/engine.ts), one per server process, fed from the
 * catalog in the database and kept in step with it (decision 0065), and answered on the search
 * thread (./search-thread.ts, decision 0067), whose copy of the engine is told every change this
 * one is, in the same order:
 *
 * - built from the published products when the first search comes (or at start-up,
 *   instrumentation.ts), in batches of BATCH products;
 * - every second, the products whose row changed since the last look (updated_at, with a few
 *   seconds' overlap for transactions that committed late, or an id above the highest seen) are
 *   read again and replace their old entries; whatever writes them, this instance, another one
 *   behind the same load balancer, an import script or the seed;
 * - every ten seconds, the number of published products and a fingerprint of the categories and
 *   attribute values are compared with the index's: a deleted product, a renamed category or
 *   attribute value rebuilds it in the background (the old one answers meanwhile); a new product
 *   does not (the one-second look has read it); nor does a page view, which stamps no row, so an
 *   index a day old is rebuilt the same way to bring the views into popularity; a deleted row
 *   also expires the store's cached listings once the new index is in (their filter counts are
 *   the index's, and nothing else told the cache);
 * - the changes read while a rebuild reads the catalog are given again on top of what it read;
 * - when many products changed since the last build, it is rebuilt the same way;
 * - this instance's own catalog writes (catalog-admin.ts) mark it stale, and the next search first
 *   reads the change, so a product saved in the back office is found on the next request;
 * - the merchant's synonyms (./synonyms.ts) are read again whenever their version changes (checked
 *   on the same beat), and apply to the next query: they are used when a query is read, not stored
 *   in the index;
 * - after every full build it writes a snapshot to disk (../search/snapshot.ts, in the system's
 *   temporary folder, one file per database and build); a restarted server of the same build loads
 *   it and reads the products changed since, instead of reading and analysing the whole catalog
 *   (100,000 products: docs/measurements/2026-11-26-search-scale.md). A snapshot is used only when
 *   the database carries on from it: the categories and attribute values are named as they were,
 *   the products it saw last still have the stamps it saw, and once the changes are read the
 *   number of published products agrees; otherwise the server builds as if there were none.
 */

const log = rootLog.child({ module: "product-search" });

const BATCH = 5000;
const POLL_MS = 1000;
const CHECK_EVERY = 10;
/** Seconds of overlap when reading changes: a transaction that stamped its rows before a later one committed is still seen. */
const OVERLAP_MS = 5000;
/**
 * An index built longer ago than this is rebuilt in the background (the ten-second check; a
 * snapshot that old is loaded first): page views count in popularity, and a view stamps no row,
 * so only a full read brings them in. Sales need not wait (a sale stamps its products).
 */
const REFRESH_MS = 24 * 60 * 60 * 1000;

type State = {
  engine: SearchEngine;
  /**
   * The thread that answers searches off the main thread (./search-thread.ts), told every change
   * `engine` is; null where none runs (tests, scripts) or once it stopped.
   */
  thread: SearchThread | null;
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
  /**
   * While a rebuild reads the catalog: the changes given to the engine meanwhile, in order. The
   * rebuild's read may have passed a product before its change (or its deletion), so they are
   * given again on top of the new build (rebuild()).
   */
  changesDuringRebuild: Change[] | null;
  timer: ReturnType<typeof setInterval> | null;
  builtAt: number;
  buildMs: number;
  /** How the index came to be at start-up: read from the database, or loaded from a snapshot. */
  source: "database" | "snapshot";
  /** The search's cards by product id, dropped as the index reads each product's changes (productCards). */
  cards: Map<number, ProductCard>;
  /** Moves whenever cards are dropped: a card read before a drop is not kept. */
  cardsGeneration: number;
  /** The cards' fill after a full build or a snapshot's load, while it reads (fillCards). */
  cardsFilling: Promise<void> | null;
  /** The products whose cards were dropped while the fill under way reads: it keeps none of theirs. */
  droppedDuringFill: Set<number> | null;
  /**
   * The shop's filter attributes and categories last posted to the search thread for the answers
   * it writes (wholeSearchAnswer), as the objects they were read as, and their version.
   */
  answerContext: { version: number; attributes: readonly FilterAttribute[]; categories: readonly CategoryMatch[] } | null;
};

/**
 * Cards the main thread keeps at most: about 0.36 KB each in the heap (measured for 100,000 cards
 * with the bench catalog's names, slugs and image paths: 36 MB), 7 MB at the most. The search
 * thread keeps more (THREAD_CARDS, ./search-thread.ts), in its own heap: the pages' searches read
 * the rest from the database, the API's are written there whole.
 */
const MAX_CARDS = 20_000;

/** Products the engine is given: published ones to add or replace, ids to drop, and the attribute of each new value. */
type Change = { docs: IndexDoc[]; removals: number[]; attributeOf?: ReadonlyMap<number, number> };

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
      views: r.view_count,
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
  state.thread?.setSynonyms(rules);
  state.synonymsVersion = version;
}

async function start(): Promise<State> {
  const { db } = await getDb();
  const started = Date.now();
  const restored = await restore(db, started).catch((error: unknown) => {
    log.warn({ err: error }, "loading the product search snapshot failed");
    return null;
  });
  const state = restored ?? (await buildState(db, started));
  log.info({ products: state.engine.size, ms: state.buildMs, bytes: indexBytes(state), thread: state.thread?.ready ?? false, source: state.source }, state.source === "snapshot" ? "product search index loaded from its snapshot" : "product search index built");
  fillCards(state);
  state.timer = setInterval(() => void sync(state).catch((error: unknown) => log.warn({ err: error }, "product search sync failed")), POLL_MS);
  state.timer.unref?.();
  return state;
}

async function buildState(db: Db, started: number): Promise<State> {
  const [built, fingerprint] = await Promise.all([buildAll(db), readFingerprint(db)]);
  const thread = startThread();
  try {
    const engine = new SearchEngine(thread ? thread.replaceAll(built.segment, built.attributeOf) : built.segment, built.attributeOf);
    const state: State = { engine, thread, since: built.since, maxId: built.maxId, seen: built.seen, fingerprint, synonymsVersion: "", polls: 0, stale: false, syncing: null, rebuilding: null, changesDuringRebuild: null, timer: null, builtAt: Date.now(), buildMs: Date.now() - started, source: "database", cards: new Map(), cardsGeneration: 0, cardsFilling: null, droppedDuringFill: null, answerContext: null };
    await loadSynonyms(state, true);
    void saveSnapshot(built, fingerprint);
    return state;
  } catch (error) {
    await thread?.stop();
    throw error;
  }
}

/** What a snapshot carries besides the segment: where it came from and where its reading stopped. */
type SnapshotMeta = { fingerprint: string; since: number; maxId: number; seen: [number, number][]; attributeOf: [number, number][]; builtAt: number };

/** How many of the products a snapshot read last are looked up to tell that the database carries on from it. */
const SNAPSHOT_CHECKED = 200;
/** Snapshots of other databases and builds not written for this long are deleted when one is written. */
const SNAPSHOT_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The snapshot's file: one per database and build (another build may index differently), in the
 * system's temporary folder (TMPDIR), readable by this user only. None under `next dev` (the code
 * changes without a build) or while `next build` runs.
 */
function snapshotFile(): string | null {
  if (process.env.NODE_ENV === "development" || process.env.NEXT_PHASE === "phase-production-build") return null;
  let build = "unbuilt";
  try {
    build = fs.readFileSync(path.join(process.cwd(), ".next", "BUILD_ID"), "utf8").trim();
  } catch {
    // Not a built server (a script, a test): the code is what it is.
  }
  const database = JSON.stringify(getConfig().database);
  const key = createHash("sha256").update(`${build}\n${database}`).digest("hex").slice(0, 24);
  return path.join(os.tmpdir(), "furnish-search-index", `${key}.bin`);
}

/**
 * The last snapshot write asked for. Writes run one after another, in the order of their builds:
 * two at once shared one partial file (the second's rename failed), and the older build could
 * have been renamed over the newer. stopProductSearch waits for it.
 */
let snapshotWrites: Promise<void> = Promise.resolve();

function saveSnapshot(built: Parameters<typeof writeSnapshot>[0], fingerprint: string): Promise<void> {
  snapshotWrites = snapshotWrites.then(() => writeSnapshot(built, fingerprint)).catch((error: unknown) => log.warn({ err: error }, "writing the product search snapshot failed"));
  return snapshotWrites;
}

async function writeSnapshot(built: { segment: Segment; attributeOf: Map<number, number>; since: number; maxId: number; seen: Map<number, number> }, fingerprint: string): Promise<void> {
  const file = snapshotFile();
  if (!file) return;
  try {
    const meta: SnapshotMeta = { fingerprint, since: built.since, maxId: built.maxId, seen: [...built.seen], attributeOf: [...built.attributeOf], builtAt: Date.now() };
    const bytes = encodeSnapshot(built.segment, meta);
    await fs.promises.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    if (!(await ownFolder(file))) {
      log.warn({ file }, "product search snapshot not written: its folder belongs to another user or others may write to it");
      return;
    }
    const partial = `${file}.${process.pid}.partial`;
    await fs.promises.writeFile(partial, bytes, { mode: 0o600 });
    await fs.promises.rename(partial, file);
    for (const name of await fs.promises.readdir(path.dirname(file))) {
      const other = path.join(path.dirname(file), name);
      if (other !== file && Date.now() - (await fs.promises.stat(other)).mtimeMs > SNAPSHOT_KEEP_MS) await fs.promises.rm(other, { force: true });
    }
  } catch (error) {
    log.warn({ err: error, file }, "writing the product search snapshot failed");
  }
}

/**
 * Whether the snapshot's folder (in a temporary folder other users share) and the file, when there
 * is one, are this user's and nobody else may write them: another user's file could make this
 * server answer searches with products of their choosing.
 */
async function ownFolder(file: string): Promise<boolean> {
  const uid = process.getuid?.();
  if (uid === undefined) return true;
  for (const target of [path.dirname(file), file]) {
    const stat = await fs.promises.stat(target).catch(() => null);
    if (!stat) continue;
    if (stat.uid !== uid || (stat.mode & 0o022) !== 0) return false;
  }
  return true;
}

/** The part of a fingerprint that names categories and attribute values (not the number of products). */
const namesOf = (fingerprint: string) => fingerprint.split("/").slice(1).join("/");

/** The index from its snapshot, brought up to the database's changes; null when there is none to trust. */
async function restore(db: Db, started: number): Promise<State | null> {
  const file = snapshotFile();
  if (!file) return null;
  let bytes: Buffer;
  try {
    bytes = await fs.promises.readFile(file);
  } catch {
    return null;
  }
  if (!(await ownFolder(file))) {
    log.warn({ file }, "product search snapshot not used: its folder belongs to another user or others may write to it");
    return null;
  }
  // Read in memory the search thread shares, when one runs: its engine takes the same arrays.
  const thread = startThread();
  try {
    const state = await restoreFrom(db, started, file, thread ? SearchThread.shared(bytes) : bytes, thread);
    if (!state) await thread?.stop();
    return state;
  } catch (error) {
    await thread?.stop();
    throw error;
  }
}

async function restoreFrom(db: Db, started: number, file: string, bytes: Uint8Array, thread: SearchThread | null): Promise<State | null> {
  const snapshot = decodeSnapshot<SnapshotMeta>(bytes);
  const why = snapshot ? await distrust(db, snapshot.meta) : "not a snapshot of this format";
  if (!snapshot || why) {
    log.info({ file, why }, "product search snapshot not used");
    return null;
  }
  const { meta } = snapshot;
  const attributeOf = new Map(meta.attributeOf);
  thread?.load(bytes, attributeOf);
  const engine = new SearchEngine(snapshot.segment, attributeOf);
  const state: State = { engine, thread, since: meta.since, maxId: meta.maxId, seen: new Map(meta.seen), fingerprint: meta.fingerprint, synonymsVersion: "", polls: 0, stale: false, syncing: null, rebuilding: null, changesDuringRebuild: null, timer: null, builtAt: meta.builtAt, buildMs: 0, source: "snapshot", cards: new Map(), cardsGeneration: 0, cardsFilling: null, droppedDuringFill: null, answerContext: null };
  await sync(state);
  // Once the changes are read, the published products must be the index's: a product deleted
  // while the server was down, or a database put back to an older state, is not among the changes.
  const published = await db
    .selectFrom("products")
    .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.sum<number>("id").as("ids")])
    .where("published", "=", 1)
    .executeTakeFirst();
  if (Number(published?.n ?? 0) !== engine.size || Number(published?.ids ?? 0) !== engine.idSum) {
    log.info({ file, why: "its products are not the database's published ones (deleted since, or another database)" }, "product search snapshot not used");
    return null;
  }
  await loadSynonyms(state, true);
  state.buildMs = Date.now() - started;
  if (Date.now() - meta.builtAt > REFRESH_MS) void rebuild(state);
  return state;
}

/** Why the database does not carry on from the snapshot, or null when it does. */
async function distrust(db: Db, meta: SnapshotMeta): Promise<string | null> {
  if (namesOf(await readFingerprint(db)) !== namesOf(meta.fingerprint)) return "categories or attribute values changed since";
  // The products it read last (a bulk edit may have stamped thousands alike: some of them): gone,
  // or stamped earlier than it saw them, is another database (or one restored from a backup) under
  // the same address.
  const last = meta.seen.slice(0, SNAPSHOT_CHECKED);
  if (!last.length) return "it saw no product";
  const rows = await db.selectFrom("products").select(["id", "updated_at"]).where("id", "in", last.map(([id]) => id)).execute();
  const now = new Map(rows.map((r) => [r.id, toMs(r.updated_at)]));
  for (const [id, at] of last) if ((now.get(id) ?? -1) < at) return "a product it read last is gone or older than it saw it (deleted, or another database under the same address)";
  return null;
}

/**
 * Rebuilds from the database in the background; the old index answers until the new one is in.
 * `outOfStep`: the database changed where the looks cannot see it (rows deleted straight from it,
 * by a script or a console): the store's cached listings were read beside the old index (their
 * filter counts are its), so they are expired once the new one is in.
 */
function rebuild(state: State, outOfStep = false, beforeSwitch?: () => Promise<void>): Promise<void> {
  state.rebuilding ??= (async () => {
    const during: Change[] = (state.changesDuringRebuild = []);
    const started = Date.now();
    const { db } = await getDb();
    const [built, fingerprint] = await Promise.all([buildAll(db), readFingerprint(db)]);
    await beforeSwitch?.();
    state.changesDuringRebuild = null;
    state.engine.replaceAll(state.thread?.ready ? state.thread.replaceAll(built.segment, built.attributeOf) : built.segment, built.attributeOf);
    // The changes read while the build read the catalog, again and in order (both threads): the
    // build may have read a product before one of them. One it read after is read again by the
    // next look (its stamp stays the one the look saw, older than the build's).
    for (const change of during) giveEngines(state, change);
    dropCards(state, null);
    fillCards(state);
    state.since = Math.max(state.since, built.since);
    state.maxId = Math.max(state.maxId, built.maxId);
    const redone = new Set(during.flatMap((c) => [...c.docs.map((d) => d.id), ...c.removals]));
    for (const [id, at] of built.seen) if (!redone.has(id)) state.seen.set(id, Math.max(at, state.seen.get(id) ?? 0));
    state.fingerprint = fingerprint;
    state.builtAt = Date.now();
    state.buildMs = Date.now() - started;
    log.info({ products: state.engine.size, ms: state.buildMs, changesDuring: during.length, outOfStep }, "product search index rebuilt");
    if (outOfStep) await expireTagsAnywhere([cacheTags.products], getConfig().redis !== null).catch((error: unknown) => log.warn({ err: error }, "the product listings could not be expired after the search index caught up"));
    await saveSnapshot(built, fingerprint);
  })().finally(() => {
    state.rebuilding = null;
    state.changesDuringRebuild = null;
  });
  return state.rebuilding;
}

/**
 * Rebuilds this process's index from the database now and resolves once the new one answers
 * (tests). `beforeSwitch` runs between the rebuild's read and the switch to what it read: a
 * change that comes in meanwhile.
 */
export async function rebuildProductSearch(beforeSwitch?: () => Promise<void>): Promise<void> {
  const state = await ready();
  if (state.rebuilding) await state.rebuilding.catch(() => undefined);
  await rebuild(state, false, beforeSwitch);
}

/** Gives the engines (this thread's and the search thread's) a change, and keeps it for a rebuild under way to give again. */
function applyChange(state: State, change: Change): void {
  if (!change.docs.length && !change.removals.length) return;
  giveEngines(state, change);
  state.changesDuringRebuild?.push(change);
}

function giveEngines(state: State, change: Change): void {
  state.engine.apply(change.docs, change.removals, change.attributeOf);
  state.thread?.apply(change.docs, change.removals, change.attributeOf);
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
      applyChange(state, { docs, removals: [...unpublished, ...gone], attributeOf });
      dropCards(state, changed.map((c) => c.id));
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
      // A new or republished product is already in (the look above read it): only a renamed
      // category or value, a product the looks cannot see go (a deleted row), or a day's page
      // views rebuilds.
      const outOfStep = Number(count) !== state.engine.size;
      if (outOfStep || namesOf(fingerprint) !== namesOf(state.fingerprint) || Date.now() - state.builtAt > REFRESH_MS) void rebuild(state, outOfStep);
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
  if (state.stale) {
    // A look already under way may have read the products before the change committed (it would
    // answer without it): wait for it, then look again, or wait for the look another search
    // started since (it cleared `stale`).
    if (state.syncing) await state.syncing.catch(() => undefined);
    await (state.stale ? sync(state) : state.syncing);
  }
  return state;
}

/** Builds the index now (instrumentation.ts calls it at start-up so the first search does not wait). */
export async function warmProductSearch(): Promise<void> {
  const state = await ready();
  await state.cardsFilling;
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

/**
 * This instance deleted products (rows gone, which no look can see): out of the index and their
 * cards at once. Other instances drop them at their ten-second check (the published count differs).
 */
export function productSearchDeleted(ids: readonly number[]): void {
  const pending = store.__productSearch;
  if (!pending || !ids.length) return;
  void pending
    .then((state) => {
      applyChange(state, { docs: [], removals: [...ids] });
      dropCards(state, ids);
    })
    .catch(() => undefined);
}

/** The engine's answer, and which thread gave it (the search route's Server-Timing says). */
export type IndexAnswer = EngineAnswer & { thread: "search" | "main" };

export async function searchIndex(query: EngineQuery): Promise<IndexAnswer> {
  return answer(await ready(), query);
}

/** From the search thread when it runs, else on this thread. */
function answer(state: State, query: EngineQuery): Promise<IndexAnswer> {
  return fromThread(state, query, async (thread) => ({ ...(await thread.search(query, state.engine.size)), thread: "search" as const }));
}

/** `ask` of the search thread when it runs (a failure there is answered here); else the index's answer on this thread. */
async function fromThread<T>(state: State, query: EngineQuery, ask: (thread: SearchThread) => Promise<T>): Promise<T | IndexAnswer> {
  const thread = state.thread;
  if (thread?.ready) {
    try {
      return await ask(thread);
    } catch (error) {
      log.error({ err: error }, "the search thread did not answer: answered on the main thread");
      // Its copy went wrong: a rebuild gives both threads the catalog afresh.
      if (error instanceof SearchThreadDrift) void rebuild(state);
    }
  }
  return { ...state.engine.search(query), thread: "main" };
}

/**
 * The API's answer to a search by words written whole on the search thread (its JSON's bytes and
 * ETag; ../search/search-worker.ts), when the thread runs and keeps every card of the page; else
 * the index's answer, for the caller to build the page from as for searchIndex. `attributes` and
 * `categories` (subcategories included): the shop's, as this request read them; the thread is
 * sent them again when they are other objects than last time (the shop-wide reads keep one copy
 * for a second, lib/platform/cache.ts), and answers with them only from then on.
 */
export async function wholeSearchAnswer(query: EngineQuery, page: { text: string; page: number; perPage: number }, attributes: readonly FilterAttribute[], categories: readonly CategoryMatch[]): Promise<WholeAnswer | IndexAnswer> {
  const state = await ready();
  return fromThread(state, query, async (thread) => {
    let context = state.answerContext;
    if (context?.attributes !== attributes || context.categories !== categories) {
      context = state.answerContext = { version: (context?.version ?? 0) + 1, attributes, categories };
      thread.setContext({ version: context.version, attributes, categories });
    }
    const reply = await thread.answer(query, state.engine.size, { ...page, context: context.version });
    return "body" in reply ? reply : { ...reply, thread: "search" as const };
  });
}

/** The search thread for a new index, or null where none runs; when it stops on its own, searches stay on the main thread. */
function startThread(): SearchThread | null {
  return SearchThread.start((why) => log.error({ err: why }, "the search thread stopped: searches run on the main thread until the server restarts"));
}

/**
 * The same, after reading the catalog's changes up to this moment: for answers that are cached
 * (a list without words keeps its counts until the catalog changes again), which must not keep a
 * count from an index a second behind the database. Waits for a look already under way (it may
 * have started before the change committed), then looks again.
 */
export async function searchIndexNow(query: EngineQuery): Promise<IndexAnswer> {
  const state = await ready();
  if (state.syncing) await state.syncing.catch(() => undefined);
  await sync(state);
  return answer(state, query);
}

/**
 * The cards of published products by id (a map; a product not published or not there has none),
 * kept beside the index: `read` is asked only for those not kept. A kept card follows its product
 * as the index does: dropped when the index reads a change to its row (within a second whoever
 * wrote it; this instance's own catalog writes before its next search), and all of them at a full
 * build. A card read while a change was being taken in is returned but not kept. Kept cards are
 * frozen, shared by every request.
 */
export async function productCards(ids: readonly number[], read: (ids: number[]) => Promise<ProductCard[]>): Promise<Map<number, ProductCard>> {
  const state = await ready();
  const found = new Map<number, ProductCard>();
  const missing: number[] = [];
  for (const id of ids) {
    const card = state.cards.get(id);
    if (card) found.set(id, card);
    else missing.push(id);
  }
  if (!missing.length) return found;
  const generation = state.cardsGeneration;
  const fresh = await read(missing);
  const keep = generation === state.cardsGeneration;
  for (const card of fresh) {
    Object.freeze(card);
    found.set(card.id, card);
    if (keep) state.cards.set(card.id, card);
  }
  if (keep) state.thread?.keepCards(fresh);
  trimCards(state);
  return found;
}

/**
 * Keeps at most MAX_CARDS cards, the oldest kept first out (a Map keeps its order of insertion).
 * The search thread keeps its own number, and drops its oldest itself.
 */
function trimCards(state: State): void {
  for (const id of state.cards.keys()) {
    if (state.cards.size <= MAX_CARDS) break;
    state.cards.delete(id);
  }
}

/** Cards a query of the read ahead reads, by primary key (a few ms of SQLite's work). */
const FILL_BATCH = 1000;

/**
 * Fills the kept cards after a full build or a snapshot's load, in the background: the cards of
 * the products searches show most (the engine's leadingIds: what can be bought, then the more
 * popular, then the newest), up to MAX_CARDS on the main thread and THREAD_CARDS on the search
 * thread (the whole of a catalog of up to 100,000 products: with only the main thread's 20,000,
 * 8% of the API's searches at 100,000 products had a card to read from the database and were
 * built on the main thread), read by id a batch at a time, so a search's page needs no database
 * read for them from the first search after a start on (before, each card was read the first time
 * a search showed it: at 10,000 products the bench's first thousand searches after a start read
 * most of theirs). The least shown are read and kept first, so they are the first out when cards
 * read later overflow. Each batch goes to the search thread as it is read (copying thousands of
 * cards at once would hold this thread for tens of ms). A card whose product changed during the
 * read is kept by neither thread (its drop was posted before it would arrive); a full drop
 * meanwhile (a rebuild, which fills again) ends it. Not one query ordered by popularity: that
 * sorts every published product on SQLite's synchronous connection, 0.5–1.3 s at 100,000
 * products during which the store answers nothing.
 */
function fillCards(state: State): void {
  const dropped = (state.droppedDuringFill = new Set<number>());
  const filling: Promise<void> = (async () => {
    const { db } = await getDb();
    const ids = state.engine.leadingIds(state.thread ? THREAD_CARDS : MAX_CARDS).reverse();
    const mainKeeps = new Set(ids.slice(-MAX_CARDS));
    for (let from = 0; from < ids.length; from += FILL_BATCH) {
      if (from > 0) await new Promise((resolve) => setImmediate(resolve));
      const batch = await readCards(db, ids.slice(from, from + FILL_BATCH));
      // Every card was dropped meanwhile (a full build), or a later fill took over.
      if (state.droppedDuringFill !== dropped) return;
      const fresh = batch.filter((card) => !dropped.has(card.id));
      for (const card of fresh) {
        Object.freeze(card);
        // One read for a page since is as fresh, and stays where it was put.
        if (mainKeeps.has(card.id) && !state.cards.has(card.id)) state.cards.set(card.id, card);
      }
      trimCards(state);
      state.thread?.keepCards(fresh);
    }
  })()
    .catch((error: unknown) => log.warn({ err: error }, "the search's cards could not be read ahead"))
    .finally(() => {
      if (state.droppedDuringFill === dropped) state.droppedDuringFill = null;
      if (state.cardsFilling === filling) state.cardsFilling = null;
    });
  state.cardsFilling = filling;
}

/** Drops the kept cards of `ids` (null: every one), and keeps none of the reads under way. */
function dropCards(state: State, ids: readonly number[] | null): void {
  state.cardsGeneration++;
  state.thread?.dropCards(ids);
  if (ids === null) {
    state.cards.clear();
    state.droppedDuringFill = null;
  } else {
    for (const id of ids) {
      state.cards.delete(id);
      state.droppedDuringFill?.add(id);
    }
  }
}

/** For a search that found nothing: queries that find something, and popular products to show. */
export async function searchFallbacks(text: string, popular: number): Promise<{ suggestions: string[]; popularIds: number[] }> {
  const state = await ready();
  return { suggestions: state.engine.suggestQueries(text), popularIds: state.engine.popularIds(popular) };
}

/** What the memory report and the health of the index say. */
export async function productSearchStats(): Promise<{ products: number; bytes: number; buildMs: number; builtAt: string; source: "database" | "snapshot" }> {
  const state = await ready();
  return { products: state.engine.size, bytes: indexBytes(state), buildMs: state.buildMs, builtAt: new Date(state.builtAt).toISOString(), source: state.source };
}

/** The index's memory: its arrays once (the search thread shares the main segment's), each thread's dictionaries and scratch. */
function indexBytes(state: State): number {
  return state.engine.approximateBytes + (state.thread?.ready ? state.engine.unsharedBytes : 0);
}

/**
 * Stops the sync timer and the search thread (tests, scripts that end), once a rebuild under way
 * has written its snapshot (a snapshot is never left half written by a process that ends).
 */
export async function stopProductSearch(): Promise<void> {
  const pending = store.__productSearch;
  store.__productSearch = undefined;
  if (!pending) return;
  const state = await pending.catch(() => null);
  if (state?.timer) clearInterval(state.timer);
  await state?.rebuilding?.catch(() => undefined);
  await state?.cardsFilling;
  await snapshotWrites;
  await state?.thread?.stop();
}
