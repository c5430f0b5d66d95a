/**
 * The store as several instances, on the native topology of
 * scripts/lib/topology.ts: two instances of the production build on one PostgreSQL and one Redis,
 * behind nginx with deploy/nginx's configuration.
 *
 * Runs as the Vitest project "topology" (npm run test:topology). Needs Debian's nginx and
 * redis-server: skipped with a notice where they are missing, failed in CI.
 */
import http from "node:http";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DbHandle } from "../lib/platform/db/connection";
import { allowOpenOrders } from "../scripts/lib/open-orders";
import { missingTools, startTopology, type Topology } from "../scripts/lib/topology";

const missing = missingTools();
if (missing && process.env.CI) throw new Error(`The two-instance topology test cannot run in CI: ${missing}.`);
if (missing) console.warn(`\nSKIPPED: the two-instance topology test needs ${missing}.\n`);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Answer = { status: number; headers: http.IncomingHttpHeaders; text: string; json: Record<string, unknown> };
type Call = { method?: string; body?: unknown; headers?: Record<string, string>; cookie?: string; token?: string; ip?: string; localAddress?: string };

/** Keep-alive agents per local address: traffic through nginx comes from 127.0.0.x, one address per customer. */
const agents = new Map<string, http.Agent>();
const agentFor = (localAddress = "127.0.0.1") => {
  let agent = agents.get(localAddress);
  if (!agent) agents.set(localAddress, (agent = new http.Agent({ keepAlive: true, localAddress })));
  return agent;
};

let topology: Topology;

/** One HTTP request; `ip` is sent as X-Forwarded-For (for calls straight to an instance). */
function request(base: string, path: string, call: Call = {}): Promise<Answer> {
  const url = new URL(path, base);
  const headers: Record<string, string> = { "System-Key": topology.systemKey, "X-Requested-With": "XMLHttpRequest", ...call.headers };
  if (call.cookie) headers.Cookie = call.cookie;
  if (call.token) headers.Authorization = `Bearer ${call.token}`;
  if (call.ip) headers["X-Forwarded-For"] = call.ip;
  const body = call.body === undefined ? undefined : JSON.stringify(call.body);
  if (body !== undefined) headers["Content-Type"] = "application/json";
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: call.method ?? (body === undefined ? "GET" : "POST"), headers, agent: agentFor(call.localAddress), timeout: 20_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("error", reject);
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        let json: Record<string, unknown> = {};
        try {
          json = JSON.parse(text) as Record<string, unknown>;
        } catch {
          /* a page */
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
      });
    });
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", reject);
    req.end(body);
  });
}

const api = (base: string, path: string, call: Call = {}) => request(base, `/api/v2${path}`, call);

/** Polls until the check passes or `deadline` (a time) has passed; the last try is after it. */
async function eventually(check: () => Promise<boolean>, deadline: number): Promise<boolean> {
  for (;;) {
    const late = Date.now() > deadline;
    if (await check()) return true;
    if (late) return false;
    await sleep(200);
  }
}

const cookieOf = (answer: Answer, name: string) =>
  (answer.headers["set-cookie"] ?? []).find((c) => c.startsWith(`${name}=`))?.split(";")[0];

let handle: DbHandle;
const db = () => handle.db;

const bases = () => {
  const [a, b] = topology.instances;
  if (!a || !b) throw new Error("two instances expected");
  return { a, b, A: a.url, B: b.url, N: topology.nginxUrl };
};

/** A new customer with a confirmed email, signed in on `base`: the session cookie and the token. */
async function newCustomer(base: string, ip: string) {
  const email = `topology-${randomBytes(5).toString("hex")}@example.com`;
  const password = `Topology-${randomBytes(6).toString("hex")}!`;
  const signup = await api(base, "/auth/signup", { body: { name: "Topology Customer", email_or_phone: email, password, password_confirmation: password, register_by: "email" }, ip });
  expect(signup.status, signup.text).toBe(200);
  // The welcome mail's link would confirm the email; here the row is marked directly.
  await db().updateTable("users").set({ email_verified: true }).where("email", "=", email).execute();
  const login = await api(base, "/auth/login", { body: { login_by: "email", email, password }, ip });
  expect(login.status, login.text).toBe(200);
  const cookie = cookieOf(login, "kesar.session_token");
  expect(cookie).toBeDefined();
  return { email, password, ip, cookie: cookie as string, token: String(login.json.access_token) };
}

describe.skipIf(Boolean(missing))("two instances on one PostgreSQL and one Redis, behind nginx", () => {
  beforeAll(async () => {
    topology = await startTopology({
      log: (line) => console.log(`[topology] ${line}`),
      // Before the instances start, since they cache settings: the buyers below place many orders
      // each (no cap on open orders), from products with stock enough for all of them.
      prepare: async ({ db }) => {
        await allowOpenOrders(db);
        await db.updateTable("products").set({ stock_quantity: 5000 }).where("published", "=", 1).where("availability", "=", "in_stock").execute();
      },
    });
    handle = await openDatabase({ dialect: "postgres", url: topology.databaseUrl });
  }, 900_000);

  afterAll(async () => {
    await handle?.close();
    await topology?.stop();
    for (const agent of agents.values()) agent.destroy();
  }, 120_000);

  const admin = (base: string, slug: string, body: unknown) => api(base, `/admin/products/${slug}`, { method: "PATCH", body, token: topology.adminToken });

  it("shows a product changed through instance A on its page and in search through B and through nginx within 5 s", async () => {
    const { A, B, N } = bases();
    // A featured product: its page was prerendered by the build, the hardest one to get fresh.
    const product = await db().selectFrom("products").select(["slug", "name"]).where("published", "=", 1).where("variant_count", "=", 0).where("is_featured", "=", 1).orderBy("id").executeTakeFirstOrThrow();
    const word = `Zephyrine${randomBytes(3).toString("hex").replace(/\d/g, "q")}`;
    const newName = `${product.name} ${word}`;
    const reads = [
      { what: "page", path: `/products/${product.slug}`, shows: (a: Answer) => a.status === 200 && a.text.includes(word) },
      { what: "search API", path: `/api/v2/products/search?name=${word.toLowerCase()}`, shows: (a: Answer) => a.status === 200 && JSON.stringify(a.json.data ?? []).includes(word) },
      { what: "search page", path: `/search?query=${word.toLowerCase()}`, shows: (a: Answer) => a.status === 200 && a.text.includes(word) },
    ];
    // Everything read (and so cached) before the change, on B and through nginx, twice.
    for (const base of [B, N]) {
      for (const read of reads) {
        for (let i = 0; i < 2; i++) {
          const before = await request(base, read.path);
          expect(before.status, `${read.what} on ${base}`).toBe(200);
          expect(read.shows(before)).toBe(false);
        }
      }
    }

    const changed = await admin(A, product.slug, { name: newName });
    expect(changed.status, changed.text).toBe(200);
    const deadline = Date.now() + 5000;
    const results = await Promise.all(
      [B, N].flatMap((base) => reads.map(async (read) => ({ where: `${read.what} through ${base === N ? "nginx" : "instance B"}`, ok: await eventually(async () => read.shows(await request(base, read.path)), deadline) }))),
    );
    expect(results.filter((r) => !r.ok).map((r) => r.where)).toEqual([]);
  });

  it("shows a blog post published through A on B and through nginx within 5 s, with its list", async () => {
    const { A, B, N } = bases();
    const word = `Monsoonia${randomBytes(3).toString("hex").replace(/\d/g, "q")}`;
    const made = await api(A, "/admin/content/blogs", { body: { title: `Linen for the rains ${word}`, author: "Topology", description: `<p>${word} in the breeze.</p>` }, token: topology.adminToken });
    expect(made.status, made.text).toBe(201);
    const post = made.json.blog as { id: number; slug: string };
    // The draft, read (and so cached) on B and through nginx, twice: not found.
    for (const base of [B, N]) {
      for (let i = 0; i < 2; i++) expect((await request(base, `/blog/${post.slug}`)).status, base).toBe(404);
      expect((await request(base, "/blogs")).text).not.toContain(word);
    }
    const published = await api(A, `/admin/content/blogs/${post.id}`, { method: "PATCH", body: { published: true }, token: topology.adminToken });
    expect(published.status, published.text).toBe(200);
    const deadline = Date.now() + 5000;
    const results = await Promise.all(
      [B, N].flatMap((base) =>
        [`/blog/${post.slug}`, "/blogs"].map(async (path) => ({ where: `${path} through ${base === N ? "nginx" : "instance B"}`, ok: await eventually(async () => {
          const answer = await request(base, path);
          return answer.status === 200 && answer.text.includes(word);
        }, deadline) })),
      ),
    );
    expect(results.filter((r) => !r.ok).map((r) => r.where)).toEqual([]);
  });

  it("keeps a customer signed in on A signed in on B, with the same cart", async () => {
    const { A, B } = bases();
    const customer = await newCustomer(A, "10.91.0.1");
    for (const auth of [{ cookie: customer.cookie }, { token: customer.token }]) {
      const session = await api(B, "/auth/session", auth);
      expect(session.status).toBe(200);
      expect((session.json.user as { email?: string } | null)?.email).toBe(customer.email);
    }

    const products = await db().selectFrom("products").select("id").where("published", "=", 1).where("variant_count", "=", 0).where("availability", "=", "in_stock").orderBy("id").limit(2).execute();
    for (const [i, p] of products.entries()) {
      const added = await api(A, "/carts/add", { body: { id: p.id, variant: "", quantity: i + 1 }, cookie: customer.cookie });
      expect(added.status, added.text).toBe(200);
    }
    const onA = await api(A, "/carts", { body: {}, cookie: customer.cookie });
    const onB = await api(B, "/carts", { body: {}, cookie: customer.cookie });
    expect(onA.status).toBe(200);
    expect(onB.json).toEqual(onA.json);
    expect(JSON.stringify(onB.json)).toContain(`"quantity":2`);

    // A guest's cart (guest_id cookie) too.
    const guest = `guest_${randomBytes(9).toString("base64url").replace(/[-_]/g, "x").slice(0, 9)}`;
    expect((await api(A, "/carts/add", { body: { id: products[0]?.id, variant: "", quantity: 3 }, cookie: `guest_id=${guest}` })).status).toBe(200);
    const guestOnA = await api(A, "/carts", { body: {}, cookie: `guest_id=${guest}` });
    const guestOnB = await api(B, "/carts", { body: {}, cookie: `guest_id=${guest}` });
    expect(guestOnB.json).toEqual(guestOnA.json);
    expect(JSON.stringify(guestOnB.json)).toContain(`"quantity":3`);
  });

  it("answers the 6th failed sign-in spread over both instances with 429", async () => {
    const { A, B } = bases();
    const customer = await newCustomer(B, "10.91.0.2");
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const base = i % 2 === 0 ? A : B;
      const res = await api(base, "/auth/login", { body: { login_by: "email", email: customer.email, password: `Wrong-Guess-${i}` }, ip: `10.91.1.${i + 1}` });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // Locked on both, even for the right password.
    for (const base of [A, B]) expect((await api(base, "/auth/login", { body: { login_by: "email", email: customer.email, password: customer.password }, ip: "10.91.1.9" })).status).toBe(429);
  });

  it("does not bring back old pages when an instance restarts", async () => {
    const { a, A, B, N } = bases();
    const product = await db().selectFrom("products").select(["slug", "name"]).where("published", "=", 1).where("variant_count", "=", 0).where("is_featured", "=", 1).orderBy("id", "desc").executeTakeFirstOrThrow();
    const word = `Restartia${randomBytes(3).toString("hex").replace(/\d/g, "r")}`;
    const page = `/products/${product.slug}`;
    expect((await request(A, page)).text).toContain(product.name);
    expect((await admin(B, product.slug, { name: `${product.name} ${word}` })).status).toBe(200);
    expect(await eventually(async () => (await request(A, page)).text.includes(word), Date.now() + 5000)).toBe(true);

    await a.kill("SIGTERM");
    await a.restart();
    // The first answer of the new process already has the change, and so has nginx.
    const first = await request(A, page);
    expect(first.status).toBe(200);
    expect(first.text).toContain(word);
    expect(await eventually(async () => (await request(N, page)).text.includes(word), Date.now() + 5000)).toBe(true);
  });

  it("loses no GET and no acknowledged order while A gets SIGTERM, then kill -9, during 30 s of traffic through nginx", async () => {
    const { a, B, N } = bases();
    const stocked = await db().selectFrom("products").select(["id", "slug"]).where("published", "=", 1).where("variant_count", "=", 0).where("availability", "=", "in_stock").orderBy("id").limit(6).execute();
    const india = await db().selectFrom("countries").select("id").where("name", "=", "India").executeTakeFirstOrThrow();
    const state = await db().selectFrom("states").select("id").where("name", "=", "Maharashtra").where("country_id", "=", india.id).executeTakeFirstOrThrow();
    const city = await db().selectFrom("cities").select("id").where("name", "=", "Pune").where("state_id", "=", state.id).executeTakeFirstOrThrow();

    // Customers, made on B; each then speaks to nginx from its own address 127.0.0.(20+i).
    const customers = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const c = await newCustomer(B, `10.92.0.${i + 1}`);
        const address = await api(B, "/user/shipping/create", { body: { address: `${i + 1} Topology Lane, Koregaon Park`, country: india.id, state: state.id, city: city.id, postal_code: "411001", phone: "9876543210" }, token: c.token, ip: c.ip });
        expect(address.status, address.text).toBe(201);
        return { ...c, localAddress: `127.0.0.${20 + i}`, addressId: Number((address.json.data as { id: number }).id) };
      }),
    );

    const gets = [
      "/",
      "/products",
      `/products/${stocked[0]?.slug}`,
      `/products/${stocked[1]?.slug}`,
      "/search?query=cushion",
      "/api/v2/products/search?name=cotton",
      "/api/v2/categories",
      `/api/v2/products/${stocked[2]?.slug}`,
      "/api/health",
    ];
    // What each GET answered before anything was killed: the same status is expected throughout.
    const expected = new Map<string, number>();
    for (const path of gets) expected.set(path, (await request(N, path)).status);
    expect([...expected.values()].every((s) => s < 500), JSON.stringify([...expected])).toBe(true);

    const failedGets: string[] = [];
    let getCount = 0;
    const acks: { key: string; code: string }[] = [];
    const refusals: string[] = [];
    let resends = 0;
    let stopping = false;

    const reader = async (n: number) => {
      const localAddress = `127.0.0.${50 + n}`;
      for (let i = n; !stopping; i++) {
        const path = gets[i % gets.length] as string;
        getCount++;
        try {
          const res = await request(N, path, { localAddress });
          if (res.status !== expected.get(path)) failedGets.push(`${path}: ${res.status} (expected ${expected.get(path)}) ${res.text.slice(0, 120)}`);
        } catch (error) {
          failedGets.push(`${path}: ${String(error)}`);
        }
      }
    };
    const buyer = async (c: (typeof customers)[number], n: number) => {
      for (let i = 0; !stopping; i++) {
        const call = { token: c.token, localAddress: c.localAddress };
        try {
          const product = stocked[(n + i) % stocked.length] as { id: number };
          const added = await api(N, "/carts/add", { ...call, body: { id: product.id, variant: "", quantity: 1 } });
          if (added.status !== 200) {
            await sleep(100);
            continue;
          }
        } catch {
          await sleep(100);
          continue;
        }
        const key = randomBytes(18).toString("base64url");
        const body = { address_id: c.addressId, shipping_method: "standard", payment_method: i % 4 === 0 ? "online" : "cod" };
        // The same Idempotency-Key until a definite answer: a placement cut by the kill is sent again.
        for (let attempt = 0; attempt < 50; attempt++) {
          if (attempt > 0) resends++;
          let res: Answer;
          try {
            res = await api(N, "/checkout/place", { ...call, body, headers: { "Idempotency-Key": key } });
          } catch {
            await sleep(100);
            continue;
          }
          if (res.status === 502 || res.status === 503 || res.status === 504) {
            await sleep(100);
            continue;
          }
          if (res.status === 200 || res.status === 201) acks.push({ key, code: String((res.json.order as { code: string }).code) });
          else refusals.push(`${res.status} ${res.text.slice(0, 120)}`);
          break;
        }
      }
    };

    const started = Date.now();
    const traffic = [...[0, 1, 2, 3].map((n) => reader(n)), ...customers.map((c, n) => buyer(c, n))];
    const at = (second: number) => sleep(Math.max(0, started + second * 1000 - Date.now()));
    const events: string[] = [];
    await at(4);
    await a.kill("SIGTERM");
    events.push(`SIGTERM: A ended at ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await at(8);
    await a.restart();
    events.push(`A up again at ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await at(16);
    await a.kill("SIGKILL");
    events.push(`kill -9 of A at ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await at(20);
    await a.restart();
    events.push(`A up again at ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await at(30);
    stopping = true;
    await Promise.all(traffic);

    const orders = await db().selectFrom("orders").select(["code", "idempotency_key"]).execute();
    const byKey = new Map(orders.map((o) => [o.idempotency_key, o.code]));
    const lost = acks.filter((ack) => byKey.get(ack.key) !== ack.code).map((ack) => `${ack.code} (key ${ack.key})`);
    console.log(
      `[topology] ${getCount} GETs through nginx, ${failedGets.length} failed; ${acks.length} orders acknowledged (${resends} resends), ${lost.length} lost; refusals: ${refusals.length}; ${events.join("; ")}`,
    );
    expect(failedGets).toEqual([]);
    expect(lost).toEqual([]);
    expect(refusals).toEqual([]);
    // The traffic was real: orders were placed all along.
    expect(acks.length).toBeGreaterThan(20);
    expect(getCount).toBeGreaterThan(100);
  });
});
