import { describe, expect, it } from "vitest";
import { buildGraph, databaseImports, deepImports, DOMAINS, importCycles, projectSources, pureModules, serverOnlyReach } from "@/lib/testing/import-graph";

/**
 * The house rules of lib/, read from the import graph (lib/testing/import-graph.ts parses every
 * module of app/, components/ and lib/ with TypeScript's parser; nothing runs):
 *
 *  (a) no import cycle anywhere in lib/ (value imports; a type-only import runs nothing);
 *  (b) no page, component, route handler or middleware imports the database module
 *      (lib/platform/db) itself: data comes through a domain's index;
 *  (c) no import around a domain's public API: from outside lib/<domain>/, only its index.ts or a
 *      file outside its server/ folder; lib/platform and lib/api (shared by every domain) import
 *      no domain, except lib/platform/lifecycle.ts, which runs the domains' sweeps, and the table
 *      types' type-only imports of the status names (lib/platform/db/schema.ts); no import of a
 *      path that does not exist; no folder in lib/ that is not declared;
 *  (d) no pure module (a domain's top-level or client/ file, lib/api, lib/platform/client, a
 *      "use client" component) reaches `server-only`.
 *
 * Tests and the tools (lib/seed, lib/testing) may import anything. Each rule also runs on a bad
 * example, so a rule that stopped seeing anything would fail too.
 */
const sources = projectSources();
const graph = buildGraph(sources);

/** The project with some files changed or added, for the rules' bad examples. */
const withFiles = (files: Record<string, string>) => buildGraph(new Map([...sources, ...Object.entries(files)]));

describe("the import rules of lib/", () => {
  it("finds every domain with its index", () => {
    for (const domain of DOMAINS) expect(graph.files.has(`lib/${domain}/index.ts`), domain).toBe(true);
    expect(pureModules(graph)).toContain("lib/orders/status.ts");
    expect(pureModules(graph)).toContain("components/cart/AddToCart.tsx");
  });

  it("(a) has no import cycle", () => {
    expect(importCycles(graph)).toEqual([]);
  });

  it("(a) would notice the old order-state → order-mail → invoices → order-state cycle", () => {
    const invoices = sources.get("lib/orders/server/invoices/index.ts")!;
    const cycled = withFiles({ "lib/orders/server/invoices/index.ts": `import { ORDER_MESSAGES as OLD } from "../order-state";\nvoid OLD;\n${invoices}` });
    expect(importCycles(cycled)).toEqual([
      "import cycle: lib/orders/server/after-commit.ts → lib/orders/server/order-mail.ts → lib/orders/server/invoices/index.ts → lib/orders/server/order-state.ts → lib/orders/server/after-commit.ts",
    ]);
    // A type-only import runs nothing: no cycle.
    const typed = withFiles({ "lib/orders/server/invoices/index.ts": `import type { PaidOutcome } from "../order-state";\n${invoices}` });
    expect(importCycles(typed)).toEqual([]);
  });

  it("(b) keeps pages, components, handlers and the middleware off the database module", () => {
    expect(databaseImports(graph)).toEqual([]);
  });

  it("(b) would notice a page or a handler that opens the database", () => {
    const bad = withFiles({
      "app/(store)/bad/page.tsx": `import { getDb } from "@/lib/platform/db";\nexport default async function Page() { await getDb(); return null; }`,
      "app/api/v2/bad/route.ts": `import type { Database } from "@/lib/platform/db/schema";\nexport type T = Database;`,
    });
    expect(databaseImports(bad)).toEqual([
      `app/(store)/bad/page.tsx imports the database module (@/lib/platform/db); use a domain's index`,
      `app/api/v2/bad/route.ts imports the database module (@/lib/platform/db/schema); use a domain's index`,
    ]);
  });

  it("(c) has no deep import into another domain, and none of a path that does not exist", () => {
    expect(deepImports(graph)).toEqual([]);
  });

  it("(c) would notice a deep import, an old path, platform importing a domain and an undeclared folder", () => {
    const bad = withFiles({
      "components/bad/Bad.tsx": `import { placeOrder } from "@/lib/orders/server/checkout";\nimport { readCart } from "@/lib/server/cart";\nexport { placeOrder, readCart };`,
      "lib/cart/server/bad.ts": `import { releaseExpiredOrders } from "@/lib/orders/server/order-state";\nimport { DELIVERY } from "@/lib/orders/status";\nimport { placeOrder } from "@/lib/orders";\nexport { releaseExpiredOrders, DELIVERY, placeOrder };`,
      "lib/platform/bad.ts": `import { listCategories } from "@/lib/catalog";\nexport { listCategories };`,
      "lib/platform/db/schema.ts": `import type { DeliveryStatus } from "@/lib/orders/status";\nimport { DELIVERY } from "@/lib/orders/status";\nexport type S = DeliveryStatus;\nexport const D = DELIVERY;`,
      "lib/shipping/rates.ts": `export const RATE = 1;`,
    });
    expect(deepImports(bad)).toEqual([
      `components/bad/Bad.tsx reaches into lib/orders/server/checkout.ts; import it from "@/lib/orders"`,
      `components/bad/Bad.tsx imports @/lib/server/cart, which does not exist`,
      `lib/cart/server/bad.ts reaches into lib/orders/server/order-state.ts; import it from "@/lib/orders"`,
      `lib/platform/bad.ts (shared by every domain) imports the catalog domain (@/lib/catalog)`,
      // The table types may name a domain's statuses by type, never run its code.
      `lib/platform/db/schema.ts (shared by every domain) imports the orders domain (@/lib/orders/status)`,
      `lib/shipping/rates.ts is in lib/shipping/, which is not a declared domain (lib/testing/import-graph.ts DOMAINS)`,
    ]);
  });

  it("(d) keeps every pure module and client component off server-only", () => {
    expect(serverOnlyReach(graph)).toEqual([]);
  });

  it("(d) would notice a pure rule file that imports its domain's index", () => {
    const bad = withFiles({ "lib/cart/bad-rules.ts": `import { readCart } from "./index";\nexport const read = readCart;` });
    expect(serverOnlyReach(bad, ["lib/cart/bad-rules.ts"])).toEqual([
      expect.stringMatching(/^lib\/cart\/bad-rules\.ts reaches server-only: lib\/cart\/bad-rules\.ts > lib\/cart\/index\.ts$/),
    ]);
    expect(pureModules(bad)).toContain("lib/cart/bad-rules.ts");
  });
});
