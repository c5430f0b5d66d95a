import "server-only";
import { shippingConfigFrom, type ShippingConfig } from "../shipping";
import { getSiteSettings } from "@/lib/platform/settings";

/** Shipping rates, delivery days and the default GST rate from business settings (cached with them). */
export async function getShippingConfig(): Promise<ShippingConfig> {
  return shippingConfigFrom(await getSiteSettings());
}
