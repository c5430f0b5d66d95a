import { permissionsOf, type Permission, type StaffRole } from "../accounts/access";
import { insertToken } from "../accounts/server/staff/token-rows";
import { insertUserWithPassword } from "../accounts/server/user-rows";
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
    const userId = await insertUserWithPassword(trx, handle.dialect, { ...person, at });
    const token = scopes ? await insertToken(trx, { userId, name: "API tests", scopes, createdBy: null, expiresAt: null }) : null;
    return { userId, token: token?.token ?? null };
  });
}
