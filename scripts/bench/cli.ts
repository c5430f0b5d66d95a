/**
 * npm run bench's command line: the measurements to run, all of MEASUREMENTS unless some are
 * named. `npm run bench -- search`, `-- search,pages`, `-- --only search,pages` and
 * `-- --only=search` are the same kind of request. ON_REQUEST measurements run only when named,
 * and alone: admin-list and admin-orders have a server of their own, on PostgreSQL; import one per database;
 * search-scale one per catalog (10,000 and 100,000 products on SQLite and on PostgreSQL).
 */

export const MEASUREMENTS = ["pages", "search", "carts", "orders", "nginx", "memory", "first-load-js"] as const;
export const ON_REQUEST = ["admin-list", "admin-orders", "import", "search-scale"] as const;
export type Measurement = (typeof MEASUREMENTS)[number] | (typeof ON_REQUEST)[number];

export const USAGE = `Usage: npm run bench [-- [--only] <measurement>[,<measurement>...]]
Measurements: ${MEASUREMENTS.join(", ")} (all of them when none is named).
On request only, and alone: ${ON_REQUEST.join(", ")} (admin-list: the back office's product list on 100,000 products on PostgreSQL; admin-orders: its order list on 1,000,000 orders on PostgreSQL; import: 10,000 CSV rows on SQLite and PostgreSQL; search-scale: product search at 10,000 and 100,000 products on SQLite and PostgreSQL; bash scripts/pg-local.sh start).
Settings: the BENCH_* variables of docs/operations.md.`;

/** The measurements named in `args` (process.argv after the script), in run order; all of MEASUREMENTS when none is named. */
export function parseMeasurements(args: string[]): Measurement[] {
  const named: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === "--only") named.push(...(args[++i] ?? "").split(","));
    else if (arg.startsWith("--only=")) named.push(...arg.slice("--only=".length).split(","));
    else if (arg.startsWith("-")) throw new Error(`unknown option ${arg}\n${USAGE}`);
    else named.push(...arg.split(","));
  }
  const names = [...new Set(named.map((n) => n.trim()).filter(Boolean))];
  const known: readonly string[] = [...MEASUREMENTS, ...ON_REQUEST];
  const unknown = names.filter((n) => !known.includes(n));
  if (unknown.length) throw new Error(`unknown measurement ${unknown.join(", ")}\n${USAGE}`);
  const alone = names.filter((n) => (ON_REQUEST as readonly string[]).includes(n));
  if (alone.length && names.length > 1) throw new Error(`${alone[0]} runs alone (a server of its own): npm run bench -- ${alone[0]}\n${USAGE}`);
  if (alone.length) return alone as Measurement[];
  return names.length ? MEASUREMENTS.filter((m) => names.includes(m)) : [...MEASUREMENTS];
}
