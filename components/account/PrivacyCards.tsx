"use client";

import { useState } from "react";
import toast from "react-hot-toast";
import { PasswordField } from "@/components/auth/PasswordField";
import { FormField } from "@/components/forms/FormField";
import { useSubmit } from "@/components/forms/useSubmit";
import { Modal } from "@/components/ui/Modal";
import { apiPost, apiRequest, messageOf } from "@/lib/api/client";
import type { ApiAction } from "@/lib/api/types";
import { reloadTo } from "@/lib/platform/client/flash";
import { accountDeleteSchema } from "@/lib/accounts/schemas";

/** A button that runs `action` once at a time and shows `busyLabel` meanwhile. */
function BusyButton({ label, busyLabel, action }: { label: string; busyLabel: string; action: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      disabled={busy}
      className="rounded-full border border-ink/20 px-5 py-2.5 text-sm font-semibold hover:bg-sand"
      onClick={async () => {
        setBusy(true);
        try {
          await action();
        } finally {
          setBusy(false);
        }
      }}
    >
      {busy ? busyLabel : label}
    </button>
  );
}

/** Log out of all devices: every session of the account ends, this one too. */
export function SignOutEverywhere() {
  return (
    <BusyButton
      label="Log out of all devices"
      busyLabel="Logging out..."
      action={async () => {
        try {
          const answer = await apiPost<ApiAction>("/auth/logout-all", {});
          reloadTo("/login", { kind: "success", message: answer.message });
        } catch (error) {
          toast.error(messageOf(error, "An error occurred"));
        }
      }}
    />
  );
}

/** Download my data: the JSON file of GET /account/export. */
export function DownloadMyData() {
  return (
    <BusyButton
      label="Download my data"
      busyLabel="Preparing..."
      action={async () => {
        try {
          const data = await apiRequest<Record<string, unknown>>("/account/export");
          const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }));
          const link = document.createElement("a");
          link.href = url;
          link.download = `my-data-${new Date().toISOString().slice(0, 10)}.json`;
          document.body.append(link);
          link.click();
          link.remove();
          setTimeout(() => URL.revokeObjectURL(url), 10_000);
        } catch (error) {
          toast.error(messageOf(error, "An error occurred. Please try again."));
        }
      }}
    />
  );
}

/** Delete my account, confirmed with the password or an emailed code. */
export function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [otp, setOtp] = useState("");
  const [codeSent, setCodeSent] = useState(false);
  const [sending, setSending] = useState(false);
  const { busy, error, errors, submit, clearError } = useSubmit({ toastErrors: true });
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className="rounded-full bg-madder px-5 py-2.5 text-sm font-semibold text-white hover:brightness-110">
        Delete my account
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="Delete my account">
        <form
          noValidate
          aria-label="Delete my account"
          className="grid gap-4"
          onSubmit={async (event) => {
            event.preventDefault();
            const body = codeSent && otp ? { otp } : { password };
            const answer = await submit(accountDeleteSchema, body, () => apiPost<ApiAction>("/account/delete", body));
            if (answer?.result) {
              reloadTo("/", { kind: "success", message: answer.message });
            }
          }}
        >
          <p className="text-sm">
            Your profile, addresses, wishlist, cart and photo are erased and you are signed out everywhere. Orders stay in our books without your name and contact details, as tax law requires. This cannot be undone.
          </p>
          <PasswordField
            id="delete-password"
            name="password"
            label="Your password"
            autoComplete="current-password"
            required={!codeSent}
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              clearError("password");
            }}
            error={errors.password}
            disabled={busy}
          />
          {codeSent ? (
            <FormField
              id="delete-code"
              name="otp"
              label="Or the code we emailed you"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={otp}
              onChange={(e) => {
                setOtp(e.target.value.replace(/\D/g, "").slice(0, 6));
                clearError("otp");
              }}
              error={errors.otp}
              disabled={busy}
            />
          ) : (
            <button
              type="button"
              disabled={sending}
              className="justify-self-start text-sm font-semibold text-saffron-dark underline underline-offset-2"
              onClick={async () => {
                setSending(true);
                try {
                  const answer = await apiPost<ApiAction>("/account/delete/code", {});
                  toast.success(answer.message);
                  setCodeSent(true);
                } catch (caught) {
                  toast.error(messageOf(caught, "An error occurred. Please try again."));
                } finally {
                  setSending(false);
                }
              }}
            >
              {sending ? "Sending..." : "Forgot your password? Email me a code instead"}
            </button>
          )}
          {error ? (
            <p role="alert" className="text-sm font-medium text-madder">
              {error}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-3">
            <button type="submit" disabled={busy} className="rounded-full bg-madder px-6 py-3 text-sm font-semibold text-white hover:brightness-110 disabled:opacity-60">
              {busy ? "Deleting..." : "Delete my account"}
            </button>
            <button type="button" onClick={() => setOpen(false)} className="rounded-full border border-ink/20 px-6 py-3 text-sm font-semibold hover:bg-sand">
              Keep my account
            </button>
          </div>
        </form>
      </Modal>
    </>
  );
}

