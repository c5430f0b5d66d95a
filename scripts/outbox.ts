/**
 * npm run outbox [-- N] — prints the latest N (default 5) mails the store kept in its outbox
 * because no SMTP_URL was set: sign-in codes, reset links and notices, newest last. This is how
 * a shop run locally reads its mail; no web page shows the outbox.
 */
import { getConfig } from "../lib/platform/config";
import { openDatabase } from "../lib/platform/db/connection";

async function main(): Promise<number> {
  const arg = process.argv[2];
  if (arg !== undefined && !/^\d{1,3}$/.test(arg)) {
    console.error("Usage: npm run outbox [-- N]   (N: how many of the latest mails, default 5)");
    return 2;
  }
  const limit = Math.max(1, Number(arg ?? 5));
  const handle = await openDatabase(getConfig().database);
  try {
    const rows = await handle.db.selectFrom("mail_outbox").select(["to_address", "subject", "text_body", "created_at"]).orderBy("id", "desc").limit(limit).execute();
    if (rows.length === 0) {
      console.log("The outbox is empty.");
      return 0;
    }
    for (const row of rows.reverse()) {
      console.log(`──── ${row.created_at}\nTo: ${row.to_address}\nSubject: ${row.subject}\n\n${row.text_body}\n`);
    }
    return 0;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
