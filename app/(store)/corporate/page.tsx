import type { Metadata } from "next";
import { EnquiryPage, enquiryMetadata } from "@/components/enquiry/EnquiryPage";

export const revalidate = 3600;

export async function generateMetadata(): Promise<Metadata> {
  return enquiryMetadata("corporate");
}

export default function CorporatePage() {
  return <EnquiryPage kind="corporate" />;
}
