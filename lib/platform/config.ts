import path from "node:path";
import { z } from "zod";

/**
 * The store's settings from the environment, parsed once. The configuration table of docs/operations.md lists
 * these and the variables read elsewhere: LOG_LEVEL (lib/platform/log.ts), HOST and NODE_OPTIONS
 * (scripts/start.sh, for Next's server), STORE_ROOT (storeRoot below), REDIS_URL and
 * REDIS_KEY_PREFIX again in lib/platform/redis-connection.mjs, and the variables of tests and scripts.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z.string().trim().optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  SITE_URL: z.string().url().optional(),
  SYSTEM_KEY: z.string().min(8).default("furnish-local-system-key"),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  AUTH_SECRET: z.string().min(32, "AUTH_SECRET must be at least 32 characters.").optional(),
  SMTP_URL: z.string().trim().regex(/^smtps?:\/\//i, "SMTP_URL must start with smtp:// or smtps://.").optional(),
  MAIL_FROM: z.string().trim().min(3).optional(),
  DEMO_DATA: z.enum(["0", "1"]).optional(),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  TRUSTED_PROXIES: z.coerce.number().int().min(0).max(5).default(0),
  SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  UPLOADS_DIR: z.string().trim().min(1).optional(),
  RAZORPAY_KEY_ID: z.string().trim().min(1).optional(),
  RAZORPAY_KEY_SECRET: z.string().trim().min(1).optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().trim().min(1).optional(),
  PAYMENTS_SANDBOX: z.enum(["0", "1"]).optional(),
  PAYMENTS_SANDBOX_KEY_SECRET: z.string().trim().min(16, "PAYMENTS_SANDBOX_KEY_SECRET must be at least 16 characters.").optional(),
  PAYMENTS_SANDBOX_WEBHOOK_SECRET: z.string().trim().min(16, "PAYMENTS_SANDBOX_WEBHOOK_SECRET must be at least 16 characters.").optional(),
  SHIPROCKET_EMAIL: z.string().trim().min(1).optional(),
  SHIPROCKET_PASSWORD: z.string().trim().min(1).optional(),
  SHIPROCKET_PICKUP_LOCATION: z.string().trim().min(1).optional(),
  SHIPROCKET_WEBHOOK_TOKEN: z.string().trim().min(16, "SHIPROCKET_WEBHOOK_TOKEN must be at least 16 characters.").optional(),
  SHIPPING_SANDBOX: z.enum(["0", "1"]).optional(),
  REDIS_URL: z.string().trim().regex(/^(rediss?:\/\/|$)/i, "REDIS_URL must start with redis:// or rediss://.").optional(),
  REDIS_KEY_PREFIX: z.string().trim().regex(/^[A-Za-z0-9_.-]*$/, "REDIS_KEY_PREFIX may hold letters, digits, _ . and - only.").optional(),
  S3_BUCKET: z.string().trim().optional(),
  S3_REGION: z.string().trim().optional(),
  S3_ENDPOINT: z.string().trim().regex(/^(https?:\/\/|$)/i, "S3_ENDPOINT must start with http:// or https://.").optional(),
  S3_ACCESS_KEY_ID: z.string().trim().optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().optional(),
  S3_FORCE_PATH_STYLE: z.enum(["0", "1"]).optional(),
});

export type DatabaseTarget =
  | { dialect: "sqlite"; file: string }
  | { dialect: "postgres"; url: string };

export type AppConfig = {
  nodeEnv: "development" | "production" | "test";
  /** The port this instance listens on (Next's server reads PORT itself). */
  port: number;
  /** Origin of canonical URLs, links in mail and redirects: SITE_URL, never the port or the request's Host. */
  siteUrl: string;
  systemKey: string;
  poolMax: number;
  /** Seconds the server keeps public API reads in its response cache (scripts/server.ts); 0 = off. */
  database: DatabaseTarget;
  /** Secret for session cookie signatures and code hashes; null = generated once and kept in the database. */
  authSecret: string | null;
  /** SMTP server for mail; null = mail goes to the outbox table and the server console. */
  smtpUrl: string | null;
  mailFrom: string | null;
  /** Load the demo catalog and demo customer into an empty database on npm start. */
  demoData: boolean;
  sessionDays: number;
  /** Proxies in front of the server whose X-Forwarded-For entries are trusted (0 = none). */
  trustedProxies: number;
  /** Seconds between two runs of an instance's background sweep (lib/platform/lifecycle.ts). */
  sweepIntervalSeconds: number;
  /** Folder for uploaded files (avatars) when no S3 bucket is configured. */
  uploadsDir: string;
  /**
   * Redis shared by every instance (REDIS_URL): Next's cache of pages and reads, rate-limit
   * counters. null = all of that stays in this process's memory or the database (one instance).
   */
  redis: { url: string; keyPrefix: string } | null;
  /** S3-compatible bucket for uploaded files (S3_BUCKET); null = the uploads folder. */
  s3: S3Config | null;
  /** Online payment providers (lib/orders/server/payments). */
  payments: PaymentsConfig;
  /** Shipping providers (lib/orders/server/shipping). */
  shipping: ShippingConfig;
};

export type ShippingConfig = {
  /** Shiprocket, when SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD (its API user) are set. */
  shiprocket: { email: string; password: string; pickupLocation: string; webhookToken: string | null } | null;
  /** Which Shiprocket variables are set (the back office says "set" or "missing", never a value). */
  shiprocketKeysSet: { SHIPROCKET_EMAIL: boolean; SHIPROCKET_PASSWORD: boolean; SHIPROCKET_PICKUP_LOCATION: boolean; SHIPROCKET_WEBHOOK_TOKEN: boolean };
  /** The offline sandbox courier (staff move its parcels by hand): as the payment sandbox unless SHIPPING_SANDBOX says. */
  sandboxEnabled: boolean;
};

export type S3Config = {
  bucket: string;
  /** AWS region, or any name an S3-compatible service accepts ("us-east-1" by default). */
  region: string;
  /** Endpoint of an S3-compatible service (MinIO, R2, ...); null = AWS S3 itself. */
  endpoint: string | null;
  /** Static credentials; null = the AWS SDK's default chain (environment, instance role, ...). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** Address buckets as endpoint/bucket/key instead of bucket.endpoint/key (MinIO needs it). */
  forcePathStyle: boolean;
};

/** S3_* variables: a bucket when S3_BUCKET is set, with both keys or neither. */
export function parseS3Config(env: {
  S3_BUCKET?: string;
  S3_REGION?: string;
  S3_ENDPOINT?: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_FORCE_PATH_STYLE?: "0" | "1";
}): S3Config | null {
  if (!env.S3_BUCKET) return null;
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new Error("Invalid environment: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or leave both unset for the AWS SDK's default credentials).");
  }
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION || "us-east-1",
    endpoint: env.S3_ENDPOINT ? env.S3_ENDPOINT.replace(/\/+$/, "") : null,
    credentials: env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } : null,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === "1",
  };
}

export type PaymentsConfig = {
  /** Razorpay, when RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET are all set. */
  razorpay: { keyId: string; keySecret: string; webhookSecret: string } | null;
  /** Which of Razorpay's three variables are set (the back office says "set" or "missing", never a value). */
  razorpayKeysSet: { RAZORPAY_KEY_ID: boolean; RAZORPAY_KEY_SECRET: boolean; RAZORPAY_WEBHOOK_SECRET: boolean };
  /** The built-in sandbox provider (free test payments). */
  sandboxEnabled: boolean;
  /** Sandbox secrets; null = derived from the auth secret (stable per install). */
  sandboxKeySecret: string | null;
  sandboxWebhookSecret: string | null;
};

export const DEFAULT_SQLITE_FILE = "data/store.db";

/**
 * SITE_URL when unset: the address `npm start` serves on by default. It does not follow PORT, so a
 * build is the same whatever port it will serve on; a store on another port or host sets SITE_URL.
 */
export const DEFAULT_SITE_URL = "http://localhost:3000";

/**
 * The folder relative paths in settings (DATABASE_URL, UPLOADS_DIR) are taken from: STORE_ROOT, or
 * the current folder. Next's standalone server changes into .next/standalone before it loads the
 * app, so npm start passes the project folder as STORE_ROOT (scripts/start.sh); a container runs
 * the server from its own folder and needs nothing.
 */
export function storeRoot(env: NodeJS.ProcessEnv = process.env): string {
  return env.STORE_ROOT?.trim() ? path.resolve(/*turbopackIgnore: true*/ env.STORE_ROOT.trim()) : /*turbopackIgnore: true*/ process.cwd();
}

/** DATABASE_URL: unset → ./data/store.db; postgres:// → PostgreSQL; file: URL or path → SQLite there. */
export function parseDatabaseUrl(raw: string | undefined, cwd = storeRoot()): DatabaseTarget {
  const value = raw?.trim();
  if (!value) return { dialect: "sqlite", file: path.resolve(/*turbopackIgnore: true*/ cwd, DEFAULT_SQLITE_FILE) };
  if (/^postgres(ql)?:\/\//i.test(value)) return { dialect: "postgres", url: value };
  if (/^file:/i.test(value)) {
    const rest = value.replace(/^file:(\/\/)?/i, "");
    // file:///abs/path keeps its leading slash; file:./rel and file:rel are relative to cwd.
    const file = value.startsWith("file:///") ? `/${rest.replace(/^\/+/, "")}` : rest;
    return { dialect: "sqlite", file: path.resolve(/*turbopackIgnore: true*/ cwd, file) };
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
    throw new Error(`DATABASE_URL: unsupported scheme in "${value.split(":")[0]}:". Use postgres://, file: or a file path.`);
  }
  return { dialect: "sqlite", file: path.resolve(/*turbopackIgnore: true*/ cwd, value) };
}

/**
 * The demo catalog and its demo customer (a published password) are loaded only into the embedded
 * default database of a shop not served over https (a real deployment), unless DEMO_DATA says
 * otherwise: DEMO_DATA=1 forces it, DEMO_DATA=0 never.
 */
export function demoDataEnabled(flag: "0" | "1" | undefined, databaseUrl: string | undefined, siteUrl?: string): boolean {
  if (flag) return flag === "1";
  return !databaseUrl?.trim() && !siteUrl?.trim().toLowerCase().startsWith("https://");
}

/**
 * The sandbox provider accepts payments that cost nothing, so it is on by default only where the
 * demo is (the embedded default database of a shop not served over https: someone trying the store
 * on their machine). A shop on its own database or served over https has it off unless
 * PAYMENTS_SANDBOX=1 (the tests and benchmarks set it); PAYMENTS_SANDBOX=0 turns it off anywhere.
 */
export function sandboxPaymentsEnabled(flag: "0" | "1" | undefined, databaseUrl: string | undefined, siteUrl?: string): boolean {
  if (flag) return flag === "1";
  return demoDataEnabled(undefined, databaseUrl, siteUrl);
}

let cached: AppConfig | undefined;

export function getConfig(): AppConfig {
  if (cached) return cached;
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${detail}`);
  }
  const env = parsed.data;
  const database = parseDatabaseUrl(env.DATABASE_URL);
  cached = {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    siteUrl: (env.SITE_URL ?? DEFAULT_SITE_URL).replace(/\/+$/, ""),
    systemKey: env.SYSTEM_KEY,
    poolMax: env.DATABASE_POOL_MAX,
    database,
    authSecret: env.AUTH_SECRET ?? null,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || null,
    demoData: demoDataEnabled(env.DEMO_DATA, env.DATABASE_URL, env.SITE_URL),
    sessionDays: env.SESSION_DAYS,
    trustedProxies: env.TRUSTED_PROXIES,
    sweepIntervalSeconds: env.SWEEP_INTERVAL_SECONDS,
    uploadsDir: path.resolve(/*turbopackIgnore: true*/ storeRoot(), env.UPLOADS_DIR ?? path.join("data", "uploads")),
    // Read from the environment of the running server (never inlined at build time), so one build
    // runs with or without Redis and S3. lib/platform/redis-connection.mjs reads the same variables.
    redis: env.REDIS_URL ? { url: env.REDIS_URL, keyPrefix: env.REDIS_KEY_PREFIX || "furnish" } : null,
    s3: parseS3Config(env),
    payments: {
      razorpay:
        env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET && env.RAZORPAY_WEBHOOK_SECRET
          ? { keyId: env.RAZORPAY_KEY_ID, keySecret: env.RAZORPAY_KEY_SECRET, webhookSecret: env.RAZORPAY_WEBHOOK_SECRET }
          : null,
      razorpayKeysSet: { RAZORPAY_KEY_ID: Boolean(env.RAZORPAY_KEY_ID), RAZORPAY_KEY_SECRET: Boolean(env.RAZORPAY_KEY_SECRET), RAZORPAY_WEBHOOK_SECRET: Boolean(env.RAZORPAY_WEBHOOK_SECRET) },
      sandboxEnabled: sandboxPaymentsEnabled(env.PAYMENTS_SANDBOX, env.DATABASE_URL, env.SITE_URL),
      sandboxKeySecret: env.PAYMENTS_SANDBOX_KEY_SECRET ?? null,
      sandboxWebhookSecret: env.PAYMENTS_SANDBOX_WEBHOOK_SECRET ?? null,
    },
    shipping: {
      shiprocket:
        env.SHIPROCKET_EMAIL && env.SHIPROCKET_PASSWORD
          ? { email: env.SHIPROCKET_EMAIL, password: env.SHIPROCKET_PASSWORD, pickupLocation: env.SHIPROCKET_PICKUP_LOCATION ?? "Primary", webhookToken: env.SHIPROCKET_WEBHOOK_TOKEN ?? null }
          : null,
      shiprocketKeysSet: {
        SHIPROCKET_EMAIL: Boolean(env.SHIPROCKET_EMAIL),
        SHIPROCKET_PASSWORD: Boolean(env.SHIPROCKET_PASSWORD),
        SHIPROCKET_PICKUP_LOCATION: Boolean(env.SHIPROCKET_PICKUP_LOCATION),
        SHIPROCKET_WEBHOOK_TOKEN: Boolean(env.SHIPROCKET_WEBHOOK_TOKEN),
      },
      sandboxEnabled: env.SHIPPING_SANDBOX ? env.SHIPPING_SANDBOX === "1" : sandboxPaymentsEnabled(env.PAYMENTS_SANDBOX, env.DATABASE_URL, env.SITE_URL),
    },
  };
  return cached;
}
