/**
 * The settings every measurement of npm run bench shares: the bench server's port, the catalog
 * size, and the rounds the runs alternate in. A measurement's own settings are in its module.
 */

export const PORT = Number(process.env.BENCH_PORT ?? 3200);
export const BASE = `http://127.0.0.1:${PORT}`;
export const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
/** Default length of a load run; every run names its own length, so this only reaches latest.json. */
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
export const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 4);
/** Connections of every wrk run (and of the fetch loop standing in for it). */
export const CONNECTIONS = 20;
