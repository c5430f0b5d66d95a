import "server-only";
import { getConfig } from "@/lib/platform/config";
import { createRazorpayProvider } from "./razorpay";
import { createSandboxProvider, sandboxSecrets } from "./sandbox";
import type { PaymentProvider, ProviderName } from "./provider";

export type { PaymentProvider, ProviderName } from "./provider";

let razorpay: PaymentProvider | undefined;
let sandbox: Promise<PaymentProvider> | undefined;

/**
 * Whether providerByName would answer a provider for this name: the configuration alone, no I/O,
 * so a write transaction may ask (on SQLite, making the sandbox reads the install's secret through
 * the one connection the transaction holds, and would wait for itself forever).
 */
export function providerConfigured(name: string | null | undefined): boolean {
  const { payments } = getConfig();
  if (name === "razorpay") return Boolean(payments.razorpay);
  if (name === "sandbox") return payments.sandboxEnabled;
  return false;
}

/** A provider by name, or null when it is not configured (Razorpay) or switched off (sandbox). */
export async function providerByName(name: string | null | undefined): Promise<PaymentProvider | null> {
  const { payments } = getConfig();
  if (name === "razorpay") {
    if (!payments.razorpay) return null;
    razorpay ??= createRazorpayProvider(payments.razorpay);
    return razorpay;
  }
  if (name === "sandbox") {
    if (!payments.sandboxEnabled) return null;
    sandbox ??= sandboxSecrets()
      .then(createSandboxProvider)
      .catch((error: unknown) => {
        sandbox = undefined;
        throw error;
      });
    return sandbox;
  }
  return null;
}

/** The provider new online orders are paid with: Razorpay when configured, else the sandbox when on, else none. */
export function activeProviderName(): ProviderName | null {
  const { payments } = getConfig();
  if (payments.razorpay) return "razorpay";
  return payments.sandboxEnabled ? "sandbox" : null;
}

export async function activeProvider(): Promise<PaymentProvider | null> {
  return providerByName(activeProviderName());
}
