import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DbHandle } from "../db/connection";
import { migrateToLatest } from "../db/migrate";
import { writeTransaction } from "../db/transaction";
import { createTestDatabase, postgresReachable, type TestDatabase } from "@/lib/testing/databases";
import { log } from "../log";
import { deliverDue, registerEffect } from "./dispatcher";
import { backoffMs, BACKOFF_MINUTES, claim, insertEvent, insertEvents, LEASE_MS, markDone, MAX_ATTEMPTS, pruneDone } from "./store";

/**
 * The outbox's guarantees on both dialects, with two dispatchers on one database as two instances
 * would run them: a delivery is run once however many dispatch it at the same moment; a failure is
 * retried after its backoff and given up as dead after MAX_ATTEMPTS with its error kept; a claim
 * left by a process that died is taken again only after its lease; an effect's own database write
 * is made once, with the mark that says it is done; an event written in a transaction that rolls
 * back is never delivered. (The sweep of a running instance: lifecycle.test.ts. SMTP refusals and
 * kill -9 after a placement: app/api/v2/_tests/outbox.api.test.ts.)
 */

const pgUp = await postgresReachable();
if (!pgUp && process.env.CI) throw new Error("PostgreSQL is not reachable (TEST_POSTGRES_URL); CI needs it for the outbox tests.");
const dialects = pgUp ? (["sqlite", "postgres"] as const) : (["sqlite"] as const);

// The failures below are on purpose; their log lines would only hide the report.
const level = log.level;
beforeAll(() => void (log.level = "silent"));
afterAll(() => void (log.level = level));

/** What the test effects did, by the event's `n` (unique across both databases). */
const calls = new Map<number, number>();
const failuresLeft = new Map<number, number>();
let seq = 0;

// A slow effect, so that two dispatchers overlap; one that fails as told; one that writes a row.
const nOf = (payload: unknown) => (payload as { n: number }).n;
registerEffect("test-slow", async (payload) => {
  calls.set(nOf(payload), (calls.get(nOf(payload)) ?? 0) + 1);
  await new Promise((r) => setTimeout(r, 30));
});
registerEffect("test-flaky", async (payload) => {
  const n = nOf(payload);
  calls.set(n, (calls.get(n) ?? 0) + 1);
  const left = failuresLeft.get(n) ?? 0;
  if (left > 0) {
    failuresLeft.set(n, left - 1);
    throw new Error(`451 4.3.0 Mailbox temporarily unavailable (${left} left)`);
  }
});
registerEffect("test-write", async (payload) => {
  const { to } = payload as { to: string };
  return async (trx) => {
    await trx.insertInto("mail_outbox").values({ to_address: to, subject: "kept", text_body: "", html_body: "", created_at: new Date().toISOString() }).execute();
  };
});

describe("the backoff", () => {
  it("waits 1, 5, 15, 60, 180 minutes, then 6 hours, and gives up after 8 attempts", () => {
    expect(BACKOFF_MINUTES).toEqual([1, 5, 15, 60, 180, 360]);
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => backoffMs(n) / 60_000)).toEqual([1, 5, 15, 60, 180, 360, 360, 360]);
    expect(MAX_ATTEMPTS).toBe(8);
  });
});

describe.each(dialects)("the outbox on %s", (dialect) => {
  let database: TestDatabase;
  let a: DbHandle;
  let b: DbHandle;

  beforeAll(async () => {
    database = await createTestDatabase(dialect, "outbox");
    a = await openDatabase(database.target);
    await migrateToLatest(a);
    // A second handle: on PostgreSQL its own pool, on SQLite its own connection to the file, as a second instance has.
    b = await openDatabase(database.target);
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  /** Writes an event with one delivery of `effect`; answers its id and its `n`. */
  const write = async (effect: string, extra: Record<string, unknown> = {}, at = new Date()) => {
    const n = ++seq;
    const id = await writeTransaction(a, (trx) => insertEvent(trx, "test", { n, ...extra }, [effect], at));
    return { id, n };
  };
  const delivery = async (eventId: number) => a.db.selectFrom("outbox_deliveries").selectAll().where("event_id", "=", eventId).executeTakeFirstOrThrow();

  it("runs each delivery once when two dispatchers take the same ones at the same moment", async () => {
    const events = [];
    for (let i = 0; i < 12; i++) events.push(await write("test-slow"));
    const [one, two] = await Promise.all([deliverDue(a), deliverDue(b)]);
    for (const { id, n } of events) {
      expect(calls.get(n), `event ${id}`).toBe(1);
      expect(await delivery(id)).toMatchObject({ status: "done", attempts: 1, claimed_until: null, last_error: null });
    }
    expect(one.done + two.done).toBe(12);
    // Both looked at the same rows: what one ran, the other lost at the claim.
    expect(one.lost + two.lost).toBeGreaterThan(0);
    expect((await deliverDue(a)).seen).toBe(0);
  });

  it("retries a failed effect after its backoff, keeping the error, and marks it done on success", async () => {
    const t0 = new Date(Date.now() + 60_000);
    const { id, n } = await write("test-flaky", {}, t0);
    failuresLeft.set(n, 1);
    const first = await deliverDue(a, { now: () => t0 });
    expect(first).toMatchObject({ failed: 1, done: 0 });
    const failed = await delivery(id);
    expect(failed).toMatchObject({ status: "failed", attempts: 1, claimed_until: null });
    expect(failed.last_error).toContain("451 4.3.0 Mailbox temporarily unavailable");
    expect(Date.parse(failed.next_attempt_at)).toBe(t0.getTime() + 60_000);
    // Not before its time, by either dispatcher.
    expect((await deliverDue(b, { now: () => new Date(t0.getTime() + 59_000) })).seen).toBe(0);
    const retry = await deliverDue(b, { now: () => new Date(t0.getTime() + 60_000) });
    expect(retry).toMatchObject({ done: 1 });
    expect(await delivery(id)).toMatchObject({ status: "done", attempts: 2, last_error: null });
    expect(calls.get(n)).toBe(2);
  });

  it("gives up after MAX_ATTEMPTS, dead with its last error, and nobody tries again", async () => {
    let now = new Date(Date.now() + 120_000);
    const { id, n } = await write("test-flaky", {}, now);
    failuresLeft.set(n, 100);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const result = await deliverDue(a, { now: () => now });
      expect(result.seen, `attempt ${attempt}`).toBe(1);
      const row = await delivery(id);
      expect(row.attempts).toBe(attempt);
      expect(row.status).toBe(attempt < MAX_ATTEMPTS ? "failed" : "dead");
      now = new Date(now.getTime() + backoffMs(attempt));
    }
    expect((await delivery(id)).last_error).toContain("Mailbox temporarily unavailable (93 left)");
    expect((await deliverDue(a, { now: () => new Date(now.getTime() + 86_400_000) })).seen).toBe(0);
    expect(calls.get(n)).toBe(MAX_ATTEMPTS);
  });

  it("takes a delivery whose dispatcher died only after its lease, and the dead one's late mark changes nothing", async () => {
    const t0 = new Date(Date.now() + 180_000);
    const { id } = await write("test-slow", {}, t0);
    const row = await delivery(id);
    // A dispatcher claims it and dies before it is done.
    const lostAttempt = await claim(a.db, row.id, t0);
    expect(lostAttempt).toBe(1);
    expect((await delivery(id)).status).toBe("sending");
    expect((await deliverDue(b, { now: () => new Date(t0.getTime() + LEASE_MS - 1000) })).seen).toBe(0);
    const after = await deliverDue(b, { now: () => new Date(t0.getTime() + LEASE_MS) });
    expect(after.done).toBe(1);
    expect(await delivery(id)).toMatchObject({ status: "done", attempts: 2 });
    // The first dispatcher, had it lived, could no longer mark it (its claim is gone).
    expect(await markDone(a, row.id, 1, new Date())).toBe(false);
  });

  it("makes an effect's own database write once, in the transaction that marks it done", async () => {
    const to = `kept-${++seq}@example.com`;
    const { id } = await write("test-write", { to });
    const [one, two] = await Promise.all([deliverDue(a), deliverDue(b)]);
    expect(one.done + two.done).toBe(1);
    expect(await a.db.selectFrom("mail_outbox").select("id").where("to_address", "=", to).execute()).toHaveLength(1);
    expect((await delivery(id)).status).toBe("done");
    // A claim lost to another dispatcher writes nothing.
    const { id: again } = await write("test-write", { to });
    const row = await delivery(again);
    const stale = await claim(a.db, row.id, new Date(Date.now() + 240_000));
    const fresh = await claim(b.db, row.id, new Date(Date.now() + 240_000 + LEASE_MS));
    expect([stale, fresh]).toEqual([1, 2]);
    expect(await markDone(a, row.id, 1, new Date(), async (trx) => void (await trx.insertInto("mail_outbox").values({ to_address: to, subject: "late", text_body: "", html_body: "", created_at: "x" }).execute()))).toBe(false);
    expect(await a.db.selectFrom("mail_outbox").select("subject").where("to_address", "=", to).execute()).toEqual([{ subject: "kept" }]);
  });

  it("never delivers an event whose transaction rolled back", async () => {
    const before = await a.db.selectFrom("outbox_events").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    await expect(
      writeTransaction(a, async (trx) => {
        await insertEvent(trx, "test", { n: ++seq }, ["test-slow"], new Date());
        throw new Error("the change was refused");
      }),
    ).rejects.toThrow("refused");
    const after = await a.db.selectFrom("outbox_events").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("writes several events with their deliveries in two statements, each delivered once like any other", async () => {
    const ns = [++seq, ++seq, ++seq];
    const ids = await writeTransaction(a, (trx) => insertEvents(trx, "test", ns.map((n) => ({ n })), ["test-slow"], new Date()));
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(3);
    const payloads = await a.db.selectFrom("outbox_events").select("payload").where("id", "in", ids).execute();
    expect(payloads.map((p) => (JSON.parse(p.payload) as { n: number }).n).sort((x, y) => x - y)).toEqual(ns);
    await deliverDue(a, { eventIds: ids });
    for (const id of ids) expect(await delivery(id)).toMatchObject({ status: "done", attempts: 1 });
    for (const n of ns) expect(calls.get(n)).toBe(1);
    expect(await writeTransaction(a, (trx) => insertEvents(trx, "test", [], ["test-slow"], new Date()))).toEqual([]);
  });

  it("leaves a delivery no handler in this process takes for one that has it", async () => {
    const { id } = await write("test-unknown-effect");
    expect((await deliverDue(a)).skipped).toBeGreaterThanOrEqual(1);
    expect(await delivery(id)).toMatchObject({ status: "pending", attempts: 0 });
    await a.db.deleteFrom("outbox_events").where("id", "=", id).execute();
  });

  it("forgets delivered events after a while, never one still to be delivered", async () => {
    const old = new Date(Date.now() - 10 * 86_400_000);
    const { id: done } = await write("test-slow", {}, old);
    const { id: waiting, n } = await write("test-flaky", {}, old);
    failuresLeft.set(n, 100);
    await deliverDue(a, { now: () => old });
    expect((await delivery(done)).status).toBe("done");
    expect((await delivery(waiting)).status).toBe("failed");
    expect(await pruneDone(a.db, new Date(Date.now() - 7 * 86_400_000))).toBeGreaterThanOrEqual(1);
    expect(await a.db.selectFrom("outbox_events").select("id").where("id", "in", [done, waiting]).execute()).toEqual([{ id: waiting }]);
    expect(await a.db.selectFrom("outbox_deliveries").select("event_id").where("event_id", "=", done).execute()).toEqual([]);
  });
});
