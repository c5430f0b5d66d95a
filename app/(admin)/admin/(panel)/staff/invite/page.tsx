import type { Metadata } from "next";
import { StaffView } from "../view";

export const metadata: Metadata = { title: "Invite a staff member" };

/** /admin/staff/invite: the Staff page with the invitation drawer open (staff:create). */
export default function InvitePage() {
  return <StaffView path="/admin/staff/invite" drawer />;
}
