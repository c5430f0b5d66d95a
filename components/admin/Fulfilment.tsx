"use client";

import { type ReactNode, startTransition, useActionState, useRef, useState } from "react";
import type { ActionResult } from "@/lib/accounts/admin-nav";
import { ActionForm, FieldError } from "./ActionForm";
import { buttonClass, dangerButtonClass, inputClass, labelClass, secondaryButtonClass } from "./ui";

type Action = (previous: ActionResult | null, form: FormData) => Promise<ActionResult>;

/** Ship an order: the provider (only those switched on), and for a manual carrier its name, AWB and tracking link. */
export function ShipForm({ orderId, providers, action }: { orderId: number; providers: { key: string; label: string }[]; action: Action }) {
  const [provider, setProvider] = useState(providers[0]?.key ?? "");
  return (
    <ActionForm
      action={action}
      className="grid max-w-xl gap-3"
      render={(state, pending) => (
        <>
          <input type="hidden" name="id" value={orderId} />
          <div>
            <label htmlFor="ship-provider" className={labelClass}>
              Shipping provider
            </label>
            <select id="ship-provider" name="provider" value={provider} onChange={(e) => setProvider(e.target.value)} className={inputClass}>
              {providers.map((p) => (
                <option key={p.key} value={p.key}>
                  {p.label}
                </option>
              ))}
            </select>
            <FieldError state={state} name="provider" />
          </div>
          {provider === "manual" ? (
            <div className="grid gap-3 sm:grid-cols-3">
              <div>
                <label htmlFor="ship-carrier" className={labelClass}>
                  Carrier
                </label>
                <input id="ship-carrier" name="carrier" className={inputClass} maxLength={80} />
                <FieldError state={state} name="carrier" />
              </div>
              <div>
                <label htmlFor="ship-awb" className={labelClass}>
                  AWB
                </label>
                <input id="ship-awb" name="awb" className={inputClass} maxLength={40} />
                <FieldError state={state} name="awb" />
              </div>
              <div>
                <label htmlFor="ship-tracking" className={labelClass}>
                  Tracking link
                </label>
                <input id="ship-tracking" name="tracking_url" type="url" className={inputClass} maxLength={500} />
                <FieldError state={state} name="tracking_url" />
              </div>
            </div>
          ) : null}
          <div>
            <button type="submit" className={buttonClass} disabled={pending}>
              Ship
            </button>
          </div>
        </>
      )}
    />
  );
}

/** The moves the lifecycle table allows staff on a shipment, as buttons (the server checks again). */
export function ShipmentMoveButtons({ orderId, shipmentId, moves, action }: { orderId: number; shipmentId: number; moves: { event: string; label: string }[]; action: Action }) {
  return (
    <ActionForm action={action} className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="id" value={orderId} />
      <input type="hidden" name="shipment" value={shipmentId} />
      {moves.map((m) => (
        <button key={m.event} type="submit" name="event" value={m.event} className={m.event === "return_to_origin" ? dangerButtonClass : secondaryButtonClass}>
          {m.label}
        </button>
      ))}
    </ActionForm>
  );
}

/**
 * The orders list's bulk bar around its table (the rows carry `ids` checkboxes): packing slips and
 * courier labels of the selected orders as one PDF each (opened in a new tab), and "Mark shipped"
 * with a provider that books by itself (a server action; the server checks order:update again).
 */
export function BulkOrders({ action, children }: { action: Action; children: ReactNode }) {
  const [state, dispatch, pending] = useActionState(action, null);
  const [provider, setProvider] = useState("sandbox");
  const [message, setMessage] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const selected = () => (formRef.current ? new FormData(formRef.current).getAll("ids").map(String) : []);
  const open = (path: string) => {
    const ids = selected();
    if (!ids.length) return setMessage("Select at least one order.");
    setMessage(null);
    window.open(`${path}?ids=${ids.join(",")}`, "_blank", "noopener");
  };
  const ship = () => {
    const ids = selected();
    if (!ids.length) return setMessage("Select at least one order.");
    setMessage(null);
    const form = new FormData();
    for (const id of ids) form.append("ids", id);
    form.set("provider", provider);
    startTransition(() => dispatch(form));
  };
  return (
    <form ref={formRef} onSubmit={(e) => e.preventDefault()} aria-label="Selected orders">
      <div className="mb-3 flex flex-wrap items-center gap-2" role="group" aria-label="With the selected orders">
        <button type="button" className={secondaryButtonClass} onClick={() => open("/admin/orders/packing-slips")}>
          Packing slips
        </button>
        <button type="button" className={secondaryButtonClass} onClick={() => open("/admin/orders/labels")}>
          Labels
        </button>
        <select aria-label="Ship with" value={provider} onChange={(e) => setProvider(e.target.value)} className={`${inputClass} w-auto`}>
          <option value="sandbox">Sandbox courier</option>
          <option value="shiprocket">Shiprocket</option>
        </select>
        <button type="button" className={buttonClass} disabled={pending} onClick={ship}>
          Mark shipped
        </button>
        {message ? (
          <p role="alert" className="text-sm text-red-700">
            {message}
          </p>
        ) : state ? (
          <p role={state.ok ? "status" : "alert"} className={`text-sm ${state.ok ? "text-emerald-800" : "text-red-700"}`}>
            {state.message}
          </p>
        ) : null}
      </div>
      {children}
    </form>
  );
}
