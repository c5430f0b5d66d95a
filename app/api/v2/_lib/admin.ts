import type { StaffPrincipal } from "@/lib/accounts";
import { permissionsOf } from "@/lib/accounts/access";
import type { AdminOrderState, CreditNoteSummary, RefundOutcome } from "@/lib/orders";
import type { AdminProduct, AdminProductPhoto } from "@/lib/catalog/admin-product";
import type { ApiAdminProduct, ApiAdminProductPhoto } from "@/lib/api/types";
import { rupees } from "./present";
import { withCookies } from "./http";

/**
 * The admin API (/api/v2/admin/*) answers staff: a back-office session (cookie or Bearer) or a
 * personal API token (Bearer kst_…). Each route asks requireStaff(request, resource, action) from
 * @/lib/accounts first: 401 without credentials, 403 when can() says no (docs/api-v2.md "Admin").
 */

/** Passes on the cookies of a staff session that better-auth refreshed while checking it. */
export const staffAnswer = (principal: Pick<StaffPrincipal, "setCookies">, response: Response) => withCookies(response, principal.setCookies);

/** An order as the admin answers show it: money in rupees. */
export const presentAdminOrder = (o: AdminOrderState) => ({
  id: o.id,
  code: o.code,
  delivery_status: o.delivery_status,
  payment_status: o.payment_status,
  payment_type: o.payment_type,
  refund_due: o.refund_due,
  invoice_number: o.invoice_number,
  paid_amount: rupees(o.paid_amount),
  refunded_amount: rupees(o.refunded_amount),
});

/** A refund as the admin answers show it: money in rupees, and its payment's figures. */
export const presentRefund = (r: RefundOutcome) => ({
  refund: {
    id: r.refund.id,
    order_id: r.refund.order_id,
    line_id: r.refund.order_line_id,
    amount: rupees(r.refund.amount),
    method: r.refund.method,
    reference: r.refund.reference,
    provider_refund_id: r.refund.provider_refund_id,
    status: r.refund.status,
    note: r.refund.note,
    created_at: r.refund.created_at,
  },
  payment: { status: r.payment.status, amount: rupees(r.payment.amount), refunded_amount: rupees(r.payment.refunded) },
});

/** A GST credit note as the answers show it: money in rupees. */
export const presentCreditNote = (n: CreditNoteSummary) => ({
  id: n.id,
  number: n.number,
  invoice_number: n.invoiceNumber,
  refund_id: n.refundId,
  reason: n.reason,
  total: rupees(n.total),
  cgst: rupees(n.cgst),
  sgst: rupees(n.sgst),
  igst: rupees(n.igst),
  issued_at: n.issuedAt,
});

/** Who is signed in to the back office, with what they may do (GET /admin/me, the sign-in's answer). */
export const presentStaffPrincipal = (p: StaffPrincipal) => ({
  user: { id: p.user.id, name: p.user.name, email: p.user.email },
  roles: p.roles,
  permissions: permissionsOf(p.roles).filter((perm) => p.scopes === null || p.scopes.includes(perm)),
  via: p.via === "token" ? "token" : "session",
  two_factor: { enabled: p.twoFactorEnabled, required: p.twoFactorRequired },
});

/** A product photo as the admin answers show it. */
export const presentAdminPhoto = (p: AdminProductPhoto): ApiAdminProductPhoto => ({ id: p.id, path: p.path, alt: p.alt, width: p.width, height: p.height, position: p.position, main: p.position === 0, uploaded: p.uploaded });

/** A product as the admin answers show it: money in rupees, the back office's field names. */
export const presentAdminProduct = (p: AdminProduct): ApiAdminProduct => ({
  id: p.id,
  slug: p.slug,
  sku: p.sku,
  name: p.name,
  category_id: p.category?.id ?? null,
  category: p.category,
  main_price: rupees(p.price),
  stocked_price: rupees(p.listPrice),
  discount: p.discountPercent,
  stock_quantity: p.stockQuantity,
  availability: p.availability,
  made_to_order: p.madeToOrder,
  lead_time_days: p.leadTimeDays,
  is_featured: p.isFeatured,
  is_popular: p.isPopular,
  published: p.published,
  archived: p.archivedAt !== null,
  archived_at: p.archivedAt,
  hsn_code: p.hsnCode,
  gst_rate: p.gst.ratePercent,
  gst_rate_source: p.gst.source,
  short_description: p.shortDescription,
  description: p.description,
  key_features: p.keyFeatures,
  care_instructions: p.careInstructions,
  warranty_summary: p.warrantySummary,
  return_policy: p.returnPolicy,
  about_heading: p.aboutHeading,
  about_description: p.aboutDescription,
  about_image: p.aboutImage,
  additional_heading: p.additionalHeading,
  additional_description: p.additionalDescription,
  additional_image: p.additionalImage,
  meta_title: p.metaTitle,
  meta_description: p.metaDescription,
  thumbnail_image: p.thumbnail,
  photos: p.photos.map(presentAdminPhoto),
  attributes: p.attributes,
  variants: p.variants.map((v) => ({ id: v.id, sku: v.sku, label: v.label, slug: v.slug, main_price: rupees(v.price), stocked_price: rupees(v.listPrice), stock_quantity: v.stockQuantity, availability: v.availability, photo: v.photo })),
  old_slugs: p.oldSlugs,
  ever_ordered: p.everOrdered,
  url: `/products/${p.slug}`,
  created_at: p.createdAt,
  updated_at: p.updatedAt,
});
