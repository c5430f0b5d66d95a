import type { Db, Dialect } from "@/lib/platform/db";
import { hashPassword } from "./auth/password";

/**
 * A user who signs in with a password, written as rows without the sign-up flow around them (no
 * mail, no rate limit, no session): the demo customer and demo owner of the seed (lib/seed) and the
 * test setup's staff (lib/testing/staff.ts) are made with this. Like ./staff/token-rows.ts it
 * imports nothing server-only, so the tools that run outside Next.js can use it.
 */

export type NewPasswordUser = {
  name: string;
  email: string;
  password: string;
  phone?: string | null;
  /** better-auth's role column: staff roles (lib/accounts/access.ts), or none for a customer. */
  role?: string | null;
  /** When the rows were made (created_at and updated_at). */
  at: string;
};

/**
 * Writes a verified user and better-auth's credential account holding the password's scrypt
 * hash (./auth/password.ts), in the caller's transaction, and answers the user's id.
 */
export async function insertUserWithPassword(trx: Db, dialect: Dialect, user: NewPasswordUser): Promise<number> {
  const { id } = await trx
    .insertInto("users")
    .values({
      name: user.name,
      email: user.email,
      phone: user.phone ?? null,
      avatar: null,
      email_verified: dialect === "postgres" ? true : 1,
      deleted_at: null,
      role: user.role ?? null,
      created_at: user.at,
      updated_at: user.at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  // The password lives on better-auth's credential account (./auth/), not on the user.
  await trx
    .insertInto("accounts")
    .values({
      user_id: id,
      account_id: String(id),
      provider_id: "credential",
      password: await hashPassword(user.password),
      access_token: null,
      refresh_token: null,
      id_token: null,
      access_token_expires_at: null,
      refresh_token_expires_at: null,
      scope: null,
      created_at: user.at,
      updated_at: user.at,
    })
    .execute();
  return id;
}
