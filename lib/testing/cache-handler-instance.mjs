// One "server process" for lib/platform/next-cache-handler.test.ts: a worker thread has its own
// module graph and globalThis, so each worker holds its own CacheHandler configuration and its
// own Redis connection, as two instances of the store would. Answers {id, op, args} messages.
import { parentPort, workerData } from "node:worker_threads";

const { default: Handler } = await import(workerData.handlerUrl);
const { closeProcessRedisClients } = await import(workerData.connectionUrl);

// The context Next passes (next-server.js getIncrementalCache).
const handler = new Handler({
  dev: false,
  flushToDisk: false,
  serverDistDir: workerData.serverDistDir,
  revalidatedTags: [],
  maxMemoryCacheSize: 0,
  _requestHeaders: {},
});

/** Structured cloning turns Buffers into plain Uint8Arrays; Next hands the handler Buffers. */
function toBuffers(value) {
  if (!value || typeof value !== "object") return value;
  const out = { ...value };
  if (out.rscData instanceof Uint8Array) out.rscData = Buffer.from(out.rscData);
  if (out.body instanceof Uint8Array) out.body = Buffer.from(out.body);
  if (out.segmentData instanceof Map) out.segmentData = new Map([...out.segmentData].map(([k, v]) => [k, Buffer.from(v)]));
  return out;
}

parentPort.on("message", async ({ id, op, args }) => {
  try {
    let result;
    if (op === "set") result = await handler.set(args[0], toBuffers(args[1]), args[2]);
    else if (op === "get") result = await handler.get(args[0], args[1]);
    else if (op === "revalidateTag") result = await handler.revalidateTag(args[0], args[1]);
    else if (op === "close") result = await closeProcessRedisClients();
    else throw new Error(`Unknown op ${op}`);
    parentPort.postMessage({ id, result: result ?? null });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error?.stack || error) });
  }
});
parentPort.postMessage({ id: 0, result: "ready" });
