import { z } from "@/lib/platform/zod";

/**
 * The payment providers' switch as the back office sets it (PUT /admin/settings/payments,
 * decision 0055; the reads and the change are ./server/payments/switch.ts). Pure (zod only).
 */

/* ---------------------------------------------------------------------------------------------
 * Payment providers
 * ------------------------------------------------------------------------------------------- */

export const PAYMENT_PROVIDERS = ["razorpay", "sandbox", "cod"] as const;
export type PaymentProviderKey = (typeof PAYMENT_PROVIDERS)[number];
export const PAYMENT_PROVIDER_LABELS: Record<PaymentProviderKey, string> = { razorpay: "Razorpay", sandbox: "Sandbox (test payments)", cod: "Cash on Delivery" };

/** PUT /admin/settings/payments {enabled: {razorpay?, sandbox?, cod?}}: which configured providers the checkout offers. */
export const paymentsSwitchSchema = z
  .object({
    enabled: z
      .object(
        {
          razorpay: z.boolean({ error: "razorpay is true or false." }).optional(),
          sandbox: z.boolean({ error: "sandbox is true or false." }).optional(),
          cod: z.boolean({ error: "cod is true or false." }).optional(),
        },
        { error: "enabled is an object such as {\"cod\": false}." },
      )
      .strict()
      .refine((v) => Object.keys(v).length > 0, { message: "Name at least one provider to switch." }),
  })
  .strict();
export type PaymentsSwitchInput = z.output<typeof paymentsSwitchSchema>;

export const PAYMENT_MESSAGES = {
  lastOne: "At least one way to pay must stay on: switch another on first.",
  notConfigured: (label: string) => `${label} is not configured (its keys are not set in the environment): it cannot be switched on.`,
} as const;

/** Switches as saved: the providers the owner turned off (a configured provider is on unless named here). */
export function applyPaymentSwitch(off: readonly PaymentProviderKey[], change: PaymentsSwitchInput["enabled"]): PaymentProviderKey[] {
  const next = new Set(off);
  for (const key of PAYMENT_PROVIDERS) {
    const value = change[key];
    if (value === true) next.delete(key);
    if (value === false) next.add(key);
  }
  return PAYMENT_PROVIDERS.filter((k) => next.has(k));
}
