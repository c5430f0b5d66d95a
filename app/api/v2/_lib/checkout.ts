import type { ApiCheckoutSummary, ApiPaymentStart, ApiPlacedOrder } from "@/lib/api/types";
import { CHECKOUT_MESSAGES, type CheckoutSummary, codPlacedPath, type PaymentStart, type PlacedOrder } from "@/lib/orders";
import { PAYMENT_TYPE } from "@/lib/orders/status";
import { rupees } from "./present";

/** GET /checkout/summary's answer (docs/api-v2.md): money in rupees, like the cart API. */
export function presentCheckoutSummary(s: CheckoutSummary): ApiCheckoutSummary {
  const t = s.totals;
  return {
    result: true,
    lines: s.lines.map((l) => ({
      id: l.id,
      product_id: l.productId,
      name: l.name,
      variation: l.variant,
      slug: l.slug,
      image: l.thumbnail,
      quantity: l.quantity,
      unit_price: rupees(l.unitPrice),
      line_total: rupees(l.lineTotal),
      availability: l.availability,
    })),
    subtotal: rupees(t.subtotal),
    shipping_cost: rupees(t.shipping),
    coupon_code: s.couponCode,
    coupon_discount: rupees(t.couponDiscount),
    tax: rupees(t.tax),
    grand_total: rupees(t.total),
    shipping_methods: s.shippingMethods.map((m) => ({ method: m.method, label: m.label, fee: rupees(m.fee), delivery: m.delivery })),
    deliverable: s.deliverable,
    delivery_message: s.deliveryMessage,
    cod: { allowed: s.cod.allowed, limit: rupees(s.cod.limit), message: s.cod.message },
    online: s.online,
    notices: s.notices,
  };
}

/**
 * POST /checkout/place's answer (docs/api-v2.md), the same for the first submit and a replay. `next`:
 * a Cash on Delivery order's confirmation (nothing has been paid, so not the payment result page),
 * or the payment of an online order.
 */
export function presentPlacedOrder(order: PlacedOrder): ApiPlacedOrder {
  const cod = order.paymentType === PAYMENT_TYPE.cod;
  return {
    result: true,
    message: CHECKOUT_MESSAGES.placed,
    order: {
      id: order.id,
      code: order.code,
      grand_total: rupees(order.grandTotal),
      payment_type: order.paymentType,
      payment_status: order.paymentStatus,
      delivery_status: order.deliveryStatus,
    },
    next: cod ? codPlacedPath(order.code) : `/checkout/pay?order=${encodeURIComponent(order.code)}`,
  };
}

/** POST /payments/start's answer: the checkout parameters; `amount` in paise, as the providers take it. */
export function presentPaymentStart(start: PaymentStart): ApiPaymentStart {
  return {
    result: true,
    provider: start.provider,
    key_id: start.keyId,
    provider_order_id: start.providerOrderId,
    amount: start.amount,
    currency: start.currency,
    name: start.name,
    description: start.description,
    prefill: start.prefill,
    callback_url: start.callbackUrl,
    checkout_url: start.checkoutUrl,
  };
}
