import net from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { redisSkipReason, startTestRedis, type TestRedis } from "@/lib/testing/redis-server";

/** lib/platform/redis.ts reads REDIS_URL through getConfig(), which is parsed once per module load. */
async function loadWith(url: string | undefined) {
  vi.resetModules();
  if (url === undefined) delete process.env.REDIS_URL;
  else process.env.REDIS_URL = url;
  return import("./redis");
}

/** A port nothing listens on: taken from the system, then released. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const saved = process.env.REDIS_URL;
afterAll(async () => {
  const { closeRedis } = await import("./redis");
  await closeRedis();
  if (saved === undefined) delete process.env.REDIS_URL;
  else process.env.REDIS_URL = saved;
});

describe("without REDIS_URL", () => {
  beforeEach(() => vi.resetModules());
  it("is not configured, and says so to the health check without connecting anywhere", async () => {
    const redis = await loadWith(undefined);
    expect(redis.redisConfigured()).toBe(false);
    expect(await redis.pingRedis()).toBe("not configured");
    expect(() => redis.getRedis()).toThrow(/REDIS_URL/);
  });
});

describe("pingRedis", () => {
  it("answers down within its time limit when nothing listens at REDIS_URL", async () => {
    const redis = await loadWith(`redis://127.0.0.1:${await closedPort()}`);
    expect(redis.redisConfigured()).toBe(true);
    expect(await redis.pingRedis(300)).toBe("down");
  });
});

const skip = redisSkipReason();

describe.skipIf(skip)("with a reachable Redis", () => {
  let server: TestRedis;
  beforeAll(async () => {
    server = await startTestRedis();
  });
  afterAll(async () => {
    await (await import("./redis")).closeRedis();
    await server?.stop();
  });

  it("answers ok, and hands out one client per process", async () => {
    const redis = await loadWith(server.url);
    expect(await redis.pingRedis()).toBe("ok");
    expect(redis.getRedis()).toBe(redis.getRedis());
    // A second copy of the module (Next's cache handler imports its own) finds the same client.
    const again = await loadWith(server.url);
    expect(again.getRedis()).toBe(redis.getRedis());
  });
});
