"use client";

import { useState } from "react";
import toast from "react-hot-toast";
import { EmailField, FormField } from "@/components/forms/FormField";
import { useSubmit } from "@/components/forms/useSubmit";
import { apiPost, ApiRequestError } from "@/lib/api/client";
import type { ApiAction, ApiLoginAnswer } from "@/lib/api/types";
import { GUEST_COOKIE } from "@/lib/accounts/constants";
import { reloadTo } from "@/lib/platform/client/flash";
import { codeRequestSchema, loginSchema, otpVerifySchema } from "@/lib/accounts/auth-schemas";
import { PasswordField } from "./PasswordField";

/** After any sign-in: the next page says so, and the whole page loads again signed in (docs/storefront.md, Accounts). */
export function finishSignIn(redirect: string): void {
  reloadTo(redirect, { kind: "success", message: "Logged in successfully" });
}

/** The guest cart's id, sent at sign-in so the cart can follow the customer. */
function guestId(): string | undefined {
  const value = document.cookie
    .split("; ")
    .find((c) => c.startsWith(`${GUEST_COOKIE}=`))
    ?.slice(GUEST_COOKIE.length + 1);
  return value && /^guest_[A-Za-z0-9]{9}$/.test(value) ? value : undefined;
}

function InlineError({ id, message }: { id: string; message: string | null }) {
  return message ? (
    <p id={id} role="alert" className="text-sm font-medium text-madder">
      {message}
    </p>
  ) : null;
}

export function LoginForm({ redirect, onForgot, onOtp }: { redirect: string; onForgot: () => void; onOtp: () => void }) {
  const [values, setValues] = useState({ email: "", password: "" });
  const { busy, error, errors, submit, clearError } = useSubmit();
  const change = (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    setValues((v) => ({ ...v, [event.target.name]: event.target.value }));
    clearError(event.target.name);
  };
  return (
    <form
      noValidate
      aria-label="Login"
      className="grid gap-4"
      onSubmit={async (event) => {
        event.preventDefault();
        const body = { login_by: "email", email: values.email, password: values.password, send_code_by: "email", guestId: guestId() };
        const answer = await submit(loginSchema, body, () => apiPost<ApiLoginAnswer>("/auth/login", body));
        if (answer?.result) finishSignIn(redirect);
      }}
    >
      <EmailField id="login-email" name="email" value={values.email} onChange={change} error={errors.email} disabled={busy} />
      <PasswordField id="login-password" name="password" label="Password" autoComplete="current-password" value={values.password} onChange={change} error={errors.password} disabled={busy} />
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <button type="button" onClick={onForgot} className="font-semibold text-saffron-dark underline-offset-2 hover:underline">
          Forgot password?
        </button>
        <button type="button" onClick={onOtp} className="font-semibold text-saffron-dark underline-offset-2 hover:underline">
          Login with OTP
        </button>
      </div>
      <InlineError id="login-error" message={error} />
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {busy ? "Logging in..." : "Login"}
      </button>
    </form>
  );
}

/** Email → reset link (the login screen's Forgot password modal and /forgot-password). */
export function ForgotPasswordForm({ onSent }: { onSent?: () => void }) {
  const [email, setEmail] = useState("");
  const [sent, setSent] = useState<string | null>(null);
  const { busy, error, errors, submit, clearError } = useSubmit();
  if (sent) {
    return (
      <div role="status" className="grid gap-3">
        <p className="font-medium text-leaf">{sent}</p>
        <p className="text-sm text-ink/75">The link works once, for 30 minutes. If no mail arrives, check the address and your spam folder.</p>
      </div>
    );
  }
  return (
    <form
      noValidate
      aria-label="Forgot password"
      className="grid gap-4"
      onSubmit={async (event) => {
        event.preventDefault();
        const body = { email_or_phone: email, send_code_by: "email" };
        const answer = await submit(codeRequestSchema, body, () => apiPost<ApiAction>("/auth/password/forget_request", body));
        if (answer?.result) {
          toast.success(answer.message);
          setSent(answer.message);
          onSent?.();
        }
      }}
    >
      <p className="text-sm text-ink/75">Enter the email of your account and we will send you a link to choose a new password.</p>
      <EmailField
        id="forgot-email"
        name="email_or_phone"
        value={email}
        onChange={(e) => {
          setEmail(e.target.value);
          clearError("email_or_phone");
        }}
        error={errors.email_or_phone}
        disabled={busy}
      />
      <InlineError id="forgot-error" message={error} />
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {busy ? "Sending..." : "Send Reset Link"}
      </button>
    </form>
  );
}

/** Step 1 of the code sign-in: where to send the code. */
export function OtpRequestForm({ onSent, initialEmail = "" }: { onSent: (email: string) => void; initialEmail?: string }) {
  const [email, setEmail] = useState(initialEmail);
  const { busy, error, errors, submit, clearError } = useSubmit();
  return (
    <form
      noValidate
      aria-label="Login with OTP"
      className="grid gap-4"
      onSubmit={async (event) => {
        event.preventDefault();
        const body = { email_or_phone: email, send_code_by: "email" };
        const answer = await submit(codeRequestSchema, body, async (input) => ({ res: await apiPost<ApiAction>("/auth/otp/send", body), email: input.email_or_phone }));
        if (answer?.res.result) {
          toast.success(answer.res.message);
          onSent(answer.email);
        }
      }}
    >
      <p className="text-sm text-ink/75">We will email you a 6-digit code that signs you in. It works once, for 10 minutes.</p>
      <EmailField
        id="otp-email"
        name="email_or_phone"
        value={email}
        onChange={(e) => {
          setEmail(e.target.value);
          clearError("email_or_phone");
        }}
        error={errors.email_or_phone}
        disabled={busy}
      />
      <InlineError id="otp-send-error" message={error} />
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {busy ? "Sending..." : "Send OTP"}
      </button>
    </form>
  );
}

/** Step 2: the code from the mail signs in. */
export function OtpVerifyForm({ email, redirect, onChangeEmail }: { email: string; redirect: string; onChangeEmail: () => void }) {
  const [otp, setOtp] = useState("");
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>();
  return (
    <form
      noValidate
      aria-label="Verify OTP"
      className="grid gap-4"
      onSubmit={async (event) => {
        event.preventDefault();
        const body = { email_or_phone: email, otp };
        const checked = otpVerifySchema.safeParse(body);
        if (!checked.success) {
          setFieldError(checked.error.issues[0]?.message);
          return;
        }
        setBusy(true);
        try {
          const answer = await apiPost<ApiLoginAnswer>("/auth/otp/verify", body);
          if (answer.result) {
            toast.success("OTP verified successfully.");
            finishSignIn(redirect);
          } else {
            toast.error("Invalid OTP");
          }
        } catch (caught) {
          toast.error(caught instanceof ApiRequestError && caught.status < 500 ? caught.message : "OTP verification failed");
        } finally {
          setBusy(false);
        }
      }}
    >
      <p className="text-sm text-ink/75">
        Enter the code we sent to <strong className="break-all">{email}</strong>.
      </p>
      <FormField
        id="otp-code"
        name="otp"
        label="Code"
        inputMode="numeric"
        autoComplete="one-time-code"
        required
        maxLength={6}
        value={otp}
        onChange={(e) => {
          setOtp(e.target.value.replace(/\D/g, "").slice(0, 6));
          setFieldError(undefined);
        }}
        error={fieldError}
        disabled={busy}
      />
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {busy ? "Verifying..." : "Verify"}
      </button>
      <button type="button" onClick={onChangeEmail} className="text-sm font-semibold text-saffron-dark underline-offset-2 hover:underline">
        Send a new code
      </button>
    </form>
  );
}
