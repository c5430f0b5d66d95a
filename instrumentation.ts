import type { Instrumentation } from "next";

/**
 * Runs once when a server process starts (Next.js instrumentation): the instance's background
 * work and shutdown hooks (lib/platform/lifecycle.ts). Not while `next build` prerenders.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { startInstance } = await import("./lib/platform/lifecycle");
  startInstance();
}

/** Every error Next.js catches while rendering or routing, as one JSON log line with the request id. */
export const onRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { requestLog } = await import("./lib/platform/log");
  requestLog(request.headers).error({ err: error, method: request.method, path: request.path, route: context.routePath, kind: context.routeType }, "request failed");
};
