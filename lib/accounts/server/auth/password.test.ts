import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./password";

describe("password hashing", () => {
  it("verifies the right password and refuses a wrong one", async () => {
    const stored = await hashPassword("Kesar@2026");
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await verifyPassword("Kesar@2026", stored)).toBe(true);
    expect(await verifyPassword("kesar@2026", stored)).toBe(false);
  });
  it("salts every hash and refuses malformed ones", async () => {
    expect(await hashPassword("same")).not.toBe(await hashPassword("same"));
    expect(await verifyPassword("x", "plain-text")).toBe(false);
    expect(await verifyPassword("x", null)).toBe(false);
  });
});
