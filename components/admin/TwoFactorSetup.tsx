"use client";

import { useState } from "react";
import { apiPost, ApiRequestError, configureApi, messageOf } from "@/lib/api/client";
import { buttonClass, inputClass, labelClass, secondaryButtonClass } from "./ui";

/** The key of an otpauth:// URI (its secret parameter), in groups of four for typing. */
export function secretOf(uri: string): string {
  try {
    const secret = new URL(uri).searchParams.get("secret") ?? "";
    return secret.replace(/(.{4})/g, "$1 ").trim();
  } catch {
    return "";
  }
}

type Stage = { kind: "password" } | { kind: "verify"; uri: string; codes: string[] } | { kind: "done"; codes: string[] | null };

/**
 * Your own second factor (the API's /admin/me/two-factor/*): the password again, then the key for
 * the authenticator app (typed in, or opened as an otpauth:// link on the phone) and ten recovery
 * codes, then one code from the app turns it on. When it is on: new recovery codes, or off.
 */
export function TwoFactorSetup({ systemKey, enabled, required, next }: { systemKey: string; enabled: boolean; required: boolean; next: string | null }) {
  const [stage, setStage] = useState<Stage>(enabled ? { kind: "done", codes: null } : { kind: "password" });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [fields, setFields] = useState<Record<string, string[]>>({});

  async function call<T>(path: string, body: Record<string, unknown>): Promise<T | null> {
    setBusy(true);
    setError("");
    setFields({});
    configureApi(systemKey);
    try {
      return await apiPost<T>(path, body);
    } catch (e) {
      setError(messageOf(e, "That did not work. Please try again."));
      if (e instanceof ApiRequestError && e.body?.errors) setFields(e.body.errors);
      return null;
    } finally {
      setBusy(false);
    }
  }

  const alert = error ? (
    <p role="alert" className="text-sm text-red-700">
      {error}
    </p>
  ) : null;
  const fieldError = (name: string) => (fields[name]?.length ? <p className="mt-1 text-xs text-red-700">{fields[name]?.join(" ")}</p> : null);
  const passwordField = (
    <div>
      <label htmlFor="tf-password" className={labelClass}>
        Your password
      </label>
      <input id="tf-password" name="password" type="password" required autoComplete="current-password" className={inputClass} />
      {fieldError("password")}
    </div>
  );
  const codesList = (codes: string[]) => (
    <div>
      <p className="text-sm font-medium text-slate-800">Recovery codes</p>
      <p className="mb-2 text-xs text-slate-600">Each works once, in place of a code from the app. Keep them somewhere safe: they are not shown again.</p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-1 rounded-md bg-slate-100 p-3 font-mono text-sm">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
    </div>
  );

  if (stage.kind === "password") {
    return (
      <form
        className="max-w-sm space-y-4"
        onSubmit={async (e) => {
          e.preventDefault();
          const password = String(new FormData(e.currentTarget).get("password") ?? "");
          const answer = await call<{ totp_uri: string; recovery_codes: string[] }>("/admin/me/two-factor/enable", { password });
          if (answer) setStage({ kind: "verify", uri: answer.totp_uri, codes: answer.recovery_codes });
        }}
      >
        <p className="text-sm text-slate-700">{required ? "Your role requires a second factor: set one up to use the back office." : "Add a second factor: a code from an authenticator app at every sign-in."}</p>
        {passwordField}
        {alert}
        <button type="submit" disabled={busy} className={buttonClass}>
          Continue
        </button>
      </form>
    );
  }

  if (stage.kind === "verify") {
    return (
      <form
        className="max-w-lg space-y-4"
        onSubmit={async (e) => {
          e.preventDefault();
          const code = String(new FormData(e.currentTarget).get("code") ?? "").trim();
          const answer = await call<{ result: boolean }>("/admin/me/two-factor/verify", { code });
          if (answer) setStage({ kind: "done", codes: stage.codes });
        }}
      >
        <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
          <li>In your authenticator app, add an account with this key (time-based), or open the link on the phone that has the app.</li>
          <li>Write down the recovery codes.</li>
          <li>Enter the 6-digit code the app shows.</li>
        </ol>
        <div>
          <p className="text-sm font-medium text-slate-800">Key</p>
          <p className="rounded-md bg-slate-100 p-3 font-mono text-base tracking-wider break-all" aria-label="Authenticator key">
            {secretOf(stage.uri)}
          </p>
          <a href={stage.uri} className="mt-1 inline-block text-sm text-slate-800 underline underline-offset-2">
            Open in the authenticator app
          </a>
        </div>
        {codesList(stage.codes)}
        <div className="max-w-48">
          <label htmlFor="tf-code" className={labelClass}>
            Code from the app
          </label>
          <input id="tf-code" name="code" required inputMode="numeric" pattern="[0-9]{6}" maxLength={6} autoComplete="one-time-code" className={inputClass} />
          {fieldError("code")}
        </div>
        {alert}
        <button type="submit" disabled={busy} className={buttonClass}>
          Turn on two-factor
        </button>
      </form>
    );
  }

  return (
    <div className="max-w-lg space-y-4">
      <p role="status" className="text-sm text-emerald-800">
        Two-factor authentication is on for your account.
      </p>
      {stage.codes ? codesList(stage.codes) : null}
      {next ? (
        <a href={next} className={buttonClass}>
          Continue to the back office
        </a>
      ) : null}
      <form
        className="space-y-3 border-t border-slate-200 pt-4"
        onSubmit={async (e) => {
          e.preventDefault();
          const password = String(new FormData(e.currentTarget).get("password") ?? "");
          const answer = await call<{ recovery_codes: string[] }>("/admin/me/two-factor/recovery-codes", { password });
          if (answer) setStage({ kind: "done", codes: answer.recovery_codes });
        }}
      >
        <p className="text-sm text-slate-700">New recovery codes replace the old ones.</p>
        {passwordField}
        {alert}
        <button type="submit" disabled={busy} className={secondaryButtonClass}>
          Make new recovery codes
        </button>
      </form>
    </div>
  );
}
