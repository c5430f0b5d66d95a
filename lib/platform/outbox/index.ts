import "server-only";
import { after } from "next/server";
import { getConfig } from "../config";
import { getDb, type Db } from "../db";
import { log } from "../log";
import { deliverDue, effectsOf } from "./dispatcher";
// Registers the mail and cache effects.
import "./effects";
import type { OutboxEvent } from "./effects";
import { insertEvent, insertEvents, pruneDone } from "./store";

/**
 * After-commit effects through a transactional outbox (docs/architecture.md "After commit"):
 *
 *   await writeTransaction(handle, async (trx) => {
 *     …the change…
 *     await outbox.add(trx, orderMail(order.id, "placed"));       // one per effect
 *     await outbox.add(trx, expireTagsAfterCommit(productTags));
 *   });
 *   dispatchSoon();                                                // after the commit
 *
 * The events exist exactly when the change does (same transaction). dispatchSoon() delivers what
 * is due once the request has answered (Next's after(); outside a request, on the next turn of
 * the event loop), so a request never waits for SMTP. Each delivery is claimed by one dispatcher
 * and run once (./store.ts); a failure is retried with backoff; what a crash left behind is found
 * by the sweep, every minute and when the process starts (lib/platform/lifecycle.ts).
 */

export { expireTagsAfterCommit, mailEvent, outboxMessageId, registerMail, type MailPayload, type MailRenderer, type OutboxEvent } from "./effects";
export { deliverDue, registerEffect, registerEventKind, type DispatchResult, type EffectHandler } from "./dispatcher";

/** Writes an event and its pending deliveries in the caller's transaction. A cache event with no tags writes nothing. */
async function add(trx: Db, event: OutboxEvent, now = new Date()): Promise<number | null> {
  if (event.kind === "cache" && event.payload.tags.length === 0) return null;
  return insertEvent(trx, event.kind, event.payload, effectsOf(event.kind), now);
}

/** Writes mail events (one per recipient) with two statements in the caller's transaction; answers their ids. */
async function addMails(trx: Db, events: readonly OutboxEvent[], now = new Date()): Promise<number[]> {
  const mails = events.filter((e) => e.kind === "mail");
  if (mails.length !== events.length) throw new Error("outbox.addMails takes mail events only");
  return insertEvents(trx, "mail", mails.map((e) => e.payload), effectsOf("mail"), now);
}

type Dispatching = { running: Promise<void> | null; again: boolean };
const globalForDispatch = globalThis as typeof globalThis & { __storeOutboxDispatch?: Dispatching };
const dispatching: Dispatching = (globalForDispatch.__storeOutboxDispatch ??= { running: null, again: false });

/** Rounds of one dispatch at most (50 deliveries each); the sweep takes whatever is left. */
const MAX_ROUNDS = 20;
const ROUND = 50;

/**
 * Delivers everything due, in this process one dispatch at a time: a call while one runs asks it
 * for one more round (it may not have seen the newest commit) and waits for it.
 */
export function dispatchNow(): Promise<void> {
  if (dispatching.running) {
    dispatching.again = true;
    return dispatching.running;
  }
  dispatching.running = (async () => {
    try {
      const handle = await getDb();
      for (let round = 0; round < MAX_ROUNDS; round++) {
        dispatching.again = false;
        const result = await deliverDue(handle, { limit: ROUND });
        if (!dispatching.again && result.seen < ROUND) break;
      }
    } catch (error) {
      log.error({ err: error }, "the outbox dispatch failed");
    } finally {
      dispatching.running = null;
    }
  })();
  return dispatching.running;
}

/**
 * A test of the guarantee: with OUTBOX_TEST_CRASH_AFTER_COMMIT=1 in its environment, the
 * process kills itself (SIGKILL) at the first dispatchSoon(), i.e. right after a commit that wrote
 * outbox events and before any is delivered (app/api/v2/_tests/outbox.api.test.ts). Read from the
 * environment only, so no request can set it; ignored by a store served over https.
 */
function crashForTest(): void {
  if (process.env.OUTBOX_TEST_CRASH_AFTER_COMMIT !== "1" || getConfig().siteUrl.startsWith("https://")) return;
  log.warn("OUTBOX_TEST_CRASH_AFTER_COMMIT: stopping with SIGKILL right after a commit");
  process.kill(process.pid, "SIGKILL");
}

/**
 * Delivers the events just committed, after the request has answered (Next's after()), or on
 * the next turn of the event loop outside a request (the sweep, scripts). Never throws and never
 * makes the caller wait. Call it once after the transaction that added events.
 */
export function dispatchSoon(): void {
  crashForTest();
  schedule();
}

/**
 * After a commit whose change a page must show at once (stock moved: the product's page and API
 * read it on the customer's next click): these events (its cache refresh) are delivered now, before
 * the request answers — claimed like any delivery, so each runs once, and a failure is retried by
 * the dispatcher as usual — and the rest (mails) soon, as dispatchSoon does. Never throws.
 */
export async function dispatchCommitted(deliverNow: readonly number[]): Promise<void> {
  crashForTest();
  if (deliverNow.length) {
    try {
      await deliverDue(await getDb(), { eventIds: deliverNow });
    } catch (error) {
      log.error({ err: error, events: deliverNow }, "delivering a commit's outbox events failed (the dispatcher retries them)");
    }
  }
  schedule();
}

function schedule(): void {
  const run = () => dispatchNow();
  try {
    after(run);
  } catch {
    // Not in a request.
    setImmediate(() => void run());
  }
}

/** How long delivered events are kept (they show what was sent; `npm run outbox` lists the rest). */
export const KEEP_DONE_DAYS = 7;

/** The sweep's part (lib/platform/lifecycle.ts): delivers what is due or was left by a crash, and forgets old delivered events. */
export async function sweepOutbox(now = new Date()): Promise<void> {
  await dispatchNow();
  const pruned = await pruneDone((await getDb()).db, new Date(now.getTime() - KEEP_DONE_DAYS * 86_400_000));
  if (pruned) log.debug({ pruned }, "forgot delivered outbox events");
}

export const outbox = { add, addMails, dispatchSoon, dispatchCommitted };
