import { createHash, timingSafeEqual } from "node:crypto";
import { unstable_rethrow } from "next/navigation";
import type { NextRequest } from "next/server";
import { z, ZodError } from "zod";
import type { ApiErrorBody, ApiMeta } from "@/lib/api/types";
import { getConfig } from "@/lib/platform/config";
import { ApiError } from "@/lib/platform/errors";
import { applyCachePolicy, jsonResponse, NO_STORE, type CacheKind } from "@/lib/platform/cache-policy";
import { requestLog } from "@/lib/platform/log";

/** Bodies larger than this are refused with 413 before they are parsed. */
export const MAX_BODY_BYTES = 1024 * 1024;

const digest = (value: string) => createHash("sha256").update(value).digest();

function hasSystemKey(request: Request): boolean {
  const sent = request.headers.get("system-key");
  if (!sent) return false;
  return timingSafeEqual(digest(sent), digest(getConfig().systemKey));
}

/** An error answer: never stored by any cache, whatever headers the error adds (Retry-After, ...). */
export function errorResponse(status: number, message: string, errors?: Record<string, string[]>, headers?: Record<string, string>): Response {
  const body: ApiErrorBody = errors ? { result: false, message, errors } : { result: false, message };
  return Response.json(body, { status, headers: { ...headers, "Cache-Control": NO_STORE } });
}

export function zodErrors(error: ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : "_";
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

export function validationFailed(error: ZodError): ApiError {
  const errors = zodErrors(error);
  const first = Object.values(errors)[0]?.[0];
  return new ApiError(422, first ?? "The given data was invalid.", errors);
}

/** `{ data, success, status }` */
export const list = <T>(data: T, status = 200) => jsonResponse({ data, success: true, status }, { status });

/** `{ data, meta, success, status }` */
export const paginated = <T>(data: T[], meta: ApiMeta, extra: Record<string, unknown> = {}) =>
  jsonResponse({ ...extra, data, meta, success: true, status: 200 });

/** `{ result, message }` */
export const action = (result: boolean, message: string, status = 200, extra: Record<string, unknown> = {}) =>
  Response.json({ result, message, ...extra }, { status });

/** Parses a value with a schema; failures become 422 with per-field errors. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationFailed(result.error);
  return result.data;
}

/** Reads a body of at most `max` bytes: 413 with `tooLarge` when it is larger. */
export async function readBytes(request: Request, max: number, tooLarge: string): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > max) throw new ApiError(413, tooLarge);
  const chunks: Uint8Array[] = [];
  if (request.body) {
    const reader = request.body.getReader();
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > max) {
        await reader.cancel();
        throw new ApiError(413, tooLarge);
      }
      chunks.push(value);
    }
  }
  return Buffer.concat(chunks);
}

/** Reads a JSON body of at most 1 MB: 413 when larger, 400 when it is not JSON, 422 when it does not fit the schema. */
export async function readJson<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  const text = new TextDecoder().decode(await readBytes(request, MAX_BODY_BYTES, "Request body is larger than 1 MB."));
  let body: unknown;
  try {
    body = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw new ApiError(400, "Request body is not valid JSON.");
  }
  return parse(schema, body);
}

type Context<P> = { params: Promise<P> };

export type HandlerOptions = {
  /** false for callers that cannot hold the System-Key (payment providers); their proof is elsewhere. */
  systemKey?: boolean;
} & (
  | {
      /**
       * The answer is about the caller, or signs them in or out. Such answers are `private,
       * no-store` like every answer without a `cache` kind; the flag says why, and keeps a `cache`
       * kind off the route.
       */
      personal: true;
      cache?: never;
    }
  | {
      personal?: false;
      /**
       * A public read, the same for every caller with the System-Key: its 200s to GET carry the
       * shared-cache policy of this kind (./cache-policy.ts), Vary: System-Key and a weak ETag.
       * Without it, every answer is `private, no-store`.
       */
      cache?: CacheKind;
    }
);

/**
 * Wraps an API v2 handler: checks the System-Key header (403 when missing or wrong), turns
 * every failure into a JSON answer with a real status code, and gives every answer its
 * Cache-Control: the route's public policy for a successful public read, otherwise
 * `private, no-store` (./cache-policy.ts).
 */
export function handler<P extends Record<string, string | string[]> = Record<string, never>>(
  fn: (request: NextRequest, params: P) => Promise<Response>,
  options: HandlerOptions = {},
) {
  const run = async (request: NextRequest, context: Context<P>): Promise<Response> => {
    try {
      if (options.systemKey !== false && !hasSystemKey(request)) {
        return errorResponse(403, "Missing or invalid System-Key header.");
      }
      return await fn(request, await context.params);
    } catch (error) {
      // Next.js control flow (prerender bail-outs, notFound, redirect) is not an API failure.
      unstable_rethrow(error);
      if (error instanceof ApiError) return errorResponse(error.status, error.message, error.errors, error.headers);
      if (error instanceof ZodError) {
        const failed = validationFailed(error);
        return errorResponse(422, failed.message, failed.errors);
      }
      requestLog(request.headers).error({ err: error, method: request.method, path: request.nextUrl.pathname }, "API request failed");
      return errorResponse(500, "Something went wrong on our side. Please try again.");
    }
  };
  return async (request: NextRequest, context: Context<P>): Promise<Response> => applyCachePolicy(request, await run(request, context), options.cache);
}

/** Passes better-auth's Set-Cookie headers (session opened, refreshed or ended) on to the client. */
export function withCookies(response: Response, setCookies: readonly string[]): Response {
  for (const cookie of setCookies) response.headers.append("Set-Cookie", cookie);
  return response;
}
