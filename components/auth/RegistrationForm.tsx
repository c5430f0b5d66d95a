"use client";

import Link from "next/link";
import { useState } from "react";
import { z } from "@/lib/platform/zod";
import { EmailField, FormField } from "@/components/forms/FormField";
import { useSubmit } from "@/components/forms/useSubmit";
import { apiPost } from "@/lib/api/client";
import type { ApiAction } from "@/lib/api/types";
import { reloadTo } from "@/lib/platform/client/flash";
import { PASSWORD_HINT, signUpSchema } from "@/lib/accounts/auth-schemas";
import { PasswordField } from "./PasswordField";

const TERMS = "Please accept the privacy policy to create an account.";
/** The server's schema plus the checkbox, which only the form needs. */
const formSchema = z.intersection(signUpSchema, z.object({ terms: z.literal(true, { error: TERMS }) }));

/** /registration: Full Name, Email, Password, Confirm Password and the terms checkbox. */
export function RegistrationForm() {
  const [values, setValues] = useState({ name: "", email_or_phone: "", password: "", password_confirmation: "" });
  const [accepted, setAccepted] = useState(false);
  const { busy, error, errors, submit, clearError } = useSubmit();
  const change = (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    setValues((v) => ({ ...v, [event.target.name]: event.target.value }));
    clearError(event.target.name);
  };
  return (
    <form
      noValidate
      aria-label="Create an account"
      className="grid gap-4"
      onSubmit={async (event) => {
        event.preventDefault();
        const body = { ...values, register_by: "email" };
        const answer = await submit(formSchema, { ...body, terms: accepted }, () => apiPost<ApiAction & { access_token: null }>("/auth/signup", body));
        if (answer?.result) {
          reloadTo("/login", { kind: "success", message: answer.message });
        }
      }}
    >
      <FormField id="reg-name" name="name" label="Full Name" required autoComplete="name" maxLength={100} value={values.name} onChange={change} error={errors.name} disabled={busy} />
      <EmailField id="reg-email" name="email_or_phone" value={values.email_or_phone} onChange={change} error={errors.email_or_phone} disabled={busy} />
      <PasswordField id="reg-password" name="password" label="Password" autoComplete="new-password" hint={PASSWORD_HINT} value={values.password} onChange={change} error={errors.password} disabled={busy} />
      <PasswordField id="reg-confirm" name="password_confirmation" label="Confirm Password" autoComplete="new-password" value={values.password_confirmation} onChange={change} error={errors.password_confirmation} disabled={busy} />
      <div>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            name="terms"
            checked={accepted}
            onChange={(e) => {
              setAccepted(e.target.checked);
              clearError("terms");
            }}
            required
            aria-invalid={errors.terms ? true : undefined}
            aria-describedby={errors.terms ? "reg-terms-error" : undefined}
            className="mt-0.5 h-4 w-4 accent-saffron"
          />
          <span>
            I agree to the{" "}
            <Link href="/privacy-policy" className="font-semibold text-saffron-dark underline underline-offset-2">
              privacy policy
            </Link>
            .
          </span>
        </label>
        {errors.terms ? (
          <p id="reg-terms-error" className="mt-1 text-sm font-medium text-madder">
            {errors.terms}
          </p>
        ) : null}
      </div>
      {error ? (
        <p role="alert" className="text-sm font-medium text-madder">
          {error}
        </p>
      ) : null}
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {busy ? "Saving..." : "Create Account"}
      </button>
      <p className="text-center text-sm text-ink/80">
        Already have an account?{" "}
        <Link href="/login" className="font-semibold text-saffron-dark underline underline-offset-2">
          Login
        </Link>
      </p>
    </form>
  );
}
