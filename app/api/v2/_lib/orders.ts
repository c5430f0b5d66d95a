import { presentShipment, presentTimeline } from "./shipping";
import type { OrderDetail, OrderLine, OrderSummary } from "@/lib/orders";
import type { ApiOrderDetail, ApiOrderItem, ApiOrderRow } from "@/lib/api/types";
import { rupees } from "./present";

/** Maps the order services' shapes to the order fields of docs/api-v2.md; money in rupees. */

export const presentOrderRow = (o: OrderSummary): ApiOrderRow => ({
  id: o.id,
  code: o.code,
  date: o.date,
  grand_total: rupees(o.grandTotal),
  delivery_status: o.deliveryStatus,
  payment_status: o.paymentStatus,
  payment_type: o.paymentType,
});

export const presentOrderDetail = (o: OrderDetail): ApiOrderDetail => ({
  id: o.id,
  code: o.code,
  date: o.date,
  delivery_status: o.deliveryStatus,
  delivery_status_string: o.deliveryStatus,
  payment_status: o.paymentStatus,
  payment_type: o.paymentType,
  grand_total: rupees(o.grandTotal),
  shipping_type_string: o.shippingType,
  estimated_delivery: o.estimatedDelivery,
  shipping_address: {
    name: o.shipping.name,
    email: o.shipping.email,
    address: o.shipping.address,
    city: o.shipping.city,
    state: o.shipping.state,
    country: o.shipping.country,
    postal_code: o.shipping.postalCode,
    phone: o.shipping.phone,
  },
  subtotal: rupees(o.subtotal),
  shipping_cost: rupees(o.shippingCost),
  tax: rupees(o.tax),
  coupon_discount: rupees(o.couponDiscount),
  shipments: o.shipments.map(presentShipment),
  timeline: presentTimeline(o.timeline),
});

export const presentOrderItem = (l: OrderLine): ApiOrderItem => ({
  id: l.id,
  product_name: l.productName,
  product_slug: l.productSlug,
  variation: l.variation,
  quantity: l.quantity,
  delivery_status_string: l.deliveryStatus,
  price: rupees(l.price),
  refund_status: l.refundStatus,
  refund_button: l.refundButton,
  refund_label: l.refundLabel,
});
