/**
 * Razorpay Standard Checkout in the browser: checkout.js is loaded only when a customer pays with
 * Razorpay (never on other pages, never for the sandbox), then opened with the order the server
 * created. With callback_url and redirect: true, Razorpay posts the result to our callback, which
 * verifies the signature and sends the customer on to /payment-response.
 */

export const RAZORPAY_SCRIPT = "https://checkout.razorpay.com/v1/checkout.js";

export type RazorpayOptions = {
  key: string;
  amount: number;
  currency: string;
  name: string;
  description: string;
  order_id: string;
  prefill: { name: string; email: string; contact: string };
  callback_url: string;
  redirect: true;
  modal?: { ondismiss?: () => void };
};

type RazorpayInstance = { open: () => void };
type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayInstance;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

let loading: Promise<RazorpayConstructor> | null = null;

export function loadRazorpay(): Promise<RazorpayConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  loading ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = RAZORPAY_SCRIPT;
    script.async = true;
    script.onload = () => (window.Razorpay ? resolve(window.Razorpay) : reject(new Error("Razorpay did not load.")));
    script.onerror = () => {
      script.remove();
      reject(new Error("Razorpay did not load."));
    };
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = null; // a later click tries again
    throw error;
  });
  return loading;
}

export async function openRazorpay(options: RazorpayOptions): Promise<void> {
  const Razorpay = await loadRazorpay();
  new Razorpay(options).open();
}
