import { createHmac } from "node:crypto";
import { hashPassword } from "../lib/accounts/server/auth/password";
import { withE2eDb } from "./db";
import { expect, type Page } from "./fixtures";

/**
 * Staff for the back office's journeys, one module for all of them: a member of a role written
 * straight into the journeys' database (a verified account with a password, as accepting an
 * invitation leaves it), the back office's sign-in from a page that sends a guest there (with the
 * authenticator's code when the account has a second factor), and that code computed here from
 * the key the account enrolled with.
 */

let made = 0;

export type JourneyStaff = { id: number; email: string; password: string; name: string };

/** Who signs in: an email and password, and the authenticator key when a second factor is on. */
export type StaffCredentials = { email: string; password: string; totpKey?: string };

export async function createStaffMember(role: string, name = `A ${role} clerk`): Promise<JourneyStaff> {
  const email = `staff-${role}-${Date.now().toString(36)}-${++made}@example.com`;
  const password = "Shelf-and-loom-77";
  const hash = await hashPassword(password);
  const at = new Date().toISOString();
  const id = await withE2eDb(async (db) => {
    const user = await db.insertInto("users").values({ name, email, phone: null, avatar: null, email_verified: 1, deleted_at: null, role, created_at: at, updated_at: at }).returning("id").executeTakeFirstOrThrow();
    await db
      .insertInto("accounts")
      .values({ user_id: user.id, account_id: String(user.id), provider_id: "credential", password: hash, access_token: null, refresh_token: null, id_token: null, access_token_expires_at: null, refresh_token_expires_at: null, scope: null, created_at: at, updated_at: at })
      .execute();
    return user.id;
  });
  return { id, email, password, name };
}

/**
 * Opens `path` as a guest (sent to the sign-in), signs in — with the authenticator's code when
 * `who.totpKey` is set — and waits to be taken back.
 */
export async function adminSignIn(page: Page, who: StaffCredentials, path = "/admin"): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveURL(/\/admin\/login\?redirect=/);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  if (who.totpKey) {
    await page.getByLabel("Authentication code").fill(totp(who.totpKey));
    await page.getByRole("button", { name: "Verify" }).click();
  }
  await page.waitForURL((url) => url.pathname !== "/admin/login");
}

/**
 * Turns on the signed-in staff member's second factor from /admin/two-factor as they would with
 * an authenticator app: the password again, the key read off the page, its first code. Answers
 * the key.
 */
export async function turnOnTwoFactor(page: Page, password: string): Promise<string> {
  await page.goto("/admin/two-factor");
  await page.getByLabel("Your password").fill(password);
  await page.getByRole("button", { name: "Continue" }).click();
  const key = (await page.getByLabel("Authenticator key").textContent())!.trim();
  await page.getByLabel("Code from the app").fill(totp(key));
  await page.getByRole("button", { name: "Turn on two-factor" }).click();
  await expect(page.getByRole("status")).toHaveText("Two-factor authentication is on for your account.");
  return key;
}

/** The current code of an authenticator app for a base32 key (RFC 6238: SHA-1, 30 s, 6 digits). */
export function totp(base32: string, at = Date.now()): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const c of base32.replace(/[\s=]/g, "").toUpperCase()) bits += alphabet.indexOf(c).toString(2).padStart(5, "0");
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac("sha1", key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}
