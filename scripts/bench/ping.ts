/**
 * The baseline of the search and cart measurements: GET /api/v2/ping, the cheapest API route
 * (the System-Key check, no database), at 20 connections on the same server, once a round. Runs
 * whenever search or carts does; not a measurement of its own.
 */
import { load, merge, pathsTraffic, type Run } from "./load";
import { BASE, ROUND_SECONDS } from "./settings";

export function pingBench(systemKey: Record<string, string>) {
  const traffic = pathsTraffic([`${BASE}/api/v2/ping`]);
  /** One run a round, in round order: the search and cart runs of a round are compared with its run. */
  const runs: Run[] = [];
  return {
    runs,
    async warmUp() {
      await load(BASE, traffic, systemKey, 2);
    },
    async round() {
      runs.push(await load(BASE, traffic, systemKey, ROUND_SECONDS));
    },
    row: () => ["GET /api/v2/ping (baseline)", merge(runs)] as const,
  };
}
