import type { CSSProperties } from "react";
import { Column, Heading, Img, Row, Section, Text } from "@react-email/components";
import { render } from "@react-email/render";
import { formatPaise } from "@/lib/platform/format";
import type { MailAttachment, MailBrand, MailMessage } from "@/lib/platform/mail";
import { absoluteUrl, MailButton, mailColors, MailLayout, mailFooterText, mailText } from "@/lib/platform/mail/layout";
import type { RefundFact, ReturnFact, ReturnState, ShipmentFact } from "../mail-facts";
import { type OrderMailKind, PAYMENT_TYPE, type PaymentType, type RefundMethod } from "../status";

/**
 * What every order mail shows, and how: one React Email template for every kind (placed, paid,
 * shipped, delivered, cancelled, expired, refunded, each step of a return), and its plain-text
 * twin written from the same content (never an HTML page stripped of its tags). Nothing here reads
 * the database: ./order-mail.ts loads an OrderMail, the tests and `npm run mail:preview` make
 * their own.
 */

/** One line of the order as the mail shows it; money in paise, the photo's URL absolute (or none). */
export type OrderMailLine = { name: string; variant: string | null; quantity: number; unitPrice: number; total: number; imageUrl: string | null };

/** An order's mail: who gets it, which kind, the order as it is now, and the facts of the change (./mail-facts.ts). */
export type OrderMail = {
  kind: OrderMailKind;
  to: string;
  /** The customer's name for the greeting; empty: "Hello,". */
  customerName: string;
  order: {
    id: number;
    code: string;
    /** ISO time the order was placed. */
    placedAt: string;
    paymentType: PaymentType;
    /** The shopper's page of the order (absolute). */
    url: string;
    /** The promise checkout showed ("by Fri, 28 Nov"); null: none. */
    estimatedDelivery: string | null;
    couponCode: string | null;
  };
  /** The order's lines; for a return that names its line, that line only. */
  lines: OrderMailLine[];
  /** Paise. `tax`: the GST contained in the total (prices include it). */
  totals: { subtotal: number; shipping: number; couponDiscount: number; tax: number; grandTotal: number };
  address: { name: string; address: string; city: string; state: string; postalCode: string; country: string; phone: string };
  shipment: ShipmentFact | null;
  refund: RefundFact | null;
  return: ReturnFact | null;
  /** The paid mail carries the GST invoice (./invoices): the mail says so when it is attached. */
  invoiceAttached: boolean;
};

const RETURN_SUBJECTS: Record<ReturnState, string> = {
  requested: "Return requested",
  approved: "Return approved",
  declined: "Return declined",
  picked_up: "Return pickup booked",
  sent: "Please send your return",
  received: "Return received",
};

/** The subject of each kind; those of placed, paid, cancelled, expired and shipped are as before this template. */
export function orderMailSubject(mail: Pick<OrderMail, "kind" | "order" | "return">): string {
  const code = mail.order.code;
  switch (mail.kind) {
    case "placed":
      return `Order ${code} placed`;
    case "paid":
      return `Payment received for order ${code}`;
    case "cancelled":
      return `Order ${code} cancelled`;
    case "expired":
      return `Order ${code} cancelled: payment not received`;
    case "shipped":
      return `Order ${code} shipped`;
    case "delivered":
      return `Order ${code} delivered`;
    case "refunded":
      return `Refund processed for order ${code}`;
    case "return":
      return `${RETURN_SUBJECTS[mail.return?.state ?? "requested"]} for order ${code}`;
  }
}

const METHOD_LABELS: Record<RefundMethod, string> = { original: "to the way you paid", bank_transfer: "by bank transfer", upi: "by UPI", cash: "in cash" };

const placedOn = (iso: string) => new Date(iso).toLocaleDateString("en-IN", { day: "numeric", month: "short", year: "numeric", timeZone: "Asia/Kolkata" });

/** The content of a mail, shared by its HTML and its text. */
type Content = {
  subject: string;
  preview: string;
  greeting: string;
  heading: string;
  paragraphs: string[];
  /** The delivery estimate or the shipment with its tracking link. */
  delivery: { title: string; rows: [string, string][]; tracking: string | null } | null;
  refund: [string, string][] | null;
  lines: OrderMailLine[];
  /** A heading over the totals when the lines shown are not the whole order (a return of one line). */
  totalsTitle: string | null;
  totals: [string, string][];
  total: string;
  gstNote: string;
  address: string[];
  button: { label: string; href: string };
};

function refundRows(refund: RefundFact): [string, string][] {
  const method = refund.method === "original" ? "Original payment method" : refund.method === "bank_transfer" ? "Bank transfer" : refund.method === "upi" ? "UPI" : "Cash";
  return [
    ["Amount refunded", formatPaise(refund.amount)],
    ["Method", method],
    ...(refund.reference ? ([["Reference", refund.reference]] as [string, string][]) : []),
    ...(refund.creditNote ? ([["GST credit note", refund.creditNote]] as [string, string][]) : []),
  ];
}

function returnParagraphs(mail: OrderMail, ret: ReturnFact): string[] {
  const code = mail.order.code;
  const reason = ret.reason?.trim();
  switch (ret.state) {
    case "requested":
      return [`We have received your request to return items from order ${code}.`, ...(reason ? [`Your reason: ${reason}`] : []), "We will look at it and write to you with the next step."];
    case "approved":
      return [`Your return for order ${code} has been approved.`, "Please keep the item packed, with its tags if it still has them. We will write to you about the pickup."];
    case "declined":
      return [`We are sorry: your return for order ${code} was declined.`, ...(reason ? [`Reason: ${reason}`] : []), "If you think this is a mistake, write to us and we will look at it again."];
    case "picked_up":
      return [`A courier will pick up your return for order ${code}. Please keep it packed and ready. We will check it as soon as it reaches us.`];
    case "sent":
      return [`Please send your return for order ${code} back to us, packed well; keep the courier's receipt. We will check it as soon as it reaches us.`];
    case "received":
      return [`We have received your return for order ${code}. Your refund follows once it is checked.`];
  }
}

function orderMailContent(mail: OrderMail): Content {
  const { order, totals } = mail;
  const code = order.code;
  const total = formatPaise(totals.grandTotal);
  const cod = order.paymentType === PAYMENT_TYPE.cod;
  const ret = mail.return;
  const headings: Record<OrderMailKind, string> = {
    placed: "Thank you for your order",
    paid: "Payment received",
    shipped: "Your order is on its way",
    delivered: "Your order has been delivered",
    cancelled: "Your order has been cancelled",
    expired: "Your order has been cancelled",
    refunded: "Your refund has been processed",
    return: ret ? RETURN_SUBJECTS[ret.state] : "Your return",
  };
  const paragraphs: Record<OrderMailKind, string[]> = {
    placed: [
      `Thank you for your order ${code} of ${total}.`,
      // Nothing is paid yet for Cash on Delivery: the mail says what is due at the door, never that a payment succeeded.
      cod ? `Please keep ${total} ready to pay in cash when it is delivered.` : "We will confirm it as soon as your payment is received.",
    ],
    paid: [`We have received your payment of ${total} for order ${code}. Your order is confirmed.`, ...(mail.invoiceAttached ? ["Your GST invoice is attached."] : [])],
    shipped: [`Your order ${code} is on its way.`, ...(cod ? [`Please keep ${total} ready to pay in cash at delivery.`] : [])],
    delivered: [`Your order ${code} has been delivered. We hope you enjoy it.`, "If anything arrived damaged or is not right, you can ask for a return from your order's page."],
    cancelled: [`Your order ${code} has been cancelled. If you paid for it, the amount will be refunded to you.`],
    expired: [
      `We did not receive the payment for your order ${code} in time, so it has been cancelled and its items were released.`,
      "If money was taken from your account, it will be refunded to you. You are welcome to place the order again.",
    ],
    refunded: mail.refund
      ? [
          `We have refunded ${formatPaise(mail.refund.amount)} for your order ${code} ${METHOD_LABELS[mail.refund.method]}.`,
          "Depending on your bank, it can take 5 to 7 working days to show in your account.",
          ...(mail.refund.creditNote ? [`GST credit note ${mail.refund.creditNote} is issued for it; you can download it from your order's page.`] : []),
        ]
      : [`A refund for your order ${code} has been processed.`],
    return: ret ? returnParagraphs(mail, ret) : [],
  };

  let delivery: Content["delivery"] = null;
  if (mail.shipment && !["cancelled", "expired"].includes(mail.kind)) {
    const s = mail.shipment;
    delivery = {
      title: "Tracking",
      rows: [["Courier", s.carrier], ["AWB", s.awb], ...(s.status ? ([["Status", s.status]] as [string, string][]) : [])],
      tracking: s.trackingUrl,
    };
  } else if (order.estimatedDelivery && ["placed", "paid", "shipped"].includes(mail.kind)) {
    delivery = { title: "Delivery", rows: [["Estimated delivery", order.estimatedDelivery]], tracking: null };
  }

  const totalRows: [string, string][] = [
    ["Subtotal", formatPaise(totals.subtotal)],
    ["Shipping", totals.shipping === 0 ? "Free" : formatPaise(totals.shipping)],
  ];
  if (totals.couponDiscount > 0) totalRows.push([order.couponCode ? `Coupon (${order.couponCode})` : "Coupon", `−${formatPaise(totals.couponDiscount)}`]);
  const a = mail.address;
  const name = mail.customerName.trim();
  const subject = orderMailSubject(mail);
  const body = paragraphs[mail.kind];
  return {
    subject,
    preview: body[0] ?? subject,
    greeting: name ? `Hello ${name},` : "Hello,",
    heading: headings[mail.kind],
    paragraphs: body,
    delivery,
    refund: mail.refund && (mail.kind === "refunded" || mail.kind === "return") ? refundRows(mail.refund) : null,
    lines: mail.lines,
    totalsTitle: mail.return?.lineId ? "Order totals (every item)" : null,
    totals: totalRows,
    total,
    gstNote: `Includes GST of ${formatPaise(totals.tax)}`,
    address: [a.name, a.address, [a.city, a.state].filter(Boolean).join(", ") + (a.postalCode ? ` ${a.postalCode}` : ""), a.country, a.phone ? `Phone: ${a.phone}` : ""].filter((l) => l.trim() !== ""),
    button: { label: "View your order", href: order.url },
  };
}

const cell: CSSProperties = { padding: "10px 0", borderBottom: `1px solid ${mailColors.line}`, verticalAlign: "top", fontSize: "14px", lineHeight: "20px", color: mailColors.ink };
const label: CSSProperties = { margin: "0 0 6px", fontSize: "12px", fontWeight: "bold", letterSpacing: "1px", textTransform: "uppercase", color: mailColors.muted };
const small: CSSProperties = { fontSize: "13px", color: mailColors.muted };

function Facts({ rows }: { rows: [string, string][] }) {
  return (
    <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ borderCollapse: "collapse" }}>
      <tbody>
        {rows.map(([name, value]) => (
          <tr key={name}>
            <td style={{ padding: "3px 12px 3px 0", fontSize: "14px", color: mailColors.muted, width: "40%" }}>{name}</td>
            <td style={{ padding: "3px 0", fontSize: "14px", fontWeight: "bold", color: mailColors.ink }}>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The order mail as React Email markup. */
export function OrderMailEmail({ mail, brand }: { mail: OrderMail; brand: MailBrand }) {
  const c = orderMailContent(mail);
  return (
    <MailLayout brand={brand} preview={c.preview}>
      <Text style={{ ...small, margin: "0 0 4px" }}>
        Order {mail.order.code} · placed {placedOn(mail.order.placedAt)}
      </Text>
      <Heading as="h1" style={{ margin: "0 0 16px", fontSize: "22px", lineHeight: "28px", color: mailColors.brand }}>
        {c.heading}
      </Heading>
      <Text style={mailText}>{c.greeting}</Text>
      {c.paragraphs.map((p) => (
        <Text key={p} style={mailText}>
          {p}
        </Text>
      ))}
      {c.refund ? (
        <Section style={{ margin: "4px 0 16px", padding: "12px 16px", backgroundColor: mailColors.page, borderRadius: "6px" }}>
          <Text style={label}>Refund</Text>
          <Facts rows={c.refund} />
        </Section>
      ) : null}
      {c.delivery ? (
        <Section style={{ margin: "4px 0 16px", padding: "12px 16px", backgroundColor: mailColors.page, borderRadius: "6px" }}>
          <Text style={label}>{c.delivery.title}</Text>
          <Facts rows={c.delivery.rows} />
          {c.delivery.tracking ? (
            <Section style={{ margin: "12px 0 0" }}>
              <MailButton href={c.delivery.tracking}>Track your parcel</MailButton>
            </Section>
          ) : null}
        </Section>
      ) : null}
      <Section style={{ margin: "8px 0 24px" }}>
        <MailButton href={c.button.href}>{c.button.label}</MailButton>
      </Section>

      <Text style={label}>{c.lines.length === 1 ? "Your item" : `Your items (${c.lines.length})`}</Text>
      <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ borderCollapse: "collapse", borderTop: `1px solid ${mailColors.line}` }}>
        <tbody>
          {c.lines.map((line, i) => (
            <tr key={i}>
              <td width={76} style={{ ...cell, width: "76px" }}>
                {line.imageUrl ? (
                  <Img src={line.imageUrl} alt={line.variant ? `${line.name}, ${line.variant}` : line.name} width="64" height="64" style={{ width: "64px", height: "64px", objectFit: "cover", borderRadius: "4px", border: 0 }} />
                ) : null}
              </td>
              <td style={cell}>
                <span style={{ fontWeight: "bold" }}>{line.name}</span>
                {line.variant ? (
                  <>
                    <br />
                    <span style={small}>{line.variant}</span>
                  </>
                ) : null}
                <br />
                <span style={small}>
                  Qty {line.quantity}
                  {line.quantity > 1 ? ` × ${formatPaise(line.unitPrice)}` : ""}
                </span>
              </td>
              <td align="right" style={{ ...cell, whiteSpace: "nowrap", fontWeight: "bold", paddingLeft: "8px" }}>
                {formatPaise(line.total)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {c.totalsTitle ? <Text style={{ ...label, margin: "16px 0 6px" }}>{c.totalsTitle}</Text> : null}
      <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ borderCollapse: "collapse", margin: "8px 0 20px" }}>
        <tbody>
          {c.totals.map(([name, value]) => (
            <tr key={name}>
              <td style={{ padding: "3px 0", fontSize: "14px", color: mailColors.muted }}>{name}</td>
              <td align="right" style={{ padding: "3px 0", fontSize: "14px", color: mailColors.ink }}>
                {value}
              </td>
            </tr>
          ))}
          <tr>
            <td style={{ padding: "8px 0 2px", fontSize: "16px", fontWeight: "bold", borderTop: `1px solid ${mailColors.line}` }}>Total</td>
            <td align="right" style={{ padding: "8px 0 2px", fontSize: "16px", fontWeight: "bold", borderTop: `1px solid ${mailColors.line}` }}>
              {c.total}
            </td>
          </tr>
          <tr>
            <td colSpan={2} align="right" style={{ padding: "0", fontSize: "12px", color: mailColors.muted }}>
              {c.gstNote}
            </td>
          </tr>
        </tbody>
      </table>

      <Row>
        <Column style={{ verticalAlign: "top" }}>
          <Text style={label}>Delivery address</Text>
          <Text style={{ ...mailText, fontSize: "14px", lineHeight: "20px" }}>
            {c.address.map((l, i) => (
              <span key={i}>
                {i > 0 ? <br /> : null}
                {l}
              </span>
            ))}
          </Text>
        </Column>
      </Row>
    </MailLayout>
  );
}

/** The plain-text part: the same content as the HTML, laid out for a text mail reader. */
export function orderMailText(mail: OrderMail, brand: MailBrand): string {
  const c = orderMailContent(mail);
  const blocks: string[][] = [
    [c.greeting],
    [`${c.heading} — order ${mail.order.code}, placed ${placedOn(mail.order.placedAt)}`],
    c.paragraphs,
  ];
  if (c.refund) blocks.push(["Refund:", ...c.refund.map(([n, v]) => `${n}: ${v}`)]);
  if (c.delivery) {
    // The estimate alone reads as the sentence the mails have always had ("Estimated delivery: by Fri, 28 Nov.").
    const end = c.delivery.tracking === null && c.delivery.rows.length === 1 ? "." : "";
    blocks.push([`${c.delivery.title}:`, ...c.delivery.rows.map(([n, v]) => `${n}: ${v}${end}`), ...(c.delivery.tracking ? [`Track your parcel: ${c.delivery.tracking}`] : [])]);
  }
  blocks.push([`${c.button.label}: ${c.button.href}`]);
  blocks.push(["Items:", ...c.lines.map((l) => `${l.quantity} × ${l.name}${l.variant ? ` (${l.variant})` : ""} — ${formatPaise(l.total)}`)]);
  blocks.push([...(c.totalsTitle ? [`${c.totalsTitle}:`] : []), ...c.totals.map(([n, v]) => `${n}: ${v}`), `Total: ${c.total} (${c.gstNote.charAt(0).toLowerCase()}${c.gstNote.slice(1)})`]);
  blocks.push(["Delivery address:", ...c.address]);
  blocks.push([mailFooterText(brand)]);
  return blocks
    .filter((b) => b.length)
    .map((b) => b.join("\n"))
    .join("\n\n");
}

/** The whole message: subject, HTML (React Email), text, and the attachments given (the paid mail's invoice). */
export async function renderOrderMailMessage(mail: OrderMail, brand: MailBrand, attachments: MailAttachment[] = []): Promise<MailMessage> {
  const html = await render(<OrderMailEmail mail={mail} brand={brand} />);
  const message: MailMessage = { to: mail.to, subject: orderMailSubject(mail), text: orderMailText(mail, brand), html };
  return attachments.length ? { ...message, attachments } : message;
}

/** A photo's absolute URL for the mail, from a stored path or URL (null: none). */
export function mailPhotoUrl(pathOrUrl: string | null, siteUrl: string): string | null {
  return pathOrUrl ? absoluteUrl(pathOrUrl, siteUrl) : null;
}
