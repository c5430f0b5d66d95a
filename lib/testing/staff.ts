import { hashPassword } from "../accounts/server/auth/password";
import { permissionsOf, type Permission, type StaffRole } from "../accounts/access";
import { insertToken } from "../accounts/server/staff/token-rows";
import type { DbHandle } from "../platform/db/connection";

/**
 * A staff member written straight into a test database (a verified account with a password and a
 * role) and, unless `scopes` is null, a personal API token for them: every permission of the role
 * by default. The API tests' owner is made this way; the other roles are invited through the API.
 */
export async function createStaff(
  handle: DbHandle,
  person: { email: string; password: string; name: string; role: StaffRole },
  scopes: readonly Permission[] | null = permissionsOf([person.role]),
): Promise<{ userId: number; token: string | null }> {
  const at = new Date().toISOString();
  return handle.db.transaction().execute(async (trx) => {
    const user = await trx
      .insertInto("users")
      .values({ name: person.name, email: person.email, phone: null, avatar: null, email_verified: handle.dialect === "postgres" ? true : 1, deleted_at: null, role: person.role, created_at: at, updated_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("accounts")
      .values({
        user_id: user.id,
        account_id: String(user.id),
        provider_id: "credential",
        password: await hashPassword(person.password),
        access_token: null,
        refresh_token: null,
        id_token: null,
        access_token_expires_at: null,
        refresh_token_expires_at: null,
        scope: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const token = scopes ? await insertToken(trx, { userId: user.id, name: "API tests", scopes, createdBy: null, expiresAt: null }) : null;
    return { userId: user.id, token: token?.token ?? null };
  });
}
