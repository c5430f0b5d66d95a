import { describe, expect, it } from "vitest";
import { guardRequest } from "./request-guard";

describe("requests the server answers before Next", () => {
  it.each(["/products/%zz", "/%zz", "/category/%zz", "/blog/%zz", "/products/%ED%A0%80", "/products/%C0%AF", "/%E0%80", "/sitemaps/sitemap/%zz.xml", "/api/v2/pages/%zz"])(
    "refuses the broken encoding of %s with 400",
    (url) => {
      expect(guardRequest("GET", url)?.status).toBe(400);
    },
  );

  it("lets well-formed paths through, whatever their query string holds", () => {
    for (const url of ["/", "/products/kohl-blackout-curtain", "/search?query=%zz", "/products/%E2%82%B9", "http://shop.example/products"]) {
      expect(guardRequest("GET", url), url).toBeNull();
    }
  });

  it("answers OPTIONS * with 204 and Allow, and any other use of * with 400", () => {
    expect(guardRequest("OPTIONS", "*")).toMatchObject({ status: 204, headers: { allow: expect.stringContaining("GET") } });
    expect(guardRequest("GET", "*")?.status).toBe(400);
  });

  it("answers TRACE, TRACK and CONNECT with 405 and Allow", () => {
    for (const method of ["TRACE", "TRACK", "CONNECT"]) {
      const refusal = guardRequest(method, "/api/v2/categories");
      expect(refusal?.status, method).toBe(405);
      expect(refusal?.headers?.allow).not.toContain(method);
    }
    expect(guardRequest("PROPFIND", "/api/v2/categories")).toBeNull();
  });
});
