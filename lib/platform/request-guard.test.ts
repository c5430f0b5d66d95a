import { describe, expect, it } from "vitest";
import { forwardedFor, guardRequest, originForm, REFUSED_ROUTE, refusedTarget } from "./request-guard";

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

describe("an absolute-form request target", () => {
  it("is cut to its path and query, so no host from the request reaches Next", () => {
    expect(originForm("http://evil.example/products/")).toBe("/products/");
    expect(originForm("HTTPS://evil.example:8443/search?query=a%20b")).toBe("/search?query=a%20b");
    expect(originForm("http://evil.example?page=2")).toBe("/?page=2");
    expect(originForm("http://evil.example")).toBe("/");
    expect(originForm("http://user@evil.example/a/../b/%zz")).toBe("/a/../b/%zz");
  });

  it("leaves every other target as it came", () => {
    for (const url of ["/products/", "//evil.example/x", "*", "evil.example:443", "ftp://evil.example/x"]) expect(originForm(url), url).toBe(url);
  });
});

describe("the peer's address in X-Forwarded-For", () => {
  it("is all a direct client gets counted under, whatever it wrote", () => {
    expect(forwardedFor("1.2.3.4", "203.0.113.9", 0)).toBe("203.0.113.9");
    expect(forwardedFor(undefined, "203.0.113.9", 1)).toBe("203.0.113.9");
  });

  it("ends what a trusted proxy passed on", () => {
    expect(forwardedFor("198.51.100.7", "10.0.0.2", 1)).toBe("198.51.100.7, 10.0.0.2");
    expect(forwardedFor(["a", "b"], "10.0.0.2", 2)).toBe("a, b, 10.0.0.2");
  });
});

describe("where a refused request is sent", () => {
  it("keeps the status, the message and whether the API was asked", () => {
    const target = new URL(refusedTarget({ status: 400, message: "The request path is not valid." }, "/api/v2/pages/%zz"), "http://x");
    expect(target.pathname).toBe(REFUSED_ROUTE);
    expect(Object.fromEntries(target.searchParams)).toEqual({ status: "400", api: "1", message: "The request path is not valid." });
    expect(new URL(refusedTarget({ status: 400, message: "m" }, "/%zz"), "http://x").searchParams.get("api")).toBe("0");
  });
});
