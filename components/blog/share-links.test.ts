import { describe, expect, it } from "vitest";
import { shareLinks } from "./share-links";

describe("shareLinks", () => {
  const links = shareLinks("https://kesarhome.in/blog/towels-gsm-guide", "Towels & Weaves: A Guide");

  it("gives one link per network with an accessible label", () => {
    expect(links.map((l) => l.network)).toEqual(["facebook", "twitter", "linkedin", "whatsapp"]);
    for (const l of links) expect(l.label).toMatch(/^Share on /);
  });

  it("encodes the article URL and title into each share URL", () => {
    const param = (network: string, key: string) => {
      const link = links.find((l) => l.network === network);
      return link ? new URL(link.href).searchParams.get(key) : undefined;
    };
    expect(param("facebook", "u")).toBe("https://kesarhome.in/blog/towels-gsm-guide");
    expect(param("twitter", "url")).toBe("https://kesarhome.in/blog/towels-gsm-guide");
    expect(param("twitter", "text")).toBe("Towels & Weaves: A Guide");
    expect(param("linkedin", "url")).toBe("https://kesarhome.in/blog/towels-gsm-guide");
    expect(param("whatsapp", "text")).toBe("Towels & Weaves: A Guide https://kesarhome.in/blog/towels-gsm-guide");
  });

  it("only produces https links", () => {
    for (const l of links) expect(new URL(l.href).protocol).toBe("https:");
  });
});
