import { hashPassword } from "../lib/accounts/server/auth/password";
import { withE2eDb } from "./db";
import { expect, type Page } from "./fixtures";

/**
 * Staff for the back office's journeys: a member of a role written straight into the journeys'
 * database (a verified account with a password, as accepting an invitation leaves it), and the
 * back office's sign-in from a page that sends a guest there.
 */

let made = 0;

export type JourneyStaff = { id: number; email: string; password: string; name: string };

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

/** Opens `path` as a guest (sent to the sign-in), signs in, and waits to be taken back. */
export async function adminSignIn(page: Page, who: { email: string; password: string }, path = "/admin"): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveURL(/\/admin\/login\?redirect=/);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname !== "/admin/login");
}
