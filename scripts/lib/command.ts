import { getConfig } from "../../lib/platform/config";
import { openDatabase, type DbHandle } from "../../lib/platform/db/connection";

/**
 * The frame the database commands share (npm run db:seed, outbox, staff:create): their arguments'
 * usage and --help, the database opened and always closed, and the exit code.
 */

/**
 * Parsed arguments, or the exit code that ends the run: 2 after the parser's complaint and the
 * usage on stderr, 0 after the usage on stdout for --help.
 */
export function argsOrExit<A extends { help: boolean }>(parsed: A | string, usage: string): A | number {
  if (typeof parsed === "string") {
    console.error(`${parsed}\n${usage}`);
    return 2;
  }
  if (parsed.help) {
    console.log(usage);
    return 0;
  }
  return parsed;
}

/**
 * Runs `work` on a database and closes it afterwards, also when the work fails. By default the
 * database DATABASE_URL names, opened for this command alone; a command whose services use the
 * process-wide handle passes `getDb` (lib/platform/db).
 */
export async function withDatabase<T>(work: (handle: DbHandle) => Promise<T>, open: () => Promise<DbHandle> = () => openDatabase(getConfig().database)): Promise<T> {
  const handle = await open();
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

/**
 * Runs a command's main and exits with the code it answers; a failure prints its message (its
 * stack with `stack`) on stderr and exits 1.
 */
export function runCommand(main: () => Promise<number>, options: { stack?: boolean } = {}): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? (options.stack ? (error.stack ?? error.message) : error.message) : error);
      process.exit(1);
    },
  );
}
