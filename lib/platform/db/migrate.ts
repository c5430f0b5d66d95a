import { Migrator, type Migration, type MigrationProvider, type MigrationResultSet } from "kysely";
import type { DbHandle } from "./connection";
import * as m001 from "./migrations/001_initial";
import * as m002 from "./migrations/002_accounts";
import * as m003 from "./migrations/003_cart";
import * as m004 from "./migrations/004_orders";
import * as m005 from "./migrations/005_search_published";
import * as m006 from "./migrations/006_delivery_promise";
import * as m007 from "./migrations/007_sandbox_refunds";
import * as m008 from "./migrations/008_lifecycle_ledger";
import * as m009 from "./migrations/009_outbox";
import * as m010 from "./migrations/010_staff";
import * as m011 from "./migrations/011_variants";
import * as m012 from "./migrations/012_product_admin";
import * as m013 from "./migrations/013_admin_lists";
import * as m014 from "./migrations/014_inbox";
import * as m015 from "./migrations/015_stock_thresholds";
import * as m016 from "./migrations/016_admin_list_speed";
import * as m018 from "./migrations/018_category_admin";
import * as m019 from "./migrations/019_content_admin";
import * as m020 from "./migrations/020_shipments";
import * as m021 from "./migrations/021_credit_notes";
import * as m022 from "./migrations/022_people";
import * as m023 from "./migrations/023_low_stock_index";
import * as m024 from "./migrations/024_order_list_speed";
import * as m025 from "./migrations/025_refund_filters";
import * as m026 from "./migrations/026_returns";
import * as m027 from "./migrations/027_cod_remittances";
import * as m028 from "./migrations/028_order_notes_awb";
import * as m029 from "./migrations/029_staff_notices";
import * as m030 from "./migrations/030_search_synonyms";
import * as m031 from "./migrations/031_drop_name_fts";

/** Every migration, in order. Add new files here; names sort by their numeric prefix. */
const migrations = {
  "001_initial": m001,
  "002_accounts": m002,
  "003_cart": m003,
  "004_orders": m004,
  "005_search_published": m005,
  "006_delivery_promise": m006,
  "007_sandbox_refunds": m007,
  "008_lifecycle_ledger": m008,
  "009_outbox": m009,
  "010_staff": m010,
  "011_variants": m011,
  "012_product_admin": m012,
  "013_admin_lists": m013,
  "014_inbox": m014,
  "015_stock_thresholds": m015,
  "016_admin_list_speed": m016,
  "018_category_admin": m018,
  "019_content_admin": m019,
  "020_shipments": m020,
  "021_credit_notes": m021,
  "022_people": m022,
  "023_low_stock_index": m023,
  "024_order_list_speed": m024,
  "025_refund_filters": m025,
  "026_returns": m026,
  "027_cod_remittances": m027,
  "028_order_notes_awb": m028,
  "029_staff_notices": m029,
  "030_search_synonyms": m030,
  "031_drop_name_fts": m031,
} as const;

class StaticProvider implements MigrationProvider {
  constructor(private readonly handle: DbHandle) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const out: Record<string, Migration> = {};
    for (const [name, mod] of Object.entries(migrations)) {
      out[name] = { up: (db) => mod.up(db, this.handle.dialect) };
    }
    return out;
  }
}

/**
 * Whether the database carries this code's migrations, read-only (creates no table, takes no lock):
 * "missing" when none of them ran (a fresh, empty database), "behind" when some did and others
 * are pending (a newer release on an older database), "current" when all did. Migrations the
 * database has and this code does not know (an older release during a rolling update) count as
 * current. Costs a schema lookup and a read of the migration table: /api/health keeps the verdict
 * once it is "current".
 */
export async function schemaState(handle: DbHandle): Promise<{ state: "current" | "missing" | "behind"; pending: string[] }> {
  const migrator = new Migrator({ db: handle.db, provider: new StaticProvider(handle) });
  const all = await migrator.getMigrations();
  const pending = all.filter((m) => m.executedAt === undefined).map((m) => m.name);
  const state = pending.length === 0 ? "current" : pending.length === all.length ? "missing" : "behind";
  return { state, pending };
}

export async function migrateToLatest(handle: DbHandle): Promise<MigrationResultSet> {
  // Unordered: work on several branches at once numbers migrations as it starts, so one may land
  // after a higher-numbered one a database already ran (the gap 017, 020-022 filled after 023).
  // Each migration stands alone (its own tables or indexes), so the order they ran in does not matter.
  const migrator = new Migrator({ db: handle.db, provider: new StaticProvider(handle), allowUnorderedMigrations: true });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === "Error");
    const cause = result.error instanceof Error ? result.error.message : String(result.error);
    throw new Error(`Migration ${failed?.migrationName ?? "(unknown)"} failed: ${cause}`);
  }
  return result;
}
