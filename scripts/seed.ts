/**
 * npm run db:seed [-- --products N] — migrates the database DATABASE_URL names to the latest
 * schema, then seeds the Kesar Home demo catalog. Safe to run repeatedly: existing rows are kept.
 * With --products N the products table is topped up to at least N products (benchmark data).
 */
import { getConfig } from "../lib/platform/config";
import { migrateToLatest } from "../lib/platform/db/migrate";
import { seedDatabase } from "../lib/seed";
import { argsOrExit, runCommand, withDatabase } from "./lib/command";

const USAGE = "Usage: tsx scripts/seed.ts [--products N] [--media-dir PATH]\n  --products N     top the catalog up to at least N products (N is a whole number, 1 to 1000000)\n  --media-dir PATH where images are written (default: public/media)";

type Args = { products?: number; mediaDir?: string; help: boolean };

function parseArgs(argv: string[]): Args | string {
  const out: Args = { help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === "--help" || arg === "-h") {
      out.help = true;
      continue;
    }
    const [flag, inline] = arg.startsWith("--") && arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined];
    if (flag === "--products") {
      const raw = inline ?? argv[++i];
      if (raw === undefined || !/^\d+$/.test(raw)) return `--products needs a whole number, got ${raw === undefined ? "nothing" : `"${raw}"`}.`;
      const value = Number(raw);
      if (value < 1 || value > 1_000_000) return `--products must be between 1 and 1000000, got ${value}.`;
      out.products = value;
    } else if (flag === "--media-dir") {
      const raw = inline ?? argv[++i];
      if (!raw || raw.startsWith("--")) return "--media-dir needs a path.";
      out.mediaDir = raw;
    } else {
      return `Unknown argument "${arg}".`;
    }
  }
  return out;
}

async function main(): Promise<number> {
  const args = argsOrExit(parseArgs(process.argv.slice(2)), USAGE);
  if (typeof args === "number") return args;
  const started = Date.now();
  const config = getConfig();
  const where = config.database.dialect === "sqlite" ? `SQLite ${config.database.file}` : "PostgreSQL";
  return withDatabase(async (handle) => {
    const migration = await migrateToLatest(handle);
    const applied = migration.results?.filter((r) => r.status === "Success").map((r) => r.migrationName) ?? [];
    console.log(applied.length ? `Migrated ${where}: ${applied.join(", ")}` : `Database ${where} is up to date.`);
    const summary = await seedDatabase(handle, { products: args.products, mediaDir: args.mediaDir, log: (line) => console.log(line) });
    const c = summary.counts;
    const newRows = Object.values(summary.inserted).reduce((a, b) => a + b, 0);
    console.log("");
    console.log(`Seeded ${where} (${newRows} new rows):`);
    console.log(`  products ${c.products}, photos ${c.product_photos}, categories ${c.categories}, attribute values ${c.attribute_values}`);
    console.log(`  blogs ${c.blogs}, sliders ${c.sliders}, CMS pages ${c.cms_pages}, testimonials ${c.testimonials}, coupons ${c.coupons}, settings ${c.business_settings}`);
    console.log(`  India: ${c.states} states and union territories, ${c.cities} cities`);
    console.log(`  images: ${summary.images.rendered} rendered, ${summary.images.skipped} already present`);
    console.log(`Demo login: ${summary.demoLogin.email} / ${summary.demoLogin.password}`);
    if (summary.demoOwner) console.log(`Demo owner (back office): ${summary.demoOwner.email} / ${summary.demoOwner.password}`);
    console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    return 0;
  });
}

runCommand(main, { stack: true });
