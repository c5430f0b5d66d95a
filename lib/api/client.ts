import type { ApiErrorBody } from "./types";

/**
 * Typed access to API v2 from client components. Every call sends the System-Key and
 * X-Requested-With headers; the key is handed over once by <ApiProvider> from the server.
 */
let systemKey = "";

export function configureApi(key: string) {
  systemKey = key;
}

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: ApiErrorBody | undefined,
  ) {
    super(message);
    this.name = "ApiRequestError";
  }
}

export const API_BASE = "/api/v2";

export async function apiRequest<T>(path: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set("System-Key", systemKey);
  headers.set("X-Requested-With", "XMLHttpRequest");
  headers.set("Accept", "application/json");
  // FormData sets its own multipart Content-Type (with the boundary).
  if (init.body && !(init.body instanceof FormData) && !headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  const res = await fetch(`${API_BASE}${path}`, { ...init, headers, credentials: "same-origin" });
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    body = undefined;
  }
  if (!res.ok) {
    const err = body as ApiErrorBody | undefined;
    throw new ApiRequestError(res.status, err?.message ?? `Request failed (${res.status}).`, err);
  }
  return body as T;
}

/** A file from the API (a PDF), with the same headers as every call; the server's message on failure. */
export async function apiBlob(path: string): Promise<Blob> {
  const res = await fetch(`${API_BASE}${path}`, { headers: { "System-Key": systemKey, "X-Requested-With": "XMLHttpRequest" }, credentials: "same-origin" });
  if (!res.ok) {
    const err = (await res.json().catch(() => undefined)) as ApiErrorBody | undefined;
    throw new ApiRequestError(res.status, err?.message ?? `Request failed (${res.status}).`, err);
  }
  return res.blob();
}

export const apiGet = <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal });

export const apiPost = <T>(path: string, body: unknown, signal?: AbortSignal) =>
  apiRequest<T>(path, { method: "POST", body: JSON.stringify(body), signal });

/** The server's message when it sent one, otherwise the fallback text. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError && error.body?.message) return error.body.message;
  return fallback;
}

/** SWR fetcher: the key is the API path. */
export const swrFetcher = <T>(path: string) => apiGet<T>(path);
