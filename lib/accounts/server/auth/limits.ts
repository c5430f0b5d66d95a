import "server-only";
import { createHash } from "node:crypto";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, RateLimiterRes, RateLimiterSQLite, type RateLimiterAbstract } from "rate-limiter-flexible";
import { getDb, type DbHandle } from "@/lib/platform/db";
import { ApiError } from "@/lib/platform/errors";
import { getRedis, redisConfigured, redisKeyPrefix, waitForRedis, type RedisClient } from "@/lib/platform/redis";

const MINUTE = 60;

/**
 * Rate limits of sign-in, codes, password reset and sign-up (docs/storefront.md "Rate limits").
 * better-auth's own limiter does not see calls made through auth.api, which is how the spec's
 * endpoints reach it, so these are the limits that hold. Per account (email) and per client
 * address; failures count where an attacker guesses, requests count where mail is sent.
 */
export const LIMIT_RULES = {
  /** Failed sign-ins (password or code) per account. */
  signInFailuresPerAccount: { points: 5, duration: 15 * MINUTE },
  signInFailuresPerIp: { points: 50, duration: 15 * MINUTE },
  /** Sign-in codes sent per email, and at most one a minute. */
  codesPerEmail: { points: 3, duration: 15 * MINUTE },
  codeGapPerEmail: { points: 1, duration: MINUTE },
  codesPerEmailPerDay: { points: 10, duration: 24 * 60 * MINUTE },
  codesPerIp: { points: 20, duration: 15 * MINUTE },
  /** Wrong codes per address (each code also ends after 5 wrong tries). */
  codeFailuresPerIp: { points: 30, duration: 15 * MINUTE },
  /** Reset links sent per email, and at most one a minute. */
  resetsPerEmail: { points: 3, duration: 15 * MINUTE },
  resetGapPerEmail: { points: 1, duration: MINUTE },
  resetsPerIp: { points: 20, duration: 15 * MINUTE },
  /** Wrong or spent reset tokens per address. */
  resetFailuresPerIp: { points: 20, duration: 15 * MINUTE },
  signUpsPerIp: { points: 10, duration: 60 * MINUTE },
  signUpsPerEmail: { points: 3, duration: 60 * MINUTE },
  /** Wrong current passwords or codes when changing the password, email or deleting the account. */
  reauthFailuresPerAccount: { points: 5, duration: 15 * MINUTE },
  /** Phone numbers tried on the profile (a taken one answers 409, so this bounds probing). */
  phoneChangesPerAccount: { points: 5, duration: 60 * MINUTE },
  /** Complaints filed on /grievances per address and per email (each mails a ticket). */
  grievancesPerIp: { points: 10, duration: 60 * MINUTE },
  grievancesPerEmail: { points: 5, duration: 60 * MINUTE },
} as const;

/**
 * Counts a public form's post toward its limits (429 once over): the grievance form, whose every
 * post mails the address it names.
 */
export async function countFormPost(form: "grievance", email: string, ip: string): Promise<void> {
  if (form === "grievance") await countAttempt([["grievancesPerIp", ip], ["grievancesPerEmail", email]]);
}

export type LimitRule = keyof typeof LIMIT_RULES;

const TOO_MANY = "Too many attempts. Please try again later.";

export type Limiters = Record<LimitRule, RateLimiterAbstract>;

/** Where the counters live: Redis when REDIS_URL is set, else the store's database. */
export type LimitStore = { kind: "redis"; client: RedisClient; keyPrefix: string } | { kind: "database"; raw: DbHandle["raw"] };

/**
 * One limiter per rule, in a store every instance of the app shares: Redis when configured (the
 * counters then cost the database nothing), else the rate_limits table of the store's database
 * (SQLite or PostgreSQL). A process-local memory limiter takes over when the store cannot be
 * reached (Redis disconnected, table unreachable), rather than letting every attempt through.
 */
export function createLimiters(store: LimitStore): Limiters {
  const out = {} as Limiters;
  for (const [name, rule] of Object.entries(LIMIT_RULES) as [LimitRule, (typeof LIMIT_RULES)[LimitRule]][]) {
    const insuranceLimiter = new RateLimiterMemory({ keyPrefix: name, points: rule.points, duration: rule.duration });
    if (store.kind === "redis") {
      out[name] = new RateLimiterRedis({
        storeClient: store.client,
        useRedisPackage: true,
        // Not connected: count in memory at once instead of waiting in the client's offline queue.
        rejectIfRedisNotReady: true,
        keyPrefix: `${store.keyPrefix}:rl:${name}`,
        points: rule.points,
        duration: rule.duration,
        insuranceLimiter,
      });
      continue;
    }
    const { raw } = store;
    const common = { keyPrefix: name, points: rule.points, duration: rule.duration, tableName: "rate_limits", tableCreated: true };
    out[name] =
      raw.dialect === "sqlite"
        ? new RateLimiterSQLite({ ...common, storeClient: raw.sqlite, storeType: "better-sqlite3", insuranceLimiter })
        : new RateLimiterPostgres({ ...common, storeClient: raw.pool, storeType: "pool", insuranceLimiter });
  }
  return out;
}

const globalForLimits = globalThis as typeof globalThis & { __storeLimiters?: Promise<Limiters> };

async function limiters(): Promise<Limiters> {
  globalForLimits.__storeLimiters ??= (async () => {
    if (!redisConfigured()) return createLimiters({ kind: "database", raw: (await getDb()).raw });
    const client = getRedis();
    // The first attempts after a start count in Redis, not in the memory insurance, unless Redis
    // does not answer within a second.
    await waitForRedis(client, 1000);
    return createLimiters({ kind: "redis", client, keyPrefix: redisKeyPrefix() });
  })();
  return globalForLimits.__storeLimiters;
}

/** Keys are digests: the table (or Redis) never holds an email or an address. */
const keyOf = (value: string) => createHash("sha256").update(value.trim().toLowerCase()).digest("base64url");

function tooMany(msBeforeNext: number): ApiError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new ApiError(429, TOO_MANY, undefined, { "Retry-After": String(seconds) });
}

/** Throws 429 (with Retry-After) when any of the given counters is already used up. */
export async function assertUnderLimit(checks: [LimitRule, string][]): Promise<void> {
  const all = await limiters();
  for (const [rule, value] of checks) {
    const res = await all[rule].get(keyOf(value));
    if (res && res.consumedPoints >= LIMIT_RULES[rule].points) throw tooMany(res.msBeforeNext);
  }
}

/**
 * Counts one event on each counter; throws 429 when one of them goes over. Every counter is
 * charged, so a refused request still counts against the address that sent it.
 */
export async function countAttempt(checks: [LimitRule, string][]): Promise<void> {
  const all = await limiters();
  let refusal: ApiError | null = null;
  for (const [rule, value] of checks) {
    try {
      await all[rule].consume(keyOf(value));
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      refusal ??= tooMany(error.msBeforeNext);
    }
  }
  if (refusal) throw refusal;
}

/**
 * Charges one attempt before a password is checked. Checking a password takes a while (scrypt),
 * so guesses sent all at once would otherwise all pass assertUnderLimit before the first failure
 * was counted, and a burst of any size would be tried. A success gives the points back
 * (refundAttempt) or clears the counter (clearLimit); a failure keeps them.
 */
export async function reserveAttempt(checks: [LimitRule, string][]): Promise<void> {
  await assertUnderLimit(checks);
  await countAttempt(checks);
}

/** Gives back the point reserveAttempt charged, when the attempt succeeded. */
export async function refundAttempt(rule: LimitRule, value: string): Promise<void> {
  await (await limiters())[rule].reward(keyOf(value), 1);
}

/** Forgets a counter (a successful sign-in clears its account's failures). */
export async function clearLimit(rule: LimitRule, value: string): Promise<void> {
  await (await limiters())[rule].delete(keyOf(value));
}
