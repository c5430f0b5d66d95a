/**
 * npm start, first half (scripts/start.sh runs it, then execs Next's standalone server) — one
 * command from a fresh clone to a running store: migrate the database DATABASE_URL names; on the
 * embedded default database (or DEMO_DATA=1) load the demo catalog and demo customer when it is
 * empty, elsewhere only the shop's essentials (locations, settings), so no published password
 * lands in a real shop's database; build when there is no build or the sources changed. Then this
 * process ends, so it holds no memory while the store runs.
 */
import { getConfig } from "../lib/platform/config";
import { openDatabase } from "../lib/platform/db/connection";
import { DEMO_CUSTOMER, DEMO_OWNER, isCatalogEmpty } from "../lib/seed";
import { ensureBuild } from "./lib/build";
import { prepareDatabase } from "./lib/prepare";

async function main() {
  const config = getConfig();
  const where = config.database.dialect === "sqlite" ? `SQLite file ${config.database.file}` : "PostgreSQL";
  console.log(`Database: ${where}`);

  const handle = await openDatabase(config.database);
  try {
    const done = await prepareDatabase(handle, { demoData: config.demoData, log: (line) => console.log(`  ${line}`) });
    if (done === "essentials" && (await isCatalogEmpty(handle))) console.log("The shop has no products yet. For the demo catalog, run: npm run db:seed");
  } finally {
    await handle.close();
  }

  await ensureBuild(process.env);

  console.log(`\nThe store is starting at http://localhost:${config.port}`);
  if (!process.env.SITE_URL && config.port !== 3000) {
    console.log(`SITE_URL is not set: canonical URLs and links in mail name ${config.siteUrl}. Set SITE_URL to the address shoppers use.`);
  }
  if (config.demoData) console.log(`Demo customer: ${DEMO_CUSTOMER.email} / ${DEMO_CUSTOMER.password}`);
  if (config.demoData && config.database.dialect === "sqlite") console.log(`Demo owner (back office at http://localhost:${config.port}/admin): ${DEMO_OWNER.email} / ${DEMO_OWNER.password}`);
  if (!config.smtpUrl) console.log("No SMTP_URL: mail (sign-in codes, reset links) is printed here and kept for npm run outbox.");
  if (!config.authSecret && !config.demoData) {
    console.log("No AUTH_SECRET: a generated one is kept in the database. For a real shop, set AUTH_SECRET (see docs/operations.md).");
  }
  console.log("");
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
