import type { Metadata } from "next";
import { PolicyPage, policyMetadata } from "@/components/policies/PolicyPage";

export const revalidate = 3600;

export async function generateMetadata(): Promise<Metadata> {
  return policyMetadata("terms-conditions");
}

export default function TermsConditionsPage() {
  return <PolicyPage slug="terms-conditions" />;
}
