import type { Metadata } from "next";
import { PolicyPage, policyMetadata } from "@/components/policies/PolicyPage";

export const revalidate = 3600;

export async function generateMetadata(): Promise<Metadata> {
  return policyMetadata("privacy-policy");
}

export default function PrivacyPolicyPage() {
  return <PolicyPage slug="privacy-policy" />;
}
