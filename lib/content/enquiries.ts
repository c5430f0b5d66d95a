import type { IconName } from "@/components/ui/Icon";
import type { EnquiryFormKind } from "./schemas";

export type EnquiryPageContent = {
  kind: EnquiryFormKind;
  path: string;
  title: string;
  /** Meta description. */
  description: string;
  tagline: string;
  banner: { src: string; alt: string };
  /** The banner's button to the Get in Touch form (Bulk Deals and Corporate only). */
  cta?: string;
  cardsHeading: string;
  cards: { title: string; text: string; icon: IconName }[];
  bodyHeading: string;
  body: string[];
  formIntro: string;
  submitLabel: string;
};

export const ENQUIRY_PAGES: Record<EnquiryFormKind, EnquiryPageContent> = {
  gifting: {
    kind: "gifting",
    path: "/gifting",
    title: "Gifting",
    description:
      "Festive hampers, wedding trousseau sets and housewarming gifts of hand block-printed linen, cushions and table runners, wrapped and delivered across India.",
    tagline: "Gifts for Diwali, weddings and new homes: hand block-printed linen, cushions and table runners, wrapped by hand and delivered anywhere in India.",
    banner: { src: "/media/sliders/festive-edit.webp", alt: "Festive cushions, zari table runners and diyas arranged for gifting" },
    cardsHeading: "Gifts that stay in the home",
    cards: [
      {
        title: "Festive Hampers",
        text: "Diwali, Rakhi and New Year hampers of cushion covers, table runners and napkins, boxed to the budget you set.",
        icon: "star",
      },
      {
        title: "Wedding and Trousseau Sets",
        text: "Bedding, razais and bath linen for the bride's trousseau or as shagun gifts, in colours chosen with the family.",
        icon: "heart",
      },
      {
        title: "Personal Touches",
        text: "Hand-written cards, monogrammed towels and gift wrap in block-printed cloth that can be used again.",
        icon: "check",
      },
    ],
    bodyHeading: "Gifting made easy",
    body: [
      "Our gifting desk helps you choose by budget, occasion and how many people you are giving to. Tell us who the gifts are for and we will suggest a few combinations, send photos of the finished boxes and arrange delivery to one address or to each recipient.",
      "Every piece is made by the same block printers and weavers as our home collection, so your gift is something that will be used and kept, not put away. For large wedding or festive orders, please write to us four to five weeks ahead.",
    ],
    formIntro: "Share the occasion, the number of gifts and your budget, and our gifting team will reply within 24 hours with ideas and prices.",
    submitLabel: "Send Enquiry",
  },
  bulk_deals: {
    kind: "bulk_deals",
    path: "/bulk-deals",
    title: "Bulk Deals",
    description:
      "Trade prices on curtains, blinds, bedding, bath linen and furniture for hotels, homestays, hospitals, architects and builders, with sampling and GST invoices.",
    tagline: "Trade prices on curtains, bedding, bath linen and furniture for hotels, homestays, hospitals and residential projects.",
    banner: { src: "/media/categories/bedding.webp", alt: "Stacks of crisp cotton bedding ready for a hotel order" },
    cta: "Request Bulk Quote",
    cardsHeading: "Why order in bulk with us",
    cards: [
      {
        title: "Trade Pricing",
        text: "Tiered prices in rupees that fall as quantities rise, with GST invoices for your input credit.",
        icon: "cart",
      },
      {
        title: "Built for Heavy Use",
        text: "Commercial-grade fabrics, flame-retardant and blackout options, and linen that survives industrial laundry.",
        icon: "check",
      },
      {
        title: "One Point of Contact",
        text: "A coordinator handles samples, measurements, production and staggered deliveries to your site.",
        icon: "phone",
      },
    ],
    bodyHeading: "From one room to a hundred",
    body: [
      "Hotels, serviced apartments, homestays, hospitals, schools and builders furnish with us because we make everything in our own workroom and can repeat an order exactly, season after season. We sample fabrics before production, match existing interiors, and plan deliveries floor by floor.",
      "Most bulk orders need 4-5 weeks of production. Send us your room count, quantities or a bill of quantities and we will prepare a quote, usually within two working days.",
    ],
    formIntro: "Tell us about your project, the products and the quantities you need. Our trade sales team will reply within 24 hours.",
    submitLabel: "Send Enquiry",
  },
  corporate: {
    kind: "corporate",
    path: "/corporate",
    title: "Corporate",
    description:
      "Office furnishing, festive client and employee gifts, and furnishing for guest houses and staff housing, invoiced with GST and managed by one team.",
    tagline: "Furnishing for offices and guest houses, and gifts for clients and teams, invoiced with GST and handled by one team.",
    banner: { src: "/media/sliders/sheesham-furniture.webp", alt: "A meeting room furnished with sheesham wood tables and chairs" },
    cta: "Book a Corporate Consultation",
    cardsHeading: "How we work with companies",
    cards: [
      {
        title: "Workplace Furnishing",
        text: "Blinds, acoustic curtains, upholstery and furniture for offices, reception areas and meeting rooms.",
        icon: "star",
      },
      {
        title: "Client and Employee Gifts",
        text: "Branded festive hampers and welcome kits, packed and delivered to many addresses across India.",
        icon: "heart",
      },
      {
        title: "Simple Procurement",
        text: "Vendor registration, purchase orders, GST invoices and agreed payment terms for repeat orders.",
        icon: "check",
      },
    ],
    bodyHeading: "A furnishing partner for your company",
    body: [
      "From a new office floor in Gurugram to guest houses and staff housing, we plan, make and install the soft furnishings and furniture your spaces need, and keep a record of every fabric so repeat orders match.",
      "For Diwali, year-end and onboarding gifts, we design hampers around your budget and brand, and deliver them to each recipient with a personal note. Book a consultation and we will visit your office or meet online.",
    ],
    formIntro: "Tell us about your company and what you have in mind. Our corporate team will reply within 24 hours to arrange a consultation.",
    submitLabel: "Send Enquiry",
  },
};
