"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { apiPost, ApiRequestError, configureApi, messageOf } from "@/lib/api/client";
import { buttonClass, inputClass, labelClass } from "./ui";

type SignedIn = { two_factor_required?: boolean; two_factor?: { enabled: boolean; required: boolean } };

/**
 * The back office's sign-in: email and password (POST /api/v2/admin/auth/login), then, when the
 * account has a second factor, the authenticator's code or a recovery code (POST
 * /api/v2/admin/auth/two-factor). The API sets the session cookie; a role that must have a second
 * factor it has not set up yet goes on to /admin/two-factor. Errors are shown per field.
 */
export function LoginForm({ systemKey, redirect }: { systemKey: string; redirect: string }) {
  const router = useRouter();
  const [step, setStep] = useState<"password" | "code">("password");
  const [useRecovery, setUseRecovery] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [fields, setFields] = useState<Record<string, string[]>>({});

  const finish = (answer: SignedIn) => {
    router.replace(answer.two_factor?.required && !answer.two_factor.enabled ? `/admin/two-factor?redirect=${encodeURIComponent(redirect)}` : redirect);
    router.refresh();
  };

  const submit = async (path: string, body: Record<string, unknown>, onDone: (a: SignedIn) => void) => {
    setBusy(true);
    setError("");
    setFields({});
    configureApi(systemKey);
    try {
      onDone(await apiPost<SignedIn>(path, body));
    } catch (e) {
      setError(messageOf(e, "Could not sign in. Please try again."));
      if (e instanceof ApiRequestError && e.body?.errors) setFields(e.body.errors);
      setBusy(false);
    }
  };

  const fieldError = (name: string) =>
    fields[name]?.length ? (
      <p id={`${name}-error`} className="mt-1 text-xs text-red-700">
        {fields[name]?.join(" ")}
      </p>
    ) : null;

  if (step === "code") {
    const name = useRecovery ? "recovery_code" : "code";
    return (
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          const value = String(new FormData(e.currentTarget).get(name) ?? "");
          void submit("/admin/auth/two-factor", { [name]: value.trim() }, finish);
        }}
      >
        <p className="text-sm text-slate-700">{useRecovery ? "Enter one of your recovery codes. Each works once." : "Enter the 6-digit code from your authenticator app."}</p>
        <div>
          <label htmlFor={name} className={labelClass}>
            {useRecovery ? "Recovery code" : "Authentication code"}
          </label>
          <input
            key={name}
            id={name}
            name={name}
            required
            autoFocus
            autoComplete="one-time-code"
            inputMode={useRecovery ? "text" : "numeric"}
            pattern={useRecovery ? undefined : "[0-9]{6}"}
            maxLength={useRecovery ? 64 : 6}
            aria-invalid={Boolean(fields[name] ?? fields.code)}
            aria-describedby={fields[name] ? `${name}-error` : undefined}
            className={inputClass}
          />
          {fieldError(name)}
        </div>
        {error ? (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <button type="submit" disabled={busy} className={`${buttonClass} w-full`}>
          {busy ? "Checking…" : "Verify"}
        </button>
        <button type="button" className="text-sm text-slate-700 underline underline-offset-2" onClick={() => setUseRecovery((r) => !r)}>
          {useRecovery ? "Use the authenticator app instead" : "Use a recovery code instead"}
        </button>
      </form>
    );
  }

  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        const data = new FormData(e.currentTarget);
        void submit("/admin/auth/login", { email: String(data.get("email") ?? "").trim(), password: String(data.get("password") ?? "") }, (answer) => {
          if (answer.two_factor_required) {
            setStep("code");
            setBusy(false);
          } else finish(answer);
        });
      }}
    >
      <div>
        <label htmlFor="email" className={labelClass}>
          Email
        </label>
        <input id="email" name="email" type="email" required autoComplete="username" aria-invalid={Boolean(fields.email)} aria-describedby={fields.email ? "email-error" : undefined} className={inputClass} />
        {fieldError("email")}
      </div>
      <div>
        <label htmlFor="password" className={labelClass}>
          Password
        </label>
        <input id="password" name="password" type="password" required autoComplete="current-password" aria-invalid={Boolean(fields.password)} aria-describedby={fields.password ? "password-error" : undefined} className={inputClass} />
        {fieldError("password")}
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <button type="submit" disabled={busy} className={`${buttonClass} w-full`}>
        {busy ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
