import type { Db, DbHandle } from "../db/connection";
import { log } from "../log";
import { claim, dueDeliveries, markDone, markFailed, MAX_ATTEMPTS, type DueDelivery } from "./store";

/**
 * The dispatcher: claims due deliveries (./store.ts) and runs their effects. Any number of
 * dispatchers may run at once, in one process or several: each delivery is run by the one whose
 * claim succeeded.
 */

export type EffectContext = {
  eventId: number;
  kind: string;
  effect: string;
  /** When the event was written (ISO). */
  createdAt: string;
  /** 1 for the first attempt. */
  attempt: number;
};

/**
 * Runs one effect of an event. Throws to have it retried with backoff. May answer a database
 * write, which is made in the transaction that marks the delivery done (so it happens once).
 */
export type EffectHandler = (payload: unknown, context: EffectContext) => Promise<void | ((trx: Db) => Promise<void>)>;

/** Whether this process can run the effect for this payload (a mail whose renderer it has loaded). */
export type EffectAccepts = (payload: unknown) => boolean;

type Registry = { effects: Map<string, { run: EffectHandler; accepts: EffectAccepts }>; kinds: Map<string, readonly string[]> };

// On globalThis: Next bundles route handlers and instrumentation separately, and the handlers one
// of them registers must be found by a dispatcher running in the other.
const globalForOutbox = globalThis as typeof globalThis & { __storeOutboxRegistry?: Registry };
const registry: Registry = (globalForOutbox.__storeOutboxRegistry ??= { effects: new Map(), kinds: new Map() });

/** Names the code that carries out an effect (mail, cache, …), and which payloads it takes. */
export function registerEffect(effect: string, handler: EffectHandler, accepts: EffectAccepts = () => true): void {
  registry.effects.set(effect, { run: handler, accepts });
}

/** Names the effects an event of `kind` has: one delivery of each is written with it. */
export function registerEventKind(kind: string, effects: readonly string[]): void {
  registry.kinds.set(kind, effects);
}

/** The effects of an event kind; throws for a kind nobody registered (a programming error, caught by the tests). */
export function effectsOf(kind: string): readonly string[] {
  const effects = registry.kinds.get(kind);
  if (!effects?.length) throw new Error(`Outbox event kind "${kind}" has no registered effects.`);
  return effects;
}

export type DispatchResult = { done: number; failed: number; dead: number; lost: number; skipped: number; seen: number };

export type DispatchOptions = {
  /** The clock (tests move it). */
  now?: () => Date;
  /** Deliveries looked at in one round. */
  limit?: number;
  /** Effects run at the same time. */
  concurrency?: number;
  leaseMs?: number;
  /** Only the deliveries of these events (a commit's own, delivered before its request answers). */
  eventIds?: readonly number[];
};

const errorText = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

async function deliverOne(handle: DbHandle, row: DueDelivery, options: DispatchOptions, result: DispatchResult): Promise<void> {
  const now = options.now ?? (() => new Date());
  const handler = registry.effects.get(row.effect);
  const payload = JSON.parse(row.payload) as unknown;
  if (!handler?.accepts(payload)) {
    // Left unclaimed for a process that has it (a server registers them all when it starts; a
    // script or a test may not have loaded the domain that renders it).
    result.skipped++;
    log.debug({ delivery: row.id, effect: row.effect }, "no handler for this outbox delivery in this process");
    return;
  }
  const attempt = await claim(handle.db, row.id, now(), options.leaseMs);
  if (attempt === null) {
    result.lost++;
    return;
  }
  if (attempt > MAX_ATTEMPTS) {
    // Its last attempts never came back (the processes running them stopped): given up.
    await markFailed(handle.db, row.id, attempt, now(), "given up: the processes delivering it stopped before it was done");
    result.dead++;
    return;
  }
  const context: EffectContext = { eventId: row.event_id, kind: row.kind, effect: row.effect, createdAt: row.created_at, attempt };
  let write: void | ((trx: Db) => Promise<void>);
  try {
    write = await handler.run(payload, context);
  } catch (error) {
    const status = await markFailed(handle.db, row.id, attempt, now(), errorText(error));
    if (status === "dead") result.dead++;
    else result.failed++;
    log.error({ err: error, delivery: row.id, event: row.event_id, kind: row.kind, effect: row.effect, attempt, status }, "an outbox delivery failed");
    return;
  }
  if (await markDone(handle, row.id, attempt, now(), write ?? undefined)) result.done++;
  else result.lost++;
}

/**
 * Delivers what is due now, `limit` deliveries at most, `concurrency` at a time. Answers what
 * happened to each (done, failed, dead, lost to another dispatcher, skipped for want of a handler).
 */
export async function deliverDue(handle: DbHandle, options: DispatchOptions = {}): Promise<DispatchResult> {
  const now = options.now ?? (() => new Date());
  const result: DispatchResult = { done: 0, failed: 0, dead: 0, lost: 0, skipped: 0, seen: 0 };
  const due = await dueDeliveries(handle.db, now(), options.limit ?? 50, options.eventIds);
  result.seen = due.length;
  let next = 0;
  const worker = async () => {
    while (next < due.length) {
      const row = due[next++] as DueDelivery;
      try {
        await deliverOne(handle, row, options, result);
      } catch (error) {
        // The database itself failed (claim or mark): the delivery stays due, or sending until its lease ends.
        log.error({ err: error, delivery: row.id }, "the outbox could not record a delivery");
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 4, due.length) }, worker));
  return result;
}
