import { deliveryWords, NO_DELIVERY, POLICY, type PolicyFacts } from "./policies";

export type FaqItem = { question: string; answer: string; link?: { href: string; label: string } };

/** The eight questions of the FAQ page, consistent with the policy texts (docs/storefront.md). */
export function faqItems(f: PolicyFacts): FaqItem[] {
  const w = deliveryWords(f);
  const shipping = w.transit ? `After dispatch, standard shipping takes ${w.transit.standard}, and express shipping takes ${w.transit.express} for an extra fee.` : NO_DELIVERY;
  return [
    {
      question: "How do I place an order, and can I change it afterwards?",
      answer: `Add the products you like to your cart, sign in or continue as a guest, and pay at checkout; you will receive a confirmation by email. If you need to change a size, fabric or address, contact us as soon as possible. Orders that are still Pending and unpaid can be cancelled from your purchase history, but made-to-measure pieces cannot be changed once they are in production.`,
      link: { href: "/terms-conditions", label: "Read our Terms & Conditions" },
    },
    {
      question: "How long will my order take to arrive?",
      answer: `Made-to-order pieces need ${w.making} of order processing; ready-to-ship pieces leave us in ${w.readyDispatch}. ${shipping} Each product page and checkout show the delivery date for your PIN code. We ship within India only and cannot deliver to P.O. box or APO/FPO addresses.`,
      link: { href: "/shipping-policy", label: "Read our Shipping Policy" },
    },
    {
      question: "What is your return policy?",
      answer: `Eligible items can be returned unused, with their tags and packaging, within ${f.returnWindowDays} days of delivery; a restocking fee of ${f.restockingFeePercent}% applies to change-of-mind returns. Items that arrive damaged or defective must be reported within ${POLICY.damageClaimDays} days of delivery and are replaced or refunded at no cost. Refunds are made within ${POLICY.refundBusinessDays} business days after inspection. Made-to-measure items cannot be returned unless they are defective.`,
      link: { href: "/return-policy", label: "Read our Return Policy" },
    },
    {
      question: "Can you make curtains, blinds or upholstery to my measurements?",
      answer: `Yes. Curtains, Roman and roller blinds, cushion covers, upholstery and many furniture pieces can be made to your measurements and in the fabric of your choice. Send us your window or furniture sizes, or book a home consultation and our team will measure for you, suggest linings and headings, and give you a quote in rupees before anything is made.`,
      link: { href: "/services", label: "See our services" },
    },
    {
      question: "How should I care for block-printed and handloom fabrics?",
      answer: `Wash hand block prints and handloom cottons separately in cold water on a gentle cycle with a mild detergent, and dry them in the shade to protect the colours. Dry-clean silk, velvet and lined curtains. Vacuum rugs and dhurries weekly and turn them every few months so they wear evenly. Each product page carries its own care instructions.`,
    },
    {
      question: "Which payment methods do you accept?",
      answer: `You can pay by UPI, debit or credit card, or net banking through our secure payment partners. All prices are in Indian rupees and include GST unless a product page says otherwise. If a payment fails, no money is taken for the order and you can retry it from checkout.`,
    },
    {
      question: "Do you install curtains, blinds and wallpaper?",
      answer: `Yes. Our own fitters install curtain rods and tracks, blinds and wallpaper across Delhi NCR, and we arrange trusted local installers in many other cities. Installation is booked once your order is ready, and the fittings we supply are covered by our ${POLICY.warrantyMonths}-month warranty against defects in materials and workmanship.`,
      link: { href: "/warranty-policy", label: "Read our Warranty Policy" },
    },
    {
      question: "Do you take bulk and corporate orders?",
      answer: `Yes. Hotels, homestays, offices, architects and builders get trade pricing, fabric sampling and one point of contact for large orders, and companies can order festive gifts and office furnishing with GST invoices. Tell us what you need through the Bulk Deals or Corporate page and our team will reply within 24 hours.`,
      link: { href: "/bulk-deals", label: "Ask for a bulk quote" },
    },
  ];
}

/**
 * The shop's facts an FAQ answer (a row of the faqs table, migration 019, edited in the back
 * office) may name as {placeholders}: filled from the settings and the delivery zones on every
 * render, so a changed return window or delivery time reaches the answers as it reaches the policy
 * texts. The eight questions of faqItems() are the table's seed, written with these.
 */
export function faqFacts(f: PolicyFacts): Record<string, string> {
  const w = deliveryWords(f);
  return {
    return_window_days: String(f.returnWindowDays),
    restocking_fee_percent: String(f.restockingFeePercent),
    damage_claim_days: String(POLICY.damageClaimDays),
    refund_business_days: String(POLICY.refundBusinessDays),
    warranty_months: String(POLICY.warrantyMonths),
    making: w.making,
    ready_dispatch: w.readyDispatch,
    shipping: w.transit ? `After dispatch, standard shipping takes ${w.transit.standard}, and express shipping takes ${w.transit.express} for an extra fee.` : NO_DELIVERY,
    shop_name: f.websiteName,
    contact_email: f.email,
    contact_phone: f.phone,
  };
}

export const FAQ_PLACEHOLDERS = ["return_window_days", "restocking_fee_percent", "damage_claim_days", "refund_business_days", "warranty_months", "making", "ready_dispatch", "shipping", "shop_name", "contact_email", "contact_phone"] as const;

/** The {names} in a text that are not placeholders the FAQ knows (refused on save). */
export function unknownPlaceholders(text: string): string[] {
  const known = new Set<string>(FAQ_PLACEHOLDERS);
  return [...new Set([...text.matchAll(/\{([a-z_]+)\}/g)].map((m) => m[1] as string).filter((name) => !known.has(name)))];
}

/** A text with its {placeholders} filled from the facts (an unknown one is left as written). */
export function fillFacts(text: string, facts: Record<string, string>): string {
  return text.replace(/\{([a-z_]+)\}/g, (whole, name: string) => facts[name] ?? whole);
}

/** An FAQ row as the page shows it. */
export function faqFromRow(row: { question: string; answer: string; link_href: string | null; link_label: string | null }, facts: Record<string, string>): FaqItem {
  return { question: fillFacts(row.question, facts), answer: fillFacts(row.answer, facts), ...(row.link_href && row.link_label ? { link: { href: row.link_href, label: row.link_label } } : {}) };
}
