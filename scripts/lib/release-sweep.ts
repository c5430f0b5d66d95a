/**
 * The payment-deadline sweep of the store's server (scripts/server.ts): every minute it cancels
 * the unpaid online orders whose payment deadline passed and gives their stock back
 * (lib/server/order-state.ts releaseExpiredOrders). Payment start and callback run the same sweep,
 * so a quiet shop still releases stock on time for the next shopper who looks.
 *
 * This file runs in plain Node (not in Next's bundles), where the `server-only` marker package
 * throws on import; it is a bundling guard for client components, so it is replaced here by an
 * empty module before the store's server modules load. The database handle is the process's one
 * (lib/db keeps it on globalThis), shared with Next's route handlers.
 */
import Module, { createRequire } from "node:module";

export const SWEEP_INTERVAL_MS = 60_000;

type Release = (now?: Date) => Promise<Array<{ code: string }>>;

async function loadRelease(): Promise<Release> {
  const require = createRequire(__filename);
  const resolved = require.resolve("server-only");
  if (!require.cache[resolved]) {
    const stub = new Module(resolved);
    stub.loaded = true;
    stub.exports = {};
    require.cache[resolved] = stub;
  }
  const { releaseExpiredOrders } = await import("../../lib/server/order-state");
  return releaseExpiredOrders;
}

/** Starts the sweep; returns a function that stops it. Runs never overlap, and the timer never keeps the process alive. */
export function startReleaseSweep(intervalMs = SWEEP_INTERVAL_MS, log: (line: string) => void = console.log): () => void {
  let release: Promise<Release> | undefined;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      release ??= loadRelease();
      const released = await (await release)(new Date());
      if (released.length) log(`[payments] released ${released.length} unpaid order(s) past their payment deadline: ${released.map((o) => o.code).join(", ")}`);
    } catch (error) {
      release = undefined;
      console.error("[payments] releasing expired orders failed", error);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
