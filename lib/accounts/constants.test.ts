import { describe, expect, it } from "vitest";
import { isAccountPath } from "./constants";

describe("account routes", () => {
  it("covers the account pages and their sub-paths", () => {
    expect(isAccountPath("/dashboard")).toBe(true);
    expect(isAccountPath("/order-details/12")).toBe(true);
    expect(isAccountPath("/wishlists")).toBe(true);
  });
  it("leaves public pages alone", () => {
    expect(isAccountPath("/")).toBe(false);
    expect(isAccountPath("/products/dashboard-lamp")).toBe(false);
    expect(isAccountPath("/profiles")).toBe(false);
  });
});
