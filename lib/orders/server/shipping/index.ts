import "server-only";
import { getConfig } from "@/lib/platform/config";
import { getDb } from "@/lib/platform/db";
import { createManualShipping } from "./manual";
import type { ShippingProvider, ShippingProviderName } from "./provider";
import { createSandboxShipping } from "./sandbox";
import { createShiprocketProvider } from "./shiprocket";
import { readShippingOff, shippingConfigured } from "./switch";

export type { ShippingProvider, ShippingProviderName } from "./provider";

let shiprocket: ShippingProvider | undefined;
let shiprocketKey = "";


/**
 * A shipping provider by name: null when it is not configured, or switched off by the owner. A
 * provider switched off still finishes what it started (`finishing`: labels, NDR decisions and
 * tracking of its parcels already booked).
 */
export async function shippingProvider(name: ShippingProviderName, options: { finishing?: boolean } = {}): Promise<ShippingProvider | null> {
  if (!shippingConfigured()[name]) return null;
  if (!options.finishing) {
    const { db } = await getDb();
    if ((await readShippingOff(db)).includes(name)) return null;
  }
  if (name === "sandbox") return createSandboxShipping();
  if (name === "manual") return createManualShipping();
  const settings = getConfig().shipping.shiprocket!;
  const key = `${settings.email}\n${settings.password}\n${settings.pickupLocation}`;
  if (!shiprocket || key !== shiprocketKey) {
    shiprocket = createShiprocketProvider(settings);
    shiprocketKey = key;
  }
  return shiprocket;
}
