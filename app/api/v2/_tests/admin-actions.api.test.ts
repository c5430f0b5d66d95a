import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { permissionsOf } from "@/lib/accounts/access";
import { CROSS_SITE_ACTION_MESSAGE } from "@/lib/platform/action-origin";
import { serverActions, ROOT, type ServerAction } from "@/lib/testing/server-actions";
import { clientAddresses, closeTestDb, testDb } from "./client";
import { roleVisitors, type Visitor } from "./staff-client";

/**
 * Every server action of the back office, called on the running server the way a forged request
 * would call it (its id from Next's server-reference manifest, arguments no form sends), with no
 * session, a customer's session, each role's back-office session, and the owner's session from
 * another site's page. A visitor the action's permission does not cover is refused with the
 * role's message and nothing changes; a role it covers gets an answer, never a 500; another site's
 * page gets 403 from the middleware. The permissions come from the actions' own first statement
 * (lib/testing/server-actions.ts, held by its unit test). On both databases.
 */

const nextIp = clientAddresses(24);

const visitors: Visitor[] = [];

type ManifestEntry = { filename?: string; exportedName?: string; workers: Record<string, unknown> };
type Target = ServerAction & { id: string; url: string };

/** "app/(admin)/admin/(panel)/stock/[slug]/page" → "/admin/stock/x": the page the action is posted to. */
function pageUrl(worker: string): string {
  const parts = worker.replace(/^app\//, "").replace(/\/page$/, "").split("/");
  return `/${parts.filter((p) => !/^\(.*\)$/.test(p)).map((p) => (/^\[.*\]$/.test(p) ? "x" : p)).join("/")}`;
}

function targets(): Target[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, ".next", "server", "server-reference-manifest.json"), "utf8")) as { node: Record<string, ManifestEntry> };
  const byName = new Map(serverActions().map((a) => [`${a.file}#${a.name}`, a]));
  const out: Target[] = [];
  for (const [id, entry] of Object.entries(manifest.node)) {
    const action = byName.get(`${entry.filename}#${entry.exportedName}`);
    expect(action, `${entry.filename}#${entry.exportedName} is in the build but not among the actions read from the source`).toBeDefined();
    const worker = Object.keys(entry.workers).sort((a, b) => a.length - b.length)[0] as string;
    out.push({ ...(action as ServerAction), id, url: pageUrl(worker) });
  }
  return out;
}

async function call(t: Target, cookie: string | null, origin: string = inject("baseUrl")) {
  const headers = new Headers({
    "Next-Action": t.id,
    "Content-Type": "text/plain;charset=UTF-8",
    Accept: "text/x-component",
    Origin: origin,
    "X-Forwarded-For": nextIp(),
  });
  if (cookie) headers.set("Cookie", cookie);
  const res = await fetch(`${inject("baseUrl")}${t.url}`, { method: "POST", headers, body: JSON.stringify([null, null, null]), redirect: "manual" });
  return { status: res.status, location: res.headers.get("location"), text: await res.text() };
}

/** What a refused call must leave as it was: the rows staff changes write, and the stock. */
async function snapshot() {
  const { db } = await testDb();
  const count = async (table: "audit_log" | "stock_movements" | "products" | "product_photos" | "product_variants" | "inbox_notes" | "inbox_replies" | "api_tokens" | "users" | "outbox_events" | "order_events") =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  const tables = ["audit_log", "stock_movements", "products", "product_photos", "product_variants", "inbox_notes", "inbox_replies", "api_tokens", "users", "outbox_events", "order_events"] as const;
  const counts = Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await count(t)] as const)));
  const stock = await db.selectFrom("products").select((eb) => eb.fn.sum<number>("stock_quantity").as("s")).executeTakeFirstOrThrow();
  const settings = await db.selectFrom("staff_settings").select(["key", "value"]).orderBy("key").execute();
  return { counts, stock: Number(stock.s), settings };
}

let all: Target[] = [];

beforeAll(async () => {
  all = targets();
  visitors.push(...(await roleVisitors("actions", nextIp)));
}, 300_000);

afterAll(async () => {
  await closeTestDb();
});

describe("the back office's server actions, by role", () => {
  it("are all in the build, each with the permission it asks first", () => {
    expect(all.length).toBeGreaterThan(10);
    for (const t of all) expect(t.permission !== null || t.staffLookup, `${t.file}#${t.name}`).toBe(true);
  });

  it("refuse every visitor their permission does not cover, changing nothing; answer the others without a 500", async () => {
    for (const t of all) {
      for (const v of visitors) {
        const allowed = t.permission !== null && (permissionsOf(v.roles) as string[]).includes(t.permission);
        const before = allowed ? null : await snapshot();
        const res = await call(t, v.cookie);
        const who = `${t.name} (${t.permission ?? "staff lookup"}) as ${v.label}`;
        expect(res.status, `${who}: ${res.text.slice(0, 300)}`).toBeLessThan(500);
        if (v.cookie === null) {
          // The middleware sends a visitor without a session to the sign-in before any action runs.
          expect(res.status, who).toBe(307);
          expect(res.location, who).toContain("/admin/login");
        } else if (t.staffLookup) {
          // A lookup answers a non-staff visitor with nothing at all.
          if (v.roles.length === 0) expect(res.text, who).toMatch(/^\d+:\[\]$/m);
        } else if (!allowed) {
          expect(res.text, who).toContain(v.roles.length === 0 ? "Your back-office session has ended" : `Your role does not allow this (it needs ${t.permission}`);
        }
        if (before) expect(await snapshot(), `${who} changed something`).toEqual(before);
      }
    }
  }, 600_000);

  it("refuse the owner's own session when the call comes from another site's page: 403 from the middleware, nothing changed", async () => {
    const owner = visitors.find((v) => v.roles.includes("owner")) as Visitor;
    const before = await snapshot();
    for (const t of all) {
      const res = await call(t, owner.cookie, "https://evil.example");
      expect(res.status, t.name).toBe(403);
      expect(res.text).toBe(CROSS_SITE_ACTION_MESSAGE);
    }
    expect(await snapshot()).toEqual(before);
  });
});
