import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, inject, it } from "vitest";
import { parseDatabaseUrl } from "../../../../lib/platform/config";
import { openDatabase } from "../../../../lib/platform/db/connection";
import { migrateToLatest } from "../../../../lib/platform/db/migrate";
import { createTestDatabase, type TestDatabase } from "../../../../lib/testing/databases";
import { freePort, ROOT, startServer, waitForServer } from "../../../../scripts/lib/build";

/** A raw GET (fetch would decode the body and normalize the path). */
function rawGet(base: string, path: string, headers: Record<string, string> = {}, method = "GET"): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string; bytes: number }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: body.toString("utf8"), bytes: body.length });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

const base = () => inject("baseUrl");

/**
 * One request written by hand on a socket, so the request target can be in absolute form
 * (`GET http://evil.example/products/ HTTP/1.1`), which no HTTP client here sends to a server.
 * Answers the status and the headers (names in lower case).
 */
function socketRequest(target: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<{ status: number; headers: Record<string, string> }> {
  const url = new URL(base());
  const headers = { Host: url.host, ...options.headers, Connection: "close", "Content-Length": "0" };
  const head = `${options.method ?? "GET"} ${target} HTTP/1.1\r\n${Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join("")}\r\n`;
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname, () => socket.write(head));
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("end", () => {
      const [statusLine = "", ...lines] = (Buffer.concat(chunks).toString("latin1").split("\r\n\r\n")[0] ?? "").split("\r\n");
      const fields = lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]);
      resolve({ status: Number(statusLine.split(" ")[1]), headers: Object.fromEntries(fields) });
    });
  });
}

describe("Next's own server, as npm start runs it", () => {
  it("compresses pages and API answers with gzip when the client takes it, and sends them plain otherwise", async () => {
    for (const path of ["/about-us", "/api/v2/business-settings"]) {
      const gzip = await rawGet(base(), path, { "Accept-Encoding": "gzip", "System-Key": inject("systemKey") });
      const plain = await rawGet(base(), path, { "Accept-Encoding": "identity", "System-Key": inject("systemKey") });
      expect([gzip.status, plain.status], path).toEqual([200, 200]);
      expect(gzip.headers["content-encoding"], path).toBe("gzip");
      expect(plain.headers["content-encoding"], path).toBeUndefined();
      expect(gzip.bytes).toBeLessThan(plain.bytes / 2);
    }
  });

  it("answers a path with broken percent-encoding with 400: JSON under /api/, a page elsewhere, never a 500", async () => {
    for (const path of ["/api/v2/products/%zz", "/api/v2/pages/%E0%80", "/api/health%C0%AF"]) {
      const res = await rawGet(base(), path, { "System-Key": inject("systemKey") });
      expect(res.status, path).toBe(400);
      expect(res.headers["content-type"], path).toMatch(/application\/json/);
      expect(JSON.parse(res.body), path).toEqual({ result: false, message: "The request path is not valid." });
      expect(res.headers["cache-control"]).toBe("no-store");
    }
    for (const path of ["/products/%zz", "/%E0%80", "/blog/%ED%A0%80"]) {
      const res = await rawGet(base(), path);
      expect(res.status, path).toBe(400);
      expect(res.headers["content-type"], path).toMatch(/text\/html/);
      expect(res.body).toContain("The request path is not valid.");
    }
    const post = await rawGet(base(), "/api/v2/carts/%zz", { "Content-Length": "0" }, "POST");
    expect(post.status).toBe(400);
  });

  it("answers the * request target (OPTIONS * with 204 and Allow, anything else 400) and TRACE with 405", async () => {
    const options = await rawGet(base(), "*", {}, "OPTIONS");
    expect(options.status).toBe(204);
    expect(options.headers.allow).toContain("GET");
    expect((await rawGet(base(), "*", {}, "GET")).status).toBe(400);
    expect((await rawGet(base(), "/", {}, "TRACE")).status).toBe(405);
  });

  it("reports its health without a System-Key, uncached", async () => {
    const res = await fetch(`${base()}/api/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ status: "ok", database: "ok", schema: "ok", redis: "not configured" });
  });
});

describe("health of an instance whose database is not prepared", () => {
  let server: ChildProcess | undefined;
  let database: TestDatabase | undefined;
  afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill("SIGTERM");
      await new Promise((resolve) => server?.once("exit", resolve));
    }
    await database?.drop();
  });

  it("answers 503 on a fresh database and on one a migration behind the code, 200 once it carries every migration", async () => {
    database = await createTestDatabase(inject("dialect"), "health");
    const port = await freePort();
    server = startServer(port, { ...process.env, DATABASE_URL: database.url, HOST: "127.0.0.1" }, { quiet: true });
    const url = `http://127.0.0.1:${port}`;
    await waitForServer(`${url}/api/v2/unknown-path`);
    const health = async () => {
      const res = await fetch(`${url}/api/health`);
      expect(res.headers.get("cache-control")).toBe("no-store");
      return { status: res.status, body: (await res.json()) as unknown };
    };

    expect(await health()).toEqual({ status: 503, body: { status: "down", database: "ok", schema: "missing", redis: "not configured" } });

    const handle = await openDatabase(database.target);
    try {
      await migrateToLatest(handle);
      // The code's latest migration, not applied to this database.
      const latest = await sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration order by name desc limit 1`.execute(handle.db);
      const row = latest.rows[0] as { name: string; timestamp: string };
      await sql`delete from kysely_migration where name = ${row.name}`.execute(handle.db);
      expect(await health()).toEqual({ status: 503, body: { status: "down", database: "ok", schema: "behind", redis: "not configured" } });

      await sql`insert into kysely_migration (name, timestamp) values (${row.name}, ${row.timestamp})`.execute(handle.db);
      expect(await health()).toEqual({ status: 200, body: { status: "ok", database: "ok", schema: "ok", redis: "not configured" } });
    } finally {
      await handle.close();
    }
  });
});

describe("redirects stay on the store, whatever host the request names", () => {
  const foreign: { name: string; target: (path: string) => string; headers: Record<string, string> }[] = [
    { name: "an absolute-form target", target: (path: string) => `http://evil.example${path}`, headers: {} },
    { name: "an https absolute-form target with a port", target: (path: string) => `https://evil.example:8443${path}`, headers: {} },
    { name: "a foreign Host header", target: (path: string) => path, headers: { Host: "evil.example" } },
    { name: "forwarded host headers", target: (path: string) => path, headers: { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https", Forwarded: "host=evil.example;proto=https" } },
  ];
  // A session cookie that matches no session gets past the middleware; the page then decides.
  const cookie = { Cookie: "kesar.session_token=not-a-session" };

  it.each(foreign)("answers $name with the store's own relative Locations", async ({ target, headers }) => {
    // Next's trailing-slash redirect.
    expect(await socketRequest(target("/products/"), { headers })).toMatchObject({ status: 308, headers: { location: "/products" } });
    expect(await socketRequest(target("/blog/some-post/?ref=wa"), { headers })).toMatchObject({ status: 308, headers: { location: "/blog/some-post?ref=wa" } });
    // The middleware sends guests from account pages to sign in.
    expect(await socketRequest(target("/dashboard"), { headers })).toMatchObject({ status: 307, headers: { location: "/login?redirect=%2Fdashboard" } });
    // A page's redirect().
    expect(await socketRequest(target("/checkout/pay"), { headers: { ...headers, ...cookie } })).toMatchObject({ status: 307, headers: { location: "/checkout" } });
    // The payment provider's return to the store (the same answer whether the order exists or not).
    const callback = await socketRequest(target("/api/v2/payments/callback?order=KH-NONE"), { method: "POST", headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" } });
    expect(callback).toMatchObject({ status: 303, headers: { location: "/payment-response?response=0&order=KH-NONE" } });
  });

  it("serves the page an absolute-form target names instead of redirecting to it", async () => {
    const page = await socketRequest("http://evil.example/products");
    expect(page.status).toBe(200);
    expect(page.headers.location).toBeUndefined();
    expect((await socketRequest("http://evil.example")).status).toBe(200);
  });
});

describe("the standalone output", () => {
  it("carries the compiled server and the cache handler, not the project's TypeScript sources", () => {
    // The server under test runs from this build (lib/testing/api-global-setup.ts builds it).
    const lib = path.join(ROOT, ".next", "standalone", "lib");
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else files.push(path.relative(lib, full));
      }
    };
    if (fs.existsSync(lib)) walk(lib);
    expect(files.sort()).toEqual(["platform/next-cache-handler.mjs", "platform/redis-connection.mjs"]);
  });
});

describe("shutdown on SIGTERM", () => {
  let server: ChildProcess | undefined;
  afterAll(() => {
    if (server && server.exitCode === null) server.kill("SIGKILL");
  });

  it("stops taking connections, finishes the request in flight (its write committed), then exits", async () => {
    const port = await freePort();
    server = startServer(port, { ...process.env, DATABASE_URL: inject("databaseUrl"), HOST: "127.0.0.1", PAYMENTS_SANDBOX: "1" }, { quiet: true });
    let output = "";
    server.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    server.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const url = `http://127.0.0.1:${port}`;
    await waitForServer(`${url}/api/health`);
    const exited = new Promise<number | null>((resolve) => server?.once("exit", (code) => resolve(code)));

    // A request whose body is still arriving when the signal comes; meanwhile a new connection is tried.
    const email = `shutdown-${Date.now().toString(36)}@example.com`;
    const body = JSON.stringify({ email });
    let newConnection: "answered" | "refused" | undefined;
    const inFlight = new Promise<number>((resolve, reject) => {
      const req = http.request(
        { host: "127.0.0.1", port, path: "/api/v2/subscriber-add", method: "POST", headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body), "System-Key": inject("systemKey"), "X-Requested-With": "XMLHttpRequest" } },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        },
      );
      req.on("error", reject);
      req.write(body.slice(0, 5));
      setTimeout(() => {
        server?.kill("SIGTERM");
        // The new connection is tried once the server says it is stopping: its SIGTERM handlers
        // (the store's drain and Next's, which closes the listener) run in one go, so from then on
        // a connection is refused, however slow the machine (a fixed wait once lost that race).
        const tryNew = () => {
          if (!output.includes("stopping: finishing the requests in flight")) return void setTimeout(tryNew, 20);
          // A new TCP connection (no agent): fetch would reuse the keep-alive socket left by
          // waitForServer, and a reused socket says nothing about the listener.
          const settle = (outcome: "answered" | "refused") => {
            if (newConnection) return;
            newConnection = outcome;
            req.end(body.slice(5));
          };
          const probe = http.get({ host: "127.0.0.1", port, path: "/api/health", agent: false, timeout: 3000 }, (res) => {
            res.resume();
            settle("answered");
          });
          probe.on("timeout", () => probe.destroy());
          probe.on("error", () => settle("refused"));
        };
        tryNew();
      }, 300);
    });

    const status = await inFlight;
    expect(newConnection).toBe("refused");
    expect(status, output).toBe(201);
    expect(await exited).not.toBeNull();
    // The instance drained (lib/platform/lifecycle.ts: the sweep stopped, the database closed only
    // on exit), and the request that was in flight did its work before the database closed.
    expect(output).toContain("stopping: finishing the requests in flight");
    const handle = await openDatabase(parseDatabaseUrl(inject("databaseUrl")));
    try {
      expect(await handle.db.selectFrom("newsletter_subscribers").select("email").where("email", "=", email).execute()).toEqual([{ email }]);
    } finally {
      await handle.close();
    }
  });
});
