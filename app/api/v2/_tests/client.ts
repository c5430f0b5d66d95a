import { createHash } from "node:crypto";
import { sql } from "kysely";
import { inject } from "vitest";
import { parseDatabaseUrl } from "@/lib/platform/config";
import { openDatabase, type DbHandle } from "@/lib/platform/db/connection";
import { codeIn, readMailbox, resetTokenIn, waitForMail, type ReceivedMail } from "@/lib/testing/mail-receiver";

export type ApiInit = RequestInit & {
  /** System-Key to send: the configured one by default, null for none. */
  key?: string | null;
  /** Client address, sent as X-Forwarded-For (the test server trusts one proxy). */
  ip?: string;
  /** Access token, sent as Authorization: Bearer. */
  token?: string;
  /** Cookie header, e.g. "kesar.session_token=…". */
  cookie?: string;
  /** X-Requested-With is sent unless this is false. */
  requestedWith?: boolean;
};

/** Calls the running server's API v2 with the System-Key header unless told otherwise. */
export async function api(path: string, init: ApiInit = {}) {
  const { key, ip, token, cookie, requestedWith, headers, ...rest } = init;
  const h = new Headers(headers);
  const sent = key === undefined ? inject("systemKey") : key;
  if (sent !== null) h.set("System-Key", sent);
  // FormData and binary bodies set their own type; strings are JSON unless told otherwise.
  if (typeof rest.body === "string" && !h.has("content-type")) h.set("Content-Type", "application/json");
  if (requestedWith !== false) h.set("X-Requested-With", "XMLHttpRequest");
  if (ip) h.set("X-Forwarded-For", ip);
  if (token) h.set("Authorization", `Bearer ${token}`);
  if (cookie) h.set("Cookie", cookie);
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

export type ApiAnswer = Awaited<ReturnType<typeof api>>;

/** Polls until the check passes or `ms` is up; a change must show "within seconds". */
export async function eventually(check: () => Promise<boolean>, ms = 5000): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** POST with a JSON body (an object, or a string sent as is). */
export const post = (path: string, body: unknown, init: ApiInit = {}) =>
  api(path, { method: "POST", body: typeof body === "string" ? body : JSON.stringify(body), ...init });

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

/* ----------------------------------------------------------------------------------------------
 * Accounts: unique names, client addresses, sign-up and sign-in.
 * Rate limits are real and keyed per email and per client address, so every test uses its own.
 * -------------------------------------------------------------------------------------------- */

/** A marker unique to this run and file, for emails and codes. */
export const runTag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

let emailCount = 0;
/** A fresh, unused email address. */
export const uniqueEmail = (label: string) => `${label}-${runTag}-${++emailCount}@example.com`;

let phoneCount = 0;
const phoneBase = Math.floor(Math.random() * 9_000_000);
/** A fresh 10-digit mobile number starting with 7 (the demo customer's starts with 9). */
export const uniquePhone = () => `7${String(phoneBase * 100 + ++phoneCount).padStart(9, "0").slice(-9)}`;

/**
 * Client addresses of one test file: 10.<block>.x.y, one per call. Each file passes its own
 * block so files never share a rate-limit counter.
 */
export function clientAddresses(block: number): () => string {
  let n = 0;
  return () => {
    n += 1;
    return `10.${block}.${(n >> 8) & 255}.${n & 255}`;
  };
}

/** The `name=value` part of a Set-Cookie header of the answer, or undefined. */
export function cookieOf(res: { headers: Headers }, name: string): string | undefined {
  const line = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  return line?.split(";")[0];
}

/** The whole Set-Cookie line of a cookie, attributes included. */
export function setCookieLine(res: { headers: Headers }, name: string): string | undefined {
  return res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
}

export const SESSION_COOKIE = "kesar.session_token";

export type Credentials = { name: string; email: string; password: string };

/** The token of the welcome mail's confirmation link. */
export function confirmTokenIn(mail: ReceivedMail): string {
  const match = /verify-email\?token=([A-Za-z0-9._-]+)/.exec(mail.text);
  if (!match) throw new Error(`No confirmation link in mail "${mail.subject}"`);
  return match[1] as string;
}

/**
 * Opens an account through POST /auth/signup (200 expected), waits for its welcome mail and,
 * unless `confirm` is false, confirms the email with the mail's link and the password (as the
 * customer does before the password signs in), so no mail of it turns up later in a test that
 * counts the mails to the address.
 */
export async function signUp(ip: string, overrides: Partial<Credentials> = {}, options: { confirm?: boolean } = {}): Promise<Credentials> {
  const creds: Credentials = { name: "Test Customer", email: uniqueEmail("user"), password: `Kesar-${runTag}-pw!`, ...overrides };
  const since = Date.now();
  const res = await post("/auth/signup", { name: creds.name, email_or_phone: creds.email, password: creds.password, password_confirmation: creds.password, register_by: "email" }, { ip });
  if (res.status !== 200) throw new Error(`Sign-up of ${creds.email} answered ${res.status}: ${res.text}`);
  const welcome = await mailTo(creds.email, { since, subject: /^Welcome to / });
  if (options.confirm !== false) {
    const confirmed = await post("/auth/email/confirm", { token: confirmTokenIn(welcome), password: creds.password }, { ip });
    if (confirmed.status !== 200) throw new Error(`Confirming ${creds.email} answered ${confirmed.status}: ${confirmed.text}`);
    // Confirming signs in; that session is closed so the tests count only the ones they open.
    await api("/auth/logout", { token: confirmed.json.access_token as string, ip });
  }
  return creds;
}

export type Session = { token: string; cookie: string; userId: number; res: ApiAnswer };

/** Signs in through POST /auth/login (200 expected): the access token and the session cookie. */
export async function signIn(ip: string, email: string, password: string): Promise<Session> {
  const res = await post("/auth/login", { login_by: "email", email, password }, { ip });
  if (res.status !== 200) throw new Error(`Sign-in of ${email} answered ${res.status}: ${res.text}`);
  const cookie = cookieOf(res, SESSION_COOKIE);
  if (!cookie) throw new Error("No session cookie in the sign-in answer");
  return { token: res.json.access_token as string, cookie, userId: Number(res.json.user.id), res };
}

export type TestUser = Credentials & Session & { id: number; ip: string };

/** A new account, signed in once, with its own client address. */
export async function newUser(ip: string, overrides: Partial<Credentials> = {}): Promise<TestUser> {
  const creds = await signUp(ip, overrides);
  const session = await signIn(ip, creds.email, creds.password);
  return { ...creds, ...session, id: session.userId, ip };
}

/** Whether a bearer token opens a session (GET /auth/session). */
export async function tokenWorks(token: string): Promise<boolean> {
  const res = await api("/auth/session", { token });
  return res.status === 200 && res.json.user !== null;
}

/* ----------------------------------------------------------------------------------------------
 * Rate-limit counters: rows of rate-limiter-flexible in the rate_limits table (not part of the
 * store's schema types), keyed "<rule>:<SHA-256 of the trimmed, lower-cased value>".
 * -------------------------------------------------------------------------------------------- */

export const limitKey = (rule: string, value: string) => `${rule}:${createHash("sha256").update(value.trim().toLowerCase()).digest("base64url")}`;

/** Points used of a counter, 0 when it has none. */
export async function limitPoints(key: string): Promise<number> {
  const { db } = await testDb();
  const result = await sql<{ points: number }>`select points from rate_limits where key = ${key}`.execute(db);
  return Number(result.rows[0]?.points ?? 0);
}

/** Deletes a counter, as if its time had run out; returns whether it existed. */
export async function expireLimit(key: string): Promise<boolean> {
  const { db } = await testDb();
  const result = await sql`delete from rate_limits where key = ${key}`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

/**
 * Sends a burst of guesses all at once and returns once the server has counted `limit` of them
 * or answered one: `done` gives every answer, `completed` their statuses in the order they came.
 * A store that counts a guess before checking it refuses the surplus (429) at once, long before
 * the first check (scrypt) ends; one that counts only failures answers a check first, and has
 * counted nothing until then.
 */
export async function sendBurst(
  counter: string,
  limit: number,
  size: number,
  guess: (i: number) => Promise<ApiAnswer>,
): Promise<{ done: Promise<ApiAnswer[]>; completed: number[] }> {
  const completed: number[] = [];
  const done = Promise.all(
    Array.from({ length: size }, (_, i) =>
      guess(i).then((res) => {
        completed.push(res.status);
        return res;
      }),
    ),
  );
  const deadline = Date.now() + 15_000;
  while (completed.length === 0 && Date.now() < deadline && (await limitPoints(counter)) < limit) await new Promise((resolve) => setTimeout(resolve, 5));
  return { done, completed };
}

/* ----------------------------------------------------------------------------------------------
 * Mail received by the test SMTP server (lib/testing/mail-receiver.ts).
 * -------------------------------------------------------------------------------------------- */

/** Waits for a mail to `to` received at or after `since` whose subject matches. */
export const mailTo = (to: string, options: { since?: number; subject?: RegExp; timeoutMs?: number } = {}): Promise<ReceivedMail> =>
  waitForMail(inject("mailDir"), to, options);

/** Every mail to `to` received at or after `since`. */
export const mailsTo = (to: string, since = 0): ReceivedMail[] =>
  readMailbox(inject("mailDir")).filter((m) => m.to.includes(to.toLowerCase()) && m.receivedAt >= since);

/** Mail is sent after the answer; this waits long enough for a mail that was going to come. */
export const settleMail = (ms = 1500) => new Promise((resolve) => setTimeout(resolve, ms));

export { codeIn, resetTokenIn };
