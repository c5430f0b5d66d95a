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
  it("is on for a shop not served over https, off for one that is (free payments must not reach a real shop)", () => {
    expect(sandboxPaymentsEnabled(undefined, undefined)).toBe(true);
    expect(sandboxPaymentsEnabled(undefined, "http://localhost:3000")).toBe(true);
    expect(sandboxPaymentsEnabled(undefined, "https://kesarhome.in")).toBe(false);
    expect(sandboxPaymentsEnabled(undefined, " HTTPS://kesarhome.in")).toBe(false);
  });
  it("follows PAYMENTS_SANDBOX when set", () => {
    expect(sandboxPaymentsEnabled("1", "https://kesarhome.in")).toBe(true);
    expect(sandboxPaymentsEnabled("0", "http://localhost:3000")).toBe(false);
  });
});
