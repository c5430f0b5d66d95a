import "server-only";
import type { RedisClientType } from "@redis/client";
import { getConfig } from "./config";
import { closeProcessRedisClients, processRedisClient, waitForRedis } from "./redis-connection.mjs";

export { waitForRedis };

/**
 * The Redis shared by the store's instances (REDIS_URL): one client per process, connected on
 * first use, the same one Next's cache handler uses (lib/platform/redis-connection.mjs).
 * Without REDIS_URL nothing here connects anywhere and callers keep their single-process paths.
 */
export type RedisClient = RedisClientType;

export function redisConfigured(): boolean {
  return getConfig().redis !== null;
}

/** The process's client; throws when REDIS_URL is not set (check redisConfigured() first). */
export function getRedis(): RedisClient {
  const redis = getConfig().redis;
  if (!redis) throw new Error("REDIS_URL is not set.");
  return processRedisClient(redis.url);
}

/** Prefix of the store's own keys (REDIS_KEY_PREFIX), e.g. `${redisKeyPrefix()}:rl:` for rate limits. */
export function redisKeyPrefix(): string {
  return getConfig().redis?.keyPrefix ?? "furnish";
}

export type RedisHealth = "ok" | "not configured" | "down";

/**
 * For /api/health: "ok" when Redis answers PING within timeoutMs, "down" when it does not (or the
 * connection is being re-established), "not configured" without REDIS_URL. Never throws.
 */
export async function pingRedis(timeoutMs = 1000): Promise<RedisHealth> {
  if (!redisConfigured()) return "not configured";
  try {
    const client = getRedis();
    // A PING sent while disconnected would wait in the client's offline queue; the signal takes it
    // out of the queue when the time is up.
    const reply = await client.withAbortSignal(AbortSignal.timeout(timeoutMs)).ping();
    return reply === "PONG" ? "ok" : "down";
  } catch {
    return "down";
  }
}

/** Closes the process's Redis connection (graceful shutdown). */
export function closeRedis(): Promise<void> {
  return closeProcessRedisClients();
}
