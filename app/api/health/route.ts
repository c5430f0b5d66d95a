import { sql } from "kysely";
import { getDb } from "@/lib/db";
import { isDraining } from "@/lib/server/lifecycle";
import { pingRedis } from "@/lib/server/redis";

export const dynamic = "force-dynamic";

const TIMEOUT_MS = 2000;

type Check = "ok" | "down";

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error: unknown) => (clearTimeout(timer), reject(error)),
    );
  });
}

async function database(): Promise<Check> {
  try {
    const { db } = await within(getDb(), TIMEOUT_MS);
    await within(sql`select 1`.execute(db), TIMEOUT_MS);
    return "ok";
  } catch {
    return "down";
  }
}

/**
 * GET /api/health: 200 when this instance can serve (its database answers, and Redis when
 * REDIS_URL is set: without it pages and rate limits would stop being shared), 503 when it cannot or
 * when it is shutting down, so nginx, Docker and orchestrators stop sending it work. Answers
 * within about two seconds, never cached, with no System-Key (a probe has none).
 */
export async function GET() {
  const [db, redis] = await Promise.all([database(), pingRedis(TIMEOUT_MS)]);
  const checks = { database: db, redis };
  const draining = isDraining();
  const ok = !draining && db === "ok" && redis !== "down";
  return Response.json(
    { status: ok ? "ok" : draining ? "draining" : "down", ...checks },
    { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
