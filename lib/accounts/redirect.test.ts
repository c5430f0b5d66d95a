import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./redirect";

describe("safeRedirectPath", () => {
  it("keeps paths on this site, with their query", () => {
    expect(safeRedirectPath("/dashboard")).toBe("/dashboard");
    expect(safeRedirectPath("/order-details/12?tab=items")).toBe("/order-details/12?tab=items");
    expect(safeRedirectPath("/products/kohl%20curtain")).toBe("/products/kohl%20curtain");
  });
  it.each([
    "https://evil.example/",
    "http:/evil.example",
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/%2F%2Fevil.example",
    "%2F%2Fevil.example",
    "/%252F%252Fevil.example",
    "/%5Cevil.example",
    "javascript:alert(1)",
    "/\tjavascript:alert(1)",
    "/%0D%0ALocation:%20https://evil.example",
    "dashboard",
    " /dashboard",
    "",
    "/%zz",
    "/.//evil.example",
    "/..//evil.example",
    "/%2e%2e//evil.example",
    "/%2E//evil.example",
    "/a/../..//evil.example",
  ])("refuses %j", (raw) => {
    expect(safeRedirectPath(raw)).toBe("/");
  });
  it("never leads back to a sign-in screen, and uses the fallback", () => {
    expect(safeRedirectPath("/login?redirect=/x", "/dashboard")).toBe("/dashboard");
    expect(safeRedirectPath(null, "/dashboard")).toBe("/dashboard");
  });
});
