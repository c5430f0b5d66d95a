import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { demoDataEnabled } from "../../lib/platform/config";
import { openDatabase } from "../../lib/platform/db/connection";
import { DEMO_CUSTOMER } from "../../lib/seed";
import { prepareDatabase } from "./prepare";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "furnish-prepare-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe("DEMO_DATA", () => {
  it("is on for the embedded default database only, unless set", () => {
    expect(demoDataEnabled(undefined, undefined)).toBe(true);
    expect(demoDataEnabled(undefined, "")).toBe(true);
    expect(demoDataEnabled(undefined, "postgres://shop@db/shop")).toBe(false);
    expect(demoDataEnabled(undefined, "/srv/shop.db")).toBe(false);
    expect(demoDataEnabled("0", undefined)).toBe(false);
    expect(demoDataEnabled("1", "postgres://shop@db/shop")).toBe(true);
    expect(demoDataEnabled(undefined, undefined, "https://kesarhome.in")).toBe(false);
    expect(demoDataEnabled(undefined, undefined, "http://localhost:3000")).toBe(true);
  });
});

describe("npm start's database step", () => {
  it("gives a real shop's database the essentials and no demo customer", async () => {
    const handle = await openDatabase({ dialect: "sqlite", file: path.join(tmp, "shop.db") });
    try {
      expect(await prepareDatabase(handle, { demoData: false, mediaDir: path.join(tmp, "media") })).toBe("essentials");
      const count = async (table: "users" | "accounts" | "products" | "states" | "business_settings") =>
        Number((await handle.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
      expect(await count("users")).toBe(0);
      expect(await count("accounts")).toBe(0);
      expect(await count("products")).toBe(0);
      expect(await count("states")).toBe(36);
      expect(await count("business_settings")).toBeGreaterThan(20);
      // Running it again changes nothing.
      expect(await prepareDatabase(handle, { demoData: false, mediaDir: path.join(tmp, "media") })).toBe("essentials");
      expect(await count("users")).toBe(0);
    } finally {
      await handle.close();
    }
  });

  it("loads the demo catalog and customer into an empty embedded database, once", async () => {
    const handle = await openDatabase({ dialect: "sqlite", file: path.join(tmp, "demo.db") });
    try {
      // Photos go where npm start puts them (public/media), so later runs reuse them.
      expect(await prepareDatabase(handle, { demoData: true })).toBe("demo");
      const user = await handle.db.selectFrom("users").select("email").executeTakeFirstOrThrow();
      expect(user.email).toBe(DEMO_CUSTOMER.email);
      // A second start leaves a catalog that is there as it is.
      expect(await prepareDatabase(handle, { demoData: true })).toBe("as-is");
    } finally {
      await handle.close();
    }
  }, 120_000);
});
