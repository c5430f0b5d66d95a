import { describe, expect, it } from "vitest";
import { sourceHash } from "./build";

describe("the build fingerprint", () => {
  it("does not change with PORT (canonical URLs come from SITE_URL), and does with the settings pages carry", () => {
    const base = { NODE_ENV: "production" as const, SITE_URL: "https://shop.example.in", SYSTEM_KEY: "a-system-key-123" };
    const hash = sourceHash({ ...base, PORT: "3000" });
    expect(sourceHash({ ...base, PORT: "4321" })).toBe(hash);
    expect(sourceHash({ ...base })).toBe(hash);
    expect(sourceHash({ ...base, SITE_URL: "https://other.example.in" })).not.toBe(hash);
    expect(sourceHash({ ...base, SYSTEM_KEY: "another-key-4567" })).not.toBe(hash);
  });
});
