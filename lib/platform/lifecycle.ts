import "server-only";
import { getConfig } from "./config";
import { getDb, type DbHandle } from "./db";
import { warmProductSearch } from "@/lib/catalog";
// Registers the inbox's reply mail, so the sweep can deliver (and retry) one in a process that
// has not served the inbox yet (the order and account mails come with @/lib/orders).
import "@/lib/content";
import { log } from "./log";
import { releaseExpiredOrders } from "@/lib/orders";
import { sweepOutbox } from "./outbox";
import { closeRedis } from "./redis";
import { installRequestGuard } from "./request-guard";

/**
 * What a store instance does beside answering requests, started once per server process by
 * instrumentation.ts. The one module of lib/platform that imports domains (their indexes: it runs
 * their sweeps); lib/platform/architecture.test.ts allows it no other.
 *  - the request guard (./request-guard.ts): refuses what Next would answer with a 500, and puts
 *    the peer's address at the end of X-Forwarded-For;
 *  - every minute (SWEEP_INTERVAL_SECONDS), gives back the stock of unpaid online orders past their payment deadline
 *    (releaseExpiredOrders; a conditional update per order, so several instances sweeping at
 *    once release each order once). Payment start and callback run the same sweep, so a quiet
 *    shop still releases stock on time for the next shopper who looks;
 *  - every minute, and once when the instance starts, delivers the outbox's due deliveries
 *    (./outbox/): failed ones whose backoff has passed, and those a process left behind when it
 *    died between a commit and its dispatch (pending) or during one (sending, its lease run out).
 *    Claims make each delivery run once however many instances sweep;
 *  - once the database is open, builds the product search index (lib/catalog/server/product-search.ts),
 *    so the first shopper to search does not wait for it;
 *  - on SIGTERM or SIGINT, reports itself as draining (GET /api/health answers 503, so a load
 *    balancer stops sending it work) and stops the sweep. Next's server meanwhile stops accepting
 *    connections, finishes the requests in flight and exits; on exit the database is closed
 *    (SQLite checkpoints its journal; PostgreSQL connections, idle by then, are ended) and so is
 *    the Redis connection.
 */
type Lifecycle = { draining: boolean; started: boolean; stop?: () => Promise<void> };
const globalForLifecycle = globalThis as typeof globalThis & { __storeLifecycle?: Lifecycle };
const state: Lifecycle = (globalForLifecycle.__storeLifecycle ??= { draining: false, started: false });

/** True once the instance was asked to stop. */
export function isDraining(): boolean {
  return state.draining;
}

/**
 * Stops the sweep and waits for one under way (tests that close the database after it): the
 * instance drains as on SIGTERM, without the signal.
 */
export async function stopInstance(): Promise<void> {
  await state.stop?.();
}

/** Starts the sweep and the shutdown hooks; a second call does nothing. */
export function startInstance(options: { sweepIntervalMs?: number } = {}): void {
  if (state.started) return;
  state.started = true;
  installRequestGuard(getConfig().trustedProxies);

  // The sweep under way, if any: a second is not started over it, and stopping waits for it.
  let running: Promise<void> | null = null;
  const sweepOnce = async () => {
    try {
      const released = await releaseExpiredOrders(new Date());
      if (released.length) log.info({ orders: released.map((o) => o.code) }, `released ${released.length} unpaid order(s) past their payment deadline`);
    } catch (error) {
      log.error({ err: error }, "releasing expired orders failed");
    }
    try {
      await sweepOutbox();
    } catch (error) {
      log.error({ err: error }, "the outbox sweep failed");
    }
  };
  const sweep = () => {
    if (running || state.draining) return;
    running = sweepOnce().finally(() => {
      running = null;
    });
  };
  const timer = setInterval(sweep, options.sweepIntervalMs ?? getConfig().sweepIntervalSeconds * 1000);
  timer.unref();
  /** Drains: no sweep starts any more; resolves when the one under way, if any, has finished. */
  const stop = (): Promise<void> => {
    state.draining = true;
    clearInterval(timer);
    return running ?? Promise.resolve();
  };
  state.stop = stop;

  let handle: DbHandle | undefined;
  getDb().then(
    (opened) => {
      handle = opened;
      // What a previous process committed and never delivered goes out now, not in a minute.
      sweepOutbox().catch((error: unknown) => log.error({ err: error }, "the outbox sweep failed"));
      warmProductSearch().catch((error: unknown) => log.error({ err: error }, "building the product search index failed"));
    },
    (error: unknown) => log.error({ err: error }, "the database could not be opened"),
  );

  const drain = (signal: NodeJS.Signals) => {
    if (state.draining) return;
    void stop();
    log.info({ signal }, "stopping: finishing the requests in flight");
  };
  process.once("SIGTERM", drain);
  process.once("SIGINT", drain);
  // 'exit' handlers run synchronously: closing SQLite is synchronous, and ending a pg pool sends
  // each idle connection its Terminate message before the first await.
  process.once("exit", () => {
    void closeRedis().catch(() => undefined);
    if (!handle) return;
    try {
      if (handle.raw.dialect === "sqlite") handle.raw.sqlite.close();
      else void handle.raw.pool.end().catch(() => undefined);
    } catch {
      // Exiting anyway.
    }
  });
}
