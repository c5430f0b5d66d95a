import "server-only";
import { noticeMail } from "@/lib/platform/mail/templates";
import { mailEvent, registerMail, type OutboxEvent } from "@/lib/platform/outbox";

/**
 * The notices an account's owner gets after a change to it (password, email address, deletion),
 * sent through the outbox (lib/platform/outbox/): retried when the mail server fails, their state
 * in outbox_deliveries. The event carries the address and name, because the notice of a deletion
 * goes to an address the account no longer has (delivered events are forgotten after
 * KEEP_DONE_DAYS).
 *
 * The mails that carry a sign-in code or a link (welcome, codes, reset, "an account exists") are
 * not here: they go straight out with sendMail (docs/decisions/0042).
 */
type Notice = "password-changed" | "email-changed" | "deleted";
const NOTICES: readonly Notice[] = ["password-changed", "email-changed", "deleted"];

export function accountNotice(notice: "password-changed" | "deleted", to: string, name: string | null): OutboxEvent;
export function accountNotice(notice: "email-changed", to: string, name: string | null, newEmail: string): OutboxEvent;
export function accountNotice(notice: Notice, to: string, name: string | null, newEmail?: string): OutboxEvent {
  return mailEvent("account", { notice, to, name, newEmail: newEmail ?? null });
}

registerMail("account", async (ref, brand) => {
  const { notice, to, name, newEmail } = ref;
  if (!NOTICES.includes(notice as Notice) || typeof to !== "string" || (typeof name !== "string" && name !== null)) throw new Error(`not an account notice: ${JSON.stringify(ref)}`);
  switch (notice as Notice) {
    case "password-changed":
      return noticeMail(brand, to, "Your password was changed", ["The password of your account was just changed, and your other devices were signed out.", "If it was not you, reset your password at once and write to us."], name);
    case "email-changed":
      return noticeMail(brand, to, "Your email address was changed", [`The email address of your account is now ${String(newEmail)}.`, "If it was not you, write to us at once."], name);
    case "deleted":
      return noticeMail(brand, to, `Your ${brand.name} account was deleted`, ["Your account and its personal data were deleted, as you asked.", "Orders stay in our books without your contact details, as tax law requires."], name);
  }
});
