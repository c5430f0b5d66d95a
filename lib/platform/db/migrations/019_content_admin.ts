import type { Kysely } from "kysely";
import type { Dialect } from "../connection";

/**
 * The back office's content (docs/back-office.md "Content and settings", lib/content/server/content-admin.ts):
 * - content_slug_redirects: a slug a blog post (kind "blog") or a CMS page (kind "page") had
 *   before; /blog/{old} and /{old} answer a permanent redirect to the post's or page's slug of
 *   today. The row names the post or page, so a chain of renames is one hop; a post or page that
 *   takes an old slug as its own removes the row.
 * - faqs: the FAQ page's questions, in order, each shown or hidden; seeded with the eight questions
 *   the page showed before (docs/storefront.md), their answers keeping the shop's facts as
 *   placeholders ({return_window_days}, {shipping}, …: lib/content/faqs.ts fills them from the
 *   settings and delivery zones as the policy texts do), so a changed setting still reaches them.
 * - policy_texts: a policy page's text as staff wrote it (HTML, the shop's facts as placeholders),
 *   replacing the generated sections of that page; no row: the generated text (lib/content/policies.ts).
 * Blog posts keep their columns of 001: `published` 0 is a draft; 1 with `published_at` in the
 * future is scheduled (not listed, not in the sitemap, 404 until then), and shown from that time on.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const ts = dialect === "postgres" ? "timestamptz" : "text";
  await db.schema
    .createTable("content_slug_redirects")
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("target_id", "integer", (c) => c.notNull())
    .addColumn("created_at", ts, (c) => c.notNull())
    .addPrimaryKeyConstraint("content_slug_redirects_pk", ["kind", "slug"])
    .execute();
  const id = (name: string) =>
    db.schema.createTable(name).addColumn("id", "integer", (c) => (dialect === "postgres" ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()));
  await id("faqs")
    .addColumn("question", "text", (c) => c.notNull())
    .addColumn("answer", "text", (c) => c.notNull())
    .addColumn("link_href", "text")
    .addColumn("link_label", "text")
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("updated_at", ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("policy_texts")
    .addColumn("slug", "text", (c) => c.primaryKey())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("updated_at", ts, (c) => c.notNull())
    .execute();
  const at = new Date().toISOString();
  await (db as Kysely<{ faqs: { question: string; answer: string; link_href: string | null; link_label: string | null; sort_order: number; active: number; updated_at: string } }>)
    .insertInto("faqs")
    .values(FAQ_TEMPLATES.map((f, i) => ({ ...f, sort_order: i, active: 1, updated_at: at })))
    .execute();
  await db.schema.createIndex("content_slug_redirects_target_idx").on("content_slug_redirects").columns(["kind", "target_id"]).execute();
}

/** The FAQ page's eight questions as it showed them before this migration, facts as placeholders. */
export const FAQ_TEMPLATES: { question: string; answer: string; link_href: string | null; link_label: string | null }[] = [
    { question: "How do I place an order, and can I change it afterwards?", answer: "Add the products you like to your cart, sign in or continue as a guest, and pay at checkout; you will receive a confirmation by email. If you need to change a size, fabric or address, contact us as soon as possible. Orders that are still Pending and unpaid can be cancelled from your purchase history, but made-to-measure pieces cannot be changed once they are in production.", link_href: "/terms-conditions", link_label: "Read our Terms & Conditions" },
    { question: "How long will my order take to arrive?", answer: "Made-to-order pieces need {making} of order processing; ready-to-ship pieces leave us in {ready_dispatch}. {shipping} Each product page and checkout show the delivery date for your PIN code. We ship within India only and cannot deliver to P.O. box or APO/FPO addresses.", link_href: "/shipping-policy", link_label: "Read our Shipping Policy" },
    { question: "What is your return policy?", answer: "Eligible items can be returned unused, with their tags and packaging, within {return_window_days} days of delivery; a restocking fee of {restocking_fee_percent}% applies to change-of-mind returns. Items that arrive damaged or defective must be reported within {damage_claim_days} days of delivery and are replaced or refunded at no cost. Refunds are made within {refund_business_days} business days after inspection. Made-to-measure items cannot be returned unless they are defective.", link_href: "/return-policy", link_label: "Read our Return Policy" },
    { question: "Can you make curtains, blinds or upholstery to my measurements?", answer: "Yes. Curtains, Roman and roller blinds, cushion covers, upholstery and many furniture pieces can be made to your measurements and in the fabric of your choice. Send us your window or furniture sizes, or book a home consultation and our team will measure for you, suggest linings and headings, and give you a quote in rupees before anything is made.", link_href: "/services", link_label: "See our services" },
    { question: "How should I care for block-printed and handloom fabrics?", answer: "Wash hand block prints and handloom cottons separately in cold water on a gentle cycle with a mild detergent, and dry them in the shade to protect the colours. Dry-clean silk, velvet and lined curtains. Vacuum rugs and dhurries weekly and turn them every few months so they wear evenly. Each product page carries its own care instructions.", link_href: null, link_label: null },
    { question: "Which payment methods do you accept?", answer: "You can pay by UPI, debit or credit card, or net banking through our secure payment partners. All prices are in Indian rupees and include GST unless a product page says otherwise. If a payment fails, no money is taken for the order and you can retry it from checkout.", link_href: null, link_label: null },
    { question: "Do you install curtains, blinds and wallpaper?", answer: "Yes. Our own fitters install curtain rods and tracks, blinds and wallpaper across Delhi NCR, and we arrange trusted local installers in many other cities. Installation is booked once your order is ready, and the fittings we supply are covered by our {warranty_months}-month warranty against defects in materials and workmanship.", link_href: "/warranty-policy", link_label: "Read our Warranty Policy" },
    { question: "Do you take bulk and corporate orders?", answer: "Yes. Hotels, homestays, offices, architects and builders get trade pricing, fabric sampling and one point of contact for large orders, and companies can order festive gifts and office furnishing with GST invoices. Tell us what you need through the Bulk Deals or Corporate page and our team will reply within 24 hours.", link_href: "/bulk-deals", link_label: "Ask for a bulk quote" },
];
