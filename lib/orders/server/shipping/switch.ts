import "server-only";
import { audit, type StaffActor } from "@/lib/platform/audit";
import { getConfig } from "@/lib/platform/config";
import { type Db, getDb } from "@/lib/platform/db";
import { writeTransaction } from "@/lib/platform/db/transaction";
import { ApiError } from "@/lib/platform/errors";
import { SHIPPING_PROVIDER_LABELS, SHIPPING_PROVIDER_NAMES, type ShippingProviderName } from "./provider";

/**
 * Which shipping providers the order page offers (as the payments switch, decision 0055 and
 * 0057): whether a provider can work is the environment's (Shiprocket when its API user is set,
 * the sandbox courier by SHIPPING_SANDBOX, the manual carrier always); whether the shop uses it is
 * the owner's switch, kept in staff_settings (key shipping_off: the providers turned off). Secrets
 * stay in the environment: the settings page shows only whether each variable is set.
 */
export const SHIPPING_OFF_KEY = "shipping_off";

export async function readShippingOff(db: Db): Promise<ShippingProviderName[]> {
  const row = await db.selectFrom("staff_settings").select("value").where("key", "=", SHIPPING_OFF_KEY).executeTakeFirst();
  if (!row) return [];
  try {
    const list = JSON.parse(row.value) as unknown;
    return Array.isArray(list) ? SHIPPING_PROVIDER_NAMES.filter((p) => list.includes(p)) : [];
  } catch {
    return [];
  }
}

/** Whether a provider can work at all in this environment (Shiprocket: its API user set; the sandbox: SHIPPING_SANDBOX). */
export const shippingConfigured = (): Record<ShippingProviderName, boolean> => {
  const { shipping } = getConfig();
  return { sandbox: shipping.sandboxEnabled, manual: true, shiprocket: shipping.shiprocket !== null };
};

export type ShippingProviderStatus = {
  key: ShippingProviderName;
  label: string;
  configured: boolean;
  on: boolean;
  keys: { name: string; state: "set" | "missing" }[];
};

/** GET /admin/settings/shipping-providers. */
export async function shippingProviders(): Promise<ShippingProviderStatus[]> {
  const { shipping } = getConfig();
  const { db } = await getDb();
  const off = await readShippingOff(db);
  const can = shippingConfigured();
  const keys: Record<ShippingProviderName, ShippingProviderStatus["keys"]> = {
    sandbox: [],
    manual: [],
    shiprocket: Object.entries(shipping.shiprocketKeysSet).map(([name, set]) => ({ name, state: set ? "set" : "missing" })),
  };
  return SHIPPING_PROVIDER_NAMES.map((key) => ({ key, label: SHIPPING_PROVIDER_LABELS[key], configured: can[key], on: can[key] && !off.includes(key), keys: keys[key] }));
}

export const SHIPPING_SWITCH_MESSAGES = {
  notConfigured: (label: string) => `${label} is not configured on this server; set its variables first (docs/operations.md).`,
  lastOne: "Keep at least one shipping provider on.",
} as const;

/** PUT /admin/settings/shipping-providers {enabled: {sandbox?, manual?, shiprocket?}} (settings:update). */
export async function updateShippingSwitches(actor: StaffActor, enabled: Partial<Record<ShippingProviderName, boolean>>, now = new Date()): Promise<ShippingProviderStatus[]> {
  const handle = await getDb();
  const can = shippingConfigured();
  await writeTransaction(handle, async (trx) => {
    const before = await readShippingOff(trx);
    for (const key of SHIPPING_PROVIDER_NAMES) {
      if (enabled[key] === true && !can[key]) throw new ApiError(422, SHIPPING_SWITCH_MESSAGES.notConfigured(SHIPPING_PROVIDER_LABELS[key]), { [`enabled.${key}`]: [SHIPPING_SWITCH_MESSAGES.notConfigured(SHIPPING_PROVIDER_LABELS[key])] });
    }
    const after = SHIPPING_PROVIDER_NAMES.filter((k) => (enabled[k] === undefined ? before.includes(k) : !enabled[k]));
    if (!SHIPPING_PROVIDER_NAMES.some((k) => can[k] && !after.includes(k))) throw new ApiError(422, SHIPPING_SWITCH_MESSAGES.lastOne, { enabled: [SHIPPING_SWITCH_MESSAGES.lastOne] });
    if (JSON.stringify(after) === JSON.stringify(before)) return;
    const value = JSON.stringify(after);
    const at = now.toISOString();
    await trx
      .insertInto("staff_settings")
      .values({ key: SHIPPING_OFF_KEY, value, updated_at: at })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at: at }))
      .execute();
    await audit(trx, actor, { action: "settings.update", entityType: "settings", entityId: SHIPPING_OFF_KEY, before: { [SHIPPING_OFF_KEY]: before }, after: { [SHIPPING_OFF_KEY]: after } }, now);
  });
  return shippingProviders();
}
