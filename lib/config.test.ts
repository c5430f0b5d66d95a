import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseDatabaseUrl } from "./config";

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
