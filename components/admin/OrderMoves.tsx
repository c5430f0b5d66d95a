"use client";

import type { ActionResult } from "@/lib/accounts/admin-nav";
import { ActionForm } from "./ActionForm";
import { buttonClass, dangerButtonClass } from "./ui";

/** The status moves the lifecycle allows staff on this order, as buttons (the server checks again). */
export function OrderMoves({ orderId, moves, action }: { orderId: number; moves: { target: string; label: string }[]; action: (previous: ActionResult | null, form: FormData) => Promise<ActionResult> }) {
  return (
    <ActionForm action={action} className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="id" value={orderId} />
      {moves.map((m) => (
        <button key={m.target} type="submit" name="delivery_status" value={m.target} className={m.target === "Cancelled" ? dangerButtonClass : buttonClass}>
          {m.label}
        </button>
      ))}
    </ActionForm>
  );
}
