import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { createClient } from "@redis/client";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { redisSkipReason, startTestRedis, type TestRedis } from "@/lib/testing/redis-server";

/**
 * Next's cache handler (next.config.ts cacheHandler) as two server instances would use it: each
 * "instance" is a worker thread with its own module state and Redis connection, driven the way
 * Next's IncrementalCache drives the handler (get/set/revalidateTag with Next's entry shapes).
 */

const handlerUrl = new URL("./next-cache-handler.mjs", import.meta.url).href;
const connectionUrl = new URL("./redis-connection.mjs", import.meta.url).href;
const instanceUrl = new URL("../testing/cache-handler-instance.mjs", import.meta.url);

type Instance = {
  call: <T = unknown>(op: "set" | "get" | "revalidateTag" | "close", ...args: unknown[]) => Promise<T>;
  stop: () => Promise<void>;
};

/** A build's output folder as the handler sees it (it reads BUILD_ID beside server/). */
function buildDir(buildId: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "furnish-cache-handler-"));
  fs.mkdirSync(path.join(dir, "server"));
  fs.writeFileSync(path.join(dir, "BUILD_ID"), buildId);
  return path.join(dir, "server");
}

async function startInstance(env: Record<string, string | undefined>, serverDistDir: string): Promise<Instance> {
  const childEnv: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, REDIS_URL: undefined, NEXT_PHASE: undefined, ...env })) if (v !== undefined) childEnv[k] = v;
  const worker = new Worker(instanceUrl, { workerData: { handlerUrl, connectionUrl, serverDistDir }, env: childEnv });
  let next = 1;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let ready!: () => void;
  const started = new Promise<void>((resolve) => (ready = resolve));
  worker.on("message", ({ id, result, error }: { id: number; result?: unknown; error?: string }) => {
    if (id === 0) return ready();
    const p = pending.get(id);
    pending.delete(id);
    if (error) p?.reject(new Error(error));
    else p?.resolve(result);
  });
  worker.on("error", (error) => {
    for (const p of pending.values()) p.reject(error);
  });
  await started;
  const call = <T,>(op: string, ...args: unknown[]) =>
    new Promise<T>((resolve, reject) => {
      const id = next++;
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ id, op, args });
    });
  return {
    call,
    stop: async () => {
      await call("close");
      await worker.terminate();
    },
  };
}

type Entry = { lastModified: number; tags: string[]; value: Record<string, unknown> & { kind: string } } | null;

/** What unstable_cache stores for a cached read (lib/platform/cache.ts). */
const read = (data: unknown) => ({ kind: "FETCH", data: { headers: {}, body: JSON.stringify(data), status: 200, url: "" }, revalidate: 3600 });
const readCtx = (tags: string[]) => ({ fetchCache: true, tags, revalidate: 3600, fetchIdx: 0, fetchUrl: "unstable_cache" });
const getRead = (tags: string[]) => ({ kind: "FETCH", revalidate: 3600, tags, softTags: [], fetchIdx: 0, fetchUrl: "unstable_cache" });

/** A rendered App Router page: tags in x-next-cache-tags, RSC payload and segments as Buffers. */
const page = (html: string, tags: string[]) => ({
  kind: "APP_PAGE",
  html,
  rscData: Buffer.from(`rsc:${html}`),
  headers: { "x-next-cache-tags": tags.join(",") },
  postponed: undefined,
  status: 200,
  segmentData: new Map([["/_tree", Buffer.from("tree")]]),
});
const pageCtx = { cacheControl: { revalidate: 3600, expire: 31536000 }, isRoutePPREnabled: false, isFallback: false };
const getPage = { kind: "APP_PAGE", softTags: ["_N_T_/layout", "_N_T_/products/[slug]/page", "_N_T_/products/chair"], isRoutePPREnabled: false, isFallback: false };

const PAGE_KEY = "/route-cache/APP_PAGE/0f/$/products/chair";
const READ_KEY = "a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90";

const skip = redisSkipReason();

describe.skipIf(skip)("cache handler with REDIS_URL: one cache for every instance", () => {
  let redis: TestRedis;
  let a: Instance;
  let b: Instance;
  const dist = buildDir("build-one");

  beforeAll(async () => {
    redis = await startTestRedis();
    [a, b] = await Promise.all([startInstance({ REDIS_URL: redis.url }, dist), startInstance({ REDIS_URL: redis.url }, dist)]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await redis?.stop();
  });

  it("serves on instance B a read and a page cached by instance A, Buffers and segments intact", async () => {
    await a.call("set", READ_KEY, read({ price: 4999 }), readCtx(["products", "product:chair"]));
    await a.call("set", PAGE_KEY, page("<p>Chair 4999</p>", ["products", "product:chair"]), pageCtx);

    const cachedRead = await b.call<Entry>("get", READ_KEY, getRead(["products", "product:chair"]));
    expect(cachedRead?.value).toMatchObject({ kind: "FETCH", data: { body: JSON.stringify({ price: 4999 }) } });

    const cachedPage = await b.call<Entry>("get", PAGE_KEY, getPage);
    expect(cachedPage?.value.html).toBe("<p>Chair 4999</p>");
    expect(Buffer.from(cachedPage?.value.rscData as Uint8Array).toString()).toBe("rsc:<p>Chair 4999</p>");
    expect(Buffer.from((cachedPage?.value.segmentData as Map<string, Uint8Array>).get("/_tree")!).toString()).toBe("tree");
  });

  it("revalidateTag on A removes the tagged entries for B, and only those", async () => {
    await a.call("set", "other-read", read(["sofa"]), readCtx(["products", "product:sofa"]));
    await a.call("revalidateTag", ["product:chair"], { expire: 0 });

    expect(await b.call("get", PAGE_KEY, getPage)).toBeNull();
    expect(await b.call("get", READ_KEY, getRead(["products", "product:chair"]))).toBeNull();
    expect(await b.call<Entry>("get", "other-read", getRead(["products", "product:sofa"]))).not.toBeNull();

    // B renders again and stores the new price; A sees it, and B's revalidation reaches A.
    await b.call("set", PAGE_KEY, page("<p>Chair 3999</p>", ["products", "product:chair"]), pageCtx);
    expect((await a.call<Entry>("get", PAGE_KEY, getPage))?.value.html).toBe("<p>Chair 3999</p>");
    await b.call("revalidateTag", "products", { expire: 0 });
    expect(await a.call("get", PAGE_KEY, getPage)).toBeNull();
    expect(await a.call("get", "other-read", getRead(["products", "product:sofa"]))).toBeNull();
  });

  it("a restarted instance serves what Redis holds, not an older copy", async () => {
    await a.call("set", PAGE_KEY, page("<p>Chair 2999</p>", ["product:chair"]), pageCtx);
    await b.stop();
    b = await startInstance({ REDIS_URL: redis.url }, dist);
    expect((await b.call<Entry>("get", PAGE_KEY, getPage))?.value.html).toBe("<p>Chair 2999</p>");
  });

  it("keeps each build's entries apart, and `next build` never writes to Redis", async () => {
    const nextBuild = await startInstance({ REDIS_URL: redis.url }, buildDir("build-two"));
    const building = await startInstance({ REDIS_URL: redis.url, NEXT_PHASE: "phase-production-build" }, buildDir("build-three"));
    try {
      // A page of build one names build one's JavaScript chunks: build two must render its own.
      expect(await nextBuild.call("get", PAGE_KEY, getPage)).toBeNull();
      await building.call("set", "/route-cache/APP_PAGE/0f/$/about", page("<p>from the build machine</p>", []), pageCtx);
      const client = createClient({ url: redis.url });
      await client.connect();
      try {
        expect(await client.keys("*build-three*")).toEqual([]);
        expect((await client.keys("furnish:next:build-one:*")).length).toBeGreaterThan(0);
      } finally {
        await client.close();
      }
    } finally {
      await Promise.all([nextBuild.stop(), building.stop()]);
    }
  });
});

describe("cache handler without REDIS_URL: this process's memory", () => {
  it("caches in the instance that rendered, revalidates by tag, and shares nothing", async () => {
    const dist = buildDir("build-memory");
    const [a, b] = await Promise.all([startInstance({}, dist), startInstance({}, dist)]);
    try {
      await a.call("set", PAGE_KEY, page("<p>Chair 4999</p>", ["product:chair"]), pageCtx);
      expect((await a.call<Entry>("get", PAGE_KEY, getPage))?.value.html).toBe("<p>Chair 4999</p>");
      expect(await b.call("get", PAGE_KEY, getPage)).toBeNull();
      await a.call("revalidateTag", ["product:chair"], { expire: 0 });
      expect(await a.call("get", PAGE_KEY, getPage)).toBeNull();
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });
});

describe("a request that read the database before a change and stored its page after it", () => {
  it("loses that page to the second revalidation of the tag, a few seconds later", async () => {
    vi.useFakeTimers();
    const saved = process.env.REDIS_URL;
    delete process.env.REDIS_URL;
    try {
      const { default: Handler, SECOND_PASS_MS } = await import("./next-cache-handler.mjs");
      const handler = new Handler({ dev: false, serverDistDir: buildDir("build-second-pass"), revalidatedTags: [], _requestHeaders: {} } as never);
      await handler.set(PAGE_KEY, page("<p>Chair 4999</p>", ["product:chair"]) as never, pageCtx as never);
      await handler.revalidateTag(["product:chair"]);
      expect(await handler.get(PAGE_KEY, getPage as never)).toBeNull();

      // The render that began before the price change finishes now and stores the old price.
      await handler.set(PAGE_KEY, page("<p>Chair 4999</p>", ["product:chair"]) as never, pageCtx as never);
      expect(await handler.get(PAGE_KEY, getPage as never)).not.toBeNull();

      await vi.advanceTimersByTimeAsync(SECOND_PASS_MS);
      expect(await handler.get(PAGE_KEY, getPage as never)).toBeNull();
    } finally {
      vi.useRealTimers();
      if (saved !== undefined) process.env.REDIS_URL = saved;
    }
  });
});
