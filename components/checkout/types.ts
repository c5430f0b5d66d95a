/**
 * The answers of the checkout calls (issue 10 contract), as the checkout screen reads them.
 * Money in rupees, as every API v2 amount; the payment start's `amount` is in paise (Razorpay's unit).
 */

export type ShippingMethod = "standard" | "express";
export type PaymentChoice = "cod" | "online";

export type ApiCheckoutLine = {
  id: number;
  product_id: number;
  name: string;
  slug: string;
  image: string | null;
  quantity: number;
  unit_price: number;
  line_total: number;
  availability: string;
};

export type ApiShippingChoice = {
  method: ShippingMethod;
  label: string;
  fee: number;
  delivery: { from: string; to: string; text: string } | null;
};

export type ApiCheckoutSummary = {
  result: true;
  lines: ApiCheckoutLine[];
  subtotal: number;
  shipping_cost: number;
  coupon_code: string | null;
  coupon_discount: number;
  tax: number;
  grand_total: number;
  shipping_methods: ApiShippingChoice[];
  deliverable: boolean;
  delivery_message: string | null;
  cod: { allowed: boolean; limit: number; message: string | null };
  online: { available: boolean; provider: "sandbox" | "razorpay" | null };
  notices: string[];
};

export type ApiPlacedOrder = {
  result: true;
  message: string;
  order: { id: number; code: string; grand_total: number; payment_type: string; payment_status: string; delivery_status: string };
  next: string;
};

export type ApiPaymentStart = {
  result: true;
  provider: "sandbox" | "razorpay";
  key_id: string;
  provider_order_id: string;
  /** Paise. */
  amount: number;
  currency: string;
  name: string;
  description: string;
  prefill: { name: string; email: string; contact: string };
  callback_url: string;
  checkout_url: string | null;
};
