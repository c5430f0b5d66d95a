import "server-only";

/**
 * Orders: checkout and placement, the order lifecycle (the transitions table ./lifecycle.ts, applied
 * by ./server/transition.ts; the paths in ./server/order-state.ts and ./server/order-admin.ts),
 * refunds (./server/refunds.ts) and GST credit notes (./server/credit-notes.ts), returns (./server/returns.ts), order mails, GST invoices (./server/invoices/), online
 * payments behind one provider interface (./server/payments/), and fulfilment: shipments with
 * shipping providers behind one interface, packing slips (./server/shipping/), and Cash on Delivery
 * reconciliation of couriers' remittances (./server/cod-remittances.ts, ./cod-remittance.ts). Stock moves through the catalog's
 * ledger (lib/catalog moveStock).
 *
 * This file is the domain's server API: pages, route handlers and other domains import from here.
 * Pure modules that client code may use sit beside it: status.ts (the state names and messages),
 * lifecycle.ts (the transitions table), rules.ts, invoice-number.ts, invoice-tax.ts, gstin.ts,
 * amount-in-words.ts, schemas.ts and checkout-schemas.ts (zod), client/checkout-key.ts and
 * client/razorpay.ts.
 */

export { CHECKOUT_MESSAGES, type CheckoutSummary, checkoutSummary, codPlacedPath, findPlacedCodOrder, type PlacedOrder, placeOrder } from "./server/checkout";
export { invoiceFileName, invoicePdf } from "./server/invoices";
export { countNewOrders, countRefundRequests } from "./server/staff-notices";
export { type AdminOrderDetail, type AdminOrderListRow, adminOrderDetail, adminOrderSummary, adminSearchOrders, findOrders, type OrderMatch, type OrderSummary as AdminOrderSummary } from "./server/order-admin-list";
export { type AdminOrderRow, type AdminOrderState, adminListOrders, adminOrderState, decideRefund, setDeliveryStatus } from "./server/order-admin";
export { exportOrders, ORDER_EXPORT_BATCH } from "./server/order-export";
export { addOrderNote, type OrderNote, orderNotesOf } from "./server/order-notes";
export { type AdminRefundRequest, closeRefund, type RefundOutcome, REFUND_RECORD_MESSAGES, type RefundRecord, recordRefund, refundFromAdmin, refundsOf, retryRefund } from "./server/refunds";
export { CREDIT_NOTE_MESSAGES, creditNoteFileName, creditNotePdf, creditNotesOf, type CreditNoteSummary, type IssuedCreditNote, issueCreditNoteForReturn } from "./server/credit-notes";
export { type RefundMailFacts, refundMailFacts } from "./server/refund-mail";
export { adminReturn, adminReturns, countRequestedReturns, customerReturn, customerReturns, decideReturn, dispatchReturn, receiveReturn, refundReturn, requestReturn, type ReturnOption, returnOptions, returnPhotoName, returnsOfOrder, type ReturnView } from "./server/returns";
export { readReturnPhoto } from "./server/return-photos";
export { cancelOrder, releaseExpiredOrders } from "./server/order-state";
export { orderMail, type OrderMailFacts, type OrderMailKind } from "./server/order-mail";
export { findOrderToPay } from "./server/order-to-pay";
export { getOrder, listOrders, type OrderDetail, type OrderLine, type OrderSummary, REFUND_MESSAGES, requestRefund } from "./server/orders";
export { sandboxCheckout, sandboxPay } from "./server/payments/sandbox-bank";
export { callbackPath, DEFAULT_SHOP_NAME, handleCallback, handleWebhook, paymentResponsePath, type PaymentStart, startPayment } from "./server/payments/service";
export { deliverOpenShipment, handleShiprocketWebhook, labelsPdf, moveShipment, packingSlipsPdf, SHIPPING_MESSAGES, shipOrder, shipOrders, type ShipmentMove } from "./server/shipping/service";
export { orderTimeline, type ShipmentView, shipmentMailFacts, shipmentsOf, type TimelineStep } from "./server/shipping/views";
export { type ShippingProviderStatus, shippingProviders, updateShippingSwitches } from "./server/shipping/switch";
export { codCarriers, codReceivable, codRemittanceOfOrder, exportReceivable, listRemittances, type OrderCodStatus, type ParcelRow, type Receivable, type ReconcileOutcome, reconcileRemittance, type RemittanceDetail, remittanceDetail, type RemittanceLine, type RemittanceSummary } from "./server/cod-remittances";
export { enabledOnlineProvider, type PaymentProviderStatus, paymentProviders, paymentsOn, updatePaymentSwitches } from "./server/payments/switch";
