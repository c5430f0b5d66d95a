"use server";

import { refresh } from "next/cache";
import { actionInput, addCustomerNote, endCustomerSessions, eraseCustomer, requireStaffAction, resendConfirmation, setCustomerBlocked, staffAction } from "@/lib/accounts";
import type { ActionResult } from "@/lib/accounts/admin-nav";
import { customerBlockSchema, customerEraseSchema, customerIdParam, customerNoteSchema } from "@/lib/accounts/customer-schemas";

/**
 * The customer page's actions, on the same services as the admin API's customer routes: each asks
 * can() on the server (a note, the link, sessions and blocking need customer:update; the erasure
 * customer:delete), validates with the API's zod schemas, and the service writes its audit row in
 * the change's transaction.
 */

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : undefined;
};
const customerId = (form: FormData) => actionInput(customerIdParam, { id: text(form, "id") ?? "" }).id;

export async function customerNoteAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("customer", "update");
    const id = customerId(form);
    const input = actionInput(customerNoteSchema, { body: text(form, "body") });
    await addCustomerNote(staff.actor, id, input);
    refresh();
    return { ok: true, message: "Note added." };
  });
}

export async function resendConfirmationAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("customer", "update");
    const message = await resendConfirmation(staff.actor, customerId(form));
    return { ok: true, message };
  });
}

export async function endSessionsAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("customer", "update");
    const ended = await endCustomerSessions(staff.actor, customerId(form));
    refresh();
    return { ok: true, message: ended === 1 ? "1 session ended." : `${ended} sessions ended.` };
  });
}

export async function blockAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("customer", "update");
    const id = customerId(form);
    const blocked = text(form, "blocked") === "true";
    const reason = text(form, "reason");
    const input = actionInput(customerBlockSchema, { blocked, ...(reason?.trim() ? { reason } : {}) });
    const result = await setCustomerBlocked(staff.actor, id, input);
    refresh();
    return { ok: true, message: result.blocked ? `Sign-in is blocked${result.sessionsEnded ? ` and ${result.sessionsEnded} session(s) ended` : ""}.` : "Sign-in is allowed again." };
  });
}

export async function eraseAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("customer", "delete");
    const id = customerId(form);
    const input = actionInput(customerEraseSchema, { confirm: text(form, "confirm") });
    const { ordersKept } = await eraseCustomer(staff.actor, id, input.confirm);
    refresh();
    return { ok: true, message: `The account is erased; ${ordersKept} order(s) kept without personal data.` };
  });
}
