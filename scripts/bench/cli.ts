/**
 * npm run bench's command line: the measurements to run, all of them unless some are named.
 * `npm run bench -- search`, `-- search,pages`, `-- --only search,pages` and `-- --only=search`
 * are the same kind of request.
 */

export const MEASUREMENTS = ["pages", "search", "carts", "orders", "nginx", "memory", "first-load-js"] as const;
export type Measurement = (typeof MEASUREMENTS)[number];

export const USAGE = `Usage: npm run bench [-- [--only] <measurement>[,<measurement>...]]
Measurements: ${MEASUREMENTS.join(", ")} (all of them when none is named).
Settings: the BENCH_* variables of docs/operations.md.`;

/** The measurements named in `args` (process.argv after the script), in run order; all of them when none is named. */
export function parseMeasurements(args: string[]): Measurement[] {
  const named: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === "--only") named.push(...(args[++i] ?? "").split(","));
    else if (arg.startsWith("--only=")) named.push(...arg.slice("--only=".length).split(","));
    else if (arg.startsWith("-")) throw new Error(`unknown option ${arg}\n${USAGE}`);
    else named.push(...arg.split(","));
  }
  const names = named.map((n) => n.trim()).filter(Boolean);
  const unknown = names.filter((n) => !(MEASUREMENTS as readonly string[]).includes(n));
  if (unknown.length) throw new Error(`unknown measurement ${unknown.join(", ")}\n${USAGE}`);
  return names.length ? MEASUREMENTS.filter((m) => names.includes(m)) : [...MEASUREMENTS];
}
