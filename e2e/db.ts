import path from "node:path";
import { hashPassword } from "../lib/auth/password";
import { openDatabase, type DbHandle } from "../lib/db/connection";
import { ROOT } from "../scripts/lib/build";

/** The e2e server's database (scripts/e2e-server.ts), read directly so journeys check pages against real rows. */
export async function withE2eDb<T>(read: (db: DbHandle["db"]) => Promise<T>): Promise<T> {
  const handle = await openDatabase({ dialect: "sqlite", file: path.join(ROOT, "data", "e2e.db") });
  try {
    return await read(handle.db);
  } finally {
    await handle.close();
  }
}

/** Parses every JSON-LD block of the page. */
export async function jsonLdOf(page: import("@playwright/test").Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.flatMap((t) => {
    const parsed = JSON.parse(t) as Record<string, unknown> | Record<string, unknown>[];
    return Array.isArray(parsed) ? parsed : [parsed];
  });
}

let customers = 0;

/**
 * A customer made straight in the journeys' database (user and credential rows, as sign-up makes
 * them), so journeys do not spend the per-address sign-up limit; the register journey signs up
 * through the page.
 */
export async function createCustomer(name = "Meera Iyer"): Promise<{ id: number; email: string; password: string; name: string }> {
  const email = `journey-${Date.now().toString(36)}-${++customers}@example.com`;
  const password = "Jasmine-tea-42";
  const now = new Date().toISOString();
  const hash = await hashPassword(password);
  const id = await withE2eDb(async (db) => {
    const user = await db
      .insertInto("users")
      .values({ name, email, phone: null, avatar: null, email_verified: 1, deleted_at: null, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("accounts")
      .values({
        user_id: user.id,
        account_id: String(user.id),
        provider_id: "credential",
        password: hash,
        access_token: null,
        refresh_token: null,
        id_token: null,
        access_token_expires_at: null,
        refresh_token_expires_at: null,
        scope: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return user.id;
  });
  return { id, email, password, name };
}

/** Signs in through the login page and waits for the landing page. */
export async function signIn(page: import("@playwright/test").Page, who: { email: string; password: string }, path = "/login"): Promise<void> {
  await page.goto(path);
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(who.email);
  await page.getByLabel("Password", { exact: true }).fill(who.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await page.waitForURL((url) => url.pathname !== "/login");
}
