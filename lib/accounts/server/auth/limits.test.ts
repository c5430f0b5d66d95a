import { createClient } from "@redis/client";
import { RateLimiterRes } from "rate-limiter-flexible";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redisSkipReason, startTestRedis, type TestRedis } from "@/lib/testing/redis-server";
import { createLimiters, LIMIT_RULES, type Limiters } from "./limits";
import type { RedisClient } from "@/lib/platform/redis";

const skip = redisSkipReason();

describe.skipIf(skip)("rate limits in Redis (REDIS_URL set)", () => {
  let redis: TestRedis;
  const clients: RedisClient[] = [];
  /** Two instances of the store: each its own connection and its own limiters. */
  let a: Limiters;
  let b: Limiters;

  beforeAll(async () => {
    redis = await startTestRedis();
    for (let i = 0; i < 2; i++) {
      const client: RedisClient = createClient({ url: redis.url });
      await client.connect();
      clients.push(client);
    }
    a = createLimiters({ kind: "redis", client: clients[0]!, keyPrefix: "furnish" });
    b = createLimiters({ kind: "redis", client: clients[1]!, keyPrefix: "furnish" });
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await redis?.stop();
  });

  it("counts failed sign-ins on one account across instances: the sixth is refused on either", async () => {
    const { points } = LIMIT_RULES.signInFailuresPerAccount;
    const account = "digest-of-someone@example.com";
    for (let i = 0; i < points; i++) await (i % 2 ? b : a).signInFailuresPerAccount.consume(account);

    expect((await a.signInFailuresPerAccount.get(account))?.consumedPoints).toBe(points);
    const refusal = await b.signInFailuresPerAccount.consume(account).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(RateLimiterRes);
    expect((refusal as RateLimiterRes).msBeforeNext).toBeGreaterThan(0);

    // A successful sign-in on A clears the counter for B too; other accounts were never touched.
    await a.signInFailuresPerAccount.delete(account);
    expect(await b.signInFailuresPerAccount.get(account)).toBeNull();
    expect(await b.signInFailuresPerAccount.get("someone-else")).toBeNull();
  });

  it("keeps the counters in Redis under the store's prefix, one key per rule and digest", async () => {
    await a.codesPerIp.consume("203.0.113.9-digest");
    expect(await clients[0]!.keys("furnish:rl:codesPerIp:*")).toEqual(["furnish:rl:codesPerIp:203.0.113.9-digest"]);
  });
});
