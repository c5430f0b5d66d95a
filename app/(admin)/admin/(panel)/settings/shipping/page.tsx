import type { Metadata } from "next";
import { CommerceForm } from "@/components/admin/CommerceForm";
import { ActionForm } from "@/components/admin/ActionForm";
import { Badge, PageHeader, secondaryButtonClass, Section, Table } from "@/components/admin/ui";
import { shippingProviders } from "@/lib/orders";
import { requireStaffPage } from "@/lib/accounts";
import { can } from "@/lib/accounts/access";
import { shippingSettings } from "@/lib/cart";
import { formValues, SHIPPING_FIELDS } from "@/lib/cart/commerce-forms";
import { shippingAction, shippingProviderSwitchAction } from "./actions";

export const metadata: Metadata = { title: "Shipping" };

/**
 * /admin/settings/shipping (settings:read; settings:update saves): the standard fee, express's
 * extra fee, the dispatch days and the default GST rate, the business settings the cart reads.
 */
export default async function ShippingPage() {
  const staff = await requireStaffPage("/admin/settings/shipping", "settings", "read");
  const settings = await shippingSettings();
  const canUpdate = can(staff, "settings", "update");
  const providers = await shippingProviders();
  return (
    <>
      <PageHeader
        title="Shipping"
        intro="Two methods: standard, at the standard fee, and express, at the standard fee plus the extra. A delivery takes the dispatch days below plus the transit days of the PIN's delivery zone. A change shows on product pages, in carts and at checkout at once; orders already placed keep what they were charged."
      />
      <Section title="Fees, dispatch days and the default GST rate">
        <CommerceForm fields={SHIPPING_FIELDS} initial={formValues(settings, SHIPPING_FIELDS)} action={shippingAction} submitLabel="Save shipping" disabled={!canUpdate} />
        {canUpdate ? null : <p className="mt-3 text-sm text-slate-600">The owner changes these.</p>}
      </Section>
      <Section title="Shipping providers">
        <p className="mb-3 text-sm text-slate-600">
          The couriers the order page offers when an order is shipped (decision 0057). Shiprocket&apos;s API user and webhook token live in the server&apos;s environment (docs/operations.md, Configuration) and are never shown here. A provider switched off is not offered; parcels it has booked still print their labels and follow their tracking.
        </p>
        <Table caption="Shipping providers" head={["Provider", "Configured", "Offered", "Variables", ...(canUpdate ? ["Switch"] : [])]}>
          {providers.map((p) => (
            <tr key={p.key}>
              <td className="font-medium">{p.label}</td>
              <td>{p.configured ? <Badge tone="green">Configured</Badge> : <Badge>Not configured</Badge>}</td>
              <td>{p.on ? <Badge tone="green">On</Badge> : <Badge>Off</Badge>}</td>
              <td className="text-xs">
                {p.keys.length ? (
                  <ul>
                    {p.keys.map((k) => (
                      <li key={k.name}>
                        <code>{k.name}</code>: {k.state}
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
                    <ActionForm action={shippingProviderSwitchAction}>
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
      </Section>
    </>
  );
}
