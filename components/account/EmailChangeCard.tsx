"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import toast from "react-hot-toast";
import { PasswordField } from "@/components/auth/PasswordField";
import { EmailField, FormField } from "@/components/forms/FormField";
import { useSubmit } from "@/components/forms/useSubmit";
import { apiPost } from "@/lib/api/client";
import { refreshSessionUser } from "@/lib/accounts/client/session";
import type { ApiAction } from "@/lib/api/types";
import { emailChangeRequestSchema, emailChangeVerifySchema } from "@/lib/accounts/schemas";

/**
 * Change your email (docs/storefront.md, Accounts): the current address read-only; Verify (with the current
 * password) sends a code to the new one and Update Email checks it. The old site's buttons sent
 * nothing.
 */
export function EmailChangeCard({ email }: { email: string }) {
  const router = useRouter();
  const [next, setNext] = useState("");
  const [password, setPassword] = useState("");
  const [otp, setOtp] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useSubmit({ toastErrors: true });
  const verify = useSubmit({ toastErrors: true });
  return (
    <div className="grid gap-4">
      <div>
        <label htmlFor="email-current" className="block text-sm font-semibold">
          Current email
        </label>
        <input id="email-current" type="email" value={email} readOnly className="mt-1 block w-full rounded-lg border border-ink/10 bg-sand/60 px-3.5 py-2.5 text-ink/80" />
      </div>
      <form
        noValidate
        aria-label="New email"
        className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
        onSubmit={async (event) => {
          event.preventDefault();
          const body = { email: next, password };
          const answer = await request.submit(emailChangeRequestSchema, body, async (input) => ({ res: await apiPost<ApiAction>("/profile/email/request", body), email: input.email }));
          if (answer?.res.result) {
            toast.success(answer.res.message);
            setSentTo(answer.email);
            setOtp("");
            setPassword("");
          }
        }}
      >
        <EmailField
          id="email-new"
          name="email"
          label="New email"
          value={next}
          onChange={(e) => {
            setNext(e.target.value);
            request.clearError("email");
          }}
          error={request.errors.email}
          disabled={request.busy || verify.busy}
        />
        <PasswordField
          id="email-password"
          name="password"
          label="Current password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            request.clearError("password");
          }}
          error={request.errors.password}
          disabled={request.busy || verify.busy}
        />
        <button type="submit" className="btn-primary sm:mt-7" disabled={request.busy}>
          {request.busy ? "Sending..." : "Verify"}
        </button>
      </form>
      {sentTo ? (
        <form
          noValidate
          aria-label="Confirm new email"
          className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end"
          onSubmit={async (event) => {
            event.preventDefault();
            const body = { email: sentTo, otp };
            const answer = await verify.submit(emailChangeVerifySchema, body, () => apiPost<ApiAction>("/profile/email/verify", body));
            if (answer?.result) {
              toast.success(answer.message);
              setSentTo(null);
              setNext("");
              refreshSessionUser();
              router.refresh();
            }
          }}
        >
          <FormField
            id="email-code"
            name="otp"
            label={`Code sent to ${sentTo}`}
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            maxLength={6}
            value={otp}
            onChange={(e) => {
              setOtp(e.target.value.replace(/\D/g, "").slice(0, 6));
              verify.clearError("otp");
            }}
            error={verify.errors.otp}
            disabled={verify.busy}
          />
          <button type="submit" className="btn-primary" disabled={verify.busy}>
            {verify.busy ? "Verifying..." : "Update Email"}
          </button>
        </form>
      ) : null}
    </div>
  );
}
