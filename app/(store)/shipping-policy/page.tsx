import type { Metadata } from "next";
import { PolicyPage, policyMetadata } from "@/components/policies/PolicyPage";

export const revalidate = 3600;

export async function generateMetadata(): Promise<Metadata> {
  return policyMetadata("shipping-policy");
}

export default function ShippingPolicyPage() {
  return <PolicyPage slug="shipping-policy" />;
}
