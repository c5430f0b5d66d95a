import { sql } from "kysely";
import { getDb } from "@/lib/platform/db";
import { schemaState } from "@/lib/platform/db/migrate";
import { isDraining } from "@/lib/platform/lifecycle";
import { pingRedis } from "@/lib/platform/redis";

export const dynamic = "force-dynamic";

const TIMEOUT_MS = 2000;

type Check = "ok" | "down";
type Schema = "ok" | "missing" | "behind" | "unknown";

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

async function database(): Promise<{ database: Check; schema: Schema }> {
  try {
    const handle = await within(getDb(), TIMEOUT_MS);
    await within(sql`select 1`.execute(handle.db), TIMEOUT_MS);
    if (!schemaCurrent) {
      const { state } = await within(schemaState(handle), TIMEOUT_MS);
      if (state !== "current") return { database: "ok", schema: state };
      schemaCurrent = true;
    }
    return { database: "ok", schema: "ok" };
  } catch {
    return { database: "down", schema: "unknown" };
  }
}

/**
 * GET /api/health: 200 when this instance can serve (its database answers and carries every
 * migration of this code, and Redis answers when REDIS_URL is set: without it pages and rate
 * limits would stop being shared), 503 when it cannot or when it is shutting down, so nginx,
 * Docker and orchestrators stop sending it work. A database that was never prepared (schema
 * "missing") or is a migration behind the code ("behind") would fail every page. Answers within
 * about two seconds, never cached, with no System-Key (a probe has none).
 */
export async function GET() {
  const [db, redis] = await Promise.all([database(), pingRedis(TIMEOUT_MS)]);
  const checks = { ...db, redis };
  const draining = isDraining();
  const ok = !draining && db.database === "ok" && db.schema === "ok" && redis !== "down";
  return Response.json(
    { status: ok ? "ok" : draining ? "draining" : "down", ...checks },
    { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
