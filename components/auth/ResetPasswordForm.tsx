"use client";

import { useState } from "react";
import toast from "react-hot-toast";
import { useSubmit } from "@/components/forms/useSubmit";
import { apiPost } from "@/lib/api/client";
import type { ApiAction } from "@/lib/api/types";
import { reloadTo } from "@/lib/platform/client/flash";
import { MISSING_TOKEN, PASSWORD_HINT, resetSchema } from "@/lib/accounts/auth-schemas";
import { PasswordField } from "./PasswordField";

/** The reset screen: New Password and Confirm Password for the token of the emailed link. */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const [values, setValues] = useState({ password: "", password_confirmation: "" });
  const { busy, error, errors, submit, clearError } = useSubmit();
  if (!token) {
    return (
      <p role="alert" className="font-medium text-madder">
        {MISSING_TOKEN}
      </p>
    );
  }
  const change = (event: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [event.target.name]: event.target.value }));
    clearError(event.target.name);
  };
  return (
    <form
      noValidate
      aria-label="Reset password"
      className="grid gap-4"
      onSubmit={async (event) => {
        event.preventDefault();
        const body = { token, ...values };
        const answer = await submit(resetSchema, body, () => apiPost<ApiAction>("/auth/password/reset", body), "Failed to reset password. Please try again.");
        if (answer?.result) {
          reloadTo("/login", { kind: "success", message: "Password reset successfully." });
        } else if (answer) {
          toast.error(answer.message || "Failed to reset password.");
        }
      }}
    >
      <PasswordField id="reset-password" name="password" label="New Password" autoComplete="new-password" hint={PASSWORD_HINT} value={values.password} onChange={change} error={errors.password} disabled={busy} />
      <PasswordField id="reset-confirm" name="password_confirmation" label="Confirm Password" autoComplete="new-password" value={values.password_confirmation} onChange={change} error={errors.password_confirmation} disabled={busy} />
      {error || errors.token ? (
        <p role="alert" className="text-sm font-medium text-madder">
          {errors.token ?? error}
        </p>
      ) : null}
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {busy ? "Resetting Password..." : "Reset Password"}
      </button>
    </form>
  );
}
