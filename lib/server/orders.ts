import "server-only";
import { getDb } from "../db";

/** A customer's orders, always looked up through the customer's own id. */

export type OrderSummary = {
  id: number;
  code: string;
  date: string;
  grandTotal: number;
  deliveryStatus: string;
  paymentStatus: string;
  paymentType: string;
};

export type OrderLine = { productName: string; variation: string | null; quantity: number; deliveryStatus: string; price: number; refundStatus: string | null };

export type OrderDetail = OrderSummary & {
  shipping: { name: string; email: string; address: string; city: string; state: string; country: string; postalCode: string; phone: string };
  shippingType: string;
  subtotal: number;
  shippingCost: number;
  tax: number;
  couponDiscount: number;
  lines: OrderLine[];
};

export async function listOrders(userId: number): Promise<OrderSummary[]> {
  const { db } = await getDb();
  return db
    .selectFrom("orders")
    .select(["id", "code", "created_at as date", "grand_total as grandTotal", "delivery_status as deliveryStatus", "payment_status as paymentStatus", "payment_type as paymentType"])
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

/** One of the customer's orders with its lines; null for an id that is not theirs. */
export async function getOrder(userId: number, id: number): Promise<OrderDetail | null> {
  const { db } = await getDb();
  const o = await db.selectFrom("orders").selectAll().where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
  if (!o) return null;
  const lines = await db
    .selectFrom("order_lines")
    .select(["product_name as productName", "variation", "quantity", "delivery_status as deliveryStatus", "total as price", "refund_status as refundStatus"])
    .where("order_id", "=", o.id)
    .orderBy("id")
    .execute();
  return {
    id: o.id,
    code: o.code,
    date: o.created_at,
    grandTotal: o.grand_total,
    deliveryStatus: o.delivery_status,
    paymentStatus: o.payment_status,
    paymentType: o.payment_type,
    shipping: { name: o.shipping_name, email: o.shipping_email, address: o.shipping_address, city: o.shipping_city, state: o.shipping_state, country: o.shipping_country, postalCode: o.shipping_postal_code, phone: o.shipping_phone },
    shippingType: o.shipping_type,
    subtotal: o.subtotal,
    shippingCost: o.shipping_cost,
    tax: o.tax,
    couponDiscount: o.coupon_discount,
    lines,
  };
}
