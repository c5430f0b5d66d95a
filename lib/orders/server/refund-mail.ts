import "server-only";
import { getDb } from "@/lib/platform/db";
import { formatPaise } from "@/lib/platform/format";
import { mailEvent, registerMail, type OutboxEvent } from "@/lib/platform/outbox";
import { REFUND_METHOD, type RefundMethod } from "../status";
import { loadOrderMail } from "./order-mail";
import { renderOrderMailMessage } from "./order-mail-view";

/**
 * The "refund processed" mail: its facts come from refundMailFacts (what the customer is told: the
 * amount, where the money goes, the reference, the credit note). It is the order mail of kind
 * "refunded" (./order-mail-view.tsx: the order's lines, totals and address, with the refund's
 * facts), under this subject, sent through the outbox once the refund's transaction commits.
 */

export type RefundMailOrder = { id: number; code: string; customerName: string };
export type RefundMailRefund = { amount: number; method: RefundMethod; reference: string | null; creditNoteNumber: string | null };

export type RefundMailFacts = {
  subject: string;
  /** Paise. */
  amount: number;
  amountText: string;
  /** Where the money goes, in the customer's words. */
  destination: string;
  reference: string | null;
  creditNoteNumber: string | null;
  orderCode: string;
  /** The order page's path (the mail makes it absolute). */
  orderPath: string;
  /** The text, paragraph by paragraph. */
  lines: string[];
};

const DESTINATION: Record<RefundMethod, string> = {
  [REFUND_METHOD.original]: "to the card, UPI or bank account you paid with; your bank may take 5–7 working days to show it",
  [REFUND_METHOD.bankTransfer]: "by bank transfer to your account",
  [REFUND_METHOD.upi]: "by UPI transfer",
  [REFUND_METHOD.cash]: "in cash",
};

export function refundMailFacts(order: RefundMailOrder, refund: RefundMailRefund): RefundMailFacts {
  const amountText = formatPaise(refund.amount);
  const destination = DESTINATION[refund.method];
  const lines = [
    `We have refunded ${amountText} for your order ${order.code}, ${destination}.`,
    ...(refund.reference ? [`Refund reference: ${refund.reference}.`] : []),
    ...(refund.creditNoteNumber ? [`GST credit note ${refund.creditNoteNumber} is issued for it; you can download it from your order's page.`] : []),
  ];
  return {
    subject: `Refund of ${amountText} for order ${order.code}`,
    amount: refund.amount,
    amountText,
    destination,
    reference: refund.reference,
    creditNoteNumber: refund.creditNoteNumber,
    orderCode: order.code,
    orderPath: `/order-details/${order.id}`,
    lines,
  };
}

/** The outbox event that mails the customer once the refund's transaction commits. */
export const refundMail = (refundId: number): OutboxEvent => mailEvent("refund", { refundId });

registerMail("refund", async (ref, brand) => {
  const { refundId } = ref;
  if (typeof refundId !== "number") throw new Error(`not a refund mail: ${JSON.stringify(ref)}`);
  const { db } = await getDb();
  const row = await db
    .selectFrom("refunds as r")
    .innerJoin("orders as o", "o.id", "r.order_id")
    .innerJoin("users as u", "u.id", "o.user_id")
    .leftJoin("credit_notes as c", "c.refund_id", "r.id")
    .select(["o.id", "o.code", "o.shipping_name", "u.email", "u.name", "r.amount", "r.method", "r.reference", "r.status", "c.number as credit_note"])
    .where("r.id", "=", refundId)
    .executeTakeFirst();
  if (!row?.email || row.status !== "processed") return null;
  const facts = refundMailFacts({ id: row.id, code: row.code, customerName: row.name || row.shipping_name }, { amount: Number(row.amount), method: row.method, reference: row.reference, creditNoteNumber: row.credit_note });
  const mail = await loadOrderMail(row.id, "refunded", { refund: { amount: facts.amount, method: row.method, reference: row.reference, creditNote: row.credit_note } }, brand.siteUrl);
  if (!mail) return null;
  return { ...(await renderOrderMailMessage(mail, brand)), subject: facts.subject };
});
