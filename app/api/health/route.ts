import { checkDatabase, HEALTH_TIMEOUT_MS } from "@/lib/platform/health";
import { isDraining } from "@/lib/platform/lifecycle";
import { pingRedis } from "@/lib/platform/redis";

export const dynamic = "force-dynamic";

/**
 * GET /api/health: 200 when this instance can serve (its database answers and carries every
 * migration of this code, and Redis answers when REDIS_URL is set: without it pages and rate
 * limits would stop being shared), 503 when it cannot or when it is shutting down, so nginx,
 * Docker and orchestrators stop sending it work. A database that was never prepared (schema
 * "missing") or is a migration behind the code ("behind") would fail every page. Answers within
 * about two seconds, never cached, with no System-Key (a probe has none).
 */
export async function GET() {
  const [db, redis] = await Promise.all([checkDatabase(), pingRedis(HEALTH_TIMEOUT_MS)]);
  const checks = { ...db, redis };
  const draining = isDraining();
  const ok = !draining && db.database === "ok" && db.schema === "ok" && redis !== "down";
  return Response.json(
    { status: ok ? "ok" : draining ? "draining" : "down", ...checks },
    { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
