import Link from "next/link";
import type { ReactNode } from "react";
import { formatDateTime } from "@/components/admin/format";
import { InviteForm, RemoveForm, RoleForm } from "@/components/admin/StaffForms";
import { Badge, buttonClass, PageHeader, Table } from "@/components/admin/ui";
import { INVITE_TTL_HOURS, listStaff, requireStaffPage } from "@/lib/accounts";
import { can, STAFF_ROLES } from "@/lib/accounts/access";
import { changeRoleAction, inviteAction, removeAction } from "./actions";

/**
 * The Staff page: who is on the staff, their role, second factor and last sign-in; the owner
 * changes roles, removes people and invites (a drawer with its own URL, /admin/staff/invite).
 */
export async function StaffView({ path, drawer }: { path: string; drawer: boolean }) {
  const staff = await requireStaffPage(path, "staff", drawer ? "create" : "read");
  const members = await listStaff();
  const mayUpdate = can(staff, "staff", "update");
  const mayDelete = can(staff, "staff", "delete");
  const mayInvite = can(staff, "staff", "create");
  let drawerNode: ReactNode = null;
  if (drawer) {
    drawerNode = (
      <div className="fixed inset-0 z-40 flex justify-end bg-slate-900/40">
        <Link href="/admin/staff" aria-label="Close the invitation" className="flex-1" />
        <aside role="dialog" aria-modal="true" aria-labelledby="invite-title" className="h-full w-full max-w-md overflow-y-auto bg-white p-5 shadow-xl">
          <h2 id="invite-title" className="mb-1 font-sans text-lg font-semibold">
            Invite a staff member
          </h2>
          <p className="mb-4 text-sm text-slate-600">They get an email with a link to set their password, valid for {INVITE_TTL_HOURS} hours.</p>
          <InviteForm roles={STAFF_ROLES} action={inviteAction} />
        </aside>
      </div>
    );
  }
  return (
    <>
      <PageHeader
        title="Staff"
        intro="People who can sign in to the back office, and what their role lets them do."
        actions={
          mayInvite ? (
            <Link href="/admin/staff/invite" className={buttonClass}>
              Invite
            </Link>
          ) : null
        }
      />
      <Table caption="Staff members" head={["Person", "Role", "Status", "Two-factor", "Last sign-in", ""]}>
        {members.map((m) => {
          const self = m.id === staff.user.id;
          return (
            <tr key={m.id} data-staff={m.email}>
              <td>
                <span className="font-medium">{m.name}</span>
                {self ? <span className="ml-1 text-xs text-slate-600">(you)</span> : null}
                <span className="block text-xs break-all text-slate-600">{m.email}</span>
              </td>
              <td>{mayUpdate && !self ? <RoleForm id={m.id} name={m.name} role={m.role} roles={STAFF_ROLES} action={changeRoleAction} /> : m.roles.join(", ")}</td>
              <td>{m.status === "active" ? <Badge tone="green">Active</Badge> : <Badge tone="amber">Invited</Badge>}</td>
              <td>{m.two_factor_enabled ? <Badge tone="green">On</Badge> : <Badge>Off</Badge>}</td>
              <td className="text-xs whitespace-nowrap text-slate-600">{m.last_sign_in_at ? formatDateTime(m.last_sign_in_at) : "Never"}</td>
              <td>{mayDelete && !self ? <RemoveForm id={m.id} name={m.name} action={removeAction} /> : null}</td>
            </tr>
          );
        })}
      </Table>
      {drawerNode}
    </>
  );
}
