import { apiPost } from "@/lib/api/client";
import { goTo } from "@/lib/platform/client/navigate";
import { openRazorpay } from "@/lib/orders/client/razorpay";
import type { ApiPaymentStart } from "@/lib/api/types";

/**
 * Starts (or restarts) the online payment of one placed order: POST /payments/start for that
 * order, then the sandbox's test payment page or Razorpay's checkout. Placing and retrying both
 * come here with the order's id, so a retry pays the same order and never creates another.
 * Errors (409 already paid / expired) reach the caller as ApiRequestError with the server's text.
 */
export async function startPayment(orderId: number, onDismiss: () => void): Promise<void> {
  const pay = await apiPost<ApiPaymentStart>("/payments/start", { order_id: orderId });
  if (pay.provider === "razorpay") {
    await openRazorpay({
      key: pay.key_id,
      amount: pay.amount,
      currency: pay.currency,
      name: pay.name,
      description: pay.description,
      order_id: pay.provider_order_id,
      prefill: pay.prefill,
      // Razorpay posts from its own page: the callback must be an absolute address.
      callback_url: new URL(pay.callback_url, window.location.origin).href,
      redirect: true,
      modal: { ondismiss: onDismiss },
    });
    return;
  }
  if (!pay.checkout_url) throw new Error("The payment page is not available.");
  goTo(pay.checkout_url);
}
