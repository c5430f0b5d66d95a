import type { Metadata } from "next";
import { EnquiryPage, enquiryMetadata } from "@/components/enquiry/EnquiryPage";

export const revalidate = 3600;

export async function generateMetadata(): Promise<Metadata> {
  return enquiryMetadata("bulk_deals");
}

export default function BulkDealsPage() {
  return <EnquiryPage kind="bulk_deals" />;
}
