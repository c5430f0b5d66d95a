import "server-only";
import { applyPaymentSwitch, PAYMENT_MESSAGES, PAYMENT_PROVIDER_LABELS, PAYMENT_PROVIDERS, type PaymentProviderKey, type PaymentsSwitchInput } from "../../payment-settings";
import { audit, type StaffActor } from "@/lib/platform/audit";
import { getConfig } from "@/lib/platform/config";
import { getDb, type Db } from "@/lib/platform/db";
import { writeTransaction } from "@/lib/platform/db/transaction";
import { ApiError } from "@/lib/platform/errors";
import type { ProviderName } from "./provider";

/**
 * Which ways to pay the checkout offers (decision 0055). Whether a provider can work at all is
 * the environment's: Razorpay when its three variables are set, the sandbox when
 * PAYMENTS_SANDBOX allows it (lib/platform/config.ts), Cash on Delivery always. Whether the shop
 * offers it is the owner's switch, kept in staff_settings (key payments_off: the providers turned
 * off), read on every checkout (one primary-key lookup, no cache), so a switch holds on every
 * instance at once. Secrets stay in the environment: nothing here reads or shows a value.
 *
 * A switched-off provider still finishes what it started: a started payment's callback and
 * webhook, and a refund to the original method, find it by name (./index.ts providerByName).
 */

export const PAYMENTS_OFF_KEY = "payments_off";

async function readOff(db: Db): Promise<PaymentProviderKey[]> {
  const row = await db.selectFrom("staff_settings").select("value").where("key", "=", PAYMENTS_OFF_KEY).executeTakeFirst();
  if (!row) return [];
  try {
    const list = JSON.parse(row.value) as unknown;
    return Array.isArray(list) ? PAYMENT_PROVIDERS.filter((p) => list.includes(p)) : [];
  } catch {
    return [];
  }
}

const configured = (): Record<PaymentProviderKey, boolean> => {
  const { payments } = getConfig();
  return { razorpay: payments.razorpay !== null, sandbox: payments.sandboxEnabled, cod: true };
};

/** The ways to pay that are configured and not switched off. */
export async function paymentsOn(): Promise<Record<PaymentProviderKey, boolean>> {
  const { db } = await getDb();
  const off = await readOff(db);
  const can = configured();
  return { razorpay: can.razorpay && !off.includes("razorpay"), sandbox: can.sandbox && !off.includes("sandbox"), cod: !off.includes("cod") };
}

/** The provider new online orders are paid with: Razorpay when configured and on, else the sandbox when on, else none. */
export async function enabledOnlineProvider(): Promise<ProviderName | null> {
  const on = await paymentsOn();
  if (on.razorpay) return "razorpay";
  return on.sandbox ? "sandbox" : null;
}

export type PaymentProviderStatus = {
  key: PaymentProviderKey;
  label: string;
  /** Its environment lets it work. */
  configured: boolean;
  /** The checkout offers it: configured and not switched off. */
  on: boolean;
  /** Each variable it needs: "set" or "missing" (never a value); the sandbox's unset secrets are derived from the auth secret. */
  keys: { name: string; state: "set" | "missing" | "derived" }[];
  /** For an online provider: whether it is the one new online orders go to. */
  takes_online_orders: boolean;
};

/** GET /admin/settings/payments. */
export async function paymentProviders(): Promise<PaymentProviderStatus[]> {
  const { payments } = getConfig();
  const { db } = await getDb();
  const off = await readOff(db);
  const can = configured();
  const onOf = (k: PaymentProviderKey) => can[k] && !off.includes(k);
  const online: PaymentProviderKey | null = onOf("razorpay") ? "razorpay" : onOf("sandbox") ? "sandbox" : null;
  const keys: Record<PaymentProviderKey, PaymentProviderStatus["keys"]> = {
    razorpay: Object.entries(payments.razorpayKeysSet).map(([name, set]) => ({ name, state: set ? "set" : "missing" })),
    sandbox: [
      { name: "PAYMENTS_SANDBOX_KEY_SECRET", state: payments.sandboxKeySecret ? "set" : "derived" },
      { name: "PAYMENTS_SANDBOX_WEBHOOK_SECRET", state: payments.sandboxWebhookSecret ? "set" : "derived" },
    ],
    cod: [],
  };
  return PAYMENT_PROVIDERS.map((key) => ({ key, label: PAYMENT_PROVIDER_LABELS[key], configured: can[key], on: onOf(key), keys: keys[key], takes_online_orders: online === key }));
}

/**
 * PUT /admin/settings/payments: switches configured providers on or off for the checkout. A
 * provider that is not configured cannot be switched on; at least one way to pay stays on.
 */
export async function updatePaymentSwitches(actor: StaffActor, input: PaymentsSwitchInput, now = new Date()): Promise<PaymentProviderStatus[]> {
  const handle = await getDb();
  const can = configured();
  await writeTransaction(handle, async (trx) => {
    const before = await readOff(trx);
    for (const key of PAYMENT_PROVIDERS) {
      if (input.enabled[key] === true && !can[key]) throw new ApiError(422, PAYMENT_MESSAGES.notConfigured(PAYMENT_PROVIDER_LABELS[key]), { [`enabled.${key}`]: [PAYMENT_MESSAGES.notConfigured(PAYMENT_PROVIDER_LABELS[key])] });
    }
    const after = applyPaymentSwitch(before, input.enabled);
    if (!PAYMENT_PROVIDERS.some((k) => can[k] && !after.includes(k))) throw new ApiError(422, PAYMENT_MESSAGES.lastOne, { enabled: [PAYMENT_MESSAGES.lastOne] });
    if (JSON.stringify(after) === JSON.stringify(before)) return;
    const value = JSON.stringify(after);
    const at = now.toISOString();
    await trx
      .insertInto("staff_settings")
      .values({ key: PAYMENTS_OFF_KEY, value, updated_at: at })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at: at }))
      .execute();
    await audit(trx, actor, { action: "settings.update", entityType: "settings", entityId: PAYMENTS_OFF_KEY, before: { [PAYMENTS_OFF_KEY]: before }, after: { [PAYMENTS_OFF_KEY]: after } }, now);
  });
  return paymentProviders();
}
