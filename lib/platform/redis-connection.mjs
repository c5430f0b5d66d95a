// The process's one Redis connection (node-redis), shared by Next's cache handler
// (lib/platform/next-cache-handler.mjs, which Next loads by itself outside the app's bundle) and the
// app code (lib/platform/redis.ts: rate limits, health). Plain JavaScript because Next imports the
// cache handler as it is; the client is kept on globalThis so both copies of this module (the
// bundled one and the one Next imports) find the same connection.
import { createClient } from "@redis/client";

const SLOT = Symbol.for("furnish-store.redis-clients");

/** REDIS_URL of the environment, or null when unset or blank (the store then keeps everything in memory). */
export function redisUrlFromEnv(env = process.env) {
  const value = env.REDIS_URL?.trim();
  return value ? value : null;
}

/** Namespace of the store's keys in Redis (REDIS_KEY_PREFIX, "furnish" by default). */
export function redisKeyPrefixFromEnv(env = process.env) {
  const value = env.REDIS_KEY_PREFIX?.trim();
  return value ? value : "furnish";
}

/**
 * The client for url, created and connected on first use and reused by everything in the
 * process after that. While Redis cannot be reached the client keeps reconnecting in the
 * background (at most every 5 s); callers see `isReady` false meanwhile and fall back
 * (the cache handler renders without a cache, the rate limits use their memory insurance).
 */
export function processRedisClient(url) {
  /** @type {Map<string, import("@redis/client").RedisClientType>} */
  const clients = (globalThis[SLOT] ??= new Map());
  let client = clients.get(url);
  if (client) return client;
  client = createClient({
    url,
    socket: {
      connectTimeout: 2000,
      reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 5000),
    },
  });
  // One line when the connection goes and one when it is back, not one per reconnect attempt.
  let down = false;
  client.on("error", (error) => {
    if (down) return;
    down = true;
    console.error(JSON.stringify({ level: "error", msg: "Redis unreachable; retrying in the background", error: String(error?.message || error?.code || error) }));
  });
  client.on("ready", () => {
    if (!down) return;
    down = false;
    console.error(JSON.stringify({ level: "info", msg: "Redis reachable again" }));
  });
  clients.set(url, client);
  // connect() settles once connected; while Redis is down it waits (the client retries).
  client.connect().catch(() => {});
  return client;
}

/**
 * Resolves true once client is connected, or false after timeoutMs (Redis unreachable: the caller
 * goes on with its fallback while the client keeps retrying). Never rejects.
 */
export function waitForRedis(client, timeoutMs) {
  if (client.isReady) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      client.off("ready", onReady);
      resolve(false);
    }, timeoutMs);
    timer.unref?.();
    const onReady = () => {
      clearTimeout(timer);
      resolve(true);
    };
    client.once("ready", onReady);
  });
}

/** Closes every client this process opened (graceful shutdown; tests). */
export async function closeProcessRedisClients() {
  const clients = globalThis[SLOT];
  if (!clients) return;
  const all = [...clients.values()];
  clients.clear();
  await Promise.all(
    all.map(async (client) => {
      if (client.isReady) await client.close().catch(() => client.destroy());
      else if (client.isOpen) client.destroy();
    }),
  );
}
