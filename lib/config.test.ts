import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseDatabaseUrl, sandboxPaymentsEnabled } from "./config";

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
