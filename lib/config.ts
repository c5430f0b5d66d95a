import path from "node:path";
import { z } from "zod";

/**
 * Environment, parsed once. Every variable the store reads is listed here and in the README.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z.string().trim().optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  SITE_URL: z.string().url().optional(),
  SYSTEM_KEY: z.string().min(8).default("furnish-local-system-key"),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  ADMIN_KEY: z.string().min(16, "ADMIN_KEY must be at least 16 characters.").optional(),
  API_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(5),
});

export type DatabaseTarget =
  | { dialect: "sqlite"; file: string }
  | { dialect: "postgres"; url: string };

export type AppConfig = {
  nodeEnv: "development" | "production" | "test";
  port: number;
  siteUrl: string;
  systemKey: string;
  poolMax: number;
  /** Key of the catalog admin API; the admin API is off when unset. */
  adminKey: string | null;
  /** Seconds the server keeps public API reads in its response cache (scripts/server.ts); 0 = off. */
  apiCacheSeconds: number;
  database: DatabaseTarget;
};

export const DEFAULT_SQLITE_FILE = "data/store.db";

/** DATABASE_URL: unset → ./data/store.db; postgres:// → PostgreSQL; file: URL or path → SQLite there. */
export function parseDatabaseUrl(raw: string | undefined, cwd = process.cwd()): DatabaseTarget {
  const value = raw?.trim();
  if (!value) return { dialect: "sqlite", file: path.resolve(cwd, DEFAULT_SQLITE_FILE) };
  if (/^postgres(ql)?:\/\//i.test(value)) return { dialect: "postgres", url: value };
  if (/^file:/i.test(value)) {
    const rest = value.replace(/^file:(\/\/)?/i, "");
    // file:///abs/path keeps its leading slash; file:./rel and file:rel are relative to cwd.
    const file = value.startsWith("file:///") ? `/${rest.replace(/^\/+/, "")}` : rest;
    return { dialect: "sqlite", file: path.resolve(cwd, file) };
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
    throw new Error(`DATABASE_URL: unsupported scheme in "${value.split(":")[0]}:". Use postgres://, file: or a file path.`);
  }
  return { dialect: "sqlite", file: path.resolve(cwd, value) };
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
  cached = {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    siteUrl: (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    systemKey: env.SYSTEM_KEY,
    poolMax: env.DATABASE_POOL_MAX,
    adminKey: env.ADMIN_KEY ?? null,
    apiCacheSeconds: env.API_CACHE_SECONDS,
    database: parseDatabaseUrl(env.DATABASE_URL),
  };
  return cached;
}
