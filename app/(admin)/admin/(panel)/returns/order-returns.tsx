import { formatDateTime } from "@/components/admin/format";
import { ReturnStep } from "@/components/admin/ReturnForms";
import { RETURN_TONE } from "@/components/admin/tones";
import { Badge, Section, Table } from "@/components/admin/ui";
import type { StaffPrincipal } from "@/lib/accounts";
import { can } from "@/lib/accounts/access";
import { returnsOfOrder } from "@/lib/orders";
import { RETURN_KIND_LABELS, RETURN_MOVE_PERMISSION, RETURN_OUTCOME_LABELS, RETURN_STATE_LABELS, returnMoves } from "@/lib/orders/returns";
import { formatPaise } from "@/lib/platform/format";
import { decideReturnAction, dispatchReturnAction, receiveReturnAction, refundReturnAction } from "./actions";

/**
 * The Returns section of an order's page (docs/back-office.md "Returns"): each return of the
 * order with its photos, its steps so far, and the next steps the state and the role allow.
 */
export async function OrderReturns({ orderId, staff, throughProvider }: { orderId: number; staff: Pick<StaffPrincipal, "roles" | "scopes">; throughProvider: boolean }) {
  const returns = await returnsOfOrder(orderId);
  if (!returns.length) return null;
  const actions = { decide: decideReturnAction, dispatch: dispatchReturnAction, receive: receiveReturnAction, refund: refundReturnAction };
  return (
    <div id="returns">
      <Section title="Returns">
        <Table caption="Returns" head={["Return", "Item", "Reason", "Photos", "State", "Steps"]}>
          {returns.map((r) => {
            const moves = returnMoves(r.state).filter((m) => {
              const [resource, action] = RETURN_MOVE_PERMISSION[m];
              return can(staff, resource, action as never);
            });
            return (
              <tr key={r.id} data-testid="admin-return">
                <td className="align-top">
                  #{r.id}
                  <span className="block text-xs text-slate-600">{RETURN_KIND_LABELS[r.kind]}</span>
                  <span className="block text-xs text-slate-600">{formatDateTime(r.createdAt)}</span>
                </td>
                <td className="max-w-xs align-top">
                  {r.quantity} × {r.productName}
                  {r.variation ? <span className="block text-xs text-slate-600">{r.variation}</span> : null}
                </td>
                <td className="max-w-xs align-top text-xs break-words">{r.reason}</td>
                <td className="align-top">
                  <div className="flex gap-1">
                    {Array.from({ length: r.photos }, (_, n) => (
                      <a key={n} href={`/admin/returns/${r.id}/photos/${n}`} target="_blank" rel="noopener">
                        {/* eslint-disable-next-line @next/next/no-img-element -- a private photo behind the staff session, not an optimisable public image */}
                        <img src={`/admin/returns/${r.id}/photos/${n}`} alt={`Photo ${n + 1} of return ${r.id}`} width={64} height={64} className="h-16 w-16 rounded object-cover" />
                      </a>
                    ))}
                    {r.photos ? null : "—"}
                  </div>
                </td>
                <td className="align-top">
                  <Badge tone={RETURN_TONE[r.state]}>{RETURN_STATE_LABELS[r.state]}</Badge>
                  <ul className="mt-1 text-xs text-slate-700">
                    {r.declineReason ? <li>Declined: {r.declineReason}</li> : null}
                    {r.sentAt ? <li>{r.sendMethod === "pickup" ? "Pickup booked" : "Customer sends it"}{r.carrier ? ` · ${r.carrier}` : ""}{r.awb ? ` · AWB ${r.awb}` : ""}</li> : null}
                    {r.outcome ? <li>{RETURN_OUTCOME_LABELS[r.outcome]}{r.receiveNote ? `: ${r.receiveNote}` : ""}</li> : null}
                    {r.refunded !== null ? <li>Refunded {formatPaise(r.refunded)}</li> : r.refundId ? <li>Refund pending with the provider</li> : null}
                  </ul>
                </td>
                <td className="align-top">
                  {/* Drawn even with no step left, so the last step's answer stays on the page. */}
                  <ReturnStep returnId={r.id} moves={moves} throughProvider={throughProvider} actions={actions} />
                </td>
              </tr>
            );
          })}
        </Table>
      </Section>
    </div>
  );
}
