import { createHash } from "node:crypto";
import { sql } from "kysely";
import { afterAll, describe, expect, inject, it } from "vitest";
import { dropTestProducts, makeProduct } from "./cart-client";
import { api, clientAddresses, closeTestDb, limitKey, mailsTo, mailTo, newUser, post, resetTokenIn, runTag, settleMail, signIn, testDb, uniqueEmail, type Json } from "./client";
import { newKey, placedOrder } from "./orders-client";
import { adminAs, auditRows, invitedStaff, ownerToken, staffLogin, staffSession, tokenFor, totpNow } from "./staff-client";

/**
 * Staff accounts, roles, sign-in with a second factor, API tokens and the audit log
 * (docs/operations.md "Back office: roles, first owner, tokens"; docs/api-v2.md "Admin"). The
 * role matrix over every admin route is admin-matrix.api.test.ts.
 */

afterAll(async () => {
  await dropTestProducts();
  await closeTestDb();
});

/** Client addresses 10.60.x.y: this file's own block. */
const nextIp = clientAddresses(60);

async function signInRows(email: string) {
  const { db } = await testDb();
  return db.selectFrom("staff_sign_ins").select(["user_id", "email", "ip", "user_agent", "result"]).where("email", "=", email).orderBy("id").execute();
}

async function sessionRow(token: string) {
  const { db } = await testDb();
  const digest = createHash("sha256").update(token, "utf8").digest("base64url");
  return db.selectFrom("sessions").select(["id", "user_id", "staff"]).where("token", "=", digest).executeTakeFirst();
}

describe("staff sign-in", () => {
  it("signs the owner in with a password: a staff session, what it may do, and a record of the attempt", async () => {
    const ip = nextIp();
    const owner = inject("owner");
    const res = await staffLogin(owner.email, owner.password, ip, { headers: { "User-Agent": "staff-test-agent" } });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ result: true, two_factor_required: false, token_type: "Bearer", roles: ["owner"], via: "session", two_factor: { enabled: false, required: false } });
    expect(res.json.permissions).toContain("staff:create");
    expect(res.headers.getSetCookie().some((c) => c.startsWith("kesar.session_token="))).toBe(true);
    const token = res.json.access_token as string;
    expect(await sessionRow(token)).toMatchObject({ user_id: owner.id, staff: 1 });
    const me = await adminAs(token, "/me", { ip });
    expect(me.status, me.text).toBe(200);
    expect(me.json.data).toMatchObject({ user: { id: owner.id, email: owner.email }, roles: ["owner"], via: "session" });
    const records = await signInRows(owner.email);
    expect(records.at(-1)).toEqual({ user_id: owner.id, email: owner.email, ip, user_agent: "staff-test-agent", result: "success" });
    // Sign-out ends the staff session.
    expect((await adminAs(token, "/auth/logout", { method: "POST", ip })).status).toBe(200);
    expect((await adminAs(token, "/me", { ip })).status).toBe(401);
  });

  it("answers a wrong password, an unknown email and a customer alike, opens no session, and records each", async () => {
    const ip = nextIp();
    const owner = inject("owner");
    const customer = await newUser(nextIp());
    const { db } = await testDb();
    const sessionsBefore = Number((await db.selectFrom("sessions").select((eb) => eb.fn.countAll<number>().as("n")).where("user_id", "=", customer.id).executeTakeFirstOrThrow()).n);
    const unknown = uniqueEmail("nobody");
    for (const [email, password] of [
      [owner.email, "wrong-password"],
      [unknown, "whatever-password"],
      [customer.email, customer.password],
    ] as const) {
      const res = await staffLogin(email, password, ip);
      expect(res.status, email).toBe(401);
      expect(res.json).toEqual({ result: false, message: "Invalid email or password." });
    }
    expect((await signInRows(owner.email)).at(-1)).toMatchObject({ result: "bad_password", user_id: owner.id });
    expect(await signInRows(unknown)).toEqual([{ user_id: null, email: unknown, ip, user_agent: expect.any(String), result: "not_staff" }]);
    expect(await signInRows(customer.email)).toEqual([expect.objectContaining({ user_id: customer.id, result: "not_staff" })]);
    // The customer's right password opened nothing.
    const sessionsAfter = Number((await db.selectFrom("sessions").select((eb) => eb.fn.countAll<number>().as("n")).where("user_id", "=", customer.id).executeTakeFirstOrThrow()).n);
    expect(sessionsAfter).toBe(sessionsBefore);
    // Bad input: a message per field, never a 500.
    const bad = await post("/admin/auth/login", { email: "not-an-email", password: "" }, { ip });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.errors).sort()).toEqual(["email", "password"]);
  });

  it("limits failed staff sign-ins per account like the customers' (5 in 15 minutes), and records the refusals", async () => {
    const s = await invitedStaff("catalog", nextIp(), "limited");
    for (let i = 0; i < 5; i++) expect((await staffLogin(s.email, "wrong-password", nextIp())).status).toBe(401);
    const refused = await staffLogin(s.email, s.password, nextIp());
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    const results = (await signInRows(s.email)).map((r) => r.result);
    expect(results).toEqual(["bad_password", "bad_password", "bad_password", "bad_password", "bad_password", "rate_limited"]);
    // The counter is the customers' one (rate_limits, keyed by the email's digest).
    const { db } = await testDb();
    const row = await sql<{ points: number }>`select points from rate_limits where key = ${limitKey("signInFailuresPerAccount", s.email)}`.execute(db);
    expect(Number(row.rows[0]?.points)).toBeGreaterThanOrEqual(5);
  });

  it("never lets a customer session of a staff member into the admin API", async () => {
    const s = await invitedStaff("fulfilment", nextIp(), "customer-side");
    // The same person signs in on the storefront: a customer session of the same user.
    const shop = await signIn(s.ip, s.email, s.password);
    expect((await sessionRow(shop.token))?.staff).toBe(0);
    const res = await adminAs(shop.token, "/orders", { ip: s.ip });
    expect(res.status).toBe(403);
    expect(res.json.message).toBe("This needs a back-office sign-in: the session is not a staff session.");
    // The back office's own sign-in opens the door.
    const staff = await staffSession(s);
    expect((await adminAs(staff, "/orders", { ip: s.ip })).status).toBe(200);
  });
});

describe("the second factor", () => {
  it("is set up with the password and a first code, then every sign-in asks for a code or a recovery code", async () => {
    const s = await invitedStaff("support", nextIp(), "totp");
    let session = await staffSession(s);
    // Enable: the password again; a wrong one is a field error.
    const wrong = await adminAs(session, "/me/two-factor/enable", { json: { password: "not-it" }, ip: s.ip });
    expect(wrong.status).toBe(422);
    expect(wrong.json.errors).toEqual({ password: ["Your password is not correct."] });
    const enabled = await adminAs(session, "/me/two-factor/enable", { json: { password: s.password }, ip: s.ip });
    expect(enabled.status, enabled.text).toBe(200);
    const uri = enabled.json.totp_uri as string;
    expect(uri).toMatch(/^otpauth:\/\/totp\/Kesar%20Home:/);
    const recovery = enabled.json.recovery_codes as string[];
    expect(recovery).toHaveLength(10);
    // Not on until a code of the app comes back.
    expect((await adminAs(session, "/me", { ip: s.ip })).json.data.two_factor.enabled).toBe(false);
    expect((await adminAs(session, "/me/two-factor/verify", { json: { code: "000000" === totpNow(uri) ? "111111" : "000000" }, ip: s.ip })).status).toBe(422);
    const verified = await adminAs(session, "/me/two-factor/verify", { json: { code: totpNow(uri) }, ip: s.ip });
    expect(verified.status, verified.text).toBe(200);
    // better-auth replaced the session; the new one is a staff session too.
    session = verified.json.access_token as string;
    expect(await sessionRow(session)).toMatchObject({ staff: 1 });
    expect((await adminAs(session, "/me", { ip: s.ip })).json.data.two_factor).toEqual({ enabled: true, required: false });
    // The secret and the codes are stored encrypted.
    const { db } = await testDb();
    const stored = await db.selectFrom("two_factors").select(["secret", "backup_codes"]).where("user_id", "=", s.id).executeTakeFirstOrThrow();
    expect(stored.secret).not.toContain(new URL(uri).searchParams.get("secret"));
    expect(stored.backup_codes).not.toContain(recovery[0]);

    // A password sign-in now answers a challenge and no session.
    const login = await staffLogin(s.email, s.password, s.ip);
    expect(login.status, login.text).toBe(200);
    expect(login.json).toMatchObject({ two_factor_required: true });
    expect(login.json.access_token).toBeUndefined();
    const challenge = login.json.challenge as string;
    const badCode = await post("/admin/auth/two-factor", { code: totpNow(uri) === "123456" ? "654321" : "123456", challenge }, { ip: s.ip });
    expect(badCode.status).toBe(401);
    expect(badCode.json.message).toBe("Invalid code.");
    const good = await post("/admin/auth/two-factor", { code: totpNow(uri), challenge }, { ip: s.ip });
    expect(good.status, good.text).toBe(200);
    expect(good.json).toMatchObject({ token_type: "Bearer", roles: ["support"] });
    expect(await sessionRow(good.json.access_token as string)).toMatchObject({ staff: 1 });
    // The challenge was spent.
    expect((await post("/admin/auth/two-factor", { code: totpNow(uri), challenge }, { ip: s.ip })).status).toBe(401);

    // A recovery code works once.
    const again = await staffLogin(s.email, s.password, s.ip);
    const byRecovery = await post("/admin/auth/two-factor", { recovery_code: recovery[0], challenge: again.json.challenge }, { ip: s.ip });
    expect(byRecovery.status, byRecovery.text).toBe(200);
    const third = await staffLogin(s.email, s.password, s.ip);
    expect((await post("/admin/auth/two-factor", { recovery_code: recovery[0], challenge: third.json.challenge }, { ip: s.ip })).status).toBe(401);
    // The challenge as a cookie works too (the browser's way).
    const fourth = await staffLogin(s.email, s.password, s.ip);
    const cookie = fourth.headers.getSetCookie().find((c) => c.startsWith("kesar.two_factor="))?.split(";")[0] as string;
    expect(cookie).toBeDefined();
    expect((await post("/admin/auth/two-factor", { code: totpNow(uri) }, { ip: s.ip, cookie })).status).toBe(200);

    // Every step is recorded.
    // (The spent challenge's attempt names no account: it is recorded as "(unknown challenge)".)
    expect((await signInRows(s.email)).map((r) => r.result)).toEqual(["success", "two_factor_required", "bad_code", "success", "two_factor_required", "success", "two_factor_required", "bad_code", "two_factor_required", "success"]);
    expect((await signInRows("(unknown challenge)")).at(-1)).toMatchObject({ result: "bad_challenge", ip: s.ip });
    // Bad input is a message per field.
    const nothing = await post("/admin/auth/two-factor", {}, { ip: s.ip });
    expect(nothing.status).toBe(422);
    expect(nothing.json.errors.code).toBeDefined();
    // The storefront's password sign-in refuses the account (it has a second factor).
    const shop = await post("/auth/login", { login_by: "email", email: s.email, password: s.password }, { ip: s.ip });
    expect(shop.status).toBe(403);
    expect(shop.json.message).toBe("This account signs in with a second factor, at the back office.");
  });

  it("is required for the roles the owner names: until it is set up, the session can only set it up", async () => {
    const s = await invitedStaff("fulfilment", nextIp(), "required");
    const session = await staffSession(s);
    expect((await adminAs(session, "/orders", { ip: s.ip })).status).toBe(200);
    const before = (await adminAs(ownerToken(), "/settings/security")).json.data.two_factor_required_roles as string[];
    try {
      const set = await adminAs(ownerToken(), "/settings/security", { method: "PUT", json: { two_factor_required_roles: [...before, "fulfilment"] } });
      expect(set.status, set.text).toBe(200);
      expect(set.json.data.two_factor_required_roles).toContain("fulfilment");
      const refused = await adminAs(session, "/orders", { ip: s.ip });
      expect(refused.status).toBe(403);
      expect(refused.json.message).toMatch(/^Set up two-factor authentication first/);
      expect((await adminAs(session, "/me", { ip: s.ip })).json.data.two_factor).toEqual({ enabled: false, required: true });
      const { totp_uri: uri } = (await adminAs(session, "/me/two-factor/enable", { json: { password: s.password }, ip: s.ip })).json;
      const on = await adminAs(session, "/me/two-factor/verify", { json: { code: totpNow(uri) }, ip: s.ip });
      expect(on.status, on.text).toBe(200);
      expect((await adminAs(on.json.access_token, "/orders", { ip: s.ip })).status).toBe(200);
      // A required factor cannot be turned off.
      const off = await adminAs(on.json.access_token, "/me/two-factor/disable", { json: { password: s.password }, ip: s.ip });
      expect(off.status).toBe(409);
      // The change of the setting is in the audit log.
      const row = (await auditRows({ action: "settings.update" }))[0];
      expect(row).toMatchObject({ actor_kind: "token", entity_type: "settings", entity_id: "two_factor_required_roles" });
      expect(row?.after.two_factor_required_roles).toContain("fulfilment");
      // Only a role with settings:update may change it.
      expect((await adminAs(on.json.access_token, "/settings/security", { method: "PUT", json: { two_factor_required_roles: [] }, ip: s.ip })).status).toBe(403);
      expect((await adminAs(ownerToken(), "/settings/security", { method: "PUT", json: { two_factor_required_roles: ["janitor"] } })).status).toBe(422);
    } finally {
      await adminAs(ownerToken(), "/settings/security", { method: "PUT", json: { two_factor_required_roles: before } });
    }
  });
});

describe("first owner, invitations and roles", () => {
  it("invites by email through the outbox: the link sets the password once and expires; sent again, the old link is spent", async () => {
    const ip = nextIp();
    const email = uniqueEmail("invitee");
    const since = Date.now();
    const res = await adminAs(ownerToken(), "/staff/invites", { json: { email, name: "Priya Nair", role: "content" }, ip });
    expect(res.status, res.text).toBe(201);
    expect(res.json.staff).toMatchObject({ email, role: "content", status: "invited", two_factor_enabled: false });
    const first = await mailTo(email, { since, subject: /invited to the Kesar Home back office/ });
    expect(first.text).toContain("as content");
    // The outbox carried it: its event holds no link.
    const { db } = await testDb();
    const events = await db.selectFrom("outbox_events").select("payload").where("kind", "=", "mail").where("payload", "like", `%${email}%`).execute();
    expect(events).toHaveLength(1);
    expect(events[0]?.payload).not.toContain("reset-password");
    // Sent again before it is used: a fresh link, and the first one is spent.
    const since2 = Date.now();
    expect((await adminAs(ownerToken(), "/staff/invites", { json: { email, role: "content" }, ip })).status).toBe(201);
    const second = await mailTo(email, { since: since2, subject: /invited/ });
    const password = `Invitee-${runTag}-pw!`;
    expect((await post("/auth/password/reset", { token: resetTokenIn(first), password }, { ip })).status).toBe(400);
    // An expired link does nothing.
    await db.updateTable("verifications").set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where("value", "=", String(res.json.staff.id)).execute();
    expect((await post("/auth/password/reset", { token: resetTokenIn(second), password }, { ip })).status).toBe(400);
    // A third invitation's link works, once.
    const since3 = Date.now();
    await adminAs(ownerToken(), "/staff/invites", { json: { email, role: "content" }, ip });
    const third = await mailTo(email, { since: since3, subject: /invited/ });
    expect((await post("/auth/password/reset", { token: resetTokenIn(third), password }, { ip })).status).toBe(200);
    expect((await post("/auth/password/reset", { token: resetTokenIn(third), password: `${password}2` }, { ip })).status).toBe(400);
    const session = await staffSession({ email, password, ip });
    expect((await adminAs(session, "/me", { ip })).json.data.roles).toEqual(["content"]);
    // Invited again once active: refused.
    expect((await adminAs(ownerToken(), "/staff/invites", { json: { email, role: "catalog" }, ip })).status).toBe(409);
    const list = await adminAs(ownerToken(), "/staff");
    expect(list.json.data.find((m: Json) => m.email === email)).toMatchObject({ status: "active", role: "content", last_sign_in_at: expect.any(String) });
    const audit = await auditRows({ action: "staff.invite", entityId: res.json.staff.id });
    expect(audit).toHaveLength(3);
    expect(audit[0]).toMatchObject({ actor_id: inject("owner").id, actor_kind: "token", entity_type: "staff" });
    expect(audit[0]?.after).toMatchObject({ email, role: "content" });
    // Bad input: a message per field.
    const bad = await adminAs(ownerToken(), "/staff/invites", { json: { email: "x", role: "janitor" }, ip });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.errors).sort()).toEqual(["email", "role"]);
  });

  it("changes a role (the sessions go on with the new role) and removes it: staff sessions end, tokens are revoked, the customer session stays", async () => {
    const s = await invitedStaff("catalog", nextIp(), "removed");
    const session = await staffSession(s);
    const token = await tokenFor(s.id, ["product:read", "product:update"], s.ip);
    const shop = await signIn(s.ip, s.email, s.password);
    expect((await adminAs(session, "/orders", { ip: s.ip })).status).toBe(403);
    const changed = await adminAs(ownerToken(), `/staff/${s.id}`, { method: "PATCH", json: { role: "fulfilment" } });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json.staff).toMatchObject({ role: "fulfilment" });
    expect((await adminAs(session, "/orders", { ip: s.ip })).status).toBe(200);
    // The token's scopes are no longer within the role: it does nothing it could do before.
    const p = await makeProduct({ stock: 3 });
    expect((await adminAs(token, `/products/${p.slug}`, { method: "PATCH", json: { name: "Renamed By Token" }, ip: s.ip })).status).toBe(403);
    expect((await auditRows({ action: "staff.role", entityId: s.id }))[0]).toMatchObject({ before: { role: "catalog" }, after: { role: "fulfilment" } });

    const removed = await adminAs(ownerToken(), `/staff/${s.id}`, { method: "DELETE" });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.json).toMatchObject({ sessions_ended: 1, tokens_revoked: 1 });
    expect((await adminAs(session, "/me", { ip: s.ip })).status).toBe(401);
    expect((await adminAs(token, "/me", { ip: s.ip })).status).toBe(401);
    // Their customer session (the storefront's) is theirs still.
    expect((await api("/auth/session", { token: shop.token })).json.user).not.toBeNull();
    // No longer staff: they cannot sign in to the back office, and the list does not show them.
    expect((await staffLogin(s.email, s.password, nextIp())).status).toBe(401);
    expect((await adminAs(ownerToken(), "/staff")).json.data.some((m: Json) => m.id === s.id)).toBe(false);
    expect((await adminAs(ownerToken(), `/staff/${s.id}`, { method: "DELETE" })).status).toBe(404);
    expect((await auditRows({ action: "staff.remove", entityId: s.id }))[0]?.after).toEqual({ role: null, sessions_ended: 1, tokens_revoked: 1 });
  });

  it("keeps at least one owner", async () => {
    const { db } = await testDb();
    const owner = inject("owner");
    const others = await db.selectFrom("users").select(["id", "role"]).where("role", "=", "owner").where("id", "!=", owner.id).execute();
    // The tests' owner alone is owner for this test.
    if (others.length) await db.updateTable("users").set({ role: "manager" }).where("id", "in", others.map((o) => o.id)).execute();
    try {
      const demote = await adminAs(ownerToken(), `/staff/${owner.id}`, { method: "PATCH", json: { role: "manager" } });
      expect(demote.status).toBe(409);
      expect(demote.json.message).toBe("The shop must keep at least one owner: make someone else owner first.");
      expect((await adminAs(ownerToken(), `/staff/${owner.id}`, { method: "DELETE" })).status).toBe(409);
      expect((await db.selectFrom("users").select("role").where("id", "=", owner.id).executeTakeFirstOrThrow()).role).toBe("owner");
    } finally {
      for (const o of others) await db.updateTable("users").set({ role: o.role }).where("id", "=", o.id).execute();
    }
  });
});

describe("personal API tokens", () => {
  it("are shown once, stored as SHA-256, scoped within the holder's role, and stop at revocation or expiry", async () => {
    const s = await invitedStaff("catalog", nextIp(), "tokens");
    const issued = await adminAs(ownerToken(), "/tokens", { json: { name: "Price sync script", scopes: ["product:read", "product:update"], user_id: s.id, expires_in_days: 30 } });
    expect(issued.status, issued.text).toBe(201);
    const token = issued.json.token as string;
    expect(token).toMatch(/^kst_[A-Za-z0-9_-]{43}$/);
    expect(issued.json.data).toMatchObject({ user_id: s.id, name: "Price sync script", scopes: ["product:read", "product:update"], prefix: token.slice(0, 10) });
    const { db } = await testDb();
    const row = await db.selectFrom("api_tokens").selectAll().where("id", "=", issued.json.data.id).executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(token);
    // The list never shows it.
    const list = await adminAs(ownerToken(), "/tokens");
    expect(list.text).not.toContain(token);
    expect(list.json.data.find((t: Json) => t.id === issued.json.data.id)).toMatchObject({ prefix: token.slice(0, 10), revoked_at: null });

    // It acts within its scopes: a product edit, not a stock adjustment (its holder may, the token may not), not orders.
    const p = await makeProduct({ stock: 4 });
    const ok = await adminAs(token, `/products/${p.slug}`, { method: "PATCH", json: { name: "Edited By Token" } });
    expect(ok.status, ok.text).toBe(200);
    expect((await adminAs(token, `/products/${p.slug}`, { method: "PATCH", json: { stock_adjustment: { delta: 2, reason: "Found in the store room" } } })).status).toBe(403);
    expect((await adminAs(token, "/orders")).status).toBe(403);
    // The audit row names the token.
    expect((await auditRows({ action: "product.update", entityId: p.id }))[0]).toMatchObject({ actor_id: s.id, actor_kind: "token", token_id: issued.json.data.id });
    // A scope beyond the holder's role is refused; so is a holder who is not staff.
    const beyond = await adminAs(ownerToken(), "/tokens", { json: { name: "Too much", scopes: ["order:read"], user_id: s.id } });
    expect(beyond.status).toBe(422);
    expect(beyond.json.errors.scopes).toEqual(["The holder's role does not allow: order:read."]);
    const customer = await newUser(nextIp());
    expect((await adminAs(ownerToken(), "/tokens", { json: { name: "Customer token", scopes: ["product:read"], user_id: customer.id } })).status).toBe(422);
    expect((await adminAs(ownerToken(), "/tokens", { json: { name: "x", scopes: ["product:fly"] } })).json.errors).toMatchObject({ name: expect.any(Array), "scopes.0": expect.any(Array) });
    // Only the owner issues tokens: the holder's own session cannot.
    const session = await staffSession(s);
    expect((await adminAs(session, "/tokens", { json: { name: "Mine", scopes: ["product:read"] } })).status).toBe(403);

    // Revoked: 401 at once; revoking again changes nothing.
    const revoked = await adminAs(ownerToken(), `/tokens/${issued.json.data.id}`, { method: "DELETE" });
    expect(revoked.status).toBe(200);
    expect((await adminAs(token, "/me")).status).toBe(401);
    expect((await adminAs(ownerToken(), `/tokens/${issued.json.data.id}`, { method: "DELETE" })).json.message).toBe("The token was revoked already.");
    expect((await auditRows({ action: "token.revoke", entityId: issued.json.data.id }))).toHaveLength(1);
    expect((await auditRows({ action: "token.issue", entityId: issued.json.data.id }))[0]?.after).toMatchObject({ user_id: s.id, scopes: ["product:read", "product:update"] });
    expect((await adminAs(ownerToken(), "/tokens/2147483647", { method: "DELETE" })).status).toBe(404);

    // Expired: 401.
    const short = await tokenFor(s.id, ["product:read"], s.ip);
    expect((await adminAs(short, "/me")).status).toBe(200);
    await db.updateTable("api_tokens").set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where("token_hash", "=", createHash("sha256").update(short).digest("hex")).execute();
    expect((await adminAs(short, "/me")).status).toBe(401);
  });
});

describe("the audit log", () => {
  it("has a row for every staff change, with who, what, before and after, address and time", async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    const ip = nextIp();
    const p = await makeProduct({ stock: 5, price: 100000 });
    const edit = await adminAs(ownerToken(), `/products/${p.slug}`, { method: "PATCH", json: { name: "Audited Curtain", main_price: 1200, stocked_price: 1500, stock_adjustment: { delta: 3, reason: "Delivery from the Jaipur workshop" } }, ip, headers: { "User-Agent": "audit-agent" } });
    expect(edit.status, edit.text).toBe(200);
    const [stock, product] = await auditRows({ entityType: "product", entityId: p.id, since });
    expect(product).toMatchObject({ action: "product.update", actor_id: inject("owner").id, actor_kind: "token", ip, user_agent: "audit-agent" });
    expect(product?.before).toMatchObject({ price: 100000 });
    expect(product?.after).toMatchObject({ name: "Audited Curtain", price: 120000, list_price: 150000 });
    expect(product?.before.name).not.toBe("Audited Curtain");
    expect(stock).toMatchObject({ action: "stock.adjust", before: { stock_quantity: 5 }, after: { stock_quantity: 8, delta: 3, reason: "Delivery from the Jaipur workshop" } });
    // An edit that changes nothing writes nothing.
    const count = (await auditRows({ entityType: "product", entityId: p.id })).length;
    expect((await adminAs(ownerToken(), `/products/${p.slug}`, { method: "PATCH", json: { name: "Audited Curtain" } })).status).toBe(200);
    expect(await auditRows({ entityType: "product", entityId: p.id })).toHaveLength(count);

    // Orders: a status move, a refund recorded, a claim decided, a refund due closed.
    const u = await newUser(nextIp());
    const order = await placedOrder(u, { then: ["confirm", "ship", "deliver"] });
    const moves = await auditRows({ action: "order.status", entityId: order.id });
    expect(moves.map((m) => m.after.delivery_status)).toEqual(["Delivered", "Shipped", "Confirmed"]);
    expect(moves[0]?.before).toMatchObject({ code: order.code, delivery_status: "Shipped", payment_status: "Un-Paid" });
    expect(moves[0]?.after).toEqual({ delivery_status: "Delivered", payment_status: "Paid" });
    const claim = await post(`/order/refund-request/${order.lineIds[0]}`, { reason: "The curtain arrived torn along the hem." }, { token: u.token, ip: u.ip });
    expect(claim.status, claim.text).toBe(200);
    expect((await adminAs(ownerToken(), `/order-lines/${order.lineIds[0]}/refund`, { json: { decision: "Approved" } })).status).toBe(200);
    expect((await auditRows({ action: "refund.decide", entityId: order.lineIds[0] }))[0]).toMatchObject({ entity_type: "order_line", before: { refund_status: "Requested" }, after: { refund_status: "Approved" } });
    const refunded = await adminAs(ownerToken(), `/orders/${order.id}/refunds`, { json: { amount: 100, method: "upi", reference: "UPI-4471" }, headers: { "Idempotency-Key": newKey() } });
    expect(refunded.status, refunded.text).toBe(201);
    expect((await auditRows({ action: "refund.record", entityId: refunded.json.refund.id }))[0]?.after).toMatchObject({ order_id: order.id, amount: 10000, method: "upi", reference: "UPI-4471", status: "processed" });
    const cancelled = await placedOrder(u, { payment: "online", then: ["pay", "staff_cancel"] });
    expect((await adminAs(ownerToken(), `/orders/${cancelled.id}/refunds/close`, { json: { reason: "Paid back in cash at the shop counter." } })).status).toBe(200);
    expect((await auditRows({ action: "refund.close" }))[0]?.before).toMatchObject({ order_id: cancelled.id, status: "refund_due" });
    // The events of the lifecycle and the stock ledger name the staff member, not null.
    const { db } = await testDb();
    const events = await db.selectFrom("order_events").select(["actor", "actor_id"]).where("order_id", "=", cancelled.id).where("actor", "=", "staff").execute();
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((e) => e.actor_id === inject("owner").id)).toBe(true);
  });

  it("lists with filters (person, entity, action, dates) and pages, and exports CSV for owner and manager only", async () => {
    const p = await makeProduct({ stock: 2 });
    for (const name of ["Audit List One", "Audit List Two", "Audit List Three"]) {
      expect((await adminAs(ownerToken(), `/products/${p.slug}`, { method: "PATCH", json: { name } })).status).toBe(200);
    }
    const byEntity = await adminAs(ownerToken(), `/audit?entity_type=product&entity_id=${p.id}`);
    expect(byEntity.status, byEntity.text).toBe(200);
    expect(byEntity.json.data.map((r: Json) => r.after.name)).toEqual(["Audit List Three", "Audit List Two", "Audit List One"]);
    expect(byEntity.json.data[0]).toMatchObject({ actor_id: inject("owner").id, actor_email: inject("owner").email, action: "product.update", entity_type: "product", entity_id: String(p.id) });
    expect(byEntity.json.meta).toMatchObject({ current_page: 1, per_page: 50, total: 3, last_page: 1 });
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    expect((await adminAs(ownerToken(), `/audit?entity_type=product&entity_id=${p.id}&from=${yesterday}`)).json.meta.total).toBe(3);
    expect((await adminAs(ownerToken(), `/audit?entity_type=product&entity_id=${p.id}&to=${yesterday}`)).json.meta.total).toBe(0);
    expect((await adminAs(ownerToken(), `/audit?actor_id=${inject("owner").id}&action=product.update&from=${today}`)).json.meta.total).toBeGreaterThanOrEqual(3);
    expect((await adminAs(ownerToken(), `/audit?actor_id=2147483647`)).json.meta.total).toBe(0);
    // Paging: page 2 of everything holds other rows than page 1.
    const all = await adminAs(ownerToken(), "/audit");
    if (all.json.meta.total > 50) {
      const page2 = await adminAs(ownerToken(), "/audit?page=2");
      expect(page2.json.data[0].id).toBeLessThan(all.json.data[49].id);
    }
    for (const bad of ["from=yesterday", "page=0", "entity_id=5", "actor_id=me", "action=DROP TABLE"]) {
      const res = await adminAs(ownerToken(), `/audit?${bad}`);
      expect(res.status, bad).toBe(422);
      expect(res.json.errors, bad).toBeDefined();
    }

    const csv = await api(`/admin/audit/export?entity_type=product&entity_id=${p.id}`, { token: ownerToken() });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csv.text.replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toBe("id,created_at,actor_id,actor_name,actor_email,actor_kind,token_id,action,entity_type,entity_id,before,after,ip,user_agent");
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('"{""name"":""Audit List Two""}"');
    expect(lines[1]).toContain('"{""name"":""Audit List Three""}"');

    // Manager: may export; catalog: may neither list nor export.
    const manager = await invitedStaff("manager", nextIp(), "audit");
    const managerToken = await tokenFor(manager.id, ["audit:read", "audit:export"], manager.ip);
    expect((await api(`/admin/audit/export?entity_type=product&entity_id=${p.id}`, { token: managerToken })).status).toBe(200);
    const catalog = await invitedStaff("catalog", nextIp(), "audit");
    const catalogSession = await staffSession(catalog);
    expect((await adminAs(catalogSession, "/audit")).status).toBe(403);
    expect((await adminAs(catalogSession, "/audit/export")).status).toBe(403);
    // The sign-in records are audit:read too.
    const records = await adminAs(managerToken, `/sign-ins?email=${encodeURIComponent(catalog.email)}`);
    expect(records.status, records.text).toBe(200);
    expect(records.json.data[0]).toMatchObject({ email: catalog.email, result: "success", user_id: catalog.id });
    expect((await adminAs(catalogSession, "/sign-ins")).status).toBe(403);
  });

  it("is written in the change's transaction: a change that fails after it leaves no row, and a row that cannot be written undoes the change", async () => {
    const { db, dialect } = await testDb();
    // 1. An edit whose stock adjustment is refused: the rename was made and audited in the
    //    transaction before the refusal, and both are gone.
    const p = await makeProduct({ stock: 2 });
    const before = await db.selectFrom("products").select(["name", "stock_quantity"]).where("id", "=", p.id).executeTakeFirstOrThrow();
    const refused = await adminAs(ownerToken(), `/products/${p.slug}`, { method: "PATCH", json: { name: "Never Renamed", stock_adjustment: { delta: -5, reason: "Counted five short" } } });
    expect(refused.status).toBe(409);
    expect(await db.selectFrom("products").select(["name", "stock_quantity"]).where("id", "=", p.id).executeTakeFirstOrThrow()).toEqual(before);
    expect(await auditRows({ entityType: "product", entityId: p.id })).toEqual([]);

    // 2. A failure forced at the very end of an order's transaction (its outbox event, written
    //    after the change and the audit row): the order stays as it was, no audit row.
    const u = await newUser(nextIp());
    const order = await placedOrder(u, { then: ["confirm"] });
    const marker = `"orderId":${order.id},`;
    if (dialect === "postgres") {
      await sql`create or replace function staff_test_fail() returns trigger as $$ begin if new.payload like ${sql.lit(`%${marker}%`)} then raise exception 'forced failure after the change'; end if; return new; end $$ language plpgsql`.execute(db);
      await sql`create trigger staff_test_fail before insert on outbox_events for each row execute function staff_test_fail()`.execute(db);
    } else {
      await sql`create trigger staff_test_fail before insert on outbox_events when new.payload like ${sql.lit(`%${marker}%`)} begin select raise(abort, 'forced failure after the change'); end`.execute(db);
    }
    try {
      const shipped = await adminAs(ownerToken(), `/orders/${order.id}/status`, { json: { delivery_status: "Shipped" } });
      expect(shipped.status).toBe(500);
    } finally {
      await sql`drop trigger staff_test_fail${sql.raw(dialect === "postgres" ? " on outbox_events" : "")}`.execute(db);
      if (dialect === "postgres") await sql`drop function staff_test_fail()`.execute(db);
    }
    expect((await db.selectFrom("orders").select("delivery_status").where("id", "=", order.id).executeTakeFirstOrThrow()).delivery_status).toBe("Confirmed");
    expect((await auditRows({ action: "order.status", entityId: order.id })).map((r) => r.after.delivery_status)).toEqual(["Confirmed"]);
    // Without the forced failure it goes through, with its row.
    expect((await adminAs(ownerToken(), `/orders/${order.id}/status`, { json: { delivery_status: "Shipped" } })).status).toBe(200);
    expect((await auditRows({ action: "order.status", entityId: order.id })).map((r) => r.after.delivery_status)).toEqual(["Shipped", "Confirmed"]);

    // 3. An audit row that cannot be written: the change does not happen.
    const q = await makeProduct({ stock: 1 });
    if (dialect === "postgres") {
      await sql`create or replace function staff_test_no_audit() returns trigger as $$ begin if new.entity_id = ${sql.lit(String(q.id))} and new.entity_type = 'product' then raise exception 'no audit row'; end if; return new; end $$ language plpgsql`.execute(db);
      await sql`create trigger staff_test_no_audit before insert on audit_log for each row execute function staff_test_no_audit()`.execute(db);
    } else {
      await sql`create trigger staff_test_no_audit before insert on audit_log when new.entity_id = ${sql.lit(String(q.id))} and new.entity_type = 'product' begin select raise(abort, 'no audit row'); end`.execute(db);
    }
    try {
      expect((await adminAs(ownerToken(), `/products/${q.slug}`, { method: "PATCH", json: { name: "Unaudited Rename" } })).status).toBe(500);
    } finally {
      await sql`drop trigger staff_test_no_audit${sql.raw(dialect === "postgres" ? " on audit_log" : "")}`.execute(db);
      if (dialect === "postgres") await sql`drop function staff_test_no_audit()`.execute(db);
    }
    expect((await db.selectFrom("products").select("name").where("id", "=", q.id).executeTakeFirstOrThrow()).name).not.toBe("Unaudited Rename");
  });

  it("has no route that changes or deletes its rows", async () => {
    const row = (await auditRows())[0];
    expect(row).toBeDefined();
    for (const method of ["PUT", "PATCH", "DELETE", "POST"]) {
      const res = await api(`/admin/audit`, { method, token: ownerToken(), body: "{}" });
      expect(res.status, method).toBe(405);
      expect((await api(`/admin/audit/${row?.id}`, { method, token: ownerToken(), body: "{}" })).status, method).toBe(404);
    }
    const { db } = await testDb();
    expect(await db.selectFrom("audit_log").selectAll().where("id", "=", row?.id as number).executeTakeFirst()).toBeDefined();
  });
});

describe("npm run staff:create's link and the mails", () => {
  it("mails nothing but the invitation to the invitee", async () => {
    const ip = nextIp();
    const email = uniqueEmail("quiet");
    const since = Date.now();
    expect((await adminAs(ownerToken(), "/staff/invites", { json: { email, role: "support" }, ip })).status).toBe(201);
    await mailTo(email, { since, subject: /invited/ });
    await settleMail();
    expect(mailsTo(email, since)).toHaveLength(1);
  });
});
