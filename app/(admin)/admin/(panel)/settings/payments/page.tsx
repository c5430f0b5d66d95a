import type { Metadata } from "next";
import { ActionForm } from "@/components/admin/ActionForm";
import { Badge, PageHeader, secondaryButtonClass, Table } from "@/components/admin/ui";
import { requireStaffPage } from "@/lib/accounts";
import { can } from "@/lib/accounts/access";
import { paymentProviders } from "@/lib/orders";
import { paymentSwitchAction } from "./actions";

export const metadata: Metadata = { title: "Payments" };

const KEY_WORDS = { set: "set", missing: "missing", derived: "not set (derived from the auth secret)" } as const;

/**
 * /admin/settings/payments (settings:read): which ways to pay are configured and offered, whether
 * each variable a provider needs is set (never its value), and with settings:update a switch per
 * configured provider (decision 0055). At least one stays on.
 */
export default async function PaymentsPage() {
  const staff = await requireStaffPage("/admin/settings/payments", "settings", "read");
  const providers = await paymentProviders();
  const canUpdate = can(staff, "settings", "update");
  return (
    <>
      <PageHeader
        title="Payments"
        intro="Keys and secrets live in the server's environment (docs/operations.md, Configuration) and are never shown here. A provider switched off is not offered at checkout; payments it has started still finish and its refunds still go through."
      />
      <Table caption="Payment providers" head={["Provider", "Configured", "At checkout", "Variables", ...(canUpdate ? ["Switch"] : [])]}>
        {providers.map((p) => (
          <tr key={p.key}>
            <td className="font-medium whitespace-nowrap">
              {p.label}
              {p.takes_online_orders ? <span className="block text-xs text-slate-600">Takes new online payments</span> : null}
            </td>
            <td>{p.configured ? <Badge tone="green">Configured</Badge> : <Badge>Not configured</Badge>}</td>
            <td>{p.on ? <Badge tone="green">On</Badge> : <Badge>Off</Badge>}</td>
            <td className="text-xs">
              {p.keys.length ? (
                <ul>
                  {p.keys.map((k) => (
                    <li key={k.name}>
                      <code>{k.name}</code>: {KEY_WORDS[k.state]}
                    </li>
                  ))}
                </ul>
              ) : (
                "None needed"
              )}
            </td>
            {canUpdate ? (
              <td>
                {p.configured ? (
                  <ActionForm action={paymentSwitchAction} confirm={p.on ? `Switch ${p.label} off at checkout?` : undefined}>
                    <input type="hidden" name="provider" value={p.key} />
                    <input type="hidden" name="on" value={p.on ? "0" : "1"} />
                    <button type="submit" className={secondaryButtonClass} aria-label={`${p.on ? "Switch off" : "Switch on"} ${p.label}`}>
                      {p.on ? "Switch off" : "Switch on"}
                    </button>
                  </ActionForm>
                ) : (
                  <span className="text-xs text-slate-600">Set its variables first</span>
                )}
              </td>
            ) : null}
          </tr>
        ))}
      </Table>
    </>
  );
}
