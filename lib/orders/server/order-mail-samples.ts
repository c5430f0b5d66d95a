import type { MailBrand } from "@/lib/platform/mail";
import type { OrderMailFacts, ReturnState } from "../mail-facts";
import { RETURN_STATES } from "../mail-facts";
import type { OrderMailKind } from "../status";
import type { OrderMail } from "./order-mail-view";

/**
 * One made-up order in every mail it can send, for the template's tests and `npm run mail:preview`
 * (which writes each as HTML and takes its screenshots). No database: the loader's part is
 * covered by the API tests that read the mails a real order sends.
 */

export const SAMPLE_BRAND: MailBrand = {
  name: "Kesar Home",
  logoUrl: "https://shop.example/media/brand/logo-header.webp",
  siteUrl: "https://shop.example",
  contactEmail: "care@kesarhome.in",
  contactPhone: "9810012345",
  address: "14 Shahpur Jat, Near Asiad Village, New Delhi, Delhi 110049",
};

export const SAMPLE_TRACKING_URL = "https://track.example/awb/1490812736541";

/** The sample order: two lines (one of a variant, one of a product without variants), a coupon and shipping. */
export function sampleOrderMail(kind: OrderMailKind, facts: OrderMailFacts = {}, brand: MailBrand = SAMPLE_BRAND): OrderMail {
  return {
    kind,
    to: "aditi@example.com",
    customerName: "Aditi Sharma",
    order: {
      id: 4127,
      code: "KH-20261126-4127",
      placedAt: "2026-11-26T05:12:00.000Z",
      paymentType: "online",
      url: `${brand.siteUrl}/order-details/4127`,
      estimatedDelivery: "by Tue, 2 Dec",
      couponCode: "WELCOME10",
    },
    lines: [
      { name: "Ikat Cushion Cover (Set of 2)", variant: "16 x 16 in / Indigo", quantity: 2, unitPrice: 120000, total: 240000, imageUrl: `${brand.siteUrl}/media/products/ikat-cushion-cover-set-of-2-1.webp` },
      { name: "Ivory Linen Table Cloth", variant: null, quantity: 1, unitPrice: 189900, total: 189900, imageUrl: `${brand.siteUrl}/media/products/ivory-linen-table-cloth-1.webp` },
    ],
    totals: { subtotal: 429900, shipping: 9900, couponDiscount: 42990, tax: 21105, grandTotal: 396810 },
    address: { name: "Aditi Sharma", address: "B-42, Second Floor, Hauz Khas Enclave", city: "New Delhi", state: "Delhi", postalCode: "110016", country: "India", phone: "9876543210" },
    shipment: facts.shipment ?? null,
    refund: facts.refund ?? null,
    return: facts.return ?? null,
    invoiceAttached: kind === "paid",
  };
}

const shipment = { carrier: "Delhivery", awb: "1490812736541", trackingUrl: SAMPLE_TRACKING_URL, status: "In transit" };
const refund = { amount: 120000, method: "original" as const, reference: "rfnd_Q8x2LmT0" };

/** Every mail of the sample order, named for its file: each kind, a COD order's placed mail, and each return step. */
export function sampleOrderMails(): { name: string; mail: OrderMail }[] {
  const cod = (mail: OrderMail): OrderMail => ({ ...mail, order: { ...mail.order, paymentType: "cash_on_delivery" } });
  const returnFacts = (state: ReturnState): OrderMailFacts => ({
    return: { state, reason: state === "declined" ? "The photos show the cover was used and washed." : state === "requested" ? "The colour is much darker than the photos." : null, lineId: 1 },
  });
  const oneLine = (mail: OrderMail): OrderMail => ({ ...mail, lines: mail.lines.slice(0, 1) });
  return [
    { name: "placed", mail: sampleOrderMail("placed") },
    { name: "placed-cod", mail: cod(sampleOrderMail("placed")) },
    { name: "paid", mail: sampleOrderMail("paid") },
    { name: "shipped", mail: sampleOrderMail("shipped", { shipment }) },
    { name: "delivered", mail: sampleOrderMail("delivered", { shipment: { ...shipment, status: "Delivered" } }) },
    { name: "cancelled", mail: sampleOrderMail("cancelled") },
    { name: "expired", mail: sampleOrderMail("expired") },
    { name: "refunded", mail: sampleOrderMail("refunded", { refund }) },
    ...RETURN_STATES.map((state) => ({ name: `return-${state.replace("_", "-")}`, mail: oneLine(sampleOrderMail("return", returnFacts(state))) })),
  ];
}
