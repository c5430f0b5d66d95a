/**
 * The order lifecycle as one table (in the spirit of Vendure's order process: a transitions table
 * plus guards). Pure data and pure functions: the server's applyTransition
 * (./server/transition.ts) reads it to make each change as one conditional update from the allowed
 * states, inside the caller's transaction, and to append an order_events row; docs/architecture.md
 * draws it, and lifecycle.test.ts fails when the table has a transition the document does not name.
 *
 * Four machines:
 *  - order:   its (delivery status, payment status) pair;
 *  - shipment: a parcel on its way (Shipped, Out for delivery, a failed attempt the shop decides
 *             on, Delivered) or back to the shop (return to origin); its delivery and its return's
 *             receipt move the order (the `order` each names);
 *  - line:    an order line's delivery status, which follows its order, and its refund status
 *             (a customer's claim on a delivered line);
 *  - payment: a payments row (one per order and way of paying).
 *
 * An order transition names what it does besides changing the order: the line transition its
 * lines follow, the payment transitions of its payment rows, stock taken or given back (through
 * the stock ledger, lib/catalog), the GST invoice it issues and the mail it sends after commit.
 */
import { CANCEL_REASON, DELIVERY, ORDER_MESSAGES, REFUND_MESSAGES, SHIPMENT, SHIPMENT_LABEL, type ShipmentStatus, type Actor, type CancelReason, type DeliveryStatus, type OrderMailKind, PAYMENT, PAYMENT_ROW, PAYMENT_TYPE, type PaymentRowStatus, type PaymentStatus, type PaymentType, REFUND, type RefundStatus } from "./status";
import { STOCK_REASON, type StockReason } from "@/lib/catalog/stock";

export type OrderState = { delivery: DeliveryStatus; payment: PaymentStatus };
/** States an order transition starts from: a delivery status and a payment status, "*" for any. */
export type OrderPattern = { delivery: DeliveryStatus | "*"; payment: PaymentStatus | "*" };

/** What the guards read of an order. */
export type OrderFacts = OrderState & { paymentType: PaymentType; cancelReason: CancelReason | null; couponCode: string | null };

export const ONLINE_UNPAID = "An online order is confirmed when its payment arrives; it cannot be moved on before.";
export const NOT_REVIVABLE = "Only an order cancelled because its payment did not arrive in time, without a coupon, can be revived by its payment.";

/** The 409 of a move the order's state does not allow: "An order that is Shipped cannot be marked Cancelled." */
export const illegalMove = (from: string, to: string) => `An order that is ${from} cannot be marked ${to}.`;

/** Online orders move on only once paid: their stock is held only until the payment deadline. */
const paidIfOnline = (o: OrderFacts) => (o.paymentType === PAYMENT_TYPE.online && o.payment === PAYMENT.unpaid ? ONLINE_UNPAID : null);

export type OrderTransition = {
  readonly describe: string;
  /** States it may start from; empty for the transition that creates the order. */
  readonly from: readonly OrderPattern[];
  /** What changes: a missing half stays as it was. */
  readonly to: Partial<OrderState>;
  readonly actors: readonly Actor[];
  /** A refusal message when the order's facts forbid it (checked before the states). */
  readonly guard?: (order: OrderFacts) => string | null;
  /** The 409 message when the order is in a state it may not start from (the default names the states). */
  readonly refusal?: (from: OrderState) => string;
  /**
   * Timestamps and fields it clears (a revived order is no longer cancelled). The moment of the
   * change is stamped by itself: confirmed_at, shipped_at, delivered_at or cancelled_at when the
   * delivery status changes to that state, paid_at when the order becomes Paid.
   */
  readonly clears?: readonly ("cancelled_at" | "cancel_reason" | "payment_due_at")[];
  readonly cancelReason?: CancelReason;
  /** The line transition its lines follow (lines not in its from-states stay as they are). */
  readonly lines?: LineTransitionName;
  /** Payment-row transitions applied to the order's rows that are in their from-states. */
  readonly payments?: readonly PaymentTransitionName[];
  /** Stock the order's lines reserved: given back, or taken again, as ledger movements with this reason. */
  readonly stock?: { readonly move: "take" | "return"; readonly reason: StockReason };
  /** Issues the GST invoice (once per order). */
  readonly invoice?: boolean;
  /** The customer's mail, sent after commit. */
  readonly mail?: OrderMailKind;
};

const any = "*" as const;
const { pending: Pending, confirmed: Confirmed, shipped: Shipped, delivered: Delivered, cancelled: Cancelled, returned: Returned } = DELIVERY;
const { unpaid: UnPaid, paid: Paid, refunded: Refunded } = PAYMENT;

export const ORDER_TRANSITIONS = {
  place: {
    describe: "the customer places the order at checkout (stock taken, payment row created)",
    from: [],
    to: { delivery: Pending, payment: UnPaid },
    actors: ["customer"],
    stock: { move: "take", reason: STOCK_REASON.sale },
    mail: "placed",
  },
  cancel: {
    describe: "the customer cancels an order still Pending and Un-Paid",
    from: [{ delivery: Pending, payment: UnPaid }],
    to: { delivery: Cancelled },
    actors: ["customer"],
    refusal: (from) => (from.delivery === Cancelled ? ORDER_MESSAGES.alreadyCancelled : ORDER_MESSAGES.notCancellable),
    clears: ["payment_due_at"],
    cancelReason: CANCEL_REASON.customer,
    lines: "cancel",
    payments: ["void"],
    stock: { move: "return", reason: STOCK_REASON.cancel },
    mail: "cancelled",
  },
  expire: {
    describe: "the payment deadline of an unpaid online order passes (the minute's sweep)",
    from: [{ delivery: Pending, payment: UnPaid }],
    to: { delivery: Cancelled },
    actors: ["system"],
    guard: (o) => (o.paymentType === PAYMENT_TYPE.online ? null : "Only an online order has a payment deadline."),
    clears: ["payment_due_at"],
    cancelReason: CANCEL_REASON.paymentTimeout,
    lines: "cancel",
    payments: ["void"],
    stock: { move: "return", reason: STOCK_REASON.expiry },
    mail: "expired",
  },
  staff_cancel: {
    describe: "the shop cancels a Pending or Confirmed order (a paid one's money becomes due back)",
    from: [
      { delivery: Pending, payment: any },
      { delivery: Confirmed, payment: any },
    ],
    to: { delivery: Cancelled },
    actors: ["staff"],
    refusal: (from) => illegalMove(from.delivery, Cancelled),
    clears: ["payment_due_at"],
    cancelReason: CANCEL_REASON.merchant,
    lines: "cancel",
    payments: ["void", "owe"],
    stock: { move: "return", reason: STOCK_REASON.cancel },
    mail: "cancelled",
  },
  confirm: {
    describe: "the shop confirms a Cash on Delivery order",
    from: [{ delivery: Pending, payment: UnPaid }],
    to: { delivery: Confirmed },
    actors: ["staff"],
    guard: paidIfOnline,
    refusal: (from) => illegalMove(from.delivery, Confirmed),
    lines: "confirm",
  },
  ship: {
    describe: "the shop hands the order to the courier",
    from: [
      { delivery: Pending, payment: any },
      { delivery: Confirmed, payment: any },
    ],
    to: { delivery: Shipped },
    actors: ["staff"],
    guard: paidIfOnline,
    refusal: (from) => illegalMove(from.delivery, Shipped),
    lines: "ship",
    mail: "shipped",
  },
  deliver: {
    describe: "the courier delivered it (a Cash on Delivery order then collects its cash); staff or the courier's tracking say so",
    from: [{ delivery: Shipped, payment: any }],
    to: { delivery: Delivered },
    actors: ["staff", "provider"],
    guard: paidIfOnline,
    refusal: (from) => illegalMove(from.delivery, Delivered),
    lines: "deliver",
    mail: "delivered",
  },
  rto_receive: {
    describe: "the courier brought an undelivered order back (RTO received): restocked, cash no longer due, a paid order's money due back",
    from: [{ delivery: Shipped, payment: any }],
    to: { delivery: Returned },
    actors: ["staff"],
    refusal: (from) => illegalMove(from.delivery, Returned),
    lines: "rto_receive",
    payments: ["void", "owe"],
    stock: { move: "return", reason: STOCK_REASON.rto },
  },
  collect_cash: {
    describe: "the cash of a delivered Cash on Delivery order is collected (invoice issued): by staff, or with the courier's tracking report of the delivery",
    from: [{ delivery: Delivered, payment: UnPaid }],
    to: { payment: Paid },
    actors: ["staff", "provider"],
    guard: (o) => (o.paymentType === PAYMENT_TYPE.cod ? null : "Only a Cash on Delivery order is paid at the door."),
    refusal: (from) => illegalMove(from.delivery, Delivered),
    payments: ["collect"],
    invoice: true,
    mail: "paid",
  },
  pay: {
    describe: "the provider reports the online payment (signed): Confirmed and Paid, invoice issued",
    from: [{ delivery: Pending, payment: UnPaid }],
    to: { delivery: Confirmed, payment: Paid },
    actors: ["provider"],
    guard: (o) => (o.paymentType === PAYMENT_TYPE.online ? null : "This order is paid by Cash on Delivery."),
    refusal: () => "The order changed while the payment was being recorded. Please try again.",
    clears: ["payment_due_at"],
    lines: "confirm",
    payments: ["capture"],
    invoice: true,
    mail: "paid",
  },
  revive: {
    describe: "a payment arrives for an order its deadline cancelled, without a coupon, while its stock is still there",
    from: [{ delivery: Cancelled, payment: UnPaid }],
    to: { delivery: Confirmed, payment: Paid },
    actors: ["provider"],
    guard: (o) => (o.cancelReason === CANCEL_REASON.paymentTimeout && o.couponCode === null ? null : NOT_REVIVABLE),
    refusal: () => NOT_REVIVABLE,
    clears: ["cancelled_at", "cancel_reason", "payment_due_at"],
    lines: "revive",
    payments: ["capture"],
    stock: { move: "take", reason: STOCK_REASON.revival },
    invoice: true,
    mail: "paid",
  },
  pay_after_cancel: {
    describe: "a payment arrives for an order that stays cancelled: it shows Paid, its money is due back, no invoice",
    from: [{ delivery: Cancelled, payment: UnPaid }],
    to: { payment: Paid },
    actors: ["provider"],
    payments: ["capture_owed"],
  },
  refund: {
    describe: "every line's money, or the whole payment, went back (a cancelled order's, or a delivered one's)",
    from: [
      { delivery: Cancelled, payment: Paid },
      { delivery: Delivered, payment: Paid },
    ],
    to: { payment: Refunded },
    actors: ["staff"],
  },
} as const satisfies Record<string, OrderTransition>;
export type OrderTransitionName = keyof typeof ORDER_TRANSITIONS;

/* ---------------------------------------------------------------------------------------------
 * Lines
 * ------------------------------------------------------------------------------------------- */

/** A line's delivery status: it follows its order. */
export type LineDeliveryTransition = {
  readonly describe: string;
  readonly field: "delivery_status";
  readonly from: readonly DeliveryStatus[];
  readonly to: DeliveryStatus;
  readonly actors: readonly Actor[];
};
/** A line's refund claim. */
export type LineRefundTransition = {
  readonly describe: string;
  readonly field: "refund_status";
  /** null: no refund asked yet. */
  readonly from: readonly (RefundStatus | null)[];
  readonly to: RefundStatus;
  readonly actors: readonly Actor[];
  /** The 409 message when the claim is in a state it may not start from. */
  readonly refusal: (from: RefundStatus | null) => string;
};
export type LineTransition = LineDeliveryTransition | LineRefundTransition;

/** The 409 of a refund decision the claim's state does not allow. */
const decision = (to: RefundStatus) => (from: RefundStatus | null) => (from ? `A refund that is ${from} cannot be marked ${to}.` : REFUND_MESSAGES.notRequested);

const followers: readonly Actor[] = ["customer", "staff", "system", "provider"];

export const LINE_TRANSITIONS = {
  confirm: { describe: "follows its order to Confirmed", field: "delivery_status", from: [Pending], to: Confirmed, actors: followers },
  ship: { describe: "follows its order to Shipped", field: "delivery_status", from: [Pending, Confirmed], to: Shipped, actors: followers },
  deliver: { describe: "follows its order to Delivered", field: "delivery_status", from: [Shipped], to: Delivered, actors: followers },
  cancel: { describe: "follows its order to Cancelled", field: "delivery_status", from: [Pending, Confirmed], to: Cancelled, actors: followers },
  rto_receive: { describe: "follows its order back to the shop (RTO received)", field: "delivery_status", from: [Shipped], to: Returned, actors: followers },
  revive: { describe: "follows its revived order back to Confirmed", field: "delivery_status", from: [Cancelled], to: Confirmed, actors: followers },
  request_refund: { describe: "the customer claims a delivered line as damaged or defective", field: "refund_status", from: [null], to: REFUND.requested, actors: ["customer"], refusal: () => REFUND_MESSAGES.alreadyRequested },
  approve_refund: { describe: "the shop accepts the claim", field: "refund_status", from: [REFUND.requested], to: REFUND.approved, actors: ["staff"], refusal: decision(REFUND.approved) },
  reject_refund: { describe: "the shop turns the claim down", field: "refund_status", from: [REFUND.requested], to: REFUND.rejected, actors: ["staff"], refusal: decision(REFUND.rejected) },
  refund_line: { describe: "the shop gives the line's money back (a refund recorded with amount, method and reference)", field: "refund_status", from: [REFUND.requested, REFUND.approved], to: REFUND.refunded, actors: ["staff"], refusal: decision(REFUND.refunded) },
} as const satisfies Record<string, LineTransition>;
export type LineTransitionName = keyof typeof LINE_TRANSITIONS;

/** The line transition of a refund decision. */
export const REFUND_DECISIONS = { [REFUND.approved]: "approve_refund", [REFUND.rejected]: "reject_refund", [REFUND.refunded]: "refund_line" } as const satisfies Record<Exclude<RefundStatus, "Requested">, LineTransitionName>;

/* ---------------------------------------------------------------------------------------------
 * Payment rows
 * ------------------------------------------------------------------------------------------- */

export type PaymentTransition = {
  readonly describe: string;
  /** Empty: the transition that creates the row. */
  readonly from: readonly PaymentRowStatus[];
  readonly to: PaymentRowStatus;
  readonly actors: readonly Actor[];
};

const { created, pending, paid, failed, refundDue, refunded, closed } = PAYMENT_ROW;
const open = [created, pending, failed] as const;

export const PAYMENT_TRANSITIONS = {
  create: { describe: "placement (or the first payment start) makes an online order's row", from: [], to: created, actors: ["customer"] },
  create_cash: { describe: "placement makes a Cash on Delivery order's row: the cash is due at the door", from: [], to: pending, actors: ["customer"] },
  capture: { describe: "the provider's signed report of the payment", from: open, to: paid, actors: ["provider"] },
  fail: { describe: "the provider's signed report of a failed attempt (the customer may retry)", from: open, to: failed, actors: ["provider"] },
  void: { describe: "the order was cancelled before it was paid", from: open, to: failed, actors: ["customer", "staff", "system"] },
  collect: { describe: "the courier collected the cash of a Cash on Delivery order", from: [pending], to: paid, actors: ["staff", "provider"] },
  owe: { describe: "the shop cancelled a paid order: its money is due back", from: [paid], to: refundDue, actors: ["staff"] },
  capture_owed: { describe: "a payment arrived for an order that stays cancelled", from: open, to: refundDue, actors: ["provider"] },
  refund: { describe: "refunds recorded for the whole amount (a part keeps the row as it was, with its refunded amount)", from: [paid, refundDue], to: refunded, actors: ["staff"] },
  close: { describe: "staff close a refund that will not be paid through the store, with a reason", from: [refundDue], to: closed, actors: ["staff"] },
} as const satisfies Record<string, PaymentTransition>;
export type PaymentTransitionName = keyof typeof PAYMENT_TRANSITIONS;

/* ---------------------------------------------------------------------------------------------
 * Shipments
 * ------------------------------------------------------------------------------------------- */

export type ShipmentTransition = {
  readonly describe: string;
  /** Empty: the transition that creates the shipment (with the order's `ship`). */
  readonly from: readonly ShipmentStatus[];
  readonly to: ShipmentStatus;
  /** staff: a clerk's command (the sandbox courier's buttons, an NDR decision); provider: the courier's tracking, re-read. */
  readonly actors: readonly Actor[];
  /** The order transition that goes with it, in the same transaction. */
  readonly order?: OrderTransitionName;
};

const { inTransit, outForDelivery, deliveryFailed, delivered: parcelDelivered, rtoInTransit, rtoReceived } = SHIPMENT;
const onTheWay = [inTransit, outForDelivery] as const;

export const SHIPMENT_TRANSITIONS = {
  create: { describe: "the shop hands the parcel to a courier (carrier, AWB, tracking link); the order is Shipped", from: [], to: inTransit, actors: ["staff"], order: "ship" },
  out_for_delivery: { describe: "the courier's agent is out to deliver it", from: [inTransit], to: outForDelivery, actors: ["staff", "provider"] },
  fail_attempt: { describe: "a delivery attempt failed (NDR): the shop decides re-attempt or return", from: onTheWay, to: deliveryFailed, actors: ["staff", "provider"] },
  reattempt: { describe: "the shop asks the courier to try again (NDR decision)", from: [deliveryFailed], to: inTransit, actors: ["staff", "provider"] },
  return_to_origin: { describe: "the parcel goes back to the shop (RTO): the shop's NDR decision, or the courier's", from: [inTransit, outForDelivery, deliveryFailed], to: rtoInTransit, actors: ["staff", "provider"] },
  deliver: { describe: "the customer has it; the order is Delivered", from: [inTransit, outForDelivery, deliveryFailed], to: parcelDelivered, actors: ["staff", "provider"], order: "deliver" },
  receive_return: { describe: "the shop has the parcel back (RTO received); the order is Returned and restocked", from: [rtoInTransit], to: rtoReceived, actors: ["staff"], order: "rto_receive" },
} as const satisfies Record<string, ShipmentTransition>;
export type ShipmentTransitionName = keyof typeof SHIPMENT_TRANSITIONS;

/** The 409 of a shipment move its state does not allow: "A shipment that is Delivered cannot be marked Out for delivery." */
export const shipmentRefusal = (name: ShipmentTransitionName, from: ShipmentStatus): string | null => {
  const t: ShipmentTransition = SHIPMENT_TRANSITIONS[name];
  return t.from.includes(from) ? null : `A shipment that is ${SHIPMENT_LABEL[from]} cannot be marked ${SHIPMENT_LABEL[t.to]}.`;
};

/** The moves of a shipment in `status` that `actor` may make, in the table's order. */
export const shipmentMoves = (status: ShipmentStatus, actor: Actor): ShipmentTransitionName[] =>
  (Object.entries(SHIPMENT_TRANSITIONS) as [ShipmentTransitionName, ShipmentTransition][]).filter(([, t]) => t.actors.includes(actor) && t.from.includes(status)).map(([name]) => name);

/* ---------------------------------------------------------------------------------------------
 * Reading the table
 * ------------------------------------------------------------------------------------------- */

export const matches = (state: OrderState, pattern: OrderPattern) =>
  (pattern.delivery === any || pattern.delivery === state.delivery) && (pattern.payment === any || pattern.payment === state.payment);

/** The state an order transition leads to from `from`. */
export const orderTarget = (t: OrderTransition, from: OrderState): OrderState => ({ delivery: t.to.delivery ?? from.delivery, payment: t.to.payment ?? from.payment });

/** "Pending/Un-Paid", as order_events stores an order's state. */
export const orderStateName = (s: OrderState) => `${s.delivery}/${s.payment}`;

/**
 * Why an order in `order` may not take transition `name` (null: it may): the guard's message
 * first, then the states it may start from.
 */
export function orderRefusal(name: OrderTransitionName, order: OrderFacts): string | null {
  const t: OrderTransition = ORDER_TRANSITIONS[name];
  const guarded = t.guard?.(order) ?? null;
  if (guarded) return guarded;
  if (t.from.some((p) => matches(order, p))) return null;
  return t.refusal ? t.refusal(order) : illegalMove(orderStateName(order), orderStateName(orderTarget(t, order)));
}

/** Every transition by machine, for the docs check and the admin. */
export const LIFECYCLE = { order: ORDER_TRANSITIONS, line: LINE_TRANSITIONS, payment: PAYMENT_TRANSITIONS, shipment: SHIPMENT_TRANSITIONS } as const;
export type Machine = keyof typeof LIFECYCLE;

/* ---------------------------------------------------------------------------------------------
 * The diagrams (docs/architecture.md draws them; lifecycle.test.ts holds the document to these)
 * ------------------------------------------------------------------------------------------- */

/** One arrow of a diagram: null `from` is the start ([*]). */
export type Edge = { from: string | null; to: string; name: string };

/** "Pending_UnPaid": an order state as a diagram's state id. */
export const orderStateId = (s: OrderState) => `${s.delivery}_${s.payment.replace("-", "")}`;

/**
 * Every move of an order the table allows between the states an order can reach, found from
 * placement: the order diagram's arrows (guards, which read more than the state, are left out).
 */
export function orderEdges(): Edge[] {
  const edges: Edge[] = [];
  const start = orderTarget(ORDER_TRANSITIONS.place, { delivery: Pending, payment: UnPaid });
  const seen = new Set([orderStateId(start)]);
  const queue: OrderState[] = [start];
  edges.push({ from: null, to: orderStateId(start), name: "place" });
  while (queue.length) {
    const state = queue.shift()!;
    for (const [name, t] of Object.entries(ORDER_TRANSITIONS) as [OrderTransitionName, OrderTransition][]) {
      if (!t.from.some((p) => matches(state, p))) continue;
      const to = orderTarget(t, state);
      edges.push({ from: orderStateId(state), to: orderStateId(to), name });
      if (!seen.has(orderStateId(to))) {
        seen.add(orderStateId(to));
        queue.push(to);
      }
    }
  }
  return edges;
}

const lineStateId = (s: string | null) => s ?? "Unclaimed";

/** The arrows of a line's delivery status or of its refund claim. */
export function lineEdges(field: LineTransition["field"]): Edge[] {
  return (Object.entries(LINE_TRANSITIONS) as [LineTransitionName, LineTransition][])
    .filter(([, t]) => t.field === field)
    .flatMap(([name, t]) => t.from.map((from) => ({ from: lineStateId(from), to: lineStateId(t.to), name })));
}

/** The arrows of a payment row. */
export function paymentEdges(): Edge[] {
  return (Object.entries(PAYMENT_TRANSITIONS) as [PaymentTransitionName, PaymentTransition][]).flatMap(([name, t]): Edge[] =>
    t.from.length ? t.from.map((from) => ({ from, to: t.to, name })) : [{ from: null, to: t.to, name }],
  );
}

/** The arrows of a shipment. */
export function shipmentEdges(): Edge[] {
  return (Object.entries(SHIPMENT_TRANSITIONS) as [ShipmentTransitionName, ShipmentTransition][]).flatMap(([name, t]): Edge[] =>
    t.from.length ? t.from.map((from) => ({ from, to: t.to, name })) : [{ from: null, to: t.to, name }],
  );
}

/** The diagrams by the name docs/architecture.md marks each with (`%% lifecycle: …`). */
export const DIAGRAMS = {
  order: orderEdges,
  "line delivery_status": () => lineEdges("delivery_status"),
  "line refund_status": () => lineEdges("refund_status"),
  payment: paymentEdges,
  shipment: shipmentEdges,
} as const;

/** A mermaid state diagram of `edges`, as docs/architecture.md carries it. */
export function mermaid(diagram: keyof typeof DIAGRAMS): string {
  const edges = DIAGRAMS[diagram]();
  const actorsOf = (name: string): readonly Actor[] => {
    const t = (diagram === "order" ? ORDER_TRANSITIONS : diagram === "payment" ? PAYMENT_TRANSITIONS : diagram === "shipment" ? SHIPMENT_TRANSITIONS : LINE_TRANSITIONS) as Record<string, { actors: readonly Actor[] }>;
    return t[name]?.actors ?? [];
  };
  const lines = ["```mermaid", `%% lifecycle: ${diagram}`, "stateDiagram-v2", "    direction LR"];
  if (diagram === "order") {
    const ids = new Set(edges.flatMap((e) => [e.from, e.to]).filter((s): s is string => s !== null));
    for (const id of ids) lines.push(`    state "${id.replace("_UnPaid", " / Un-Paid").replace("_", " / ")}" as ${id}`);
  }
  for (const e of edges) lines.push(`    ${e.from ?? "[*]"} --> ${e.to}: ${e.name}${diagram === "line delivery_status" ? "" : ` (${actorsOf(e.name).join(", ")})`}`);
  lines.push("```");
  return lines.join("\n");
}