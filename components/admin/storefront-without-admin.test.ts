import { describe, expect, it } from "vitest";
import { buildGraph, isTest, projectSources, type Graph } from "@/lib/testing/import-graph";

/**
 * No back-office code reaches a storefront page (issue 24: "no admin JavaScript in any storefront
 * bundle"). Read from the import graph (lib/testing/import-graph.ts): from every file of the
 * storefront — the root layout and error pages, app/(store)/**, the share images and sitemaps,
 * and every component outside components/admin — following value imports (a type-only import
 * puts nothing in a bundle), no file of the back office may be reached: app/(admin)/** or
 * components/admin/**. The e2e journey e2e/admin-shell.spec.ts checks the built chunks too.
 */

const ADMIN = [/^app\/\(admin\)\//, /^components\/admin\//];
const isAdmin = (file: string) => ADMIN.some((re) => re.test(file));
/** Storefront sources: everything a shopper's page can load, i.e. app/ and components/ outside the back office and the API. */
const isStorefront = (file: string) => (file.startsWith("app/") || file.startsWith("components/")) && !isAdmin(file) && !file.startsWith("app/api/") && !isTest(file);

/** Each storefront file that reaches back-office code, with the chain of imports that does it. */
function adminReach(graph: Graph): string[] {
  const out: string[] = [];
  for (const entry of [...graph.files].filter(isStorefront).sort()) {
    const seen = new Map<string, string | null>([[entry, null]]);
    const queue = [entry];
    while (queue.length) {
      const file = queue.shift() as string;
      if (isAdmin(file)) {
        const chain = [file];
        for (let at = seen.get(file); at; at = seen.get(at)) chain.unshift(at);
        out.push(chain.join(" → "));
        break;
      }
      for (const edge of graph.edges.get(file) ?? []) {
        if (edge.typeOnly || !edge.to || seen.has(edge.to)) continue;
        seen.set(edge.to, file);
        queue.push(edge.to);
      }
    }
  }
  return out;
}

const sources = projectSources();

describe("the storefront holds no back-office code", () => {
  it("finds the storefront's entries and the back office's files", () => {
    const graph = buildGraph(sources);
    expect([...graph.files].filter(isStorefront)).toEqual(expect.arrayContaining(["app/layout.tsx", "app/(store)/layout.tsx", "app/(store)/page.tsx", "components/layout/Header.tsx"]));
    expect([...graph.files].filter(isAdmin)).toEqual(expect.arrayContaining(["app/(admin)/admin/(panel)/layout.tsx", "components/admin/AdminShell.tsx", "components/admin/SearchBox.tsx"]));
  });

  it("no storefront page, layout or component imports back-office code", () => {
    expect(adminReach(buildGraph(sources))).toEqual([]);
  });

  it("would notice a storefront page or component that imports an admin component, directly or through another file", () => {
    const bad = buildGraph(
      new Map([
        ...sources,
        ["app/(store)/about-us/page.tsx", `import { SearchBox } from "@/components/admin/SearchBox";\nexport default function P() { return SearchBox; }`],
        ["components/layout/Sneaky.tsx", `export { AdminShell } from "../admin/AdminShell";`],
        ["app/(store)/faqs/page.tsx", `import { AdminShell } from "@/components/layout/Sneaky";\nexport default function P() { return AdminShell; }`],
        ["app/layout.tsx", `import "./(admin)/admin/layout";\nexport default function L() { return null; }`],
      ]),
    );
    const found = adminReach(bad);
    expect(found).toContain("app/(store)/about-us/page.tsx → components/admin/SearchBox.tsx");
    expect(found).toContain("app/(store)/faqs/page.tsx → components/layout/Sneaky.tsx → components/admin/AdminShell.tsx");
    expect(found).toContain("components/layout/Sneaky.tsx → components/admin/AdminShell.tsx");
    expect(found).toContain("app/layout.tsx → app/(admin)/admin/layout.tsx");
  });

  it("does not count a type-only import (it puts nothing in a bundle)", () => {
    const typed = buildGraph(new Map([...sources, ["components/layout/Typed.tsx", `import type { Hit } from "@/components/admin/SearchBox";\nexport type H = Hit;`]]));
    expect(adminReach(typed)).toEqual([]);
  });
});
