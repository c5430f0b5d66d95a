"use client";

import { useActionState, type ReactNode } from "react";
import type { ActionResult } from "@/lib/accounts/admin-nav";

/**
 * A form whose submit runs a server action (which asks can() and validates with zod on the
 * server), with the action's answer shown beside it: its message, and each field's errors under
 * `errors`. Works before the page's script has loaded (a plain form post).
 */
export function ActionForm({
  action,
  children,
  className,
  confirm,
  render,
}: {
  action: (previous: ActionResult<never> | null, form: FormData) => Promise<ActionResult<never>>;
  children?: ReactNode;
  className?: string;
  /** A question to confirm before sending (a removal). */
  confirm?: string;
  /** Renders the form's body from the last answer (for per-field errors and pending state). */
  render?: (state: ActionResult<never> | null, pending: boolean) => ReactNode;
}) {
  const [state, formAction, pending] = useActionState(action, null);
  return (
    <form
      action={formAction}
      className={className}
      onSubmit={(e) => {
        if (confirm && !window.confirm(confirm)) e.preventDefault();
      }}
    >
      {render ? render(state, pending) : children}
      {state ? (
        <p role={state.ok ? "status" : "alert"} className={`text-sm ${state.ok ? "text-emerald-800" : "text-red-700"}`}>
          {state.message}
        </p>
      ) : null}
    </form>
  );
}

/** The errors of one field in an action's answer, under its input. */
export function FieldError({ state, name, id }: { state: ActionResult<never> | null; name: string; id?: string }) {
  const messages = state && !state.ok ? state.errors?.[name] : undefined;
  if (!messages?.length) return null;
  return (
    <p id={id} className="mt-1 text-xs text-red-700">
      {messages.join(" ")}
    </p>
  );
}
