import { createHash } from "node:crypto";
import { afterAll, describe, expect, inject, it } from "vitest";
import {
  api,
  clientAddresses,
  closeTestDb,
  codeIn,
  confirmTokenIn,
  cookieOf,
  expireLimit,
  limitKey,
  limitPoints,
  mailsTo,
  mailTo,
  newUser,
  post,
  resetTokenIn,
  runTag,
  sendBurst,
  SESSION_COOKIE,
  setCookieLine,
  settleMail,
  signIn,
  signUp,
  testDb,
  tokenWorks,
  uniqueEmail,
  uniquePhone,
  type Json,
} from "./client";
import { dropTestProducts } from "./cart-client";
import { placedOrder } from "./orders-client";

afterAll(async () => {
  await dropTestProducts();
  await closeTestDb();
});

/** Every test speaks from its own client address (10.1.x.y), so rate limits never cross tests. */
const nextIp = clientAddresses(1);

const sha256url = (value: string) => createHash("sha256").update(value, "utf8").digest("base64url");

async function usersWithEmail(email: string): Promise<number> {
  const { db } = await testDb();
  const row = await db.selectFrom("users").select((eb) => eb.fn.countAll<number>().as("n")).where("email", "=", email).executeTakeFirstOrThrow();
  return Number(row.n);
}

async function userRow(email: string) {
  const { db } = await testDb();
  return db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
}

/** Sets the newest verifications row (a code or reset token just issued) to have expired. */
async function expireNewestVerification(): Promise<void> {
  const { db } = await testDb();
  const newest = await db.selectFrom("verifications").select("id").orderBy("id", "desc").executeTakeFirstOrThrow();
  await db.updateTable("verifications").set({ expires_at: new Date(Date.now() - 60_000).toISOString() }).where("id", "=", newest.id).execute();
}

const signUpBody = (email: string, overrides: Record<string, unknown> = {}) => ({
  name: "Meera Iyer",
  email_or_phone: email,
  password: "Zafrani-Rug-77",
  password_confirmation: "Zafrani-Rug-77",
  register_by: "email",
  ...overrides,
});

const REGISTERED = { result: true, message: "Registration successful! Please log in.", access_token: null };
const OTP_SENT = { result: true, message: "OTP is sent to your registered email address." };
const RESET_SENT = { result: true, message: "Password reset link has been sent to your email." };
const INVALID_LOGIN = { result: false, message: "Invalid email or password." };
const INVALID_OTP = { result: false, message: "Invalid OTP" };

describe("POST /auth/signup", () => {
  it("opens an account: a user row, a hashed credential, a welcome mail, nobody signed in", async () => {
    const ip = nextIp();
    const email = uniqueEmail("signup");
    const since = Date.now();
    const res = await post("/auth/signup", signUpBody(email.toUpperCase()), { ip });
    expect(res.status).toBe(200);
    expect(res.json).toEqual(REGISTERED);
    expect(cookieOf(res, SESSION_COOKIE)).toBeUndefined();

    const { db } = await testDb();
    const user = await userRow(email);
    expect(user).toMatchObject({ name: "Meera Iyer", email, phone: null, avatar: null, deleted_at: null });
    const accounts = await db.selectFrom("accounts").selectAll().where("user_id", "=", user!.id).execute();
    expect(accounts).toHaveLength(1);
    expect(accounts[0]!.provider_id).toBe("credential");
    expect(accounts[0]!.password).toEqual(expect.any(String));
    expect(accounts[0]!.password).not.toBe("Zafrani-Rug-77");
    expect(accounts[0]!.password).not.toContain("Zafrani-Rug-77");
    expect(accounts[0]!.password!.length).toBeGreaterThan(40);
    const sessions = await db.selectFrom("sessions").select("id").where("user_id", "=", user!.id).execute();
    expect(sessions).toHaveLength(0);

    const welcome = await mailTo(email, { since, subject: /^Welcome to / });
    expect(welcome.text).toContain("Meera Iyer");
  });

  it("answers a second sign-up with the same email exactly the same, stores nothing and tells the owner", async () => {
    const email = uniqueEmail("signup-twice");
    const first = await post("/auth/signup", signUpBody(email), { ip: nextIp() });
    expect(first.status).toBe(200);
    await mailTo(email, { subject: /^Welcome to / });

    const since = Date.now();
    const second = await post("/auth/signup", signUpBody(email, { name: "Someone Else", password: "Another-Pass-99", password_confirmation: "Another-Pass-99" }), { ip: nextIp() });
    expect(second.status).toBe(first.status);
    expect(second.json).toEqual(first.json);
    expect(second.text).toBe(first.text);
    expect(await usersWithEmail(email)).toBe(1);
    expect((await userRow(email))?.name).toBe("Meera Iyer");

    const notice = await mailTo(email, { since, subject: /already have an? .* account/i });
    expect(notice.text).toContain("already has one");
    // The original password is the account's (it waits for the email to be confirmed); the second one is not.
    expect((await post("/auth/login", { email, password: "Another-Pass-99" }, { ip: nextIp() })).status).toBe(401);
    expect((await post("/auth/login", { email, password: "Zafrani-Rug-77" }, { ip: nextIp() })).status).toBe(403);
  });

  it("answers simultaneous sign-ups with one email the same, and stores one account", async () => {
    const email = uniqueEmail("signup-race");
    const since = Date.now();
    const answers = await Promise.all([0, 1, 2].map(() => post("/auth/signup", signUpBody(email), { ip: nextIp() })));
    for (const res of answers) {
      expect(res.status, res.text).toBe(200);
      expect(res.json).toEqual(REGISTERED);
    }
    expect(await usersWithEmail(email)).toBe(1);
    const { db } = await testDb();
    const user = await userRow(email);
    expect(await db.selectFrom("accounts").select("id").where("user_id", "=", user!.id).execute()).toHaveLength(1);
    // One welcome; the others are told the account exists.
    await mailTo(email, { since, subject: /^Welcome to / });
    await settleMail();
    const subjects = mailsTo(email, since).map((m) => (/^Welcome to /.test(m.subject) ? "welcome" : /already have/.test(m.subject) ? "exists" : m.subject));
    expect(subjects.sort()).toEqual(["exists", "exists", "welcome"]);
    // The one stored password is the first sign-up's, waiting for the email to be confirmed.
    expect((await post("/auth/login", { email, password: "Zafrani-Rug-77" }, { ip: nextIp() })).status).toBe(403);
  });

  it.each([
    ["a one-letter name", { name: "A" }, "name", "Full Name must be at least 2 characters."],
    ["a bad email", { email_or_phone: "not-an-email" }, "email_or_phone", "Enter a valid email address."],
    ["a password under 6 characters", { password: "ab1!", password_confirmation: "ab1!" }, "password", "Password must contain at least 6 characters"],
    ["a common password", { password: "password123", password_confirmation: "password123" }, "password", "This password is too common. Please choose a harder one."],
    ["a confirmation that differs", { password_confirmation: "Zafrani-Rug-78" }, "password_confirmation", "Passwords do not match."],
    ["register_by phone", { register_by: "phone" }, "register_by", "Accounts are opened with an email address."],
  ])("refuses %s with 422 and a per-field error, storing nothing", async (_label, overrides, field, message) => {
    const email = uniqueEmail("signup-bad");
    const since = Date.now();
    const res = await post("/auth/signup", signUpBody(email, overrides), { ip: nextIp() });
    expect(res.status).toBe(422);
    expect(res.json.result).toBe(false);
    expect(Object.keys(res.json.errors)).toEqual([field]);
    expect(res.json.errors[field]).toEqual([message]);
    expect(res.json.message).toBe(message);
    expect(await usersWithEmail(email)).toBe(0);
    await settleMail(500);
    expect(mailsTo(email, since)).toEqual([]);
  });
});

describe("email confirmation (the welcome mail's link and the password)", () => {
  const page = (path: string) => fetch(`${inject("baseUrl")}${path}`);

  it("the password signs in only after the link and the password confirm the email; a code sign-in then keeps it", async () => {
    const ip = nextIp();
    const since = Date.now();
    const email = uniqueEmail("confirm");
    expect((await post("/auth/signup", signUpBody(email), { ip })).status).toBe(200);
    const token = confirmTokenIn(await mailTo(email, { since, subject: /^Welcome to / }));
    expect(token.length).toBeGreaterThan(20);

    // Before: the right password is refused with a clear message and a fresh link is mailed.
    const resend = Date.now();
    const early = await post("/auth/login", { email, password: "Zafrani-Rug-77" }, { ip });
    expect(early.status).toBe(403);
    expect(early.json).toEqual({ result: false, message: "Please confirm your email address first: we have sent you a new link." });
    expect(cookieOf(early, SESSION_COOKIE)).toBeUndefined();
    await mailTo(email, { since: resend, subject: /^Welcome to / });
    // A wrong password still answers as for any wrong password.
    expect((await post("/auth/login", { email, password: "wrong-password-1" }, { ip })).json).toEqual(INVALID_LOGIN);

    // Opening the link (as a mail scanner would) confirms nothing.
    const opened = await page(`/verify-email?token=${token}`);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain("Confirm your email");
    expect(Boolean((await userRow(email))?.email_verified)).toBe(false);

    // The link without the right password, or a forged link, confirms nothing.
    expect((await post("/auth/email/confirm", { token, password: "not-the-password" }, { ip })).status).toBe(401);
    const forged = `${token.slice(0, -4)}AAAA`;
    expect((await post("/auth/email/confirm", { token: forged, password: "Zafrani-Rug-77" }, { ip })).json).toEqual({
      result: false,
      message: "This link is invalid or has expired. Log in to get a new one.",
    });
    expect(Boolean((await userRow(email))?.email_verified)).toBe(false);

    const confirmed = await post("/auth/email/confirm", { token, password: "Zafrani-Rug-77" }, { ip });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json).toMatchObject({ result: true, message: "Your email address is confirmed.", token_type: "Bearer", user: { email } });
    expect(await tokenWorks(confirmed.json.access_token)).toBe(true);
    expect(Boolean((await userRow(email))?.email_verified)).toBe(true);
    expect((await post("/auth/login", { email, password: "Zafrani-Rug-77" }, { ip })).status).toBe(200);

    const sent = Date.now();
    await post("/auth/otp/send", { email_or_phone: email }, { ip });
    const code = codeIn(await mailTo(email, { since: sent, subject: /sign-in code/ }));
    expect((await post("/auth/otp/verify", { email_or_phone: email, otp: code }, { ip })).status).toBe(200);
    expect((await post("/auth/login", { email, password: "Zafrani-Rug-77" }, { ip })).status).toBe(200);
  });

  it("someone who registers another person's email never gets in: the owner's code sign-in drops that password; a reset link confirms the email", async () => {
    const ip = nextIp();
    const email = uniqueEmail("unproven");
    const before = Date.now();
    expect((await post("/auth/signup", signUpBody(email), { ip })).status).toBe(200);
    await mailTo(email, { since: before, subject: /^Welcome to / });
    const sent = Date.now();
    await post("/auth/otp/send", { email_or_phone: email }, { ip });
    const code = codeIn(await mailTo(email, { since: sent, subject: /sign-in code/ }));
    expect((await post("/auth/otp/verify", { email_or_phone: email, otp: code }, { ip })).status).toBe(200);
    expect(Boolean((await userRow(email))?.email_verified)).toBe(true);
    expect((await post("/auth/login", { email, password: "Zafrani-Rug-77" }, { ip })).status).toBe(401);

    const other = uniqueEmail("reset-confirms");
    const t0 = Date.now();
    expect((await post("/auth/signup", signUpBody(other), { ip: nextIp() })).status).toBe(200);
    await mailTo(other, { since: t0, subject: /^Welcome to / });
    const t1 = Date.now();
    await post("/auth/password/forget_request", { email_or_phone: other }, { ip: nextIp() });
    const resetToken = resetTokenIn(await mailTo(other, { since: t1, subject: /Reset your/ }));
    expect((await post("/auth/password/reset", { token: resetToken, password: "Neem-tree-42" }, { ip: nextIp() })).status).toBe(200);
    expect(Boolean((await userRow(other))?.email_verified)).toBe(true);
    expect((await post("/auth/login", { email: other, password: "Neem-tree-42" }, { ip: nextIp() })).status).toBe(200);
  });
});

describe("POST /auth/login", () => {
  it("signs in by email: token, user, an httpOnly Lax session cookie and the hint cookie", async () => {
    const ip = nextIp();
    const creds = await signUp(ip, { name: "Kabir Rao" });
    const res = await post("/auth/login", { login_by: "email", email: `  ${creds.email.toUpperCase()} `, password: creds.password }, { ip });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ result: true, message: "Logged in successfully", token_type: "Bearer" });
    expect(res.json.access_token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const user = await userRow(creds.email);
    expect(res.json.user).toEqual({ id: user!.id, name: "Kabir Rao", email: creds.email, phone: null, avatar: null, avatar_original: null, email_verified: true });

    const session = setCookieLine(res, SESSION_COOKIE);
    expect(session).toBeDefined();
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(session).toMatch(/;\s*SameSite=Lax/i);
    expect(session).toMatch(/;\s*Path=\//i);
    expect(setCookieLine(res, "kesar_signed_in")).toMatch(/^kesar_signed_in=1;/);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  it("stores only the SHA-256 of the token, and the stored value opens nothing", async () => {
    const ip = nextIp();
    const user = await newUser(ip);
    const { db } = await testDb();
    const rows = await db.selectFrom("sessions").select(["token", "user_id"]).where("user_id", "=", user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token).not.toBe(user.token);
    expect(rows[0]!.token).not.toContain(user.token);
    expect(rows[0]!.token).toBe(sha256url(user.token));
    expect(await db.selectFrom("sessions").select("id").where("token", "=", user.token).executeTakeFirst()).toBeUndefined();

    expect(await tokenWorks(user.token)).toBe(true);
    const stolen = await api("/auth/session", { token: rows[0]!.token });
    expect(stolen.status).toBe(200);
    expect(stolen.json).toEqual({ result: false, user: null });
    const stolenCookie = await api("/auth/session", { cookie: `${SESSION_COOKIE}=${rows[0]!.token}` });
    expect(stolenCookie.json).toEqual({ result: false, user: null });
  });

  it("does not accept an expired session", async () => {
    const ip = nextIp();
    const user = await newUser(ip);
    const { db } = await testDb();
    await db.updateTable("sessions").set({ expires_at: new Date(Date.now() - 60_000).toISOString() }).where("user_id", "=", user.id).execute();
    expect(await tokenWorks(user.token)).toBe(false);
    expect((await api("/auth/session", { cookie: user.cookie })).json).toEqual({ result: false, user: null });
    expect((await api("/user/shipping/address", { token: user.token })).status).toBe(401);
  });

  it("opens a new session with a new token on every sign-in", async () => {
    const ip = nextIp();
    const creds = await signUp(ip);
    const a = await signIn(ip, creds.email, creds.password);
    const b = await signIn(ip, creds.email, creds.password);
    expect(a.token).not.toBe(b.token);
    expect(a.cookie).not.toBe(b.cookie);
    expect(await tokenWorks(a.token)).toBe(true);
    expect(await tokenWorks(b.token)).toBe(true);
    const { db } = await testDb();
    const rows = await db.selectFrom("sessions").select("token").where("user_id", "=", a.userId).execute();
    expect(rows.map((r) => r.token).sort()).toEqual([sha256url(a.token), sha256url(b.token)].sort());
  });

  it("answers a wrong password and an unknown email with the same 401", async () => {
    const ip = nextIp();
    const creds = await signUp(ip);
    const wrong = await post("/auth/login", { email: creds.email, password: "Not-The-Password-1" }, { ip });
    const unknown = await post("/auth/login", { email: uniqueEmail("nobody"), password: "Not-The-Password-1" }, { ip });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual(INVALID_LOGIN);
    expect(unknown.status).toBe(401);
    expect(unknown.json).toEqual(INVALID_LOGIN);
    expect(unknown.text).toBe(wrong.text);
    expect(cookieOf(wrong, SESSION_COOKIE)).toBeUndefined();
    const { db } = await testDb();
    const user = await userRow(creds.email);
    expect(await db.selectFrom("sessions").select("id").where("user_id", "=", user!.id).execute()).toHaveLength(0);
  });

  it("signs in by the account's phone; an unknown phone gets 401", async () => {
    const ip = nextIp();
    const user = await newUser(ip, { name: "Farah Khan" });
    const phone = uniquePhone();
    const update = await post("/profile/update", { name: "Farah Khan", phone: `+91 ${phone}` }, { ip, token: user.token });
    expect(update.status).toBe(200);
    expect((await userRow(user.email))?.phone).toBe(phone);

    const byPhone = await post("/auth/login", { login_by: "phone", phone, password: user.password }, { ip });
    expect(byPhone.status).toBe(200);
    expect(byPhone.json.user).toMatchObject({ id: user.id, email: user.email, phone });
    expect(await tokenWorks(byPhone.json.access_token)).toBe(true);
    // The old site sent the number in the email field.
    const inEmail = await post("/auth/login", { login_by: "phone", email: phone, password: user.password }, { ip });
    expect(inEmail.status).toBe(200);

    const wrongPassword = await post("/auth/login", { login_by: "phone", phone, password: "Not-The-Password-1" }, { ip });
    expect(wrongPassword.status).toBe(401);
    const unknown = await post("/auth/login", { login_by: "phone", phone: uniquePhone(), password: user.password }, { ip });
    expect(unknown.status).toBe(401);
    expect(unknown.json).toEqual({ result: false, message: "Invalid phone number or password." });
    expect(unknown.json).toEqual(wrongPassword.json);
  });

  it("refuses a sign-in without an email or password with 422", async () => {
    const ip = nextIp();
    const res = await post("/auth/login", { email: "", password: "" }, { ip });
    expect(res.status).toBe(422);
    expect(res.json.errors.password).toEqual(["Password is required."]);
    const noEmail = await post("/auth/login", { password: "Something-1" }, { ip });
    expect(noEmail.status).toBe(422);
    expect(noEmail.json.errors.email).toEqual(["Email is required."]);
    const badPhone = await post("/auth/login", { login_by: "phone", phone: "12345", password: "Something-1" }, { ip });
    expect(badPhone.status).toBe(422);
    expect(badPhone.json.errors.phone).toEqual(["Enter a 10-digit mobile number starting with 6, 7, 8 or 9."]);
  });
});

describe("sign-in rate limit", () => {
  it("locks an account after 5 failures (429 with Retry-After, even for the right password), not others from the same address", async () => {
    const ip = nextIp();
    const victim = await signUp(ip);
    const other = await signUp(ip);
    for (let i = 1; i <= 5; i++) {
      const res = await post("/auth/login", { email: victim.email, password: `Wrong-Guess-${i}` }, { ip });
      expect(res.status, `attempt ${i}`).toBe(401);
      expect(res.json).toEqual(INVALID_LOGIN);
    }
    const locked = await post("/auth/login", { email: victim.email, password: victim.password }, { ip });
    expect(locked.status).toBe(429);
    expect(locked.json).toEqual({ result: false, message: "Too many attempts. Please try again later." });
    const retryAfter = Number(locked.headers.get("retry-after"));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(cookieOf(locked, SESSION_COOKIE)).toBeUndefined();

    // The lock is per account: from another address it holds too, and another account is free.
    expect((await post("/auth/login", { email: victim.email, password: victim.password }, { ip: nextIp() })).status).toBe(429);
    const free = await post("/auth/login", { email: other.email, password: other.password }, { ip });
    expect(free.status).toBe(200);
  });

  it("allows no more than 5 guesses when they arrive all at once", async () => {
    // Checking a password takes a while (scrypt). Guesses sent together must each be counted
    // before they are checked, or all of them get past the limit: at most 5 are checked, the
    // surplus is refused, and the right password, sent while the burst is being checked, finds
    // the account locked. (Which answer arrives first depends on the machine's load: not asserted.)
    const ip = nextIp();
    const victim = await signUp(ip);
    const burst = await sendBurst(limitKey("signInFailuresPerAccount", victim.email), 5, 12, (i) => post("/auth/login", { email: victim.email, password: `Parallel-Guess-${i}` }, { ip }));
    const right = await post("/auth/login", { email: victim.email, password: victim.password }, { ip });
    const statuses = (await burst.done).map((r) => r.status);
    expect(statuses.filter((s) => s === 429).length, statuses.join(",")).toBeGreaterThanOrEqual(7);
    expect(right.status).toBe(429);
    expect(right.json.access_token).toBeUndefined();
    expect(statuses.filter((s) => s === 401).length, statuses.join(",")).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s !== 401 && s !== 429), statuses.join(",")).toEqual([]);
    const { db } = await testDb();
    expect(await db.selectFrom("sessions").select("id").where("user_id", "=", (await userRow(victim.email))!.id).execute()).toEqual([]);
  });

  it("does not count successful sign-ins against the address", async () => {
    // 50 failures per address in 15 minutes; successes must not use that budget up.
    const ip = nextIp();
    const creds = await signUp(ip);
    for (let i = 0; i < 52; i++) {
      const res = await post("/auth/login", { email: creds.email, password: creds.password }, { ip });
      expect(res.status, `sign-in ${i + 1}`).toBe(200);
    }
    const { db } = await testDb();
    await db.deleteFrom("sessions").where("user_id", "=", (await userRow(creds.email))!.id).execute();
  });
});

describe("sign-in codes (POST /auth/otp/send, /auth/otp/verify)", () => {
  it("answers a known and an unknown email the same; only the known one gets a code", async () => {
    const ip = nextIp();
    const known = await signUp(ip);
    const unknown = uniqueEmail("otp-unknown");
    const since = Date.now();
    const a = await post("/auth/otp/send", { email_or_phone: unknown, send_code_by: "email" }, { ip });
    const b = await post("/auth/otp/send", { email_or_phone: known.email, send_code_by: "email" }, { ip });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.json).toEqual(OTP_SENT);
    expect(b.text).toBe(a.text);
    const mail = await mailTo(known.email, { since, subject: /sign-in code/ });
    expect(codeIn(mail)).toMatch(/^\d{6}$/);
    expect(mail.text).toContain(codeIn(mail));
    await settleMail();
    expect(mailsTo(unknown, since)).toEqual([]);
    expect(await usersWithEmail(unknown)).toBe(0);
  });

  it("signs in with the right code once; a wrong code is 400 Invalid OTP", async () => {
    const ip = nextIp();
    const known = await signUp(ip, { name: "Leela Menon" });
    const since = Date.now();
    expect((await post("/auth/otp/send", { email_or_phone: known.email }, { ip })).status).toBe(200);
    const code = codeIn(await mailTo(known.email, { since, subject: /sign-in code/ }));
    const wrongCode = code === "000000" ? "000001" : "000000";

    const wrong = await post("/auth/otp/verify", { email_or_phone: known.email, otp: wrongCode }, { ip });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toEqual(INVALID_OTP);

    const right = await post("/auth/otp/verify", { email_or_phone: known.email, otp: code }, { ip });
    expect(right.status).toBe(200);
    expect(right.json).toMatchObject({ result: true, message: "OTP verified successfully.", token_type: "Bearer", user: { name: "Leela Menon", email: known.email } });
    expect(right.json.access_token).toEqual(expect.any(String));
    expect(cookieOf(right, SESSION_COOKIE)).toBeDefined();
    expect(await tokenWorks(right.json.access_token)).toBe(true);

    const again = await post("/auth/otp/verify", { email_or_phone: known.email, otp: code }, { ip });
    expect(again.status).toBe(400);
    expect(again.json).toEqual(INVALID_OTP);
    expect(cookieOf(again, SESSION_COOKIE)).toBeUndefined();
  });

  it("lets a code sign in only once even when it is sent several times at once", async () => {
    const ip = nextIp();
    const known = await signUp(ip);
    const since = Date.now();
    await post("/auth/otp/send", { email_or_phone: known.email }, { ip });
    const code = codeIn(await mailTo(known.email, { since, subject: /sign-in code/ }));
    const answers = await Promise.all([0, 1, 2, 3].map(() => post("/auth/otp/verify", { email_or_phone: known.email, otp: code }, { ip })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400, 400, 400]);
    const { db } = await testDb();
    const user = await userRow(known.email);
    expect(await db.selectFrom("sessions").select("id").where("user_id", "=", user!.id).execute()).toHaveLength(1);
  });

  it("never signs in or creates an unknown email, whatever the code", async () => {
    const ip = nextIp();
    const known = await signUp(ip);
    const unknown = uniqueEmail("otp-ghost");
    const since = Date.now();
    expect((await post("/auth/otp/send", { email_or_phone: unknown }, { ip })).status).toBe(200);
    expect((await post("/auth/otp/send", { email_or_phone: known.email }, { ip })).status).toBe(200);
    const code = codeIn(await mailTo(known.email, { since, subject: /sign-in code/ }));
    // The code sent to another account, and a guess, for the unknown email.
    for (const otp of [code, "123456"]) {
      const res = await post("/auth/otp/verify", { email_or_phone: unknown, otp }, { ip });
      expect(res.status, otp).toBe(400);
      expect(res.json, otp).toEqual(INVALID_OTP);
    }
    expect(await usersWithEmail(unknown)).toBe(0);
    // The known account's code was not spent by those tries.
    expect((await post("/auth/otp/verify", { email_or_phone: known.email, otp: code }, { ip })).status).toBe(200);
  });

  it("ends a code after 5 wrong tries: the right code is refused afterwards", async () => {
    const ip = nextIp();
    const known = await signUp(ip);
    const since = Date.now();
    await post("/auth/otp/send", { email_or_phone: known.email }, { ip });
    const code = codeIn(await mailTo(known.email, { since, subject: /sign-in code/ }));
    const wrongs = ["111111", "222222", "333333", "444444", "555555", "666666"].filter((c) => c !== code).slice(0, 5);
    for (const otp of wrongs) {
      const res = await post("/auth/otp/verify", { email_or_phone: known.email, otp }, { ip });
      expect(res.status, otp).toBe(400);
      expect(res.json, otp).toEqual(INVALID_OTP);
    }
    // Five wrong codes also lock the account's sign-ins for a while (429)...
    const locked = await post("/auth/otp/verify", { email_or_phone: known.email, otp: code }, { ip });
    expect(locked.status).toBe(429);
    expect(locked.json.access_token).toBeUndefined();
    // ...and once that has passed, the code itself is spent.
    expect(await expireLimit(limitKey("signInFailuresPerAccount", known.email))).toBe(true);
    const right = await post("/auth/otp/verify", { email_or_phone: known.email, otp: code }, { ip });
    expect(right.status).toBe(400);
    expect(right.json.result).toBe(false);
    expect(right.json.message).toBe("Too many wrong codes. Please request a new one.");
    expect(right.json.access_token).toBeUndefined();
    const later = await post("/auth/otp/verify", { email_or_phone: known.email, otp: code }, { ip });
    expect(later.status).toBe(400);
    expect(later.json.access_token).toBeUndefined();
  });

  it("refuses an expired code", async () => {
    const ip = nextIp();
    const known = await signUp(ip);
    const since = Date.now();
    await post("/auth/otp/send", { email_or_phone: known.email }, { ip });
    const code = codeIn(await mailTo(known.email, { since, subject: /sign-in code/ }));
    // Identifiers are stored hashed; the code just sent is the newest verifications row.
    await expireNewestVerification();
    const res = await post("/auth/otp/verify", { email_or_phone: known.email, otp: code }, { ip });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ result: false, message: "This code has expired. Please request a new one." });
  });

  it("sends at most one code a minute per email (429 with Retry-After)", async () => {
    const ip = nextIp();
    const known = await signUp(ip);
    const since = Date.now();
    expect((await post("/auth/otp/send", { email_or_phone: known.email }, { ip })).status).toBe(200);
    const second = await post("/auth/otp/send", { email_or_phone: known.email }, { ip: nextIp() });
    expect(second.status).toBe(429);
    expect(second.json).toEqual({ result: false, message: "Too many attempts. Please try again later." });
    const retryAfter = Number(second.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    await mailTo(known.email, { since, subject: /sign-in code/ });
    await settleMail(500);
    expect(mailsTo(known.email, since).filter((m) => /sign-in code/.test(m.subject))).toHaveLength(1);
  });

  it("sends at most 3 codes per email in 15 minutes (the 4th is 429)", async () => {
    // The one-a-minute rule would make this take three minutes. Its counter is a row of the
    // rate_limits table (rate-limiter-flexible, key "<rule>:<SHA-256 of the email>"): deleting it
    // between sends stands in for the minute passing, and leaves the 15-minute counter alone.
    const ip = nextIp();
    const known = await signUp(ip);
    const since = Date.now();
    for (let i = 1; i <= 3; i++) {
      const res = await post("/auth/otp/send", { email_or_phone: known.email }, { ip });
      expect(res.status, `send ${i}`).toBe(200);
      expect(await limitPoints(limitKey("codesPerEmail", known.email)), `send ${i}`).toBe(i);
      expect(await expireLimit(limitKey("codeGapPerEmail", known.email)), `send ${i}`).toBe(true);
    }
    const fourth = await post("/auth/otp/send", { email_or_phone: known.email }, { ip });
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get("retry-after"))).toBeGreaterThan(60);
    await settleMail();
    expect(mailsTo(known.email, since).filter((m) => /sign-in code/.test(m.subject))).toHaveLength(3);
  });

  it("counts wrong codes per account too, so guesses from many addresses stop after 5", async () => {
    const ip = nextIp();
    const known = await signUp(ip);
    const since = Date.now();
    await post("/auth/otp/send", { email_or_phone: known.email }, { ip });
    const code = codeIn(await mailTo(known.email, { since, subject: /sign-in code/ }));
    const wrong = code === "000000" ? "000001" : "000000";
    for (let i = 0; i < 5; i++) {
      expect((await post("/auth/otp/verify", { email_or_phone: known.email, otp: wrong }, { ip: nextIp() })).status).toBe(400);
    }
    const sixth = await post("/auth/otp/verify", { email_or_phone: known.email, otp: code }, { ip: nextIp() });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("refuses a malformed code or email with 422", async () => {
    const ip = nextIp();
    const res = await post("/auth/otp/verify", { email_or_phone: uniqueEmail("x"), otp: "12ab" }, { ip });
    expect(res.status).toBe(422);
    expect(res.json.errors.otp).toEqual(["Please enter the 6-digit code from the email."]);
    const send = await post("/auth/otp/send", { email_or_phone: "nope" }, { ip });
    expect(send.status).toBe(422);
    expect(send.json.errors.email_or_phone).toEqual(["Enter a valid email address."]);
    const byPhone = await post("/auth/otp/send", { email_or_phone: uniqueEmail("x"), send_code_by: "phone" }, { ip });
    expect(byPhone.status).toBe(422);
    expect(byPhone.json.errors.send_code_by).toEqual(["Codes are sent by email."]);
  });
});

describe("password reset (POST /auth/password/forget_request, /auth/password/reset)", () => {
  async function resetLinkFor(email: string, ip: string): Promise<string> {
    const since = Date.now();
    const res = await post("/auth/password/forget_request", { email_or_phone: email, send_code_by: "email" }, { ip });
    expect(res.status).toBe(200);
    return resetTokenIn(await mailTo(email, { since, subject: /^Reset your / }));
  }

  it("answers a known and an unknown email the same; only the known one gets a link", async () => {
    const ip = nextIp();
    const known = await signUp(ip);
    const unknown = uniqueEmail("reset-unknown");
    const since = Date.now();
    const a = await post("/auth/password/forget_request", { email_or_phone: unknown, send_code_by: "email" }, { ip });
    const b = await post("/auth/password/forget_request", { email_or_phone: known.email, send_code_by: "email" }, { ip });
    expect(a.status).toBe(200);
    expect(a.json).toEqual(RESET_SENT);
    expect(b.status).toBe(200);
    expect(b.text).toBe(a.text);
    const mail = await mailTo(known.email, { since, subject: /^Reset your / });
    expect(mail.text).toMatch(/\/reset-password\?token=[A-Za-z0-9]+/);
    expect(resetTokenIn(mail)).toMatch(/^[A-Za-z0-9]{22,}$/);
    await settleMail();
    expect(mailsTo(unknown, since)).toEqual([]);
  });

  it("sets a new password once, ends every older session, and only the new password works", async () => {
    const ip = nextIp();
    const user = await newUser(ip);
    const second = await signIn(ip, user.email, user.password);
    const token = await resetLinkFor(user.email, ip);

    const res = await post("/auth/password/reset", { token, password: "Brand-New-Pass-42", password_confirmation: "Brand-New-Pass-42" }, { ip });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ result: true, message: "Password reset successfully." });

    expect(await tokenWorks(user.token)).toBe(false);
    expect(await tokenWorks(second.token)).toBe(false);
    const { db } = await testDb();
    expect(await db.selectFrom("sessions").select("id").where("user_id", "=", user.id).execute()).toHaveLength(0);

    const old = await post("/auth/login", { email: user.email, password: user.password }, { ip });
    expect(old.status).toBe(401);
    expect(old.json).toEqual(INVALID_LOGIN);
    expect((await post("/auth/login", { email: user.email, password: "Brand-New-Pass-42" }, { ip })).status).toBe(200);

    const again = await post("/auth/password/reset", { token, password: "Third-Pass-Word-9" }, { ip });
    expect(again.status).toBe(400);
    expect(again.json).toEqual({ result: false, message: "This reset link is invalid or has expired. Please request a new one." });
    expect((await post("/auth/login", { email: user.email, password: "Third-Pass-Word-9" }, { ip })).status).toBe(401);
  });

  it("lets a reset link work once even when it is used several times at once", async () => {
    const ip = nextIp();
    const user = await signUp(ip);
    const token = await resetLinkFor(user.email, ip);
    const answers = await Promise.all(["Parallel-Pass-1a", "Parallel-Pass-2b", "Parallel-Pass-3c"].map((password) => post("/auth/password/reset", { token, password }, { ip })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    const winner = ["Parallel-Pass-1a", "Parallel-Pass-2b", "Parallel-Pass-3c"][answers.findIndex((r) => r.status === 200)]!;
    expect((await post("/auth/login", { email: user.email, password: winner }, { ip })).status).toBe(200);
  });

  it("refuses an unknown token and an expired one with 400", async () => {
    const ip = nextIp();
    const user = await newUser(ip);
    const bad = await post("/auth/password/reset", { token: "AbCdEfGhIjKlMnOpQrStUvWx", password: "Brand-New-Pass-42" }, { ip });
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ result: false, message: "This reset link is invalid or has expired. Please request a new one." });

    const token = await resetLinkFor(user.email, ip);
    await expireNewestVerification();
    const expired = await post("/auth/password/reset", { token, password: "Brand-New-Pass-42" }, { ip });
    expect(expired.status).toBe(400);
    expect(expired.json.result).toBe(false);
    // Nothing changed: the old password and the session still work.
    expect(await tokenWorks(user.token)).toBe(true);
    expect((await post("/auth/login", { email: user.email, password: user.password }, { ip })).status).toBe(200);
  });

  it("refuses a weak new password or a missing token with 422, keeping the token usable", async () => {
    const ip = nextIp();
    const user = await signUp(ip);
    const token = await resetLinkFor(user.email, ip);
    const short = await post("/auth/password/reset", { token, password: "abc12" }, { ip });
    expect(short.status).toBe(422);
    expect(short.json.errors).toEqual({ password: ["Password must contain at least 6 characters"] });
    const common = await post("/auth/password/reset", { token, password: "password123" }, { ip });
    expect(common.status).toBe(422);
    expect(common.json.errors).toEqual({ password: ["This password is too common. Please choose a harder one."] });
    const differ = await post("/auth/password/reset", { token, password: "Brand-New-Pass-42", password_confirmation: "Brand-New-Pass-43" }, { ip });
    expect(differ.status).toBe(422);
    expect(differ.json.errors).toEqual({ password_confirmation: ["Passwords do not match."] });
    const missing = await post("/auth/password/reset", { password: "Brand-New-Pass-42" }, { ip });
    expect(missing.status).toBe(422);
    expect(missing.json.errors).toEqual({ token: ["Invalid or missing token."] });

    expect((await post("/auth/login", { email: user.email, password: user.password }, { ip })).status).toBe(200);
    expect((await post("/auth/password/reset", { token, password: "Brand-New-Pass-42" }, { ip })).status).toBe(200);
  });
});

describe("sign-out", () => {
  it("GET /auth/logout ends the session behind the bearer token", async () => {
    const ip = nextIp();
    const user = await newUser(ip);
    const other = await signIn(ip, user.email, user.password);
    const res = await api("/auth/logout", { token: user.token, ip });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ result: true, message: "Logged out successfully" });
    expect(setCookieLine(res, "kesar_signed_in")).toMatch(/Max-Age=0/);
    expect(await tokenWorks(user.token)).toBe(false);
    expect(await tokenWorks(other.token)).toBe(true);
    const { db } = await testDb();
    const rows = await db.selectFrom("sessions").select("token").where("user_id", "=", user.id).execute();
    expect(rows.map((r) => r.token)).toEqual([sha256url(other.token)]);
    // A second logout with the ended token is a guest's.
    expect((await api("/auth/logout", { token: user.token, ip })).status).toBe(401);
  });

  it("POST /auth/logout-all ends every session of the user and no one else's", async () => {
    const ip = nextIp();
    const user = await newUser(ip);
    const s2 = await signIn(ip, user.email, user.password);
    const s3 = await signIn(ip, user.email, user.password);
    const bystander = await newUser(ip);
    const res = await post("/auth/logout-all", {}, { token: s2.token, ip });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ result: true, message: "You have been logged out of all devices." });
    for (const token of [user.token, s2.token, s3.token]) expect(await tokenWorks(token)).toBe(false);
    expect(await tokenWorks(bystander.token)).toBe(true);
    const { db } = await testDb();
    expect(await db.selectFrom("sessions").select("id").where("user_id", "=", user.id).execute()).toHaveLength(0);
    expect(await db.selectFrom("sessions").select("id").where("user_id", "=", bystander.id).execute()).toHaveLength(1);
  });
});

describe("cookie sessions and X-Requested-With", () => {
  async function address(): Promise<Record<string, unknown>> {
    const { db } = await testDb();
    const city = await db
      .selectFrom("cities as c")
      .innerJoin("states as s", "s.id", "c.state_id")
      .select(["c.id as city", "s.id as state", "s.country_id as country"])
      .where("s.name", "=", "Maharashtra")
      .where("c.name", "=", "Pune")
      .executeTakeFirstOrThrow();
    return { address: "14 Koregaon Park Lane", postal_code: "411001", phone: "9876543210", ...city };
  }

  it("refuses cookie-authenticated changes without X-Requested-With, and allows them with it", async () => {
    const ip = nextIp();
    const user = await newUser(ip);
    const body = await address();
    const { db } = await testDb();
    const count = async () => (await db.selectFrom("addresses").select("id").where("user_id", "=", user.id).execute()).length;

    const refused = await post("/user/shipping/create", body, { cookie: user.cookie, requestedWith: false, ip });
    expect(refused.status).toBe(403);
    expect(refused.json.result).toBe(false);
    expect(refused.json.message).toContain("X-Requested-With");
    expect(await count()).toBe(0);

    const made = await post("/user/shipping/create", body, { cookie: user.cookie, ip });
    expect(made.status).toBe(201);
    expect(await count()).toBe(1);
    const id = made.json.data.id as number;

    const destroy = await api(`/addresses/destroy?address_id=${id}`, { cookie: user.cookie, requestedWith: false, ip });
    expect(destroy.status).toBe(403);
    const setDefault = await api(`/addresses/set-default?address_id=${id}`, { cookie: user.cookie, requestedWith: false, ip });
    expect(setDefault.status).toBe(403);
    const logout = await api("/auth/logout", { cookie: user.cookie, requestedWith: false, ip });
    expect(logout.status).toBe(403);
    const changes: [string, unknown][] = [
      ["/auth/logout-all", {}],
      ["/profile/update", { name: "Changed By Another Site" }],
      ["/user/shipping/update", { ...body, id, address: "Changed by another site" }],
      ["/profile/email/request", { email: uniqueEmail("csrf"), password: user.password }],
      ["/account/delete/code", {}],
      ["/account/delete", { password: user.password }],
    ];
    for (const [path, payload] of changes) {
      const res = await post(path, payload, { cookie: user.cookie, requestedWith: false, ip });
      expect(res.status, path).toBe(403);
    }
    expect(await tokenWorks(user.token)).toBe(true);
    expect(await count()).toBe(1);
    const row = await db.selectFrom("users").select(["name", "deleted_at"]).where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: "Test Customer", deleted_at: null });
    expect((await db.selectFrom("addresses").select("address").where("id", "=", id).executeTakeFirstOrThrow()).address).toBe(body.address);

    // Reads need no header.
    const list = await api("/user/shipping/address", { cookie: user.cookie, requestedWith: false, ip });
    expect(list.status).toBe(200);
    expect(list.json.data).toHaveLength(1);

    const destroyed = await api(`/addresses/destroy?address_id=${id}`, { cookie: user.cookie, ip });
    expect(destroyed.status).toBe(200);
    expect(await count()).toBe(0);
  });

  it("treats a request that carries the session cookie as a cookie request, even with a bearer token", async () => {
    const ip = nextIp();
    const user = await newUser(ip);
    const res = await post("/user/shipping/create", await address(), { cookie: user.cookie, token: user.token, requestedWith: false, ip });
    expect(res.status).toBe(403);
  });

  it("lets bearer requests change data without X-Requested-With", async () => {
    const ip = nextIp();
    const user = await newUser(ip);
    const made = await post("/user/shipping/create", await address(), { token: user.token, requestedWith: false, ip });
    expect(made.status).toBe(201);
    const destroyed = await api(`/addresses/destroy?address_id=${made.json.data.id}`, { token: user.token, requestedWith: false, ip });
    expect(destroyed.status).toBe(200);
    const logout = await api("/auth/logout", { token: user.token, requestedWith: false, ip });
    expect(logout.status).toBe(200);
    expect(await tokenWorks(user.token)).toBe(false);
  });

  it("signs out a cookie session with the header, clearing the cookies", async () => {
    const ip = nextIp();
    const user = await newUser(ip);
    const res = await api("/auth/logout", { cookie: user.cookie, ip });
    expect(res.status).toBe(200);
    expect(setCookieLine(res, SESSION_COOKIE)).toMatch(/Max-Age=0/);
    expect((await api("/auth/session", { cookie: user.cookie })).json.user).toBeNull();
  });
});

describe("GET /auth/session", () => {
  it("answers a guest with user null and a signed-in user with the user, never cached", async () => {
    const guest = await api("/auth/session");
    expect(guest.status).toBe(200);
    expect(guest.json).toEqual({ result: false, user: null });
    expect(guest.headers.get("cache-control")).toBe("private, no-store");

    const ip = nextIp();
    const user = await newUser(ip, { name: "Nikhil Das" });
    const byBearer = await api("/auth/session", { token: user.token });
    expect(byBearer.status).toBe(200);
    expect(byBearer.json).toEqual({
      result: true,
      user: { id: user.id, name: "Nikhil Das", email: user.email, phone: null, avatar: null, avatar_original: null, email_verified: true },
    });
    expect(byBearer.headers.get("cache-control")).toBe("private, no-store");
    const byCookie = await api("/auth/session", { cookie: user.cookie });
    expect(byCookie.json.user.id).toBe(user.id);

    const garbage = await api("/auth/session", { token: "not-a-real-token" });
    expect(garbage.json).toEqual({ result: false, user: null });
  });
});

describe("POST /get-user-by-access_token", () => {
  it("answers the profile behind a token; 401 for a bad token, 422 without one", async () => {
    const ip = nextIp();
    const user = await newUser(ip, { name: "Priya Nair" });
    const res = await post("/get-user-by-access_token", { access_token: user.token });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ result: true, id: user.id, name: "Priya Nair", email: user.email, phone: null, avatar_original: null });
    expect(res.headers.get("cache-control")).toBe("private, no-store");

    const bad = await post("/get-user-by-access_token", { access_token: "AbCdEfGhIjKlMnOpQrStUvWxYz012345" });
    expect(bad.status).toBe(401);
    expect(bad.json).toEqual({ result: false, message: "The access token is not valid or has expired." });
    const missing = await post("/get-user-by-access_token", {});
    expect(missing.status).toBe(422);
    expect(missing.json.errors).toEqual({ access_token: ["access_token is required."] });
    const blank = await post("/get-user-by-access_token", { access_token: "  " });
    expect(blank.status).toBe(422);
    // Characters a header cannot carry are a bad token too, not a server error.
    for (const odd of [`${user.token}\nX-Injected: 1`, `${user.token}\u0000`, "токен-доступа", "tok\ren"]) {
      const res = await post("/get-user-by-access_token", { access_token: odd });
      expect(res.status, JSON.stringify(odd)).toBe(401);
      expect(res.json, JSON.stringify(odd)).toEqual({ result: false, message: "The access token is not valid or has expired." });
    }
  });
});

describe("GET /auth/coupons", () => {
  const SEEDED = [
    { title: "10% off your first order", code: "WELCOME10" },
    { title: "Free shipping above ₹499", code: "FREESHIP499" },
    { title: "Flat ₹150 off on ₹1,000 and above", code: "FLAT150" },
  ];
  const mine = (code: string) => code.startsWith(`T${runTag}`.toUpperCase());
  const shown = (res: { json: Json }) => (res.json.data as Json[]).filter((c) => SEEDED.some((s) => s.code === c.code) || mine(c.code));

  it("lists the usable coupons; inactive, expired and not yet started ones are hidden; first-order ones end with the first order", async () => {
    const { db } = await testDb();
    const now = Date.now();
    const coupon = (suffix: string, values: { active?: number; starts_at?: string | null; ends_at?: string | null }) => ({
      title: `Test coupon ${suffix}`,
      code: `T${runTag}${suffix}`.toUpperCase(),
      kind: "flat" as const,
      value: 5000,
      min_order: 0,
      max_discount: null,
      first_order_only: 0,
      active: values.active ?? 1,
      starts_at: values.starts_at ?? null,
      ends_at: values.ends_at ?? null,
      created_at: new Date(now).toISOString(),
    });
    await db
      .insertInto("coupons")
      .values([
        coupon("OFF", { active: 0 }),
        coupon("OLD", { ends_at: new Date(now - 86_400_000).toISOString() }),
        coupon("SOON", { starts_at: new Date(now + 86_400_000).toISOString() }),
        coupon("NOW", { starts_at: new Date(now - 86_400_000).toISOString(), ends_at: new Date(now + 86_400_000).toISOString() }),
      ])
      .execute();
    const current = { title: "Test coupon NOW", code: `T${runTag}NOW`.toUpperCase() };

    const guest = await api("/auth/coupons");
    expect(guest.status).toBe(200);
    expect(guest.json.success).toBe(true);
    expect(shown(guest)).toEqual([...SEEDED, current]);
    for (const c of guest.json.data as Json[]) expect(Object.keys(c).sort()).toEqual(["code", "title"]);

    const ip = nextIp();
    const user = await newUser(ip);
    const before = await api("/auth/coupons", { token: user.token });
    expect(shown(before)).toEqual([...SEEDED, current]);
    expect(before.headers.get("cache-control")).toBe("private, no-store");

    await placedOrder(user);
    const after = await api("/auth/coupons", { token: user.token });
    expect(shown(after)).toEqual([SEEDED[1], SEEDED[2], current]);
    // Another customer and guests still see it.
    expect(shown(await api("/auth/coupons"))).toEqual([...SEEDED, current]);

    await db.deleteFrom("coupons").where("code", "like", `T${runTag}%`.toUpperCase()).execute();
  });
});

describe("request hygiene on the account routes", () => {
  const routes: [string, string, unknown][] = [
    ["POST", "/auth/signup", signUpBody("hygiene@example.com")],
    ["POST", "/auth/login", { email: "hygiene@example.com", password: "x" }],
    ["POST", "/auth/otp/send", { email_or_phone: "hygiene@example.com" }],
    ["POST", "/auth/otp/verify", { email_or_phone: "hygiene@example.com", otp: "123456" }],
    ["POST", "/auth/password/forget_request", { email_or_phone: "hygiene@example.com" }],
    ["POST", "/auth/password/reset", { token: "AbCdEfGhIjKlMnOpQrStUvWx", password: "Brand-New-Pass-42" }],
    ["GET", "/auth/logout", undefined],
    ["POST", "/auth/logout-all", {}],
    ["GET", "/auth/session", undefined],
    ["GET", "/auth/coupons", undefined],
    ["POST", "/get-user-by-access_token", { access_token: "x" }],
    ["GET", "/user/shipping/address", undefined],
    ["POST", "/user/shipping/create", {}],
    ["POST", "/profile/update", { name: "X Y" }],
    ["GET", "/account/export", undefined],
    ["POST", "/account/delete", { password: "x" }],
  ];

  it("refuses every route without the System-Key header (403), before doing anything", async () => {
    const ip = nextIp();
    const user = await newUser(ip);
    for (const [method, path, body] of routes) {
      const res = await api(path, { method, body: body === undefined ? undefined : JSON.stringify(body), key: null, token: user.token, ip });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.json, `${method} ${path}`).toEqual({ result: false, message: "Missing or invalid System-Key header." });
    }
    const wrongKey = await api("/auth/session", { key: "not-the-key", token: user.token });
    expect(wrongKey.status).toBe(403);
    // Neither the logout nor the logout-all above ran.
    expect(await tokenWorks(user.token)).toBe(true);
  });

  /** The POST routes that read a JSON body (logout-all reads none). */
  const withBody = routes.filter(([m, path]) => m === "POST" && path !== "/auth/logout-all");

  it("answers malformed JSON with 400 and a 2 MB body with 413", async () => {
    const ip = nextIp();
    const user = await newUser(ip);
    const big = JSON.stringify({ email_or_phone: "big@example.com", padding: "x".repeat(2 * 1024 * 1024) });
    for (const [method, path] of withBody) {
      const broken = await api(path, { method, body: '{"email": "broken@example.com"', token: user.token, ip: nextIp() });
      expect(broken.status, `${path} broken`).toBe(400);
      expect(broken.json, `${path} broken`).toEqual({ result: false, message: "Request body is not valid JSON." });
      const huge = await api(path, { method, body: big, token: user.token, ip: nextIp() });
      expect(huge.status, `${path} huge`).toBe(413);
      expect(huge.json.result, `${path} huge`).toBe(false);
    }
    expect(await tokenWorks(user.token)).toBe(true);
  });

  it("never answers 500 to odd bodies", async () => {
    const ip = nextIp();
    const user = await newUser(ip);
    const odd: unknown[] = [
      [],
      [1, 2],
      null,
      "text",
      42,
      { email: ["a@example.com"], password: { $ne: "" } },
      { email_or_phone: null, password: null, otp: 123456, token: 5, access_token: ["x"] },
      { name: "x".repeat(10_000), email_or_phone: `${"a".repeat(300)}@example.com`, password: "p".repeat(500), password_confirmation: "p".repeat(500) },
      { email: "\u0000@example.com", password: "\u0000", login_by: "fax" },
      { email_or_phone: "ｔｅｓｔ@例え.jp", otp: "１２３４５６" },
    ];
    for (const [method, path] of withBody) {
      for (const body of odd) {
        const res = await api(path, { method, body: JSON.stringify(body), token: user.token, ip: nextIp() });
        expect(res.status, `${path} ${JSON.stringify(body).slice(0, 60)}`).toBeLessThan(500);
        expect(res.json?.result, `${path} ${JSON.stringify(body).slice(0, 60)}`).not.toBe(true);
      }
    }
    const weirdLogout = await api("/auth/logout", { method: "POST", body: "{}", token: "a.b.c", ip });
    expect(weirdLogout.status).toBe(401);
    const weirdSession = await api("/auth/session", { headers: { Authorization: "Bearer " }, ip });
    expect(weirdSession.status).toBe(200);
    expect(await tokenWorks(user.token)).toBe(true);
  });
});
