import fs from "node:fs";
import sharp from "sharp";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { can, permissionsOf, STAFF_ROLES, type Permission, type Resource, type StaffRole } from "@/lib/accounts/access";
import { dropTestProducts, makeProduct, type TestProduct } from "./cart-client";
import { api, clientAddresses, closeTestDb, newUser, post, runTag, testDb, uniqueEmail, type ApiAnswer } from "./client";
import { newKey, placedOrder, type PlacedOrder } from "./orders-client";
import { adminAs, invitedStaff, ownerToken, staffSession, tokenFor, type StaffLogin } from "./staff-client";

/**
 * The role matrix: every route under /api/v2/admin/*, called by each role's personal API token
 * and by each role's staff session, by a customer's session and with no credentials. What the
 * role allows answers (2xx, or a 4xx of validation or state: never 401/403, never a 5xx);
 * everything else is 401 (no credentials) or 403, and the database is as it was (the audit log's
 * and the other tables' row counts, the entities the calls name). A route file under
 * app/api/v2/admin that this table does not list fails the first test.
 */

afterAll(async () => {
  await dropTestProducts();
  // The matrix's own categories (subcategories first) and attributes.
  const { db } = await testDb();
  await db.deleteFrom("categories").where("name", "like", `Matrix %${runTag}%`).where("parent_id", "is not", null).execute();
  await db.deleteFrom("categories").where("name", "like", `Matrix %${runTag}%`).execute();
  await db.deleteFrom("attributes").where("name", "like", `Matrix %${runTag}%`).execute();
  await db.deleteFrom("search_synonyms").where("words", "like", `%matrix ${runTag}%`).execute();
  await closeTestDb();
});

/** Client addresses 10.61.x.y: this file's own block. */
const nextIp = clientAddresses(61);

type Principal = { label: string; credential: string | null; kind: "token" | "session" | "customer" | "none"; roles: StaffRole[]; login?: StaffLogin };

/** Who a route lets in: permissions (all needed), any staff member, or a staff session (its own sign-in and second factor). */
type Needs = { permissions: Permission[] } | { anyStaff: true } | { staffSession: true };

type Fixtures = {
  product: TestProduct;
  /** Archived and unarchived by the matrix. */
  spare: TestProduct;
  /** Deleted by the first caller allowed to (never ordered). */
  deletable: TestProduct;
  categoryId: number;
  /** Photos of `product`, uploaded through the API. */
  photoIds: number[];
  photo: Buffer;
  pending: PlacedOrder;
  delivered: PlacedOrder;
  refundDue: PlacedOrder;
  claimedLine: number;
  target: StaffLogin;
  tokenId: number;
  /** An enquiry's inbox item. */
  inboxId: number;
  /** A customer the matrix notes, unblocks (as it is), signs out and exports; one erased by the first caller allowed to. */
  customer: { id: number; email: string };
  erasable: { id: number; email: string };
  /** A complaint filed on /grievances (acknowledged by the first caller allowed to). */
  grievanceId: number;
  /** A coupon no order names (edited), one deleted by the first caller allowed to. */
  couponId: number;
  deletableCouponId: number;
  /** A deactivated delivery zone (edited). */
  zoneId: number;
  /** GST rows for HSN 9999…, in force from 2099 (edited; deleted). */
  gstId: number;
  deletableGstId: number;
  /** A draft blog post and a draft CMS page the matrix changes, and one of each it deletes. */
  blogId: number;
  deletableBlogId: number;
  pageId: number;
  deletablePageId: number;
  /** The shop's name as it is (allowed callers save it unchanged). */
  websiteName: string;
  /** A hidden testimonial, a slide without a photo and a question the matrix deletes. */
  testimonialId: number;
  sliderId: number;
  deletableFaqId: number;
  /** A top-level category of the matrix's own, with two subcategories (the first is reordered). */
  matrixCategory: number;
  subcategory: number;
  /** Deleted by the first caller allowed to (empty). */
  emptyCategory: number;
  /** An attribute of the matrix's own with a value; another to delete, and a value to delete. */
  attribute: number;
  value: number;
  emptyAttribute: number;
  spareValue: number;
  /** A search synonym rule of the matrix's own (edited), and one deleted by the first caller allowed to. */
  synonymId: number;
  deletableSynonymId: number;
};

type Route = {
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  /** The path under /api/v2/admin, as its route file names it. */
  route: string;
  path: (f: Fixtures) => string;
  needs: Needs;
  /** The body: a change when `allowed` is false (so a refusal is seen to change nothing); allowed callers may get a harmless one. */
  body?: (f: Fixtures, p: Principal, allowed: boolean) => unknown;
  /** A body sent as it is (multipart uploads) instead of `body` as JSON. */
  raw?: (f: Fixtures) => BodyInit;
  headers?: () => Record<string, string>;
};

const perms = (...list: Permission[]): Needs => ({ permissions: list });

let matrixSku = 0;
let matrixCommerce = 0;
/** A delivery zone of PINs no shopper has (1000xx), saved deactivated so it never overlaps. */
const matrixZone = (name: string) => ({ name, pin_from: 100000, pin_to: 100099, standard_days: { min: 2, max: 4 }, express_days: { min: 1, max: 1 }, active: false });
/** The shipping figures as the store has them (a harmless PUT), or changed. */
const SHIPPING_AS_IS = { standard_fee: 99, express_extra_fee: 150, dispatch_days_in_stock: { min: 3, max: 3 }, dispatch_days_made_to_order: { min: 20, max: 25 }, dispatch_days_express: { min: 1, max: 1 }, gst_default_rate: 18 };
/** A category cover's multipart form. */
function coverForm(bytes: Buffer): FormData {
  const form = new FormData();
  form.append("cover", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), "cover.jpg");
  return form;
}

/** One photo in the upload's multipart form. */
function photoForm(bytes: Buffer): FormData {
  const form = new FormData();
  form.append("photos", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), "matrix.jpg");
  form.append("alt", "A matrix test photo of a curtain");
  return form;
}

/** A file that is not an image, as a banner (allowed callers get 422, so nothing is stored). */
function bannerForm(): FormData {
  const form = new FormData();
  form.append("banner", new Blob(["not an image"], { type: "image/jpeg" }), "banner.jpg");
  return form;
}

/** The same for a slide's photo. */
function photoOnlyForm(): FormData {
  const form = new FormData();
  form.append("photo", new Blob(["not an image"], { type: "image/jpeg" }), "slide.jpg");
  return form;
}

/** The same for a logo. */
function logoForm(): FormData {
  const form = new FormData();
  form.append("type", "header_logo_path");
  form.append("logo", new Blob(["not an image"], { type: "image/png" }), "logo.png");
  return form;
}

const ROUTES: Route[] = [
  { method: "GET", route: "/me", path: () => "/me", needs: { anyStaff: true } },
  { method: "POST", route: "/me/two-factor/enable", path: () => "/me/two-factor/enable", needs: { staffSession: true }, body: (_f, p) => ({ password: p.login?.password ?? "Whatever-Password-1" }) },
  { method: "POST", route: "/me/two-factor/verify", path: () => "/me/two-factor/verify", needs: { staffSession: true }, body: () => ({ code: "000000" }) },
  { method: "POST", route: "/me/two-factor/disable", path: () => "/me/two-factor/disable", needs: { staffSession: true }, body: (_f, p) => ({ password: p.login?.password ?? "Whatever-Password-1" }) },
  { method: "POST", route: "/me/two-factor/recovery-codes", path: () => "/me/two-factor/recovery-codes", needs: { staffSession: true }, body: (_f, p) => ({ password: p.login?.password ?? "Whatever-Password-1" }) },
  { method: "PATCH", route: "/products/{slug}", path: (f) => `/products/${f.product.slug}`, needs: perms("product:update"), body: () => ({ name: `Matrix Rename ${runTag}` }) },
  { method: "PATCH", route: "/products/{slug}", path: (f) => `/products/${f.product.slug}`, needs: perms("product:publish"), body: (_f, _p, allowed) => ({ published: allowed }) },
  { method: "PATCH", route: "/products/{slug}", path: (f) => `/products/${f.product.slug}`, needs: perms("stock:update"), body: () => ({ stock_adjustment: { delta: 1, reason: "Matrix recount" } }) },
  { method: "POST", route: "/products", path: () => "/products", needs: perms("product:create"), body: (f) => ({ name: `Matrix Product ${runTag}`, sku: `MX-${runTag}-${++matrixSku}`, category_id: f.categoryId, main_price: 100 }) },
  { method: "POST", route: "/products", path: () => "/products", needs: perms("product:create", "product:publish"), body: (f) => ({ name: `Matrix Published ${runTag}`, sku: `MXP-${runTag}-${++matrixSku}`, category_id: f.categoryId, main_price: 100, published: true }) },
  { method: "GET", route: "/products/{slug}", path: (f) => `/products/${f.product.slug}`, needs: perms("product:read") },
  { method: "POST", route: "/products/{slug}/duplicate", path: (f) => `/products/${f.product.slug}/duplicate`, needs: perms("product:create"), body: () => ({}) },
  { method: "POST", route: "/products/{slug}/archive", path: (f) => `/products/${f.spare.slug}/archive`, needs: perms("product:publish") },
  { method: "POST", route: "/products/{slug}/unarchive", path: (f) => `/products/${f.spare.slug}/unarchive`, needs: perms("product:publish") },
  { method: "POST", route: "/products/{slug}/photos", path: (f) => `/products/${f.product.slug}/photos`, needs: perms("product:update"), raw: (f) => photoForm(f.photo) },
  { method: "PUT", route: "/products/{slug}/photos/order", path: (f) => `/products/${f.product.slug}/photos/order`, needs: perms("product:update"), body: (f) => ({ photo_ids: [...f.photoIds].reverse() }) },
  { method: "PATCH", route: "/products/{slug}/photos/{id}", path: (f) => `/products/${f.product.slug}/photos/${f.photoIds[0]}`, needs: perms("product:update"), body: () => ({ alt: `Matrix alt ${runTag}` }) },
  { method: "DELETE", route: "/products/{slug}/photos/{id}", path: (f) => `/products/${f.product.slug}/photos/${f.photoIds[1]}`, needs: perms("product:update") },
  { method: "DELETE", route: "/products/{slug}", path: (f) => `/products/${f.deletable.slug}`, needs: perms("product:delete") },
  { method: "GET", route: "/categories", path: () => "/categories", needs: perms("product:read") },
  { method: "POST", route: "/categories", path: () => "/categories", needs: perms("product:create"), body: () => ({ name: `Matrix Category ${runTag} ${++matrixSku}` }) },
  { method: "GET", route: "/categories/{id}", path: (f) => `/categories/${f.matrixCategory}`, needs: perms("product:read") },
  { method: "PATCH", route: "/categories/{id}", path: (f) => `/categories/${f.matrixCategory}`, needs: perms("product:update"), body: () => ({ name: `Matrix Category Renamed ${runTag}`, meta_title: "Matrix" }) },
  { method: "DELETE", route: "/categories/{id}", path: (f) => `/categories/${f.emptyCategory}`, needs: perms("product:delete") },
  { method: "POST", route: "/categories/{id}/reorder", path: (f) => `/categories/${f.subcategory}/reorder`, needs: perms("product:update"), body: () => ({ direction: "down" }) },
  { method: "PUT", route: "/categories/{id}/cover", path: (f) => `/categories/${f.matrixCategory}/cover`, needs: perms("product:update"), raw: (f) => coverForm(f.photo) },
  { method: "DELETE", route: "/categories/{id}/cover", path: (f) => `/categories/${f.matrixCategory}/cover`, needs: perms("product:update") },
  { method: "GET", route: "/attributes", path: () => "/attributes", needs: perms("product:read") },
  { method: "POST", route: "/attributes", path: () => "/attributes", needs: perms("product:create"), body: () => ({ name: `Matrix Attr ${runTag} ${++matrixSku}` }) },
  { method: "GET", route: "/attributes/{id}", path: (f) => `/attributes/${f.attribute}`, needs: perms("product:read") },
  { method: "PATCH", route: "/attributes/{id}", path: (f) => `/attributes/${f.attribute}`, needs: perms("product:update"), body: () => ({ name: `Matrix Renamed ${runTag}` }) },
  { method: "DELETE", route: "/attributes/{id}", path: (f) => `/attributes/${f.emptyAttribute}`, needs: perms("product:delete") },
  { method: "POST", route: "/attributes/{id}/reorder", path: (f) => `/attributes/${f.attribute}/reorder`, needs: perms("product:update"), body: () => ({ direction: "up" }) },
  { method: "POST", route: "/attributes/{id}/values", path: (f) => `/attributes/${f.attribute}/values`, needs: perms("product:update"), body: () => ({ value: `Matrix ${++matrixSku}` }) },
  { method: "PATCH", route: "/attributes/{id}/values/{valueId}", path: (f) => `/attributes/${f.attribute}/values/${f.value}`, needs: perms("product:update"), body: () => ({ value: `Matrix Value ${runTag}` }) },
  { method: "DELETE", route: "/attributes/{id}/values/{valueId}", path: (f) => `/attributes/${f.attribute}/values/${f.spareValue}`, needs: perms("product:delete") },
  { method: "GET", route: "/search/synonyms", path: () => "/search/synonyms?q=parda", needs: perms("product:read") },
  { method: "POST", route: "/search/synonyms", path: () => "/search/synonyms", needs: perms("product:update"), body: () => ({ words: [`matrix ${runTag} ${++matrixSku}`], means: ["curtain"] }) },
  { method: "GET", route: "/search/synonyms/{id}", path: (f) => `/search/synonyms/${f.synonymId}`, needs: perms("product:read") },
  { method: "PATCH", route: "/search/synonyms/{id}", path: (f) => `/search/synonyms/${f.synonymId}`, needs: perms("product:update"), body: (_f, _p, allowed) => ({ means: allowed ? ["blanket"] : ["hijacked"] }) },
  { method: "DELETE", route: "/search/synonyms/{id}", path: (f) => `/search/synonyms/${f.deletableSynonymId}`, needs: perms("product:update") },
  { method: "POST", route: "/products/bulk", path: () => "/products/bulk", needs: perms("product:publish"), body: (f, _p, allowed) => ({ action: allowed ? "publish" : "unpublish", ids: [f.product.id] }) },
  { method: "POST", route: "/products/bulk", path: () => "/products/bulk", needs: perms("product:update"), body: (f) => ({ action: "price", ids: [f.product.id], by: "amount", value: 1 }) },
  { method: "POST", route: "/products/bulk", path: () => "/products/bulk", needs: perms("stock:update"), body: (f) => ({ action: "stock", ids: [f.product.id], delta: 1, reason: "Matrix recount" }) },
  { method: "GET", route: "/products/export", path: () => `/products/export?q=${runTag}`, needs: perms("product:export") },
  {
    method: "POST",
    route: "/products/import",
    path: () => "/products/import?mode=apply",
    needs: perms("product:create", "product:update"),
    raw: (f) => `sku,name,category,price,stock\r\nMXI-${runTag},Matrix Import ${runTag},curtains,100,2\r\n${f.product.slug.toUpperCase()}-X,Matrix Import Two ${runTag},curtains,200,\r\n`,
    headers: () => ({ "Content-Type": "text/csv" }),
  },
  { method: "GET", route: "/orders", path: () => "/orders", needs: perms("order:read") },
  { method: "GET", route: "/orders/export", path: () => `/orders/export?q=${runTag}&min=1`, needs: perms("order:export") },
  { method: "GET", route: "/orders/{id}/notes", path: (f) => `/orders/${f.pending.id}/notes`, needs: perms("order:read") },
  { method: "POST", route: "/orders/{id}/notes", path: (f) => `/orders/${f.pending.id}/notes`, needs: perms("order:read"), body: () => ({ body: "Matrix note" }) },
  { method: "POST", route: "/orders/{id}/status", path: (f) => `/orders/${f.pending.id}/status`, needs: perms("order:update"), body: () => ({ delivery_status: "Confirmed" }) },
  { method: "GET", route: "/orders/{id}/shipments", path: (f) => `/orders/${f.pending.id}/shipments`, needs: perms("order:read") },
  { method: "POST", route: "/orders/{id}/shipments", path: (f) => `/orders/${f.pending.id}/shipments`, needs: perms("order:update"), body: (_f, _p, allowed) => (allowed ? { provider: "manual" } : { provider: "sandbox" }) },
  { method: "POST", route: "/orders/{id}/shipments/{shipment}/events", path: (f) => `/orders/${f.pending.id}/shipments/2147483647/events`, needs: perms("order:update"), body: () => ({ event: "deliver" }) },
  { method: "GET", route: "/orders/{id}/packing-slip", path: (f) => `/orders/${f.pending.id}/packing-slip`, needs: perms("order:update") },
  { method: "GET", route: "/orders/packing-slips", path: (f) => `/orders/packing-slips?ids=${f.pending.id},${f.delivered.id}`, needs: perms("order:update") },
  { method: "GET", route: "/orders/labels", path: (f) => `/orders/labels?ids=${f.pending.id}`, needs: perms("order:update") },
  { method: "POST", route: "/orders/ship", path: () => "/orders/ship", needs: perms("order:update"), body: (f, _p, allowed) => ({ ids: allowed ? [] : [f.pending.id], provider: "sandbox" }) },
  { method: "POST", route: "/orders/{id}/refunds", path: (f) => `/orders/${f.delivered.id}/refunds`, needs: perms("refund:create"), body: () => ({ amount: 1, method: "cash", note: "Matrix refund" }), headers: () => ({ "Idempotency-Key": newKey() }) },
  // An unknown refund and credit note: who is let in gets 404 (the routes' own tests: refunds-credit.api.test.ts).
  { method: "POST", route: "/orders/{id}/refunds/{refundId}/retry", path: (f) => `/orders/${f.delivered.id}/refunds/999999999/retry`, needs: perms("refund:create") },
  { method: "GET", route: "/credit-notes/{id}", path: () => "/credit-notes/999999999", needs: perms("order:read") },
  { method: "POST", route: "/orders/{id}/refunds/close", path: (f) => `/orders/${f.refundDue.id}/refunds/close`, needs: perms("refund:update"), body: () => ({ reason: "Paid back in cash at the counter." }) },
  { method: "POST", route: "/order-lines/{id}/refund", path: (f) => `/order-lines/${f.claimedLine}/refund`, needs: perms("refund:update"), body: () => ({ decision: "Approved" }) },
  { method: "POST", route: "/order-lines/{id}/refund", path: (f) => `/order-lines/${f.claimedLine}/refund`, needs: perms("refund:update", "refund:create"), body: () => ({ decision: "Refunded", method: "cash" }), headers: () => ({ "Idempotency-Key": newKey() }) },
  // Returns: the list, and an unknown return for each step (who is let in gets 404; the flow itself: returns.api.test.ts).
  { method: "GET", route: "/returns", path: () => "/returns?state=requested", needs: perms("order:read") },
  { method: "GET", route: "/returns/{id}", path: () => "/returns/999999999", needs: perms("order:read") },
  { method: "POST", route: "/returns/{id}/decision", path: () => "/returns/999999999/decision", needs: perms("refund:update"), body: () => ({ decision: "approve" }) },
  { method: "POST", route: "/returns/{id}/dispatch", path: () => "/returns/999999999/dispatch", needs: perms("order:update"), body: () => ({ method: "customer" }) },
  { method: "POST", route: "/returns/{id}/receive", path: () => "/returns/999999999/receive", needs: perms("order:update"), body: () => ({ outcome: "restock" }) },
  { method: "POST", route: "/returns/{id}/refund", path: () => "/returns/999999999/refund", needs: perms("refund:create"), body: () => ({ method: "cash" }) },
  { method: "GET", route: "/cod/remittances", path: () => "/cod/remittances", needs: perms("remittance:read") },
  // A file whose AWB no parcel has: an allowed caller records a remittance of one unknown row (the routes' own tests: cod-remittance.api.test.ts).
  { method: "POST", route: "/cod/remittances", path: () => "/cod/remittances?courier=Matrix%20Courier&file_name=matrix.csv", needs: perms("remittance:create"), raw: () => `awb,amount,date\r\nMX${runTag.toUpperCase()},100,2026-01-05\r\n`, headers: () => ({ "Content-Type": "text/csv" }) },
  { method: "GET", route: "/cod/remittances/{id}", path: () => "/cod/remittances/999999999", needs: perms("remittance:read") },
  { method: "GET", route: "/cod/receivable", path: () => "/cod/receivable?bucket=16-30", needs: perms("remittance:read") },
  { method: "GET", route: "/cod/receivable/export", path: () => "/cod/receivable/export", needs: perms("remittance:read") },
  { method: "GET", route: "/staff", path: () => "/staff", needs: perms("staff:read") },
  { method: "POST", route: "/staff/invites", path: () => "/staff/invites", needs: perms("staff:create"), body: () => ({ email: uniqueEmail("matrix-invite"), role: "content" }) },
  { method: "PATCH", route: "/staff/{id}", path: (f) => `/staff/${f.target.id}`, needs: perms("staff:update"), body: () => ({ role: "support" }) },
  { method: "DELETE", route: "/staff/{id}", path: (f) => `/staff/${f.target.id}`, needs: perms("staff:delete") },
  { method: "GET", route: "/tokens", path: () => "/tokens", needs: perms("token:read") },
  { method: "POST", route: "/tokens", path: () => "/tokens", needs: perms("token:create"), body: () => ({ name: "Matrix token", scopes: ["product:read"] }) },
  { method: "DELETE", route: "/tokens/{id}", path: (f) => `/tokens/${f.tokenId}`, needs: perms("token:delete") },
  { method: "GET", route: "/settings/security", path: () => "/settings/security", needs: perms("settings:read") },
  // Allowed callers save the setting as it is (a change would lock the sessions of this matrix out).
  { method: "PUT", route: "/settings/security", path: () => "/settings/security", needs: perms("settings:update"), body: (_f, _p, allowed) => ({ two_factor_required_roles: allowed ? [] : [...STAFF_ROLES] }) },
  { method: "GET", route: "/audit", path: () => "/audit", needs: perms("audit:read") },
  { method: "GET", route: "/audit/export", path: () => "/audit/export", needs: perms("audit:export") },
  { method: "GET", route: "/sign-ins", path: () => "/sign-ins", needs: perms("audit:read") },
  { method: "GET", route: "/inbox", path: () => "/inbox?status=new", needs: perms("inbox:read") },
  { method: "GET", route: "/inbox/{id}", path: (f) => `/inbox/${f.inboxId}`, needs: perms("inbox:read") },
  { method: "PATCH", route: "/inbox/{id}", path: (f) => `/inbox/${f.inboxId}`, needs: perms("inbox:update"), body: (_f, _p, allowed) => (allowed ? { status: "in_progress" } : { status: "closed", assignee_id: null }) },
  { method: "POST", route: "/inbox/{id}/notes", path: (f) => `/inbox/${f.inboxId}/notes`, needs: perms("inbox:update"), body: () => ({ body: "Matrix note" }) },
  { method: "POST", route: "/inbox/{id}/reply", path: (f) => `/inbox/${f.inboxId}/reply`, needs: perms("inbox:update"), body: () => ({ body: "Matrix reply" }) },
  { method: "GET", route: "/customers", path: () => "/customers?sort=spend", needs: perms("customer:read") },
  { method: "GET", route: "/customers/{id}", path: (f) => `/customers/${f.customer.id}`, needs: perms("customer:read") },
  { method: "POST", route: "/customers/{id}/notes", path: (f) => `/customers/${f.customer.id}/notes`, needs: perms("customer:update"), body: () => ({ body: "Matrix note" }) },
  { method: "POST", route: "/customers/{id}/confirmation", path: (f) => `/customers/${f.customer.id}/confirmation`, needs: perms("customer:update") },
  { method: "DELETE", route: "/customers/{id}/sessions", path: (f) => `/customers/${f.customer.id}/sessions`, needs: perms("customer:update") },
  { method: "POST", route: "/customers/{id}/block", path: (f) => `/customers/${f.customer.id}/block`, needs: perms("customer:update"), body: (_f, _p, allowed) => (allowed ? { blocked: false } : { blocked: true, reason: "Matrix" }) },
  { method: "GET", route: "/customers/{id}/export", path: (f) => `/customers/${f.customer.id}/export`, needs: perms("customer:export") },
  { method: "POST", route: "/customers/{id}/erase", path: (f) => `/customers/${f.erasable.id}/erase`, needs: perms("customer:delete"), body: (f) => ({ confirm: f.erasable.email }) },
  { method: "GET", route: "/grievances", path: () => "/grievances?status=open", needs: perms("inbox:read") },
  { method: "GET", route: "/grievances/{id}", path: (f) => `/grievances/${f.grievanceId}`, needs: perms("inbox:read") },
  { method: "PATCH", route: "/grievances/{id}", path: (f) => `/grievances/${f.grievanceId}`, needs: perms("inbox:update"), body: () => ({ status: "acknowledged" }) },
  { method: "POST", route: "/grievances/{id}/notes", path: (f) => `/grievances/${f.grievanceId}/notes`, needs: perms("inbox:update"), body: () => ({ body: "Matrix note" }) },
  { method: "GET", route: "/subscribers", path: () => "/subscribers", needs: perms("inbox:read") },
  { method: "GET", route: "/subscribers/export", path: () => "/subscribers/export", needs: perms("inbox:export") },
  { method: "GET", route: "/content/blogs", path: () => "/content/blogs?status=draft", needs: perms("content:read") },
  { method: "POST", route: "/content/blogs", path: () => "/content/blogs", needs: perms("content:create"), body: () => ({ title: `Matrix Post ${runTag}`, author: "Matrix", description: "<p>Matrix</p>" }) },
  { method: "POST", route: "/content/blogs", path: () => "/content/blogs", needs: perms("content:create", "content:publish"), body: () => ({ title: `Matrix Published Post ${runTag}`, author: "Matrix", description: "<p>Matrix</p>", published: true }) },
  { method: "GET", route: "/content/blogs/{id}", path: (f) => `/content/blogs/${f.blogId}`, needs: perms("content:read") },
  { method: "PATCH", route: "/content/blogs/{id}", path: (f) => `/content/blogs/${f.blogId}`, needs: perms("content:update"), body: () => ({ title: `Matrix Retitled ${runTag}` }) },
  { method: "PATCH", route: "/content/blogs/{id}", path: (f) => `/content/blogs/${f.blogId}`, needs: perms("content:publish"), body: (_f, _p, allowed) => ({ published: !allowed }) },
  { method: "POST", route: "/content/blogs/{id}/banner", path: (f) => `/content/blogs/${f.blogId}/banner`, needs: perms("content:update"), raw: () => bannerForm() },
  { method: "DELETE", route: "/content/blogs/{id}", path: (f) => `/content/blogs/${f.deletableBlogId}`, needs: perms("content:delete") },
  { method: "GET", route: "/content/pages", path: () => "/content/pages", needs: perms("content:read") },
  { method: "POST", route: "/content/pages", path: () => "/content/pages", needs: perms("content:create"), body: () => ({ title: `Matrix Page ${runTag}` }) },
  { method: "GET", route: "/content/pages/{id}", path: (f) => `/content/pages/${f.pageId}`, needs: perms("content:read") },
  { method: "PATCH", route: "/content/pages/{id}", path: (f) => `/content/pages/${f.pageId}`, needs: perms("content:update"), body: () => ({ title: `Matrix Page Retitled ${runTag}` }) },
  { method: "PATCH", route: "/content/pages/{id}", path: (f) => `/content/pages/${f.pageId}`, needs: perms("content:publish"), body: (_f, _p, allowed) => ({ published: !allowed }) },
  { method: "DELETE", route: "/content/pages/{id}", path: (f) => `/content/pages/${f.deletablePageId}`, needs: perms("content:delete") },
  { method: "GET", route: "/content/{kind}", path: () => "/content/testimonials", needs: perms("content:read") },
  { method: "POST", route: "/content/{kind}", path: () => "/content/faqs", needs: perms("content:create"), body: () => ({ question: `Matrix question ${runTag}?`, answer: "A matrix answer within {return_window_days} days.", active: false }) },
  { method: "PATCH", route: "/content/{kind}/{id}", path: (f) => `/content/testimonials/${f.testimonialId}`, needs: perms("content:update"), body: () => ({ quote: `A matrix quote, rewritten ${runTag}.` }) },
  { method: "PATCH", route: "/content/{kind}/{id}", path: (f) => `/content/testimonials/${f.testimonialId}`, needs: perms("content:publish"), body: (_f, _p, allowed) => ({ active: !allowed }) },
  { method: "POST", route: "/content/{kind}/{id}/move", path: (f) => `/content/testimonials/${f.testimonialId}/move`, needs: perms("content:update"), body: () => ({ direction: "up" }) },
  { method: "POST", route: "/content/{kind}/{id}/photo", path: (f) => `/content/sliders/${f.sliderId}/photo`, needs: perms("content:update"), raw: () => photoOnlyForm() },
  { method: "DELETE", route: "/content/{kind}/{id}", path: (f) => `/content/faqs/${f.deletableFaqId}`, needs: perms("content:delete") },
  { method: "GET", route: "/content/policies", path: () => "/content/policies", needs: perms("content:read") },
  { method: "GET", route: "/content/policies/{slug}", path: () => "/content/policies/warranty-policy", needs: perms("content:read") },
  // Allowed callers keep the generated text (null); a refused one would replace it.
  { method: "PUT", route: "/content/policies/{slug}", path: () => "/content/policies/warranty-policy", needs: perms("content:update"), body: (_f, _p, allowed) => ({ body: allowed ? null : "<p>Matrix warranty: none at all.</p>" }) },
  { method: "GET", route: "/settings/business", path: () => "/settings/business", needs: perms("settings:read") },
  { method: "PATCH", route: "/settings/business", path: () => "/settings/business", needs: perms("settings:update"), body: (f, _p, allowed) => ({ website_name: allowed ? f.websiteName : "Matrix Hijacked Shop" }) },
  // Allowed callers send a file that is not an image (422): the shop's logo stays.
  { method: "POST", route: "/settings/business/logo", path: () => "/settings/business/logo", needs: perms("settings:update"), raw: () => logoForm() },
  // Last: it ends the sessions it is allowed for.
  { method: "GET", route: "/coupons", path: () => "/coupons?status=active", needs: perms("coupon:read") },
  { method: "POST", route: "/coupons", path: () => "/coupons", needs: perms("coupon:create"), body: () => ({ code: `MX${runTag}${++matrixCommerce}`, title: "Matrix coupon", kind: "percent", value: 5 }) },
  { method: "GET", route: "/coupons/{id}", path: (f) => `/coupons/${f.couponId}`, needs: perms("coupon:read") },
  { method: "PATCH", route: "/coupons/{id}", path: (f) => `/coupons/${f.couponId}`, needs: perms("coupon:update"), body: (_f, _p, allowed) => (allowed ? { title: "Matrix coupon, edited" } : { active: false, value: 50 }) },
  { method: "DELETE", route: "/coupons/{id}", path: (f) => `/coupons/${f.deletableCouponId}`, needs: perms("coupon:delete") },
  { method: "GET", route: "/settings/shipping", path: () => "/settings/shipping", needs: perms("settings:read") },
  { method: "PUT", route: "/settings/shipping", path: () => "/settings/shipping", needs: perms("settings:update"), body: (_f, _p, allowed) => (allowed ? SHIPPING_AS_IS : { ...SHIPPING_AS_IS, standard_fee: 1 }) },
  { method: "GET", route: "/delivery-zones", path: () => "/delivery-zones", needs: perms("settings:read") },
  { method: "POST", route: "/delivery-zones", path: () => "/delivery-zones", needs: perms("settings:update"), body: () => matrixZone(`Matrix zone ${runTag} ${++matrixCommerce}`) },
  { method: "GET", route: "/delivery-zones/check", path: () => "/delivery-zones/check?pin=110001", needs: perms("settings:read") },
  { method: "GET", route: "/delivery-zones/{id}", path: (f) => `/delivery-zones/${f.zoneId}`, needs: perms("settings:read") },
  { method: "PATCH", route: "/delivery-zones/{id}", path: (f) => `/delivery-zones/${f.zoneId}`, needs: perms("settings:update"), body: (_f, _p, allowed) => (allowed ? { name: `Matrix zone ${runTag}, edited` } : { name: "Refused", standard_days: { min: 9, max: 9 } }) },
  { method: "GET", route: "/gst-rates", path: () => "/gst-rates", needs: perms("settings:read") },
  { method: "POST", route: "/gst-rates", path: () => "/gst-rates", needs: perms("settings:update"), body: () => ({ hsn_prefix: `9999${String(++matrixCommerce).padStart(4, "0")}`, rate_percent: 5, effective_from: "2099-01-01", note: "Matrix" }) },
  { method: "GET", route: "/gst-rates/lookup", path: () => "/gst-rates/lookup?hsn=63021000&price=2999", needs: perms("settings:read") },
  { method: "GET", route: "/gst-rates/{id}", path: (f) => `/gst-rates/${f.gstId}`, needs: perms("settings:read") },
  { method: "PATCH", route: "/gst-rates/{id}", path: (f) => `/gst-rates/${f.gstId}`, needs: perms("settings:update"), body: (_f, _p, allowed) => (allowed ? { note: "Matrix, edited" } : { rate_percent: 40 }) },
  { method: "DELETE", route: "/gst-rates/{id}", path: (f) => `/gst-rates/${f.deletableGstId}`, needs: perms("settings:update") },
  { method: "GET", route: "/settings/shipping-providers", path: () => "/settings/shipping-providers", needs: perms("settings:read") },
  { method: "PUT", route: "/settings/shipping-providers", path: () => "/settings/shipping-providers", needs: perms("settings:update"), body: (_f, _p, allowed) => ({ enabled: { manual: allowed } }) },
  { method: "GET", route: "/settings/payments", path: () => "/settings/payments", needs: perms("settings:read") },
  { method: "PUT", route: "/settings/payments", path: () => "/settings/payments", needs: perms("settings:update"), body: (_f, _p, allowed) => ({ enabled: { cod: allowed } }) },
  { method: "POST", route: "/auth/logout", path: () => "/auth/logout", needs: { staffSession: true } },
];

/** Routes anyone may call: the sign-in itself (staff.api.test.ts tests them). */
const PUBLIC = ["POST /auth/login", "POST /auth/two-factor"];

/** `METHOD /path` of every route file under app/api/v2/admin, paths as the table writes them. */
function adminRoutesInCode(): string[] {
  const root = path.resolve(__dirname, "..", "admin");
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === "route.ts") {
        const route = `/${path.relative(root, dir).split(path.sep).join("/")}`.replace(/\[([^\]]+)\]/g, "{$1}");
        const source = fs.readFileSync(full, "utf8");
        for (const m of source.matchAll(/export\s+const\s+(GET|POST|PUT|PATCH|DELETE)\b/g)) out.push(`${m[1]} ${route}`);
      }
    }
  };
  walk(root);
  return out.sort();
}

function allows(p: Principal, needs: Needs): boolean {
  if (p.kind === "none" || p.kind === "customer") return false;
  if ("anyStaff" in needs) return true;
  if ("staffSession" in needs) return p.kind === "session";
  return needs.permissions.every((perm) => {
    const [resource, action] = perm.split(":") as [Resource, never];
    return can({ roles: p.roles, scopes: null }, resource, action);
  });
}

/** What a refused call must not change: row counts and the entities the calls name. */
async function snapshot(f: Fixtures) {
  const { db } = await testDb();
  const count = async (table: "audit_log" | "refunds" | "api_tokens" | "two_factors" | "users" | "products" | "product_photos" | "product_slug_redirects" | "inbox_notes" | "inbox_replies" | "outbox_events") => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  return {
    audit: await count("audit_log"),
    refunds: await count("refunds"),
    codRemittances: Number((await db.selectFrom("cod_remittances").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n),
    tokens: await count("api_tokens"),
    revoked: Number((await db.selectFrom("api_tokens").select((eb) => eb.fn.countAll<number>().as("n")).where("revoked_at", "is not", null).executeTakeFirstOrThrow()).n),
    twoFactors: await count("two_factors"),
    users: await count("users"),
    roles: await db.selectFrom("users").select(["id", "role"]).where("role", "is not", null).where("role", "!=", "customer").orderBy("id").execute(),
    settings: await db.selectFrom("staff_settings").select(["key", "value"]).orderBy("key").execute(),
    product: await db.selectFrom("products").select(["name", "price", "published", "stock_quantity", "thumbnail_image"]).where("id", "=", f.product.id).executeTakeFirstOrThrow(),
    products: await count("products"),
    photos: await db.selectFrom("product_photos").select(["id", "alt", "sort_order"]).where("product_id", "=", f.product.id).orderBy("id").execute(),
    allPhotos: await count("product_photos"),
    redirects: await count("product_slug_redirects"),
    spare: await db.selectFrom("products").select(["archived_at", "published"]).where("id", "=", f.spare.id).executeTakeFirstOrThrow(),
    deletable: await db.selectFrom("products").select("id").where("id", "=", f.deletable.id).executeTakeFirst(),
    orders: await db.selectFrom("orders").select(["id", "delivery_status", "payment_status"]).where("id", "in", [f.pending.id, f.delivered.id, f.refundDue.id]).orderBy("id").execute(),
    payments: await db.selectFrom("payments").select(["id", "status", "refunded_amount"]).where("order_id", "in", [f.delivered.id, f.refundDue.id]).orderBy("id").execute(),
    line: await db.selectFrom("order_lines").select("refund_status").where("id", "=", f.claimedLine).executeTakeFirstOrThrow(),
    inbox: await db.selectFrom("inbox_items").select(["status", "assignee_id"]).where("id", "=", f.inboxId).executeTakeFirstOrThrow(),
    customers: await db.selectFrom("users").select(["id", "email", "banned", "deleted_at"]).where("id", "in", [f.customer.id, f.erasable.id]).orderBy("id").execute(),
    orderNotes: Number((await db.selectFrom("order_notes").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n),
    customerNotes: Number((await db.selectFrom("customer_notes").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n),
    customerSessions: Number((await db.selectFrom("sessions").select((eb) => eb.fn.countAll<number>().as("n")).where("user_id", "=", f.customer.id).executeTakeFirstOrThrow()).n),
    grievance: await db.selectFrom("grievances").select(["status", "acknowledged_at"]).where("id", "=", f.grievanceId).executeTakeFirstOrThrow(),
    grievanceNotes: Number((await db.selectFrom("grievance_notes").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n),
    categories: await db.selectFrom("categories").select(["id", "name", "parent_id", "sort_order", "cover_image", "meta_title"]).where("id", "in", [f.matrixCategory, f.subcategory, f.emptyCategory]).orderBy("id").execute(),
    categoryCount: Number((await db.selectFrom("categories").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n),
    attributes: await db.selectFrom("attributes").select(["id", "name", "sort_order"]).orderBy("id").execute(),
    synonyms: await db.selectFrom("search_synonyms").select(["id", "words", "means", "updated_at"]).orderBy("id").execute(),
    attributeValues: await db.selectFrom("attribute_values").select(["id", "value"]).where("attribute_id", "in", [f.attribute, f.emptyAttribute]).orderBy("id").execute(),
    inboxNotes: await count("inbox_notes"),
    inboxReplies: await count("inbox_replies"),
    outboxEvents: await count("outbox_events"),
    coupons: await db.selectFrom("coupons").select(["id", "code", "title", "value", "active"]).orderBy("id").execute(),
    zones: await db.selectFrom("delivery_zones").select(["id", "name", "pin_from", "pin_to", "standard_days_min", "active"]).orderBy("id").execute(),
    gstRates: await db.selectFrom("gst_rates").select(["id", "hsn_prefix", "rate_percent", "note"]).orderBy("id").execute(),
    shipping: await db.selectFrom("business_settings").select(["type", "value"]).where("type", "like", "%shipping%").orderBy("type").execute(),
    blog: await db.selectFrom("blogs").select(["title", "published", "banner"]).where("id", "=", f.blogId).executeTakeFirstOrThrow(),
    blogs: Number((await db.selectFrom("blogs").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n),
    page: await db.selectFrom("cms_pages").select(["title", "published"]).where("id", "=", f.pageId).executeTakeFirstOrThrow(),
    pages: Number((await db.selectFrom("cms_pages").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n),
    testimonial: await db.selectFrom("testimonials").select(["quote", "active", "sort_order"]).where("id", "=", f.testimonialId).executeTakeFirstOrThrow(),
    slider: await db.selectFrom("sliders").select(["photo", "active"]).where("id", "=", f.sliderId).executeTakeFirstOrThrow(),
    policies: await db.selectFrom("policy_texts").select(["slug", "body"]).orderBy("slug").execute(),
    faqs: Number((await db.selectFrom("faqs").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n),
    businessSettings: await db.selectFrom("business_settings").select(["type", "value"]).orderBy("type").execute(),
    targetSessions: Number((await db.selectFrom("sessions").select((eb) => eb.fn.countAll<number>().as("n")).where("user_id", "=", f.target.id).where("staff", "=", 1).executeTakeFirstOrThrow()).n),
  };
}

const principals: Principal[] = [];
let fixtures: Fixtures;

beforeAll(async () => {
  // Each role: a staff member invited through the API, signed in (a staff session), and a token
  // with every permission of the role.
  for (const role of STAFF_ROLES) {
    const login = await invitedStaff(role, nextIp(), `matrix-${role}`);
    const session = await staffSession(login);
    const token = await tokenFor(login.id, permissionsOf([role]), login.ip);
    principals.push({ label: `${role} token`, credential: token, kind: "token", roles: [role], login });
    principals.push({ label: `${role} session`, credential: session, kind: "session", roles: [role], login });
  }
  const customer = await newUser(nextIp());
  principals.push({ label: "customer session", credential: customer.token, kind: "customer", roles: [] });
  principals.push({ label: "no credentials", credential: null, kind: "none", roles: [] });

  const shopper = await newUser(nextIp());
  const product = await makeProduct({ stock: 50, price: 150000 });
  const archivable = await makeProduct({ stock: 5 });
  const deletable = await makeProduct({ stock: 0 });
  const { db } = await testDb();
  const categoryId = (await db.selectFrom("categories").select("id").where("slug", "=", "curtains").executeTakeFirstOrThrow()).id;
  const photo = await sharp({ create: { width: 400, height: 400, channels: 3, background: { r: 200, g: 120, b: 60 } } }).jpeg().toBuffer();
  const photoIds: number[] = [];
  for (let i = 0; i < 2; i++) {
    const uploaded = await adminAs(ownerToken(), `/products/${product.slug}/photos`, { method: "POST", body: photoForm(photo) });
    expect(uploaded.status, uploaded.text).toBe(201);
    photoIds.push(Number((uploaded.json.photos as { id: number }[]).at(-1)?.id));
  }
  const pending = await placedOrder(shopper);
  const delivered = await placedOrder(shopper, { then: ["confirm", "ship", "deliver"] });
  const claimed = await placedOrder(shopper, { then: ["confirm", "ship", "deliver"] });
  const claim = await post(`/order/refund-request/${claimed.lineIds[0]}`, { reason: "The cushion cover arrived stained." }, { token: shopper.token, ip: shopper.ip });
  expect(claim.status, claim.text).toBe(200);
  const refundDue = await placedOrder(shopper, { payment: "online", then: ["pay", "staff_cancel"] });
  const target = await invitedStaff("catalog", nextIp(), "matrix-target");
  await staffSession(target);
  const spare = await adminAs(ownerToken(), "/tokens", { json: { name: "Matrix spare", scopes: ["product:read"], user_id: target.id } });
  expect(spare.status, spare.text).toBe(201);
  const enquiry = await post("/enquiries", { kind: "gifting", name: "Matrix Shopper", email: uniqueEmail("matrix-enquiry"), contact: "9876543210", address: "12 Lodhi Road, New Delhi", message: "Forty hampers for Diwali." }, { ip: nextIp() });
  expect(enquiry.status, enquiry.text).toBe(201);
  const inboxItem = await db.selectFrom("inbox_items").select("id").where("source", "=", "enquiry").orderBy("id", "desc").executeTakeFirstOrThrow();
  const matrixCustomer = await newUser(nextIp());
  const erasable = await newUser(nextIp());
  const complaint = await post("/grievances", { name: "Matrix Shopper", email: uniqueEmail("matrix-grievance"), message: "A matrix complaint about a torn curtain." }, { ip: nextIp() });
  expect(complaint.status, complaint.text).toBe(201);
  const grievanceId = Number(/-(\d+)$/.exec(String(complaint.json.ticket))?.[1]);
  const made = async (path: string, json: unknown) => {
    const res = await adminAs(ownerToken(), path, { json });
    expect(res.status, res.text).toBe(201);
    return Number(res.json.data.id);
  };
  const couponId = await made("/coupons", { code: `MXA${runTag}`, title: "Matrix coupon", kind: "flat", value: 100 });
  const deletableCouponId = await made("/coupons", { code: `MXD${runTag}`, title: "Matrix coupon to delete", kind: "free_shipping" });
  const zoneId = await made("/delivery-zones", matrixZone(`Matrix zone ${runTag}`));
  const gstId = await made("/gst-rates", { hsn_prefix: "99990000", rate_percent: 18, effective_from: `2099-01-${String(1 + (Date.now() % 28)).padStart(2, "0")}`, note: `Matrix ${runTag}` });
  const deletableGstId = await made("/gst-rates", { hsn_prefix: "99990001", rate_percent: 18, effective_from: `2099-02-${String(1 + (Date.now() % 28)).padStart(2, "0")}` });
  const contentRow = async (path: string, body: unknown, key: "blog" | "page") => {
    const made = await adminAs(ownerToken(), path, { json: body });
    expect(made.status, made.text).toBe(201);
    return Number((made.json[key] as { id: number }).id);
  };
  const blogId = await contentRow("/content/blogs", { title: `Matrix Draft ${runTag}`, author: "Matrix", description: "<p>Matrix</p>" }, "blog");
  const deletableBlogId = await contentRow("/content/blogs", { title: `Matrix Doomed ${runTag}`, author: "Matrix", description: "<p>Matrix</p>" }, "blog");
  const pageId = await contentRow("/content/pages", { title: `Matrix Draft Page ${runTag}` }, "page");
  const deletablePageId = await contentRow("/content/pages", { title: `Matrix Doomed Page ${runTag}` }, "page");
  const listRow = async (kind: string, body: unknown) => {
    const made = await adminAs(ownerToken(), `/content/${kind}`, { json: body });
    expect(made.status, made.text).toBe(201);
    return Number((made.json.row as { id: number }).id);
  };
  const testimonialId = await listRow("testimonials", { name: "Matrix Shopper", quote: "A matrix testimonial about curtains.", rating: 5, active: false });
  const sliderId = await listRow("sliders", { heading: `Matrix slide ${runTag}` });
  const deletableFaqId = await listRow("faqs", { question: `Matrix doomed question ${runTag}?`, answer: "A matrix answer to delete." });
  const websiteName = (await db.selectFrom("business_settings").select("value").where("type", "=", "website_name").executeTakeFirstOrThrow()).value ?? "";
  const madeJson = async (path: string, body: unknown) => {
    const res = await adminAs(ownerToken(), path, { json: body });
    expect(res.status, res.text).toBe(201);
    return res.json;
  };
  const matrixCategory = Number((await madeJson("/categories", { name: `Matrix Tree ${runTag}` })).category.id);
  const subcategory = Number((await madeJson("/categories", { name: `Matrix Sub ${runTag}`, parent_id: matrixCategory })).category.id);
  await madeJson("/categories", { name: `Matrix Sub Two ${runTag}`, parent_id: matrixCategory });
  const emptyCategory = Number((await madeJson("/categories", { name: `Matrix Empty ${runTag}` })).category.id);
  const attribute = (await madeJson("/attributes", { name: `Matrix Attribute ${runTag}` })).attribute;
  const withValues = (await madeJson(`/attributes/${attribute.id}/values`, { value: "Matrix One" })).attribute;
  const withSpare = (await madeJson(`/attributes/${attribute.id}/values`, { value: "Matrix Spare" })).attribute;
  const emptyAttribute = Number((await madeJson("/attributes", { name: `Matrix Empty ${runTag}` })).attribute.id);
  const synonymId = Number((await madeJson("/search/synonyms", { words: [`matrix ${runTag} kept`], means: ["blanket"] })).rule.id);
  const deletableSynonymId = Number((await madeJson("/search/synonyms", { words: [`matrix ${runTag} doomed`, `matrix ${runTag} gone`] })).rule.id);
  fixtures = {
    couponId,
    deletableCouponId,
    zoneId,
    gstId,
    deletableGstId,
    blogId,
    deletableBlogId,
    pageId,
    deletablePageId,
    websiteName,
    testimonialId,
    sliderId,
    deletableFaqId,
    product,
    spare: archivable,
    deletable,
    categoryId,
    photoIds,
    photo,
    pending,
    delivered,
    refundDue,
    claimedLine: claimed.lineIds[0] as number,
    target,
    tokenId: Number(spare.json.data.id),
    inboxId: inboxItem.id,
    customer: { id: matrixCustomer.id, email: matrixCustomer.email },
    erasable: { id: erasable.id, email: erasable.email },
    grievanceId,
    matrixCategory,
    subcategory,
    emptyCategory,
    attribute: Number(attribute.id),
    value: Number(withValues.values[0].id),
    emptyAttribute,
    synonymId,
    deletableSynonymId,
    spareValue: Number(withSpare.values.find((v: { value: string }) => v.value === "Matrix Spare").id),
  };
}, 300_000);

describe("the role matrix of /api/v2/admin/*", () => {
  it("covers every admin route", () => {
    const listed = new Set([...ROUTES.map((r) => `${r.method} ${r.route}`), ...PUBLIC]);
    expect(adminRoutesInCode().filter((r) => !listed.has(r))).toEqual([]);
    expect([...listed].filter((r) => !adminRoutesInCode().includes(r))).toEqual([]);
  });

  for (const route of ROUTES) {
    const needs = "permissions" in route.needs ? route.needs.permissions.join(" + ") : "anyStaff" in route.needs ? "any staff" : "a staff session";
    it(`${route.method} /api/v2/admin${route.route} (${needs})`, async () => {
      const outcomes: string[] = [];
      for (const p of principals) {
        const allowed = allows(p, route.needs);
        const before = allowed ? null : await snapshot(fixtures);
        const body = route.body?.(fixtures, p, allowed);
        const res: ApiAnswer = await adminAs(p.credential, route.path(fixtures), {
          method: route.method,
          ...(route.raw ? { body: route.raw(fixtures) } : body === undefined ? {} : { body: JSON.stringify(body) }),
          headers: route.headers?.() ?? {},
          ip: p.login?.ip ?? nextIp(),
        });
        outcomes.push(`${p.label}: ${res.status}`);
        if (allowed) {
          expect([401, 403], `${p.label} is allowed: ${res.status} ${res.text}`).not.toContain(res.status);
          expect(res.status, `${p.label}: ${res.text}`).toBeLessThan(500);
          continue;
        }
        expect(res.status, `${p.label} must be refused: ${res.text}`).toBe(p.kind === "none" ? 401 : 403);
        expect(await snapshot(fixtures), `${p.label} changed something`).toEqual(before);
      }
      // What each caller got, for the report of a failure.
      expect(outcomes.length).toBe(principals.length);
    });
  }

  it("answers bad input with a message per field and never a 500, for every role allowed to call", async () => {
    // A fresh owner session: the matrix's own ended with its logout.
    const ownerLogin = principals.find((p) => p.label === "owner session")?.login as StaffLogin;
    const owner = { credential: await staffSession(ownerLogin), login: ownerLogin };
    const cases: [string, string, unknown][] = [
      ["PATCH", `/products/${fixtures.product.slug}`, { main_price: "free", colour: "red" }],
      ["PATCH", `/products/${fixtures.product.slug}`, { slug: "Not A Slug", hsn_code: "12", description: 5, attributes: "cotton" }],
      ["POST", "/products", { name: "", sku: "a b", category_id: "curtains", main_price: -5 }],
      ["POST", `/products/${fixtures.product.slug}/duplicate`, { sku: "a b" }],
      ["PUT", `/products/${fixtures.product.slug}/photos/order`, { photo_ids: "all" }],
      ["PATCH", `/products/${fixtures.product.slug}/photos/${fixtures.photoIds[0]}`, { alt: "", main: false }],
      ["POST", `/orders/${fixtures.pending.id}/status`, { delivery_status: "Lost" }],
      ["POST", "/staff/invites", { email: "nobody", role: "janitor", name: "\u0000" }],
      ["PATCH", `/staff/${fixtures.target.id}`, { role: 7 }],
      ["POST", "/tokens", { name: "", scopes: "everything", expires_in_days: 0 }],
      ["PUT", "/settings/security", { two_factor_required_roles: "owner" }],
      ["POST", "/me/two-factor/verify", { code: "12ab" }],
      ["POST", "/me/two-factor/enable", {}],
      ["PATCH", `/inbox/${fixtures.inboxId}`, { status: "lost", assignee_id: "someone" }],
      ["PATCH", `/inbox/${fixtures.inboxId}`, {}],
      ["POST", `/inbox/${fixtures.inboxId}/notes`, { body: "   " }],
      ["POST", `/inbox/${fixtures.inboxId}/reply`, { subject: "", body: 5 }],
      ["POST", "/coupons", { code: "a b", kind: "half", value: "ten" }],
      ["POST", "/coupons", { code: "OKCODE", title: "Percent", kind: "percent", value: 150, starts_at: "2026-12-10", ends_at: "2026-12-01" }],
      ["PATCH", `/coupons/${fixtures.couponId}`, { kind: "percent", value: 150 }],
      ["PATCH", `/coupons/${fixtures.couponId}`, {}],
      ["PUT", "/settings/shipping", { standard_fee: -1 }],
      ["POST", "/delivery-zones", { name: "", pin_from: 12345, pin_to: "x" }],
      ["POST", "/delivery-zones", { name: "Crossing", pin_from: 109990, pin_to: 110010, standard_days: { min: 1, max: 2 }, express_days: { min: 1, max: 1 } }],
      ["PATCH", `/delivery-zones/${fixtures.zoneId}`, { standard_days: { min: 5, max: 2 } }],
      ["POST", "/gst-rates", { hsn_prefix: "6", rate_percent: 41, effective_from: "2026-02-30" }],
      ["PATCH", `/gst-rates/${fixtures.gstId}`, { max_taxable_value: -5 }],
      ["PUT", "/settings/payments", { enabled: { paypal: true } }],
      ["POST", `/orders/${fixtures.pending.id}/shipments`, { provider: "manual", awb: "a b", tracking_url: "ftp://x" }],
      ["POST", `/orders/${fixtures.pending.id}/shipments/1/events`, { event: "create" }],
      ["PUT", "/settings/shipping-providers", { enabled: { manual: "yes" } }],
      ["PUT", "/settings/payments", { enabled: {} }],
      ["POST", "/content/blogs", { title: "", author: 5, description: "" }],
      ["PATCH", `/content/blogs/${fixtures.blogId}`, { slug: "Bad Slug", published_at: "soon" }],
      ["POST", "/content/pages", { title: "x", category_id: "curtains" }],
      ["PATCH", `/content/pages/${fixtures.pageId}`, { published: "yes" }],
      ["PATCH", "/settings/business", { contact_phone: "123", facebook_link: "ftp://x", return_window_days: 500 }],
      ["POST", "/content/testimonials", { name: "", quote: "short", rating: 9 }],
      ["POST", "/content/faqs", { question: "Why?", answer: "Within {refund_window} days." }],
      ["POST", `/content/testimonials/${fixtures.testimonialId}/move`, { direction: "sideways" }],
      ["PUT", "/content/policies/return-policy", { body: "<p>Returns within {refund_window} days.</p>" }],
      ["POST", "/categories", { name: "", parent_id: "top", sort_order: -1 }],
      ["PATCH", `/categories/${fixtures.matrixCategory}`, { slug: "Not A Slug", description: 5 }],
      ["POST", `/categories/${fixtures.subcategory}/reorder`, { direction: "left" }],
      ["POST", "/attributes", { name: "\u0000" }],
      ["POST", `/attributes/${fixtures.attribute}/values`, { value: "" }],
      ["POST", "/search/synonyms", { words: ["rug"], means: ["curtain'); drop table x"] }],
      ["PATCH", `/search/synonyms/${fixtures.synonymId}`, { words: "" }],
      ["POST", `/customers/${fixtures.customer.id}/notes`, { body: "   " }],
      ["POST", `/customers/${fixtures.customer.id}/block`, { blocked: "yes" }],
      ["POST", `/customers/${fixtures.customer.id}/erase`, { confirm: "" }],
      ["PATCH", `/grievances/${fixtures.grievanceId}`, { status: "closed" }],
      ["POST", `/grievances/${fixtures.grievanceId}/notes`, { body: "", reply: "no" }],
    ];
    for (const [method, where, body] of cases) {
      const res = await adminAs(owner.credential, where, { method, body: JSON.stringify(body), ip: owner.login?.ip });
      expect(res.status, `${method} ${where}: ${res.text}`).toBe(422);
      expect(Object.keys(res.json.errors ?? {}).length, `${method} ${where}`).toBeGreaterThan(0);
    }
    for (const [method, where] of [
      ["POST", "/staff/invites"],
      ["POST", "/tokens"],
      ["POST", "/products"],
      ["POST", "/coupons"],
      ["PUT", "/settings/shipping"],
      ["POST", "/delivery-zones"],
      ["POST", "/gst-rates"],
      ["PUT", "/settings/payments"],
    ] as const) {
      expect((await adminAs(owner.credential, where, { method, body: "{not json", ip: owner.login?.ip })).status).toBe(400);
    }
    for (const where of ["/audit?page=-1", "/audit?from=2026-13-45", "/sign-ins?user_id=x", "/orders?status=Lost", "/staff/abc", "/tokens/0", "/inbox?status=lost", "/inbox?assignee=someone", "/inbox/abc", "/subscribers?page=0", "/products/Bad..Slug", `/products/${fixtures.product.slug}/photos/abc`, "/coupons?status=gone", "/coupons/abc", "/delivery-zones/check?pin=01234", "/delivery-zones/0", "/gst-rates/lookup?hsn=x&price=-1", "/gst-rates/abc", "/categories/abc", "/attributes/0", "/search/synonyms/0", "/search/synonyms/abc", `/search/synonyms?q=${"x".repeat(101)}`, "/customers?state=gone", "/customers/abc", "/grievances?status=lost", "/grievances/0"]) {
      const res = await adminAs(owner.credential, where, { method: where.startsWith("/staff/") || where.startsWith("/tokens/") || where.includes("/photos/") ? "DELETE" : "GET", ip: owner.login?.ip });
      expect(res.status, `${where}: ${res.text}`).toBe(422);
    }
  });

  it("refuses cookie writes without X-Requested-With, even for the owner", async () => {
    const owner = principals.find((p) => p.label === "owner token") as Principal;
    const login = owner.login as StaffLogin;
    const res = await post("/admin/auth/login", { email: login.email, password: login.password }, { ip: login.ip });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("kesar.session_token="))?.split(";")[0] as string;
    const before = await snapshot(fixtures);
    const bare = await api("/admin/staff/invites", { method: "POST", body: JSON.stringify({ email: uniqueEmail("csrf"), role: "content" }), cookie, requestedWith: false, ip: login.ip });
    expect(bare.status).toBe(403);
    expect(await snapshot(fixtures)).toEqual(before);
    expect((await api("/admin/staff", { cookie, requestedWith: false, ip: login.ip })).status).toBe(200);
  });
});
