import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { parseDatabaseUrl, parseS3Config, sandboxPaymentsEnabled } from "./config";

describe("DATABASE_URL", () => {
  const cwd = "/srv/store";
  it("defaults to ./data/store.db", () => {
    expect(parseDatabaseUrl(undefined, cwd)).toEqual({ dialect: "sqlite", file: path.join(cwd, "data/store.db") });
    expect(parseDatabaseUrl("  ", cwd)).toEqual({ dialect: "sqlite", file: path.join(cwd, "data/store.db") });
  });
  it("takes a file path or a file: URL as SQLite", () => {
    expect(parseDatabaseUrl("db/shop.db", cwd)).toEqual({ dialect: "sqlite", file: "/srv/store/db/shop.db" });
    expect(parseDatabaseUrl("file:./shop.db", cwd)).toEqual({ dialect: "sqlite", file: "/srv/store/shop.db" });
    expect(parseDatabaseUrl("file:///var/lib/shop.db", cwd)).toEqual({ dialect: "sqlite", file: "/var/lib/shop.db" });
  });
  it("takes postgres:// and postgresql:// as PostgreSQL", () => {
    expect(parseDatabaseUrl("postgres://u:p@h:5432/db", cwd)).toEqual({ dialect: "postgres", url: "postgres://u:p@h:5432/db" });
    expect(parseDatabaseUrl("postgresql://h/db", cwd).dialect).toBe("postgres");
  });
  it("refuses other schemes", () => {
    expect(() => parseDatabaseUrl("mysql://h/db", cwd)).toThrow(/unsupported scheme/);
  });
});

describe("sandboxPaymentsEnabled", () => {
  it("is on only where the demo is: the embedded default database of a shop not served over https", () => {
    expect(sandboxPaymentsEnabled(undefined, undefined, undefined)).toBe(true);
    expect(sandboxPaymentsEnabled(undefined, undefined, "http://localhost:3000")).toBe(true);
    expect(sandboxPaymentsEnabled(undefined, undefined, "https://kesarhome.in")).toBe(false);
    expect(sandboxPaymentsEnabled(undefined, undefined, " HTTPS://kesarhome.in")).toBe(false);
    // A shop on its own database (PostgreSQL, or a SQLite file it names) takes no free payments.
    expect(sandboxPaymentsEnabled(undefined, "postgres://shop@db/shop", "http://10.0.0.5")).toBe(false);
    expect(sandboxPaymentsEnabled(undefined, "/srv/shop/store.db", undefined)).toBe(false);
  });
  it("follows PAYMENTS_SANDBOX when set", () => {
    expect(sandboxPaymentsEnabled("1", "postgres://shop@db/shop", "https://kesarhome.in")).toBe(true);
    expect(sandboxPaymentsEnabled("0", undefined, "http://localhost:3000")).toBe(false);
  });
});

describe("S3_* settings", () => {
  it("mean the uploads folder while S3_BUCKET is unset", () => {
    expect(parseS3Config({ S3_REGION: "ap-south-1", S3_ACCESS_KEY_ID: "k", S3_SECRET_ACCESS_KEY: "s" })).toBeNull();
  });
  it("name a bucket, with AWS's defaults for what is left out", () => {
    expect(parseS3Config({ S3_BUCKET: "uploads" })).toEqual({ bucket: "uploads", region: "us-east-1", endpoint: null, credentials: null, forcePathStyle: false });
    expect(
      parseS3Config({ S3_BUCKET: "uploads", S3_ENDPOINT: "http://minio:9000/", S3_ACCESS_KEY_ID: "k", S3_SECRET_ACCESS_KEY: "s", S3_FORCE_PATH_STYLE: "1", S3_REGION: "auto" }),
    ).toEqual({ bucket: "uploads", region: "auto", endpoint: "http://minio:9000", credentials: { accessKeyId: "k", secretAccessKey: "s" }, forcePathStyle: true });
  });
  it("refuse one key without the other", () => {
    expect(() => parseS3Config({ S3_BUCKET: "uploads", S3_ACCESS_KEY_ID: "k" })).toThrow(/go together/);
  });
});

async function configWith(env: Record<string, string | undefined>) {
  const saved = { ...process.env };
  try {
    Object.assign(process.env, env);
    for (const [k, v] of Object.entries(env)) if (v === undefined) delete process.env[k];
    vi.resetModules();
    return (await import("./config")).getConfig();
  } finally {
    process.env = saved;
  }
}

describe("REDIS_URL", () => {
  it("is read when the server starts: unset or blank means no Redis", async () => {
    expect((await configWith({ REDIS_URL: undefined })).redis).toBeNull();
    expect((await configWith({ REDIS_URL: " " })).redis).toBeNull();
    expect((await configWith({ REDIS_URL: "redis://cache:6379/1", REDIS_KEY_PREFIX: undefined })).redis).toEqual({ url: "redis://cache:6379/1", keyPrefix: "furnish" });
    expect((await configWith({ REDIS_URL: "rediss://u:p@cache:6380", REDIS_KEY_PREFIX: "shop-2" })).redis).toEqual({ url: "rediss://u:p@cache:6380", keyPrefix: "shop-2" });
  });
  it("must be a redis:// or rediss:// URL", async () => {
    await expect(configWith({ REDIS_URL: "http://cache:6379" })).rejects.toThrow(/REDIS_URL must start with redis:\/\//);
  });
});

describe("SITE_URL", () => {
  it("defaults to http://localhost:3000 whatever PORT says, so canonical URLs and the build do not follow the port", async () => {
    expect((await configWith({ SITE_URL: undefined, PORT: "4321" })).siteUrl).toBe("http://localhost:3000");
    expect((await configWith({ SITE_URL: "https://shop.example.in/", PORT: "4321" })).siteUrl).toBe("https://shop.example.in");
  });
});

