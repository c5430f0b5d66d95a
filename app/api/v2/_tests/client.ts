import { inject } from "vitest";
import { parseDatabaseUrl } from "@/lib/config";
import { openDatabase, type DbHandle } from "@/lib/db/connection";

/** Calls the running server's API v2 with the System-Key header unless told otherwise. */
export async function api(path: string, init: RequestInit & { key?: string | null } = {}) {
  const { key, headers, ...rest } = init;
  const h = new Headers(headers);
  const sent = key === undefined ? inject("systemKey") : key;
  if (sent !== null) h.set("System-Key", sent);
  if (rest.body && !h.has("content-type")) h.set("Content-Type", "application/json");
  h.set("X-Requested-With", "XMLHttpRequest");
  const res = await fetch(`${inject("baseUrl")}/api/v2${path}`, { ...rest, headers: h });
  const text = await res.text();
  let json: unknown = undefined;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, json: json as Record<string, unknown> & Json, text };
}

// Loose JSON access for assertions.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

let handle: Promise<DbHandle> | undefined;
/** Direct access to the server's database, to check rows. */
export function testDb(): Promise<DbHandle> {
  handle ??= openDatabase(parseDatabaseUrl(inject("databaseUrl")));
  return handle;
}

export async function closeTestDb() {
  if (handle) await (await handle).close();
  handle = undefined;
}
