import "server-only";
import { audit, type StaffActor } from "@/lib/platform/audit";
import { getDb, type Db } from "@/lib/platform/db";
import { writeTransaction } from "@/lib/platform/db/transaction";
import { isStaffRole, type StaffRole } from "../../access";

/**
 * The back office's own settings (table staff_settings, JSON values), kept apart from the business
 * settings, which GET /business-settings publishes whole. Today one: the roles whose members must
 * sign in with a second factor. Read on every staff request (one primary-key lookup), so a change
 * holds on every instance at once.
 */

export const TWO_FACTOR_ROLES_KEY = "two_factor_required_roles";

export type SecuritySettings = { two_factor_required_roles: StaffRole[] };

async function readRoles(db: Db): Promise<StaffRole[]> {
  const row = await db.selectFrom("staff_settings").select("value").where("key", "=", TWO_FACTOR_ROLES_KEY).executeTakeFirst();
  if (!row) return [];
  try {
    const list = JSON.parse(row.value) as unknown;
    return Array.isArray(list) ? list.filter((r): r is StaffRole => typeof r === "string" && isStaffRole(r)) : [];
  } catch {
    return [];
  }
}

export async function securitySettings(): Promise<SecuritySettings> {
  const { db } = await getDb();
  return { two_factor_required_roles: await readRoles(db) };
}

/** Whether a person with these roles must have a second factor before the back office opens. */
export async function twoFactorRequired(roles: readonly StaffRole[]): Promise<boolean> {
  const required = (await securitySettings()).two_factor_required_roles;
  return roles.some((r) => required.includes(r));
}

/** PUT /admin/settings/security (owner): which roles need a second factor. */
export async function updateSecuritySettings(actor: StaffActor, next: SecuritySettings, now = new Date()): Promise<SecuritySettings> {
  const handle = await getDb();
  return writeTransaction(handle, async (trx) => {
    const before = await readRoles(trx);
    const roles = [...next.two_factor_required_roles].sort();
    if (JSON.stringify([...before].sort()) === JSON.stringify(roles)) return { two_factor_required_roles: before };
    const value = JSON.stringify(roles);
    const at = now.toISOString();
    await trx
      .insertInto("staff_settings")
      .values({ key: TWO_FACTOR_ROLES_KEY, value, updated_at: at })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at: at }))
      .execute();
    await audit(trx, actor, { action: "settings.update", entityType: "settings", entityId: TWO_FACTOR_ROLES_KEY, before: { [TWO_FACTOR_ROLES_KEY]: before }, after: { [TWO_FACTOR_ROLES_KEY]: roles } }, now);
    return { two_factor_required_roles: roles };
  });
}
