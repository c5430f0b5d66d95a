import { businessDaysText, deliveryFacts, weeksText, type DeliveryFacts, type ZoneDays } from "@/lib/cart/delivery";
import { shippingConfigFrom } from "@/lib/cart/shipping";

/**
 * The store's policy texts (docs/storefront.md) in one place: terms, warranty, shipping, returns and privacy.
 * Fixed facts are constants below; the return window and the restocking fee come from the
 * business settings (return_window_days, restocking_fee_percent), and every delivery time from
 * the dispatch settings and the delivery zones (lib/cart/delivery.ts, the same rules as the
 * product page, cart and checkout), through policyFacts().
 */

/** Policy facts stated on the policy pages (docs/storefront.md). */
export const POLICY = {
  warrantyMonths: 12,
  damageClaimDays: 7,
  refundBusinessDays: 7,
  minimumAge: 18,
  arbitrationSeat: "Delhi",
  governingLaw: "India",
} as const;

/** Used only when the settings row is missing or not a number, so the text never shows a placeholder. */
export const DEFAULT_RETURN_WINDOW_DAYS = 7;
export const DEFAULT_RESTOCKING_FEE_PERCENT = 10;

export type PolicyFacts = {
  websiteName: string;
  companyName: string;
  returnWindowDays: number;
  restockingFeePercent: number;
  email: string;
  /** Display form, with +91. */
  phone: string;
  address: string;
  /** Making, dispatch and delivery times (dispatch settings and the active delivery zones). */
  delivery: DeliveryFacts;
};

function positiveNumber(value: string | undefined, fallback: number): number {
  const n = Number((value ?? "").trim());
  return (value ?? "").trim() !== "" && Number.isFinite(n) && n >= 0 ? n : fallback;
}

/** The facts the policy texts need, read from the business settings map and the active delivery zones. */
export function policyFacts(settings: Record<string, string | undefined>, displayPhone: (p: string) => string, zones: readonly ZoneDays[]): PolicyFacts {
  return {
    websiteName: settings.website_name || "Kesar Home",
    companyName: settings.company_name || settings.website_name || "Kesar Furnishing Company",
    returnWindowDays: positiveNumber(settings.return_window_days, DEFAULT_RETURN_WINDOW_DAYS),
    restockingFeePercent: positiveNumber(settings.restocking_fee_percent, DEFAULT_RESTOCKING_FEE_PERCENT),
    email: settings.contact_email ?? "",
    phone: settings.contact_phone ? displayPhone(settings.contact_phone) : "",
    address: settings.contact_address ?? "",
    delivery: deliveryFacts(zones, shippingConfigFrom(settings)),
  };
}

/** Said instead of delivery times while no PIN code is served. */
export const NO_DELIVERY = "We are not taking deliveries at the moment.";

/**
 * The delivery times in words, as every policy text and the FAQ state them ("4-5 weeks",
 * "2-7 business days"); `transit` and `arrival` are null while no zone is served.
 */
export function deliveryWords(f: PolicyFacts) {
  const { dispatch, delivery } = f.delivery;
  return {
    /** Making time of a made-to-order piece: its order processing. */
    making: weeksText(dispatch.madeToOrder),
    makingDays: businessDaysText(dispatch.madeToOrder),
    readyDispatch: businessDaysText(dispatch.inStock),
    readyDispatchExpress: businessDaysText(dispatch.inStockExpress),
    transit: delivery ? { standard: businessDaysText(delivery.transit.standard), express: businessDaysText(delivery.transit.express) } : null,
    arrival: delivery
      ? {
          readyStandard: businessDaysText(delivery.inStock.standard),
          readyExpress: businessDaysText(delivery.inStock.express),
          madeStandard: businessDaysText(delivery.madeToOrder.standard),
          madeExpress: businessDaysText(delivery.madeToOrder.express),
        }
      : null,
  };
}

export const POLICY_SLUGS = ["terms-conditions", "warranty-policy", "shipping-policy", "return-policy", "privacy-policy"] as const;
export type PolicySlug = (typeof POLICY_SLUGS)[number];

export type PolicySection = { heading: string; paragraphs?: string[]; items?: string[] };
export type PolicyDocument = {
  slug: PolicySlug;
  title: string;
  /** Meta description. */
  description: string;
  /** The key facts, shown in a box above the sections. */
  summary: string[];
  intro: string;
  sections: PolicySection[];
};

export const POLICY_TITLES: Record<PolicySlug, string> = {
  "terms-conditions": "Terms & Conditions",
  "warranty-policy": "Warranty Policy",
  "shipping-policy": "Shipping Policy",
  "return-policy": "Return Policy",
  "privacy-policy": "Privacy Policy",
};

const days = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;

function contactLine(f: PolicyFacts): string {
  const ways = [f.email ? `write to ${f.email}` : "", f.phone ? `call ${f.phone}` : ""].filter(Boolean);
  return ways.length ? `To reach us, ${ways.join(" or ")}.` : "To reach us, use the form on our Contact Us page.";
}

function terms(f: PolicyFacts): PolicyDocument {
  const { making } = deliveryWords(f);
  return {
    slug: "terms-conditions",
    title: POLICY_TITLES["terms-conditions"],
    description: `The terms that apply when you browse and shop at ${f.websiteName}: eligibility, orders, prices in rupees, delivery within India, and disputes settled by arbitration in Delhi under Indian law.`,
    summary: [
      `You must be ${POLICY.minimumAge} or over to place an order.`,
      `Made-to-order pieces take ${making} of order processing before they ship.`,
      `We ship within India only.`,
      `Disputes go to arbitration in ${POLICY.arbitrationSeat}; the governing law is the law of ${POLICY.governingLaw}.`,
    ],
    intro: `These terms apply to every visit to the ${f.websiteName} website and every order placed on it. ${f.websiteName} is run by ${f.companyName}. By using the site or placing an order you accept these terms, together with our Shipping, Return, Warranty and Privacy policies.`,
    sections: [
      {
        heading: "Who may shop with us",
        paragraphs: [
          `You must be ${POLICY.minimumAge} years of age or over to create an account or place an order. By ordering you confirm that you are ${POLICY.minimumAge} or over and that the details you give us are true and your own.`,
          "You are responsible for keeping your password and one-time codes private and for everything done through your account. Tell us at once if you think someone else has used it.",
        ],
      },
      {
        heading: "Products, colours and handmade variation",
        paragraphs: [
          "We describe and photograph every product as faithfully as we can. Screens show colours differently, so the shade you receive may differ slightly from the one you see; we are happy to post fabric swatches before you order.",
          "Block prints, handloom weaves, dhurries and solid wood pieces are made by hand. Small irregularities in print, weave, grain and colour are part of their character and are not defects.",
        ],
      },
      {
        heading: "Prices and payment",
        paragraphs: [
          "All prices are in Indian rupees (₹) and include GST unless the product page says otherwise. Shipping charges, if any, are shown at checkout before you pay.",
          "We may correct a price that is shown wrongly because of an error. If an order was placed at a wrong price we will tell you and let you confirm the order at the right price or cancel it with a full refund.",
          "Payments are handled by our payment partners over secure connections. We never see or store your full card number.",
        ],
      },
      {
        heading: "Orders and order processing",
        paragraphs: [
          "Your order is an offer to buy. It is accepted when we confirm it by email; until then we may decline it, for example when a product is no longer available or the delivery address is outside our service area.",
          `Most of our pieces are made to order or cut and stitched to your measurements. Please allow ${making} of order processing before such an order ships; delivery times are in our Shipping Policy.`,
          "Orders that are still Pending and unpaid can be cancelled from your purchase history. Once a made-to-measure order has gone into production it can no longer be cancelled.",
        ],
      },
      {
        heading: "Delivery, returns and warranty",
        paragraphs: [
          `We ship within India only. Delivery, returns and the ${POLICY.warrantyMonths}-month warranty are described in our Shipping Policy, Return Policy and Warranty Policy, which form part of these terms.`,
        ],
      },
      {
        heading: "Use of the website",
        paragraphs: [
          `The text, photographs, prints and designs on this site belong to ${f.companyName} or its artisans and partners. You may not copy them for commercial use without our written permission.`,
          "You agree not to misuse the site: no attempts to break into accounts or systems, no automated bulk scraping, and no false orders or reviews.",
        ],
      },
      {
        heading: "Limitation of liability",
        paragraphs: [
          "Nothing in these terms limits the rights you have as a consumer under Indian law. Subject to that, our liability for any order is limited to the amount you paid for it, and we are not liable for losses that were not reasonably foreseeable.",
        ],
      },
      {
        heading: "Governing law and disputes",
        paragraphs: [
          `These terms are governed by the laws of ${POLICY.governingLaw}. Please write to us first so that we can try to put things right.`,
          `Any dispute that we cannot settle between us will be referred to arbitration under the Arbitration and Conciliation Act, 1996, by a sole arbitrator. The seat and venue of arbitration is ${POLICY.arbitrationSeat}, and the proceedings will be in English. Subject to this, the courts at ${POLICY.arbitrationSeat} have jurisdiction.`,
        ],
      },
      {
        heading: "Changes and contact",
        paragraphs: [
          "We may update these terms from time to time. The version on this page when you place an order is the one that applies to it.",
          contactLine(f),
        ],
      },
    ],
  };
}

function warranty(f: PolicyFacts): PolicyDocument {
  return {
    slug: "warranty-policy",
    title: POLICY_TITLES["warranty-policy"],
    description: `Every ${f.websiteName} product carries a warranty of ${POLICY.warrantyMonths} months covering defects in materials and workmanship. What it covers, what it does not, and how to make a claim.`,
    summary: [
      `Warranty: ${POLICY.warrantyMonths} months from the date of delivery.`,
      "Covers defects in materials and workmanship.",
      "We repair, replace or refund a defective product.",
    ],
    intro: `We stand behind what we make. Every product bought from ${f.websiteName} carries a warranty of ${POLICY.warrantyMonths} months from the date of delivery, covering defects in materials and workmanship.`,
    sections: [
      {
        heading: "What the warranty covers",
        paragraphs: [`For ${POLICY.warrantyMonths} months from delivery, we will put right any defect in materials or workmanship, such as:`],
        items: [
          "seams, hems or stitching that come apart in normal use",
          "curtain tracks, blind mechanisms, brackets and fittings supplied by us that fail",
          "joints in furniture that loosen or crack, and frames that warp",
          "prints or dyes that bleed when the product has been washed as its care label says",
          "wallpaper that lifts at the seams when it was installed by our team",
        ],
      },
      {
        heading: "What it does not cover",
        items: [
          "normal wear and tear, and the gentle softening and fading of natural fibres over time",
          "fading from strong direct sunlight; we recommend linings for sun-facing windows",
          "damage from washing, cleaning or drying against the care instructions",
          "accidents, stains, burns, pets, damp walls, pests or misuse",
          "alterations, repairs or installation done by anyone other than our team",
          "the natural variations of handmade products: print registration, slubs in handloom, wood grain and knots",
        ],
      },
      {
        heading: "How to make a claim",
        paragraphs: [
          "Write to us with your order code, a short description of the problem and a few clear photographs. Please keep the product and any fittings until we have looked at the claim.",
          "We may ask to inspect the product at your home or have it collected. If the claim is covered, we will repair or replace the product, or refund its price if neither is possible. A repaired or replaced product keeps the remainder of the original warranty.",
          `A product that arrives damaged or defective should be reported within ${days(POLICY.damageClaimDays)} of delivery; see our Return Policy.`,
          contactLine(f),
        ],
      },
    ],
  };
}

function shipping(f: PolicyFacts): PolicyDocument {
  const w = deliveryWords(f);
  return {
    slug: "shipping-policy",
    title: POLICY_TITLES["shipping-policy"],
    description: w.arrival
      ? `How ${f.websiteName} ships: ready-to-ship pieces arrive in ${w.arrival.readyStandard} by standard shipping or ${w.arrival.readyExpress} by express for an extra fee; made-to-order pieces take ${w.making} of order processing first. Delivery within India only.`
      : `How ${f.websiteName} ships: made-to-order pieces take ${w.making} of order processing before they ship. Delivery within India only.`,
    summary: [
      `Order processing: ${w.making} for made-to-order pieces, ${w.readyDispatch} for ready-to-ship pieces.`,
      ...(w.transit ? [`Standard shipping: ${w.transit.standard} after dispatch.`, `Express shipping: ${w.transit.express} after dispatch, for an extra fee.`] : [NO_DELIVERY]),
      "We ship within India only; no P.O. box or APO/FPO addresses.",
    ],
    intro: `Our curtains, blinds, upholstery and furniture are made for you after you order, so delivery has two parts: the time we take to make and check your order, and the time the courier takes to bring it to you.`,
    sections: [
      {
        heading: "Order processing",
        paragraphs: [
          `Please allow ${w.making} (${w.makingDays}) of order processing for made-to-order pieces. In this time your fabric is cut, printed or stitched, furniture is built and finished, and every piece is checked and packed. Ready-to-ship pieces leave us in ${w.readyDispatch}, or ${w.readyDispatchExpress} with express shipping. We will email you when your order ships.`,
        ],
      },
      {
        heading: "Delivery times",
        items:
          w.transit && w.arrival
            ? [
                `Standard shipping: ${w.transit.standard} after dispatch, depending on your PIN code.`,
                `Express shipping: ${w.transit.express} after dispatch, for an extra fee shown at checkout.`,
                `Ready-to-ship pieces arrive in ${w.arrival.readyStandard} by standard shipping, or ${w.arrival.readyExpress} by express.`,
                `Made-to-order pieces arrive in ${w.arrival.madeStandard} by standard shipping, or ${w.arrival.madeExpress} by express.`,
              ]
            : [NO_DELIVERY],
        paragraphs: [
          "Business days are Monday to Saturday; a public holiday may add a day. Each product page and checkout give the delivery date for your PIN code.",
        ],
      },
      {
        heading: "Where we deliver",
        paragraphs: [
          "We ship within India only. We do not deliver to P.O. box addresses or to APO/FPO addresses; please give a street address where someone can receive the parcel.",
          "Furniture and large rolls are delivered by our freight partners to the ground floor or, where the building allows, to your door. Please check that large pieces will fit through doors, lifts and stairways.",
        ],
      },
      {
        heading: "Tracking and receiving your order",
        paragraphs: [
          "When your order ships you will receive a tracking link by email. Please check the parcel when it arrives and note any visible damage on the courier's delivery slip.",
          `If anything arrives damaged or defective, tell us within ${days(POLICY.damageClaimDays)} of delivery with photographs, and we will arrange a replacement or refund under our Return Policy.`,
        ],
      },
      {
        heading: "Questions",
        paragraphs: [contactLine(f)],
      },
    ],
  };
}

function returns(f: PolicyFacts): PolicyDocument {
  const window = days(f.returnWindowDays);
  return {
    slug: "return-policy",
    title: POLICY_TITLES["return-policy"],
    description: `Returns at ${f.websiteName}: a ${window} return window for eligible items, a ${f.restockingFeePercent}% restocking fee, damaged or defective claims within ${days(POLICY.damageClaimDays)} of delivery, and refunds within ${POLICY.refundBusinessDays} business days after inspection.`,
    summary: [
      `Return window: ${window} from delivery.`,
      `Restocking fee: ${f.restockingFeePercent}% of the item price on change-of-mind returns.`,
      `Damaged or defective items: tell us within ${days(POLICY.damageClaimDays)} of delivery.`,
      `Refunds: within ${POLICY.refundBusinessDays} business days after inspection.`,
    ],
    intro: "We want you to love what you bring home. If something is not right, here is how returns and refunds work.",
    sections: [
      {
        heading: "Return window",
        paragraphs: [
          `You may return an eligible item within ${window} of delivery. It must be unused and unwashed, with its tags, labels and original packaging.`,
          `Returns for a change of mind carry a restocking fee of ${f.restockingFeePercent}% of the item price, deducted from your refund. Return shipping for these returns is paid by you, or we can arrange a pickup and deduct its cost.`,
        ],
      },
      {
        heading: "Damaged or defective items",
        paragraphs: [
          `If an item arrives damaged or defective, tell us within ${days(POLICY.damageClaimDays)} of delivery with your order code and photographs of the item and its packaging. We will collect it at no cost to you and send a replacement, or refund you in full. No restocking fee applies.`,
          `Defects that appear later are covered by our ${POLICY.warrantyMonths}-month warranty; see our Warranty Policy.`,
        ],
      },
      {
        heading: "Items that cannot be returned",
        paragraphs: ["Unless they arrive damaged or defective, we cannot take back:"],
        items: [
          "curtains, blinds, upholstery and furniture made or altered to your measurements or choice of fabric",
          "fabric cut to length and wallpaper rolls that have been opened",
          "cushion inserts, pillows and bath linen that have been used, for reasons of hygiene",
          "items bought in a clearance sale, when the product page says so",
        ],
      },
      {
        heading: "How to return",
        paragraphs: [
          `Contact us within the return window with your order code and the items you want to return. We will confirm whether they are eligible and arrange the pickup or give you the return address. ${contactLine(f)}`,
        ],
      },
      {
        heading: "Refunds",
        paragraphs: [
          `Once the returned item reaches us and passes inspection, we refund you within ${POLICY.refundBusinessDays} business days, to the original payment method, less any restocking fee that applies. Your bank may take a few more days to show the credit.`,
        ],
      },
    ],
  };
}

function privacy(f: PolicyFacts): PolicyDocument {
  return {
    slug: "privacy-policy",
    title: POLICY_TITLES["privacy-policy"],
    description: `How ${f.websiteName} collects, uses and protects your personal data when you browse, create an account, order or write to us, and the choices you have.`,
    summary: [
      "We collect only what we need to run your orders and answer your questions.",
      "We never sell your personal data.",
      `Our services are meant for people aged ${POLICY.minimumAge} or over.`,
    ],
    intro: `${f.companyName} runs ${f.websiteName} and is responsible for the personal data you share with us. This policy explains what we collect, why, and the choices you have. We handle your data in line with Indian law, including the Digital Personal Data Protection Act, 2023.`,
    sections: [
      {
        heading: "What we collect",
        items: [
          "Account details: your name, email address, phone number and password (stored only as a secure hash).",
          "Order details: shipping addresses, the products you buy, and payment status. Card and UPI details are handled by our payment partners; we never see or store your full card number.",
          "Messages: what you send us through the contact, gifting, bulk deals and corporate forms, and newsletter sign-ups.",
          "Technical data: a guest cookie that keeps your cart for 30 days, a session cookie that keeps you signed in, and basic server logs.",
        ],
      },
      {
        heading: "How we use it",
        items: [
          "to take, make, ship and support your orders, including warranty and return claims",
          "to answer your messages and enquiries, usually within 24 hours",
          "to send our newsletter, only if you sign up; every email has a way to unsubscribe",
          "to keep the site secure and prevent fraud",
        ],
      },
      {
        heading: "Who we share it with",
        paragraphs: [
          "We share only what each partner needs: couriers and freight partners receive your name, address and phone number to deliver; payment partners process your payment; our installers receive your address and phone number to book a visit. We do not sell your data or share it for others' advertising. We may disclose data when the law requires it.",
        ],
      },
      {
        heading: "How long we keep it",
        paragraphs: [
          "We keep order records for as long as tax and accounting laws require, and account details until you ask us to close your account. Messages and enquiries are kept for up to two years.",
        ],
      },
      {
        heading: "Your choices and rights",
        paragraphs: [
          "You can see and correct your profile and addresses in your account. You may ask us for a copy of your data, ask us to correct or erase it, or withdraw consent for the newsletter at any time.",
          `Our website and services are meant for people aged ${POLICY.minimumAge} or over. We do not knowingly collect data from children.`,
        ],
      },
      {
        heading: "Contact and grievances",
        paragraphs: [
          `For any privacy question or grievance, contact our grievance officer at ${f.companyName}${f.address ? `, ${f.address}` : ""}. ${contactLine(f)} We will respond within the time the law sets.`,
        ],
      },
    ],
  };
}

const BUILDERS: Record<PolicySlug, (f: PolicyFacts) => PolicyDocument> = {
  "terms-conditions": terms,
  "warranty-policy": warranty,
  "shipping-policy": shipping,
  "return-policy": returns,
  "privacy-policy": privacy,
};

export function policyDocument(slug: PolicySlug, facts: PolicyFacts): PolicyDocument {
  return BUILDERS[slug](facts);
}

/** HTML-escapes a fact before it goes into a staff-written policy text (the text itself is sanitized HTML). */
const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** A staff-written policy text (sanitized HTML) with its {placeholders} filled from the facts, each escaped; an unknown one is left as written. */
export function fillPolicyText(html: string, facts: Record<string, string>): string {
  return html.replace(/\{([a-z_]+)\}/g, (whole, name: string) => (facts[name] === undefined ? whole : escapeHtml(facts[name] as string)));
}
