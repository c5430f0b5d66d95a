import "server-only";
import { sql } from "kysely";
import { audit, type StaffActor } from "@/lib/platform/audit";
import { getDb, type Db } from "@/lib/platform/db";
import { writeTransaction } from "@/lib/platform/db/transaction";
import { ApiError } from "@/lib/platform/errors";
import { normalizeSynonymWord, SYNONYM_LIMITS, SYNONYM_MESSAGES, synonymRuleProblems, type SynonymCreateInput, type SynonymRule, type SynonymUpdateInput } from "../synonyms";

/**
 * The search synonyms as rows (table search_synonyms, migration 030; the rules in ../synonyms.ts).
 * The search engine reads every rule with listSynonymRules() and polls synonymsVersion() to know
 * when to read them again; the back office (/admin/synonyms) and the admin API
 * (/api/v2/admin/search/synonyms) change them here, each change in one write transaction with
 * its audit row.
 */

/** A rule with its times, as the back office shows it. */
export type AdminSynonymRule = SynonymRule & { createdAt: string; updatedAt: string };

type Row = { id: number; words: string; means: string; created_at: string; updated_at: string };

/** A stored JSON array of words, read leniently: a row edited by hand into something else reads as no words. */
function wordsOf(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((w): w is string => typeof w === "string").map(normalizeSynonymWord).filter(Boolean) : [];
  } catch {
    return [];
  }
}

const toRule = (row: Row): AdminSynonymRule => ({ id: row.id, words: wordsOf(row.words), means: wordsOf(row.means), createdAt: String(row.created_at), updatedAt: String(row.updated_at) });

async function rows(db?: Db): Promise<Row[]> {
  const conn = db ?? (await getDb()).db;
  return conn.selectFrom("search_synonyms").select(["id", "words", "means", "created_at", "updated_at"]).orderBy("id").execute();
}

/** Every rule, in id order (what the search engine builds its synonym table from). Rules left with no word are skipped. */
export async function listSynonymRules(): Promise<SynonymRule[]> {
  return (await rows()).map(toRule).filter((r) => r.words.length > 0).map(({ id, words, means }) => ({ id, words, means }));
}

/**
 * A text that changes whenever a rule is added, edited or deleted: one aggregate over the table
 * (at most 1000 rows). The count changes on an add or a delete, the largest id on an add, the
 * latest updated_at on an add or an edit; a delete followed by an add still moves the id.
 */
export async function synonymsVersion(): Promise<string> {
  const { db } = await getDb();
  const row = await db
    .selectFrom("search_synonyms")
    .select([sql<number>`count(*)`.as("n"), sql<number | null>`max(id)`.as("last_id"), sql<string | null>`max(updated_at)`.as("last_update")])
    .executeTakeFirstOrThrow();
  return `${Number(row.n)}:${row.last_id ?? 0}:${row.last_update ?? ""}`;
}

/** Every rule with its times, for the back office (id order). */
export async function listAdminSynonymRules(): Promise<AdminSynonymRule[]> {
  return (await rows()).map(toRule);
}

export async function getSynonymRule(id: number): Promise<AdminSynonymRule | null> {
  const { db } = await getDb();
  const row = await db.selectFrom("search_synonyms").select(["id", "words", "means", "created_at", "updated_at"]).where("id", "=", id).executeTakeFirst();
  return row ? toRule(row) : null;
}

function refuse(problems: Record<string, string[]>): never {
  const first = Object.values(problems)[0]?.[0] ?? "The given data was invalid.";
  throw new ApiError(422, first, problems);
}

/** Adds a rule (422 when the shop has its 1000 already). */
export async function createSynonymRule(input: SynonymCreateInput, actor: StaffActor, now = new Date()): Promise<AdminSynonymRule> {
  const problems = synonymRuleProblems(input.words, input.means);
  if (Object.keys(problems).length) refuse(problems);
  const handle = await getDb();
  const stamp = now.toISOString();
  const id = await writeTransaction(handle, async (trx) => {
    // PostgreSQL: one adder at a time, so two cannot both pass the limit (plain reads go on).
    if (handle.dialect === "postgres") await sql`lock table search_synonyms in exclusive mode`.execute(trx);
    const { n } = await trx.selectFrom("search_synonyms").select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow();
    if (Number(n) >= SYNONYM_LIMITS.maxRules) throw new ApiError(422, SYNONYM_MESSAGES.full, { words: [SYNONYM_MESSAGES.full] });
    const row = await trx
      .insertInto("search_synonyms")
      .values({ words: JSON.stringify(input.words), means: JSON.stringify(input.means), created_at: stamp, updated_at: stamp })
      .returning("id")
      .executeTakeFirstOrThrow();
    await audit(trx, actor, { action: "search_synonym.create", entityType: "search_synonym", entityId: row.id, before: null, after: { words: input.words, means: input.means } }, now);
    return row.id;
  });
  return { id, words: input.words, means: input.means, createdAt: stamp, updatedAt: stamp };
}

/** Changes a rule's words, means or both (the merged rule is checked as a whole; 404 for an unknown id). An edit that changes nothing writes nothing. */
export async function updateSynonymRule(id: number, input: SynonymUpdateInput, actor: StaffActor, now = new Date()): Promise<AdminSynonymRule> {
  const handle = await getDb();
  return writeTransaction(handle, async (trx) => {
    let query = trx.selectFrom("search_synonyms").select(["id", "words", "means", "created_at", "updated_at"]).where("id", "=", id);
    if (handle.dialect === "postgres") query = query.forUpdate();
    const row = await query.executeTakeFirst();
    if (!row) throw new ApiError(404, SYNONYM_MESSAGES.notFound);
    const current = toRule(row);
    const words = input.words ?? current.words;
    const means = input.means ?? current.means;
    const problems = synonymRuleProblems(words, means);
    if (Object.keys(problems).length) refuse(problems);
    const same = JSON.stringify(words) === JSON.stringify(current.words) && JSON.stringify(means) === JSON.stringify(current.means);
    if (same) return current;
    // Later than every rule's, so the version's max(updated_at) moves even when this instance's clock is behind another's.
    const latest = (await trx.selectFrom("search_synonyms").select(sql<string | null>`max(updated_at)`.as("t")).executeTakeFirstOrThrow()).t;
    const stamp = latest && String(latest) >= now.toISOString() ? new Date(Date.parse(String(latest)) + 1).toISOString() : now.toISOString();
    await trx.updateTable("search_synonyms").set({ words: JSON.stringify(words), means: JSON.stringify(means), updated_at: stamp }).where("id", "=", id).execute();
    await audit(trx, actor, { action: "search_synonym.update", entityType: "search_synonym", entityId: id, before: { words: current.words, means: current.means }, after: { words, means } }, now);
    return { ...current, words, means, updatedAt: stamp };
  });
}

/** Deletes a rule (404 for an unknown id). */
export async function deleteSynonymRule(id: number, actor: StaffActor, now = new Date()): Promise<void> {
  const handle = await getDb();
  await writeTransaction(handle, async (trx) => {
    const row = await trx.deleteFrom("search_synonyms").where("id", "=", id).returning(["id", "words", "means", "created_at", "updated_at"]).executeTakeFirst();
    if (!row) throw new ApiError(404, SYNONYM_MESSAGES.notFound);
    const gone = toRule(row);
    await audit(trx, actor, { action: "search_synonym.delete", entityType: "search_synonym", entityId: id, before: { words: gone.words, means: gone.means }, after: null }, now);
  });
}
