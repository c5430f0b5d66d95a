import type { Metadata } from "next";
import { formatDateTime } from "@/components/admin/format";
import { RevokeForm, TokenIssueForm } from "@/components/admin/TokenForms";
import { Badge, PageHeader, Section, Table } from "@/components/admin/ui";
import { listStaff, listTokens, requireStaffPage } from "@/lib/accounts";
import { can, STATEMENTS } from "@/lib/accounts/access";
import { issueAction, revokeAction } from "./actions";

export const metadata: Metadata = { title: "API tokens" };

const hasExpired = (expiresAt: string | null) => expiresAt !== null && Date.parse(expiresAt) <= Date.now();

/** /admin/tokens (token:read): personal API tokens for scripts; issue (shown once) and revoke. */
export default async function TokensPage() {
  const staff = await requireStaffPage("/admin/tokens", "token", "read");
  const [tokens, members] = await Promise.all([listTokens(), listStaff()]);
  const permissions = Object.fromEntries(Object.entries(STATEMENTS).map(([r, a]) => [r, [...a]]));
  return (
    <>
      <PageHeader title="API tokens" intro="Personal tokens for scripts and integrations (Authorization: Bearer kst_…). Each acts as its holder, within their role." />
      {can(staff, "token", "create") ? (
        <Section title="Issue a token">
          <TokenIssueForm people={members.filter((m) => m.status === "active").map((m) => ({ id: m.id, label: `${m.name} (${m.role})` }))} permissions={permissions} selfId={staff.user.id} action={issueAction} />
        </Section>
      ) : null}
      <Table caption="API tokens" head={["Name", "Holder", "Starts with", "Scopes", "Last used", "State", ""]}>
        {tokens.map((t) => {
          const expired = hasExpired(t.expires_at);
          const live = !t.revoked_at && !expired;
          return (
            <tr key={t.id}>
              <td className="font-medium">{t.name}</td>
              <td className="text-xs break-all">{t.user_email ?? `#${t.user_id}`}</td>
              <td className="font-mono text-xs">{t.prefix}…</td>
              <td className="max-w-xs text-xs">{t.scopes.join(", ")}</td>
              <td className="text-xs whitespace-nowrap">{t.last_used_at ? formatDateTime(t.last_used_at) : "Never"}</td>
              <td>
                {t.revoked_at ? <Badge>Revoked</Badge> : expired ? <Badge tone="amber">Expired</Badge> : <Badge tone="green">Active</Badge>}
                {live && t.expires_at ? <span className="block text-xs text-slate-600">until {formatDateTime(t.expires_at)}</span> : null}
              </td>
              <td>{live && can(staff, "token", "delete") ? <RevokeForm id={t.id} name={t.name} action={revokeAction} /> : null}</td>
            </tr>
          );
        })}
      </Table>
    </>
  );
}
