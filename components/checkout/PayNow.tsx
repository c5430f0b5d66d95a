"use client";

import Link from "next/link";
import { useRef, useState } from "react";
import toast from "react-hot-toast";
import { messageOf } from "@/lib/api/client";
import { startPayment } from "./start-payment";

export const PAY_NOW_LABEL = "Pay now";

/**
 * Retry Payment: pays the order that was already placed (POST /payments/start for its id); it never
 * places a new one. When the server refuses (already paid, expired), its message is shown with a
 * way to the customer's orders.
 */
export function PayNow({ orderId }: { orderId: number }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  const pay = async () => {
    if (started.current) return;
    started.current = true;
    setBusy(true);
    setError(null);
    const reset = () => {
      started.current = false;
      setBusy(false);
    };
    try {
      await startPayment(orderId, reset);
    } catch (failure) {
      const message = messageOf(failure, "We could not open the payment. Please try again.");
      setError(message);
      toast.error(message);
      reset();
    }
  };

  return (
    <div className="space-y-4">
      <button type="button" onClick={() => void pay()} disabled={busy} className="btn-primary w-full sm:w-auto">
        {busy ? "Redirecting to payment..." : PAY_NOW_LABEL}
      </button>
      {error ? (
        <div role="alert" className="space-y-1 text-sm font-medium text-madder">
          <p>{error}</p>
          <Link href="/purchase-history" className="font-semibold text-saffron-dark hover:underline">
            View Purchase History
          </Link>
        </div>
      ) : null}
    </div>
  );
}
