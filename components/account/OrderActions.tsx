"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import toast from "react-hot-toast";
import { FormField } from "@/components/forms/FormField";
import { useSubmit } from "@/components/forms/useSubmit";
import { Modal } from "@/components/ui/Modal";
import { apiBlob, apiPost, apiRequest, messageOf } from "@/lib/api/client";
import type { ApiAction } from "@/lib/api/types";
import { REFUND_REASON_MAX, refundRequestSchema } from "@/lib/orders/schemas";

/** docs/storefront.md ("Orders"): the Purchase History's message when a cancel fails and the server gave no reason. */
export const CANCEL_FAILED = "An error occurred while fetching the invoice.";

/**
 * Cancel (Purchase History, docs/storefront.md, Accounts): shown only for a Pending, Un-Paid order. The server's
 * message is toasted; after a cancel the list reloads from the server.
 */
export function CancelOrderButton({ orderId, code }: { orderId: number; code: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      disabled={busy}
      aria-label={`${busy ? "Cancelling" : "Cancel"} order ${code}`}
      className="order-action text-madder disabled:opacity-60"
      onClick={async () => {
        setBusy(true);
        try {
          const answer = await apiRequest<ApiAction>(`/order/cancel/${orderId}`, { method: "POST" });
          if (!answer.result) throw new Error(answer.message);
          toast.success(answer.message);
          router.refresh();
        } catch (error) {
          toast.error(messageOf(error, CANCEL_FAILED));
        } finally {
          setBusy(false);
        }
      }}
    >
      {busy ? "Cancelling..." : "Cancel"}
    </button>
  );
}

/** docs/storefront.md ("Orders"): the message when the invoice cannot be fetched. */
export const INVOICE_FAILED = "An error occurred while fetching the invoice.";

/**
 * Download invoice (Purchase History, paid orders): the API wants the System-Key header, which a
 * plain link cannot send, so the PDF is fetched and opened in a new tab as a blob (docs/api-v2.md). The
 * tab is opened at the click, before the fetch, so pop-up blockers let it through.
 */
export function InvoiceLink({ orderId, code }: { orderId: number; code: string }) {
  const path = `/invoice/download/${orderId}`;
  return (
    <a
      href={`/api/v2${path}`}
      target="_blank"
      rel="noopener"
      aria-label={`Invoice of order ${code}`}
      className="order-action text-saffron-dark"
      onClick={async (event) => {
        event.preventDefault();
        const tab = window.open("", "_blank");
        try {
          const url = URL.createObjectURL(await apiBlob(path));
          if (tab) tab.location.href = url;
          else window.location.href = url;
          setTimeout(() => URL.revokeObjectURL(url), 60_000);
        } catch {
          tab?.close();
          toast.error(INVOICE_FAILED);
        }
      }}
    >
      Invoice
    </a>
  );
}

/** The Refund button of an order line: a small form for the reason, then the line shows "Refund Requested". */
export function RefundRequestButton({ lineId, productName }: { lineId: number; productName: string }) {
  const router = useRouter();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const { busy, error, errors, submit, clearError } = useSubmit();
  return (
    <>
      <button type="button" aria-label={`Refund ${productName}`} className="rounded-full bg-navy px-3 py-1.5 text-xs font-semibold text-white hover:bg-navy/90" onClick={() => setOpen(true)}>
        Refund
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="Request a refund">
        <form
          noValidate
          onSubmit={async (event) => {
            event.preventDefault();
            const answer = await submit(refundRequestSchema, { reason }, (input) => apiPost<ApiAction>(`/order/refund-request/${lineId}`, input), "An error occurred. Please try again.");
            if (!answer) return;
            toast.success(answer.message);
            setOpen(false);
            setReason("");
            router.refresh();
          }}
          className="grid gap-4"
        >
          <p className="text-sm text-ink/75">
            {productName}: tell us what is damaged or defective. Claims are accepted within the days after delivery set out in our return policy.
          </p>
          <FormField
            id={`${id}-reason`}
            name="reason"
            label="Reason"
            multiline
            rows={4}
            required
            maxLength={REFUND_REASON_MAX}
            value={reason}
            error={errors.reason}
            onChange={(event) => {
              setReason(event.target.value);
              clearError("reason");
            }}
          />
          {error && !errors.reason ? (
            <p role="alert" className="text-sm text-madder">
              {error}
            </p>
          ) : null}
          <button type="submit" disabled={busy} className="btn-primary justify-self-start">
            {busy ? "Sending..." : "Send request"}
          </button>
        </form>
      </Modal>
    </>
  );
}
