import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { formatDateTime } from "@/components/admin/format";
import { BlockForm, ButtonForm, EraseForm, NoteForm } from "@/components/admin/PeopleForms";
import { DELIVERY_TONE, PAYMENT_TONE } from "@/components/admin/tones";
import { Badge, Empty, Facts, PageHeader, Section, Table } from "@/components/admin/ui";
import { CUSTOMER_MESSAGES, type CustomerDetail, getCustomer, requireStaffPage } from "@/lib/accounts";
import { can } from "@/lib/accounts/access";
import { CUSTOMER_STATE_LABELS, customerIdParam } from "@/lib/accounts/customer-schemas";
import { ApiError } from "@/lib/platform/errors";
import { formatPaise } from "@/lib/platform/format";
import { blockAction, customerNoteAction, endSessionsAction, eraseAction, resendConfirmationAction } from "../actions";

type Params = { params: Promise<{ id: string }> };

export const metadata: Metadata = { title: "Customer" };

/**
 * /admin/customers/[id] (customer:read): the account, its sign-in state, orders, addresses and
 * staff notes. The actions each role may use are shown to it (can()) and asked again on the
 * server: notes, the confirmation link, ending sessions and blocking (customer:update), the data
 * export (customer:export), the erasure on request (customer:delete).
 */
export default async function CustomerPage({ params }: Params) {
  const { id: raw } = await params;
  const staff = await requireStaffPage(`/admin/customers/${encodeURIComponent(raw)}`, "customer", "read");
  const parsed = customerIdParam.safeParse({ id: raw });
  if (!parsed.success) notFound();
  let c: CustomerDetail;
  try {
    c = await getCustomer(parsed.data.id);
  } catch (error) {
    if (error instanceof ApiError && error.message === CUSTOMER_MESSAGES.notFound) notFound();
    throw error;
  }
  const mayUpdate = can(staff, "customer", "update");
  const mayExport = can(staff, "customer", "export");
  const mayErase = can(staff, "customer", "delete");
  const blocked = c.state === "blocked";
  return (
    <>
      <PageHeader
        title={c.name}
        intro={
          <>
            <Badge tone={blocked ? "red" : c.state === "active" ? "green" : "amber"}>{CUSTOMER_STATE_LABELS[c.state]}</Badge> · {c.orders} order{c.orders === 1 ? "" : "s"} · {formatPaise(c.spend)} paid · customer since {formatDateTime(c.created_at)}
          </>
        }
      />
      <Section title="Account">
        <Facts
          items={[
            ["Email", <span key="e" className="break-all">{c.email} {c.email_verified ? "(confirmed)" : "(not confirmed)"}</span>],
            ["Phone", c.phone ?? "—"],
            ["Password", c.has_password ? "Set" : "None (signs in with an emailed code)"],
            ["Signed in", c.sessions ? `${c.sessions} session${c.sessions === 1 ? "" : "s"}, last active ${formatDateTime(c.last_seen_at)}` : "No session"],
            ["Sign-in", blocked ? `Blocked: ${c.blocked_reason ?? "no reason given"}` : "Allowed"],
            ["Last order", c.last_order_at ? formatDateTime(c.last_order_at) : "—"],
          ]}
        />
      </Section>
      {mayUpdate || mayExport || mayErase ? (
        <Section title="Actions">
          <div className="grid gap-6 md:grid-cols-2">
            {mayUpdate && !c.email_verified ? <ButtonForm id={c.id} action={resendConfirmationAction} label="Send the confirmation link again" /> : null}
            {mayUpdate ? <ButtonForm id={c.id} action={endSessionsAction} label="End all sessions" confirm="Sign this customer out everywhere?" /> : null}
            {mayUpdate ? <BlockForm id={c.id} blocked={blocked} action={blockAction} /> : null}
            {mayExport ? (
              <p>
                <a href={`/admin/customers/${c.id}/export`} className="text-sm font-medium text-slate-900 underline underline-offset-2" download>
                  Download the customer&apos;s data (JSON)
                </a>
              </p>
            ) : null}
            {mayErase ? <EraseForm id={c.id} email={c.email} action={eraseAction} /> : null}
          </div>
        </Section>
      ) : null}
      <Section title={`Orders (${c.orders})`}>
        <Table caption="Orders" head={["Order", "Total", "Status", "Payment", "Placed"]} empty={c.orders_list.length ? null : <Empty>No order yet.</Empty>}>
          {c.orders_list.map((o) => (
            <tr key={o.id}>
              <td>
                {can(staff, "order", "read") ? (
                  <Link href={`/admin/orders/${o.id}`} className="font-mono font-medium underline-offset-2 hover:underline">
                    {o.code}
                  </Link>
                ) : (
                  <span className="font-mono">{o.code}</span>
                )}
              </td>
              <td className="tabular-nums">{formatPaise(o.grand_total)}</td>
              <td>
                <Badge tone={DELIVERY_TONE[o.delivery_status]}>{o.delivery_status}</Badge>
              </td>
              <td>
                <Badge tone={PAYMENT_TONE[o.payment_status]}>{o.payment_status}</Badge>
              </td>
              <td className="text-xs whitespace-nowrap text-slate-600">{formatDateTime(o.created_at)}</td>
            </tr>
          ))}
        </Table>
      </Section>
      <Section title={`Addresses (${c.addresses.length})`}>
        {c.addresses.length ? (
          <ul className="space-y-2 text-sm">
            {c.addresses.map((a) => (
              <li key={a.id} className="break-words">
                {a.address}, {a.cityName}, {a.stateName} {a.postalCode}, {a.countryName} · {a.phone}
                {a.isDefault ? <Badge tone="blue">Default</Badge> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">No saved address.</p>
        )}
      </Section>
      <Section title={`Staff notes (${c.notes.length})`}>
        {c.notes.length ? (
          <ol className="mb-4 space-y-3" aria-label="Staff notes">
            {c.notes.map((n) => (
              <li key={n.id}>
                <p className="mb-1 text-xs text-slate-600">
                  {formatDateTime(n.created_at)} · {n.author ?? `Staff #${n.author_id}`}
                </p>
                <div className="rounded-md bg-slate-50 p-3 text-sm break-words whitespace-pre-wrap ring-1 ring-slate-200 ring-inset">{n.body}</div>
              </li>
            ))}
          </ol>
        ) : (
          <p className="mb-4 text-sm text-slate-600">No note yet.</p>
        )}
        {mayUpdate ? <NoteForm id={c.id} action={customerNoteAction} label="New note (staff only)" /> : null}
      </Section>
      <p className="text-sm">
        <Link href="/admin/customers" className="text-slate-800 underline underline-offset-2">
          ← Customers
        </Link>
      </p>
    </>
  );
}
