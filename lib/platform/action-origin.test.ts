import { describe, expect, it } from "vitest";
import { crossSiteAction } from "./action-origin";

const action = (h: Record<string, string>) => new Headers({ "next-action": "40abc", ...h });

describe("crossSiteAction", () => {
  it("lets a server action from the store's own pages through, behind nginx too", () => {
    expect(crossSiteAction("POST", action({ origin: "https://shop.example", host: "shop.example" }))).toBe(false);
    expect(crossSiteAction("POST", action({ origin: "http://127.0.0.1:3100", host: "127.0.0.1:3100" }))).toBe(false);
    expect(crossSiteAction("POST", action({ origin: "https://shop.example", host: "127.0.0.1:3000", "x-forwarded-host": "shop.example" }))).toBe(false);
    expect(crossSiteAction("POST", action({ origin: "https://SHOP.example", host: "shop.example" }))).toBe(false);
  });
  it("refuses one from another site, an opaque origin, or an origin it cannot read", () => {
    expect(crossSiteAction("POST", action({ origin: "https://evil.example", host: "shop.example" }))).toBe(true);
    expect(crossSiteAction("POST", action({ origin: "https://shop.example.evil.example", host: "shop.example" }))).toBe(true);
    expect(crossSiteAction("POST", action({ origin: "null", host: "shop.example" }))).toBe(true);
    expect(crossSiteAction("POST", action({ origin: "not a url", host: "shop.example" }))).toBe(true);
  });
  it("leaves other requests alone: GETs, plain form posts, and actions without an Origin", () => {
    expect(crossSiteAction("GET", action({ origin: "https://evil.example", host: "shop.example" }))).toBe(false);
    expect(crossSiteAction("POST", new Headers({ origin: "https://evil.example", host: "shop.example" }))).toBe(false);
    expect(crossSiteAction("POST", action({ host: "shop.example" }))).toBe(false);
  });
});
