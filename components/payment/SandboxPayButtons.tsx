"use client";

import { useState } from "react";
import { apiPost, messageOf } from "@/lib/api/client";
import type { ApiSandboxPay } from "@/lib/api/types";

/** Posts the provider's fields to the store's callback_url, as Razorpay's checkout does. */
function postToCallback(callbackUrl: string, fields: Record<string, string>) {
  const form = document.createElement("form");
  form.method = "POST";
  form.action = callbackUrl;
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
}

/** The sandbox's two outcomes: pay the order's amount, or fail the payment. */
export function SandboxPayButtons({ providerOrderId, amountLabel, callbackUrl }: { providerOrderId: string; amountLabel: string; callbackUrl: string }) {
  const [busy, setBusy] = useState<"success" | "failure" | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function pay(outcome: "success" | "failure") {
    if (busy) return;
    setBusy(outcome);
    setError(null);
    try {
      const answer = await apiPost<ApiSandboxPay>("/payments/sandbox/pay", { provider_order_id: providerOrderId, outcome });
      postToCallback(callbackUrl, answer.fields);
    } catch (err) {
      setError(messageOf(err, "The test payment could not be made. Please try again."));
      setBusy(null);
    }
  }

  return (
    <div className="mt-8 space-y-3">
      <div className="flex flex-wrap justify-center gap-3">
        <button type="button" className="btn-primary" disabled={busy !== null} onClick={() => pay("success")}>
          {busy === "success" ? "Processing..." : `Pay ${amountLabel} (Success)`}
        </button>
        <button
          type="button"
          disabled={busy !== null}
          onClick={() => pay("failure")}
          className="inline-flex items-center rounded-full border border-madder/40 px-6 py-3 text-sm font-semibold text-madder hover:bg-madder/5 disabled:opacity-60"
        >
          {busy === "failure" ? "Processing..." : "Fail payment"}
        </button>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-madder">
          {error}
        </p>
      ) : null}
    </div>
  );
}
