import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { SYNONYM_MESSAGES } from "@/lib/catalog/synonyms";
import { DEFAULT_SYNONYMS } from "@/lib/platform/db/migrations/030_search_synonyms";
import { clientAddresses, closeTestDb, runTag, testDb } from "./client";
import { adminAs, auditRows, invitedStaff, ownerToken, staffSession, type StaffLogin } from "./staff-client";

/**
 * The search synonyms' staff API (docs/api-v2.md "GET /api/v2/admin/search/synonyms"), on the
 * database the run was started with (SQLite and PostgreSQL): the default rules after migration; a
 * catalog clerk adds, edits and deletes a rule, each with its audit row, and the version the search
 * engine polls (synonymsVersion, read from the same database) moves each time; support and
 * fulfilment read but are refused changes (403, nothing changed), nobody signed in gets 401; bad
 * input is 422 with the message under its field; an unknown id 404. Every role: admin-matrix.
 */

const nextIp = clientAddresses(244);
const tag = runTag.toLowerCase().replace(/[^a-z0-9]/g, "");
let catalog: StaffLogin;
let catalogToken: string;
let supportToken: string;
let fulfilmentToken: string;
let version: () => Promise<string>;
const made: number[] = [];
const previousUrl = process.env.DATABASE_URL;

const as = (token: string | null, method: string, path: string, json?: unknown) => adminAs(token, `/search/synonyms${path}`, { method, ...(json === undefined ? {} : { body: JSON.stringify(json) }), ip: catalog?.ip ?? nextIp() });
const rowsNow = async () => (await testDb()).db.selectFrom("search_synonyms").select(["id", "words", "means", "updated_at"]).orderBy("id").execute();

beforeAll(async () => {
  catalog = await invitedStaff("catalog", nextIp(), "synonyms-catalog");
  catalogToken = await staffSession(catalog);
  supportToken = await staffSession(await invitedStaff("support", nextIp(), "synonyms-support"));
  fulfilmentToken = await staffSession(await invitedStaff("fulfilment", nextIp(), "synonyms-fulfilment"));
  // The search engine's own read, on the server's database.
  process.env.DATABASE_URL = inject("databaseUrl");
  ({ synonymsVersion: version } = await import("@/lib/catalog/server/synonyms"));
}, 120_000);

afterAll(async () => {
  const { db } = await testDb();
  if (made.length) await db.deleteFrom("search_synonyms").where("id", "in", made).execute();
  const { getDb } = await import("@/lib/platform/db");
  await (await getDb()).close();
  if (previousUrl === undefined) delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = previousUrl;
  await closeTestDb();
});

describe("search synonyms through /api/v2/admin/search/synonyms", () => {
  it("lists the shop's default rules after migration, and finds them by part of a word", async () => {
    const all = await as(ownerToken(), "GET", "");
    expect(all.status, all.text).toBe(200);
    const rules = all.json.data as { id: number; words: string[]; means: string[]; two_way: boolean }[];
    for (const [words, means] of DEFAULT_SYNONYMS) expect(rules, words.join(", ")).toContainEqual(expect.objectContaining({ words: [...words], means: [...means], two_way: means.length === 0 }));
    const parda = await as(supportToken, "GET", "?q=PARD");
    expect(parda.status, parda.text).toBe(200);
    expect((parda.json.data as { means: string[] }[]).map((r) => r.means)).toContainEqual(["curtain"]);
    expect((parda.json.data as { words: string[] }[]).every((r) => r.words.some((w) => w.includes("pard")))).toBe(true);
    const one = rules.find((r) => r.words.includes("rug"))!;
    const got = await as(fulfilmentToken, "GET", `/${one.id}`);
    expect(got.json.data).toMatchObject({ id: one.id, words: ["rug", "carpet"], means: [], two_way: true });
  });

  it("lets a catalog clerk add, edit and delete a rule, with an audit row each and a new version each time", async () => {
    const v0 = await version();
    const word = `kambal ${tag}`;
    const added = await as(catalogToken, "POST", "", { words: ` Kambal ${tag} , Kammal ${tag}`, means: ["Blanket"] });
    expect(added.status, added.text).toBe(201);
    expect(added.json).toMatchObject({ result: true, message: SYNONYM_MESSAGES.created, rule: { words: [word, `kammal ${tag}`], means: ["blanket"], two_way: false } });
    const id = Number(added.json.rule.id);
    made.push(id);
    const v1 = await version();
    expect(v1).not.toBe(v0);
    const [created] = await auditRows({ entityType: "search_synonym", entityId: id });
    expect(created).toMatchObject({ action: "search_synonym.create", actor_id: catalog.id, before: null, after: { words: [word, `kammal ${tag}`], means: ["blanket"] } });

    const edited = await as(catalogToken, "PATCH", `/${id}`, { words: [word], means: ["blanket", "throw"] });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json).toMatchObject({ message: SYNONYM_MESSAGES.saved, rule: { id, words: [word], means: ["blanket", "throw"] } });
    const v2 = await version();
    expect(v2).not.toBe(v1);
    const [update] = await auditRows({ entityType: "search_synonym", entityId: id });
    expect(update).toMatchObject({ action: "search_synonym.update", actor_id: catalog.id, before: { words: [word, `kammal ${tag}`], means: ["blanket"] }, after: { words: [word], means: ["blanket", "throw"] } });

    // Made two-way: means emptied (needs two words, so both sides change).
    const twoWay = await as(catalogToken, "PATCH", `/${id}`, { words: [word, `kamli ${tag}`], means: [] });
    expect(twoWay.status, twoWay.text).toBe(200);
    expect(twoWay.json.rule).toMatchObject({ two_way: true, means: [] });
    const v3 = await version();
    expect(v3).not.toBe(v2);

    const deleted = await as(catalogToken, "DELETE", `/${id}`);
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.json).toMatchObject({ result: true, message: SYNONYM_MESSAGES.deleted });
    expect(await version()).not.toBe(v3);
    expect((await as(catalogToken, "GET", `/${id}`)).status).toBe(404);
    const [gone] = await auditRows({ entityType: "search_synonym", entityId: id });
    expect(gone).toMatchObject({ action: "search_synonym.delete", actor_id: catalog.id, before: { words: [word, `kamli ${tag}`], means: [] }, after: null });
  });

  it("refuses changes to a role without product:update (403) and to nobody (401), and changes nothing", async () => {
    const rug = ((await as(ownerToken(), "GET", "?q=carpet")).json.data as { id: number; words: string[] }[]).find((r) => r.words.includes("rug"))!;
    const before = await rowsNow();
    const audits = (await auditRows({ entityType: "search_synonym" })).length;
    const v = await version();
    for (const token of [supportToken, fulfilmentToken]) {
      const attempts = [await as(token, "POST", "", { words: [`hijack ${tag}`, "carpet"] }), await as(token, "PATCH", `/${rug.id}`, { means: ["curtain"] }), await as(token, "DELETE", `/${rug.id}`)];
      expect(attempts.map((a) => a.status)).toEqual([403, 403, 403]);
    }
    const anonymous = [await as(null, "GET", ""), await as(null, "POST", "", { words: [`hijack ${tag}`, "carpet"] }), await as(null, "PATCH", `/${rug.id}`, { means: ["curtain"] }), await as(null, "DELETE", `/${rug.id}`)];
    expect(anonymous.map((a) => a.status)).toEqual([401, 401, 401, 401]);
    expect(await rowsNow()).toEqual(before);
    expect(await auditRows({ entityType: "search_synonym" })).toHaveLength(audits);
    expect(await version()).toBe(v);
  });

  it("answers bad input with 422 and the message under its field, and an unknown id with 404", async () => {
    const before = await rowsNow();
    const long = "a".repeat(41);
    const many = Array.from({ length: 21 }, (_, i) => `word ${i}`);
    const cases: [string, string, unknown, string, string][] = [
      ["POST", "", { words: [], means: ["curtain"] }, "words", SYNONYM_MESSAGES.wordsEmpty],
      ["POST", "", { means: ["curtain"] }, "words", SYNONYM_MESSAGES.notList],
      ["POST", "", { words: [long], means: ["curtain"] }, "words", SYNONYM_MESSAGES.tooLong(long)],
      ["POST", "", { words: ["parda!"], means: ["curtain"] }, "words", SYNONYM_MESSAGES.badChars("parda!")],
      ["POST", "", { words: ["parda"], means: ["cur;tain"] }, "means", SYNONYM_MESSAGES.badChars("cur;tain")],
      ["POST", "", { words: ["galicha"] }, "words", SYNONYM_MESSAGES.lonely],
      ["POST", "", { words: ["parda", "PARDA"], means: ["curtain"] }, "words", SYNONYM_MESSAGES.twice("parda")],
      ["POST", "", { words: many, means: ["curtain"] }, "words", SYNONYM_MESSAGES.tooMany],
      ["POST", "", { words: ["parda"], means: many }, "means", SYNONYM_MESSAGES.tooMany],
      ["POST", "", { words: ["drapes", "curtain"], means: ["curtain"] }, "means", SYNONYM_MESSAGES.bothSides("curtain")],
      ["PATCH", `/${before[0]!.id}`, {}, "_", SYNONYM_MESSAGES.nothing],
      ["PATCH", `/${before[0]!.id}`, { words: "" }, "words", SYNONYM_MESSAGES.wordsEmpty],
    ];
    for (const [method, path, body, field, message] of cases) {
      const res = await as(catalogToken, method, path, body);
      expect(res.status, `${method} ${JSON.stringify(body)}: ${res.text}`).toBe(422);
      expect(res.json.message, JSON.stringify(body)).toBe(message);
      expect(res.json.errors[field], JSON.stringify(body)).toContain(message);
    }
    // A merged rule is checked whole: the rug ↔ carpet group cannot lose its second word.
    const rug = before.find((r) => JSON.parse(r.words).includes("rug"))!;
    const lonely = await as(catalogToken, "PATCH", `/${rug.id}`, { words: ["rug"] });
    expect(lonely.status, lonely.text).toBe(422);
    expect(lonely.json.errors.words).toEqual([SYNONYM_MESSAGES.lonely]);
    expect((await as(catalogToken, "PATCH", "/999999999", { means: ["curtain"] })).json).toMatchObject({ result: false, message: SYNONYM_MESSAGES.notFound });
    for (const [method, body] of [
      ["GET", undefined],
      ["PATCH", { means: ["curtain"] }],
      ["DELETE", undefined],
    ] as const) {
      expect((await as(catalogToken, method, "/999999999", body)).status, method).toBe(404);
    }
    expect(await rowsNow()).toEqual(before);
  });
});
