import "server-only";
import { sql } from "kysely";
import { getDb } from "./db";
import { schemaState } from "./db/migrate";

/** How long GET /api/health waits for the database (and Redis) before calling it down. */
export const HEALTH_TIMEOUT_MS = 2000;

export type Check = "ok" | "down";
export type Schema = "ok" | "missing" | "behind" | "unknown";

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error: unknown) => (clearTimeout(timer), reject(error)),
    );
  });
}

/**
 * Once this process has seen the database carry every migration of its code, it does not look
 * again: a probe every 10 s then costs one `select 1`. Until then (a fresh database, one a release
 * behind) every probe reads the migration table, so the instance turns healthy as soon as the
 * database is prepared.
 */
let schemaCurrent = false;

/** GET /api/health's database check: it answers, and carries every migration of this code. */
export async function checkDatabase(): Promise<{ database: Check; schema: Schema }> {
  try {
    const handle = await within(getDb(), HEALTH_TIMEOUT_MS);
    await within(sql`select 1`.execute(handle.db), HEALTH_TIMEOUT_MS);
    if (!schemaCurrent) {
      const { state } = await within(schemaState(handle), HEALTH_TIMEOUT_MS);
      if (state !== "current") return { database: "ok", schema: state };
      schemaCurrent = true;
    }
    return { database: "ok", schema: "ok" };
  } catch {
    return { database: "down", schema: "unknown" };
  }
}
