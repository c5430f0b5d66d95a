import type { Metadata } from "next";
import { EnquiryPage, enquiryMetadata } from "@/components/enquiry/EnquiryPage";

export const revalidate = 3600;

export async function generateMetadata(): Promise<Metadata> {
  return enquiryMetadata("gifting");
}

export default function GiftingPage() {
  return <EnquiryPage kind="gifting" />;
}
