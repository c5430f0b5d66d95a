import type { Metadata } from "next";
import { StaffView } from "./view";

export const metadata: Metadata = { title: "Staff" };

/** /admin/staff (staff:read). */
export default function StaffPage() {
  return <StaffView path="/admin/staff" drawer={false} />;
}
