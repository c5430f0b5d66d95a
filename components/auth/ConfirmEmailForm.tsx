"use client";

import { useState } from "react";
import { useSubmit } from "@/components/forms/useSubmit";
import { apiPost } from "@/lib/api/client";
import type { ApiLoginAnswer } from "@/lib/api/types";
import { reloadTo } from "@/lib/platform/client/flash";
import { confirmSchema, MISSING_TOKEN } from "@/lib/accounts/auth-schemas";
import { PasswordField } from "./PasswordField";

/**
 * The welcome mail's link: the password chosen at sign-up confirms the email and signs in. The
 * link alone does not, so a mail scanner that opens links, or someone who did not open the
 * account, confirms nothing.
 */
export function ConfirmEmailForm({ token }: { token: string | null }) {
  const [password, setPassword] = useState("");
  const { busy, error, errors, submit, clearError } = useSubmit();
  if (!token) {
    return (
      <p role="alert" className="font-medium text-madder">
        {MISSING_TOKEN}
      </p>
    );
  }
  return (
    <form
      noValidate
      aria-label="Confirm your email"
      className="grid gap-4"
      onSubmit={async (event) => {
        event.preventDefault();
        const body = { token, password };
        const answer = await submit(confirmSchema, body, () => apiPost<ApiLoginAnswer>("/auth/email/confirm", body));
        if (answer?.result) reloadTo("/dashboard", { kind: "success", message: answer.message });
      }}
    >
      <PasswordField
        id="confirm-password"
        name="password"
        label="Password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => {
          setPassword(e.target.value);
          clearError("password");
        }}
        error={errors.password}
        disabled={busy}
      />
      {error ? (
        <p role="alert" className="text-sm font-medium text-madder">
          {errors.token ?? error}
        </p>
      ) : null}
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {busy ? "Verifying..." : "Confirm my email"}
      </button>
      <p className="text-sm text-ink/75">Did not open an account with us? Ignore the mail: without this step nobody can sign in to it with a password.</p>
    </form>
  );
}
