import { sql } from "kysely";
import type { Db, DbHandle } from "../db/connection";
import type { OutboxDeliveryStatus } from "../db/schema";
import { writeTransaction } from "../db/transaction";

/**
 * The outbox's two tables (migration 009_outbox), and every change of a delivery's state, each a
 * conditional update from the states it may come from:
 *
 *   pending ─claim─► sending ─done─► done
 *   failed  ─claim─┘    │
 *      ▲               ├─ the effect threw ─► failed (due again after the backoff) or dead (MAX_ATTEMPTS reached)
 *      └───────────────┘
 *   sending whose lease ran out (its process died) ─claim─► sending again (attempts + 1)
 *
 *  - pending: written with its event, in the transaction that asked for it; due at once.
 *  - sending: claimed by one dispatcher until `claimed_until` (its lease). The claim is one
 *    conditional update (due pending or failed, or sending with its lease run out → sending, with
 *    attempts + 1), so of several dispatchers (processes, instances) exactly one gets it.
 *  - done: the effect ran (`done_at`). Marked only by the dispatcher holding the claim (same
 *    `attempts`); an effect that is a database write (a mail kept in mail_outbox without SMTP) is
 *    written in the same transaction, so it happens exactly once.
 *  - failed: the effect threw; `last_error` says why and `next_attempt_at` when it is tried again.
 *  - dead: it failed MAX_ATTEMPTS times; nobody tries again (`npm run outbox -- --retry ID` does).
 *
 * These functions take the database explicitly (the tests run two dispatchers on one database);
 * ./index.ts is the store's API over the process's database.
 */

/** How long a claim holds a delivery: far longer than a send can take (the SMTP timeouts of ../mail/index.ts). */
export const LEASE_MS = 5 * 60_000;
/** Minutes to wait after the 1st, 2nd, … failure; the last one repeats. */
export const BACKOFF_MINUTES = [1, 5, 15, 60, 180, 360] as const;
/** Attempts before a delivery is given up as dead (about 16 hours of retries with the backoff above). */
export const MAX_ATTEMPTS = 8;
/** Kept in last_error. */
const ERROR_LENGTH = 1000;

/** Milliseconds to wait after the `attempts`-th failed attempt. */
export function backoffMs(attempts: number): number {
  const index = Math.min(Math.max(attempts, 1), BACKOFF_MINUTES.length) - 1;
  return (BACKOFF_MINUTES[index] as number) * 60_000;
}

const iso = (at: Date) => at.toISOString();
const later = (at: Date, ms: number) => new Date(at.getTime() + ms).toISOString();

/** Writes an event and one pending delivery per effect, in the caller's transaction; returns the event id. */
export async function insertEvent(trx: Db, kind: string, payload: unknown, effects: readonly string[], now: Date): Promise<number> {
  const event = await trx.insertInto("outbox_events").values({ kind, payload: JSON.stringify(payload), created_at: iso(now) }).returning("id").executeTakeFirstOrThrow();
  await trx
    .insertInto("outbox_deliveries")
    .values(effects.map((effect) => ({ event_id: event.id, effect, status: "pending" as const, attempts: 0, next_attempt_at: iso(now), created_at: iso(now), updated_at: iso(now) })))
    .execute();
  return event.id;
}

/**
 * Writes several events of one kind and their pending deliveries with two statements, in the
 * caller's transaction (a mail to each of the staff on a placed order: the checkout's hot path);
 * returns the event ids. The events differ only by payload and get the same effects, so which id
 * is whose does not matter.
 */
export async function insertEvents(trx: Db, kind: string, payloads: readonly unknown[], effects: readonly string[], now: Date): Promise<number[]> {
  if (!payloads.length) return [];
  const events = await trx
    .insertInto("outbox_events")
    .values(payloads.map((payload) => ({ kind, payload: JSON.stringify(payload), created_at: iso(now) })))
    .returning("id")
    .execute();
  if (effects.length) {
    await trx
      .insertInto("outbox_deliveries")
      .values(events.flatMap((event) => effects.map((effect) => ({ event_id: event.id, effect, status: "pending" as const, attempts: 0, next_attempt_at: iso(now), created_at: iso(now), updated_at: iso(now) }))))
      .execute();
  }
  return events.map((e) => e.id);
}

export type DueDelivery = { id: number; effect: string; attempts: number; status: OutboxDeliveryStatus; event_id: number; kind: string; payload: string; created_at: string };

/** Deliveries a dispatcher may claim now (of these events only, when given): pending or failed and due, or sending with their lease run out. Oldest first. */
export async function dueDeliveries(db: Db, now: Date, limit: number, eventIds?: readonly number[]): Promise<DueDelivery[]> {
  if (eventIds && !eventIds.length) return [];
  let query = db
    .selectFrom("outbox_deliveries as d")
    .innerJoin("outbox_events as e", "e.id", "d.event_id")
    .select(["d.id", "d.effect", "d.attempts", "d.status", "e.id as event_id", "e.kind", "e.payload", "e.created_at"])
    .where((eb) =>
      eb.or([
        eb.and([eb("d.status", "in", ["pending", "failed"]), eb("d.next_attempt_at", "<=", iso(now))]),
        eb.and([eb("d.status", "=", "sending"), eb("d.claimed_until", "<=", iso(now))]),
      ]),
    )
    .orderBy("d.next_attempt_at")
    .orderBy("d.id")
    .limit(limit);
  if (eventIds) query = query.where("e.id", "in", [...eventIds]);
  return query.execute();
}

/**
 * Claims a delivery for `leaseMs`: answers its attempt number (the claim's token for markDone and
 * markFailed), or null when it is not due any more (another dispatcher claimed it, or it is done).
 */
export async function claim(db: Db, id: number, now: Date, leaseMs = LEASE_MS): Promise<number | null> {
  const row = await db
    .updateTable("outbox_deliveries")
    .set({ status: "sending", attempts: sql<number>`attempts + 1`, claimed_until: later(now, leaseMs), updated_at: iso(now) })
    .where("id", "=", id)
    .where((eb) =>
      eb.or([
        eb.and([eb("status", "in", ["pending", "failed"]), eb("next_attempt_at", "<=", iso(now))]),
        eb.and([eb("status", "=", "sending"), eb("claimed_until", "<=", iso(now))]),
      ]),
    )
    .returning("attempts")
    .executeTakeFirst();
  return row ? row.attempts : null;
}

/**
 * Marks a claimed delivery done, with `alsoWrite` (the effect's own database write, if any) in the
 * same transaction. False, and nothing written, when the claim was lost (the lease ran out and
 * another dispatcher took the delivery).
 */
export async function markDone(handle: DbHandle, id: number, attempt: number, now: Date, alsoWrite?: (trx: Db) => Promise<void>): Promise<boolean> {
  return writeTransaction(handle, async (trx) => {
    const updated = await trx
      .updateTable("outbox_deliveries")
      .set({ status: "done", done_at: iso(now), claimed_until: null, last_error: null, updated_at: iso(now) })
      .where("id", "=", id)
      .where("status", "=", "sending")
      .where("attempts", "=", attempt)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    if (alsoWrite) await alsoWrite(trx);
    return true;
  });
}

/** Records a failed attempt: failed and due again after the backoff, or dead after MAX_ATTEMPTS. Null when the claim was lost. */
export async function markFailed(db: Db, id: number, attempt: number, now: Date, error: string): Promise<"failed" | "dead" | null> {
  const status = attempt >= MAX_ATTEMPTS ? "dead" : "failed";
  const updated = await db
    .updateTable("outbox_deliveries")
    .set({ status, last_error: error.slice(0, ERROR_LENGTH), next_attempt_at: later(now, backoffMs(attempt)), claimed_until: null, updated_at: iso(now) })
    .where("id", "=", id)
    .where("status", "=", "sending")
    .where("attempts", "=", attempt)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1 ? status : null;
}

/** Makes a failed or dead delivery due now, its attempts counted afresh (npm run outbox -- --retry). */
export async function requeue(db: Db, id: number, now: Date): Promise<boolean> {
  const updated = await db
    .updateTable("outbox_deliveries")
    .set({ status: "pending", attempts: 0, next_attempt_at: iso(now), updated_at: iso(now) })
    .where("id", "=", id)
    .where("status", "in", ["failed", "dead"])
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Deletes events created before `before` whose every delivery is done. Answers how many. */
export async function pruneDone(db: Db, before: Date): Promise<number> {
  const deleted = await db
    .deleteFrom("outbox_events")
    .where("created_at", "<", iso(before))
    .where((eb) => eb.not(eb.exists(eb.selectFrom("outbox_deliveries as d").select("d.id").whereRef("d.event_id", "=", "outbox_events.id").where("d.status", "!=", "done"))))
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
