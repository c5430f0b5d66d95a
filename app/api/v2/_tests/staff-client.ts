import { createHmac } from "node:crypto";
import { afterAll, expect, inject } from "vitest";
import { CUSTOMER_ROLE, STAFF_ROLES, type StaffRole } from "@/lib/accounts/access";
import { SESSION_COOKIE } from "@/lib/accounts/constants";
import { api, closeTestDb, cookieOf, mailTo, newUser, post, resetTokenIn, runTag, testDb, uniqueEmail, type ApiAnswer, type ApiInit } from "./client";

/**
 * The back office for the API tests, used the way staff use it: the owner (made by the test setup,
 * with a personal API token) invites people through the API, they set their password with the
 * mailed link and sign in at /admin/auth/login, and the owner issues them tokens.
 */

export const ownerToken = () => inject("adminToken");

/** A call of /api/v2/admin/* with a bearer credential (an API token or a staff session's access token), or none. */
export const adminAs = (credential: string | null, path: string, init: ApiInit & { json?: unknown } = {}) => {
  const { json, ...rest } = init;
  return api(`/admin${path}`, {
    ...(json === undefined ? {} : { body: JSON.stringify(json), method: rest.method ?? "POST" }),
    ...rest,
    ...(credential ? { token: credential } : {}),
  });
};

/** The six digits an authenticator app shows for an otpauth:// URI now (RFC 6238: HMAC-SHA1, 30 s). */
export function totpNow(uri: string, at = Date.now()): string {
  const secret = new URL(uri).searchParams.get("secret");
  if (!secret) throw new Error(`no secret in ${uri}`);
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const c of secret.replace(/=+$/, "").toUpperCase()) bits += alphabet.indexOf(c).toString(2).padStart(5, "0");
  const key = Buffer.from(bits.match(/.{8}/g)?.map((b) => parseInt(b, 2)) ?? []);
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac("sha1", key).update(counter).digest();
  const offset = (mac[mac.length - 1] as number) & 15;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, "0");
}

export type StaffLogin = { id: number; email: string; password: string; role: StaffRole; ip: string };

/** POST /admin/auth/login. */
export const staffLogin = (email: string, password: string, ip: string, init: ApiInit = {}) => post("/admin/auth/login", { email, password }, { ip, ...init });

/** Signs a staff member in (no second factor): the session's access token. */
export async function staffSession(s: Pick<StaffLogin, "email" | "password" | "ip">): Promise<string> {
  const res = await staffLogin(s.email, s.password, s.ip);
  expect(res.status, res.text).toBe(200);
  expect(res.json.two_factor_required).toBe(false);
  return res.json.access_token as string;
}

/**
 * The staff this test file invited leave the staff when the file ends (a hook of every file that
 * imports this module). A real shop has a handful of staff; without this the files' staff pile up
 * in the one test database, and every order a later file places mails each of them a staff notice
 * (one outbox mail per handler), until the mails a test waits for queue behind thousands.
 */
const invitedHere: number[] = [];
afterAll(async () => {
  if (!invitedHere.length) return;
  const { db } = await testDb();
  await db.updateTable("users").set({ role: CUSTOMER_ROLE }).where("id", "in", invitedHere).execute();
  await closeTestDb();
});

/**
 * The owner invites someone with a role; they follow the mailed link (the storefront's
 * /reset-password, POST /auth/password/reset) to set their password. Answers their login.
 */
export async function invitedStaff(role: StaffRole, ip: string, label: string = role): Promise<StaffLogin> {
  const email = uniqueEmail(`staff-${label}`);
  const since = Date.now();
  const invited = await adminAs(ownerToken(), "/staff/invites", { json: { email, name: `Test ${role}`, role }, ip });
  expect(invited.status, invited.text).toBe(201);
  const mail = await mailTo(email, { since, subject: /invited to the .* back office/ });
  const password = `Staff-${runTag}-${role}-pw!`;
  const set = await post("/auth/password/reset", { token: resetTokenIn(mail), password, password_confirmation: password }, { ip });
  expect(set.status, set.text).toBe(200);
  invitedHere.push(Number(invited.json.staff.id));
  return { id: Number(invited.json.staff.id), email, password, role, ip };
}

/** The owner issues a personal API token to a staff member. */
export async function tokenFor(userId: number, scopes: string[], ip: string): Promise<string> {
  const res = await adminAs(ownerToken(), "/tokens", { json: { name: `token ${runTag}`, scopes, user_id: userId }, ip });
  expect(res.status, res.text).toBe(201);
  return res.json.token as string;
}

/** Rows of the audit log, newest first, read straight from the database. */
export async function auditRows(filter: { entityType?: string; entityId?: string | number; action?: string; since?: string } = {}) {
  const { db } = await testDb();
  let q = db.selectFrom("audit_log").selectAll();
  if (filter.entityType) q = q.where("entity_type", "=", filter.entityType);
  if (filter.entityId !== undefined) q = q.where("entity_id", "=", String(filter.entityId));
  if (filter.action) q = q.where("action", "=", filter.action);
  if (filter.since) q = q.where("created_at", ">=", filter.since);
  return (await q.orderBy("id", "desc").execute()).map((r) => ({ ...r, before: r.before ? JSON.parse(r.before) : null, after: r.after ? JSON.parse(r.after) : null }));
}

export const isDenied = (res: ApiAnswer) => res.status === 401 || res.status === 403;

/** Someone who opens the back office: a staff member of one role, a customer, or nobody. */
export type Visitor = { label: string; cookie: string | null; roles: StaffRole[] };

/**
 * The visitors the role walks (pages, server actions) go through: one signed-in session per
 * role (invited, named `${label}-${role}`), a customer's session, and no session.
 */
export async function roleVisitors(label: string, nextIp: () => string): Promise<Visitor[]> {
  const visitors: Visitor[] = [];
  for (const role of STAFF_ROLES) {
    const login = await invitedStaff(role, nextIp(), `${label}-${role}`);
    const res = await staffLogin(login.email, login.password, login.ip);
    expect(res.status, res.text).toBe(200);
    visitors.push({ label: `${role} session`, cookie: cookieOf(res, SESSION_COOKIE) as string, roles: [role] });
  }
  const customer = await newUser(nextIp());
  visitors.push({ label: "customer session", cookie: customer.cookie, roles: [] });
  visitors.push({ label: "no session", cookie: null, roles: [] });
  return visitors;
}
