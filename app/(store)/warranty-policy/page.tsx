import type { Metadata } from "next";
import { PolicyPage, policyMetadata } from "@/components/policies/PolicyPage";

export const revalidate = 3600;

export async function generateMetadata(): Promise<Metadata> {
  return policyMetadata("warranty-policy");
}

export default function WarrantyPolicyPage() {
  return <PolicyPage slug="warranty-policy" />;
}
