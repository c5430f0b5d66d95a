import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";
import type { StockReason } from "@/lib/catalog/stock";
import type { Actor, CancelReason, DeliveryStatus, Entity, PaymentRowStatus, PaymentStatus, PaymentType, RefundMethod, RefundRecordStatus, RefundStatus, ShipmentSource, ShipmentStatus } from "@/lib/orders/status";

/**
 * Table types shared by both dialects. Money is integer paise. Flags are 0/1 integers.
 * Timestamps are ISO-8601 strings (SQLite text; PostgreSQL timestamptz parsed back to ISO).
 * Status columns are the unions of the names their domain declares (lib/orders/status.ts,
 * lib/catalog/stock.ts): the only imports of this module, type-only, so no domain code runs here.
 */
type Id = Generated<number>;
type Timestamp = ColumnType<string, string, string>;
type Flag = ColumnType<number, number | undefined, number>;

export type Availability = "in_stock" | "made_to_order" | "out_of_stock";
export type EnquiryKind = "gifting" | "bulk_deals" | "corporate" | "services";
export type CouponKind = "percent" | "flat" | "free_shipping";

export interface UsersTable {
  id: Id;
  name: string;
  email: string;
  phone: string | null;
  /** Path of the re-encoded avatar served by /avatars/{file}; null when none. */
  avatar: string | null;
  /** better-auth's boolean: true/false on PostgreSQL, 1/0 on SQLite. */
  email_verified: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
  /** Set when the customer deleted the account; the row stays, anonymised, for the orders. */
  deleted_at: string | null;
  /**
   * better-auth's admin plugin: the staff roles of lib/accounts/access.ts, comma-separated, or
   * "customer" (null for accounts opened before migration 010).
   */
  role: ColumnType<string | null, string | null | undefined, string | null>;
  banned: ColumnType<boolean | number | null, boolean | number | null | undefined, boolean | number | null>;
  ban_reason: ColumnType<string | null, string | null | undefined, string | null>;
  ban_expires: ColumnType<string | null, string | null | undefined, string | null>;
  /** better-auth's two-factor plugin: TOTP is set up and verified. */
  two_factor_enabled: ColumnType<boolean | number | null, boolean | number | null | undefined, boolean | number | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** better-auth's session; token is the SHA-256 of the session token (lib/accounts/server/auth/hashed-sessions.ts). */
export interface SessionsTable {
  id: Id;
  user_id: number;
  token: string;
  expires_at: Timestamp;
  ip_address: string | null;
  user_agent: string | null;
  impersonated_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1: opened by the back office's sign-in (migration 010); only such a session reaches the admin API. */
  staff: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** better-auth's two-factor plugin: the TOTP secret and recovery codes, encrypted. */
export interface TwoFactorsTable {
  id: Id;
  user_id: number;
  secret: string;
  backup_codes: string;
  verified: ColumnType<boolean | number | null, boolean | number | null | undefined, boolean | number | null>;
  failed_verification_count: ColumnType<number | null, number | null | undefined, number | null>;
  locked_until: string | null;
}

/** Every back-office sign-in attempt, failed or not (migration 010). */
export interface StaffSignInsTable {
  id: Id;
  user_id: number | null;
  email: string;
  ip: string | null;
  user_agent: string | null;
  result: string;
  created_at: Timestamp;
}

/** Personal API tokens of staff (migration 010): the SHA-256 of the token, never the token. */
export interface ApiTokensTable {
  id: Id;
  user_id: number;
  name: string;
  token_hash: string;
  prefix: string;
  /** JSON array of permission names. */
  scopes: string;
  created_by: number | null;
  created_at: Timestamp;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
  revoked_by: number | null;
}

/** Every change staff make, written in the change's transaction (lib/platform/audit.ts); never updated or deleted. */
export interface AuditLogTable {
  id: Id;
  actor_id: number;
  actor_kind: "staff" | "token";
  token_id: number | null;
  action: string;
  entity_type: string;
  entity_id: string;
  /** JSON text. */
  before: string | null;
  after: string | null;
  ip: string | null;
  user_agent: string | null;
  created_at: Timestamp;
}

/** The back office's own settings (JSON values), apart from the published business_settings. */
export interface StaffSettingsTable {
  key: string;
  value: string;
  updated_at: Timestamp;
}

/** better-auth's account; provider_id "credential" holds the password hash. */
export interface AccountsTable {
  id: Id;
  user_id: number;
  account_id: string;
  provider_id: string;
  password: string | null;
  access_token: string | null;
  refresh_token: string | null;
  id_token: string | null;
  access_token_expires_at: string | null;
  refresh_token_expires_at: string | null;
  scope: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** better-auth's verification values: sign-in codes, reset tokens, email-change codes (hashed). */
export interface VerificationsTable {
  id: Id;
  identifier: string;
  value: string;
  expires_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MailOutboxTable {
  id: Id;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: Timestamp;
}

/** An effect asked for by a transaction, written in it (lib/platform/outbox/). */
export interface OutboxEventsTable {
  id: Id;
  kind: string;
  /** JSON. */
  payload: string;
  created_at: Timestamp;
}

/** The states of an outbox delivery (lib/platform/outbox/store.ts says what each means). */
export type OutboxDeliveryStatus = "pending" | "sending" | "done" | "failed" | "dead";

/** One effect of an outbox event, delivered at most once per event and effect. */
export interface OutboxDeliveriesTable {
  id: Id;
  event_id: number;
  effect: string;
  status: OutboxDeliveryStatus;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp;
  claimed_until: string | null;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  done_at: string | null;
}

export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: Timestamp;
}

export interface CountriesTable {
  id: Id;
  name: string;
  iso2: string;
  phone_code: string;
}

export interface StatesTable {
  id: Id;
  country_id: number;
  name: string;
  code: string;
}

export interface CitiesTable {
  id: Id;
  state_id: number;
  name: string;
}

export interface AddressesTable {
  id: Id;
  user_id: number;
  address: string;
  country_id: number;
  state_id: number;
  city_id: number;
  postal_code: string;
  phone: string;
  is_default: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CategoriesTable {
  id: Id;
  parent_id: number | null;
  name: string;
  slug: string;
  description: string | null;
  cover_image: string | null;
  sort_order: ColumnType<number, number | undefined, number>;
  meta_title: string | null;
  meta_description: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProductsTable {
  id: Id;
  category_id: number;
  name: string;
  slug: string;
  sku: string;
  short_description: string | null;
  description: string | null;
  key_features: string | null;
  care_instructions: string | null;
  warranty_summary: string | null;
  return_policy: string | null;
  about_heading: string | null;
  about_description: string | null;
  about_image: string | null;
  additional_heading: string | null;
  additional_description: string | null;
  additional_image: string | null;
  /** List price (MRP) in paise; shown struck through when above the selling price. */
  list_price: number;
  /** Selling price in paise. */
  price: number;
  /** Whole percent off the list price; 0 when not discounted. */
  discount_percent: ColumnType<number, number | undefined, number>;
  stock_quantity: number;
  made_to_order: Flag;
  availability: Availability;
  is_featured: Flag;
  is_popular: Flag;
  published: Flag;
  thumbnail_image: string | null;
  meta_title: string | null;
  meta_description: string | null;
  view_count: ColumnType<number, number | undefined, number>;
  /** HSN code of the goods (GST); looked up in gst_rates by its longest matching prefix. */
  hsn_code: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * How many variants the product is sold in (migration 011; 0: none). When there are some, its
   * stock_quantity is the sum of theirs, availability the best of theirs and price the lowest.
   */
  variant_count: ColumnType<number, number | undefined, number>;
  /** Set when staff archived the product (migration 012): unpublished, and kept for its orders. */
  archived_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Days the making of a made-to-order product takes (migration 012); null: the shop's dispatch days. */
  lead_time_days: ColumnType<number | null, number | null | undefined, number | null>;
  /** Low at or below this many units (migration 015); null: the shop's default (staff_settings low_stock_threshold). */
  low_stock_threshold: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A slug a product had before (migration 012): /products/{slug} redirects to the product's slug of today. */
/** A slug a category had before, redirecting to the category (migration 018). */
export interface CategorySlugRedirectsTable {
  slug: string;
  category_id: number;
  created_at: Timestamp;
}

export interface ProductSlugRedirectsTable {
  slug: string;
  product_id: number;
  created_at: Timestamp;
}

/** A product's option type (Size, Length, Colour, ...), migration 011. */
export interface ProductOptionsTable {
  id: Id;
  product_id: number;
  name: string;
  position: ColumnType<number, number | undefined, number>;
}

/** One value of a product's option ("7 ft"). */
export interface ProductOptionValuesTable {
  id: Id;
  option_id: number;
  value: string;
  position: ColumnType<number, number | undefined, number>;
}

/** One sellable choice of a product: its own SKU, price, stock and photo (migration 011). */
export interface ProductVariantsTable {
  id: Id;
  product_id: number;
  /** Unique across the shop. */
  sku: string;
  /** The option values joined by " / " ("King / Ivory"); unique per product. */
  label: string;
  /** The label as a URL slug ("king-ivory"): the ?variant= of a shared link; unique per product. */
  slug: string;
  /** Compare-at (list) price in paise. */
  list_price: number;
  /** Selling price in paise. */
  price: number;
  discount_percent: ColumnType<number, number | undefined, number>;
  stock_quantity: ColumnType<number, number | undefined, number>;
  made_to_order: Flag;
  availability: Availability;
  /** Path of the photo shown when the variant is chosen; null: the product's photos. */
  photo: string | null;
  position: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Which value a variant has for each of its product's options. */
export interface ProductVariantValuesTable {
  variant_id: number;
  option_value_id: number;
}

export interface ProductPhotosTable {
  id: Id;
  product_id: number;
  path: string;
  alt: string;
  width: number;
  height: number;
  sort_order: number;
}

export interface AttributesTable {
  id: Id;
  name: string;
  sort_order: number;
}

export interface AttributeValuesTable {
  id: Id;
  attribute_id: number;
  value: string;
}

export interface ProductAttributeValuesTable {
  product_id: number;
  attribute_value_id: number;
}

export interface RecentlyViewedTable {
  user_id: number;
  product_id: number;
  viewed_at: Timestamp;
}

export interface CartsTable {
  id: Id;
  user_id: number | null;
  guest_id: string | null;
  coupon_code: ColumnType<string | null, string | null | undefined, string | null>;
  shipping_method: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CartLinesTable {
  id: Id;
  cart_id: number;
  product_id: number;
  /** The variant's label ("7 ft"), as the catalog had it when added; "" for a product without variants. */
  variant: string;
  /** The variant (migration 011); null for a product without variants. */
  variant_id: ColumnType<number | null, number | null | undefined, number | null>;
  quantity: number;
  /** The price (paise) the shopper saw when adding; compared with the catalog on every read. */
  unit_price: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WishlistsTable {
  id: Id;
  user_id: number;
  product_id: number;
  created_at: Timestamp;
}

export interface CouponsTable {
  id: Id;
  title: string;
  code: string;
  kind: CouponKind;
  /** Percent for "percent", paise for "flat", unused for "free_shipping". */
  value: number;
  min_order: number;
  max_discount: number | null;
  first_order_only: Flag;
  active: Flag;
  starts_at: string | null;
  ends_at: string | null;
  /** Orders that may use the code in all (null = unlimited); cancelled orders do not count. */
  usage_limit: ColumnType<number | null, number | null | undefined, number | null>;
  /** Orders one customer may place with the code (null = unlimited). */
  per_customer_limit: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
}

export interface GstRatesTable {
  id: Id;
  hsn_prefix: string;
  /** Upper bound (paise) of the taxable value of one piece for this band; null = no bound. */
  max_taxable_value: number | null;
  rate_percent: number;
  /** ISO date (YYYY-MM-DD) from which the rate applies. */
  effective_from: string;
  note: string | null;
}

export interface DeliveryZonesTable {
  id: Id;
  name: string;
  pin_from: number;
  pin_to: number;
  standard_days_min: number;
  standard_days_max: number;
  express_days_min: number;
  express_days_max: number;
  active: Flag;
  created_at: Timestamp;
}

export interface OrdersTable {
  id: Id;
  code: string;
  user_id: number;
  shipping_name: string;
  shipping_email: string;
  shipping_address: string;
  shipping_city: string;
  shipping_state: string;
  shipping_country: string;
  shipping_postal_code: string;
  shipping_phone: string;
  shipping_type: string;
  payment_type: PaymentType;
  coupon_code: string | null;
  subtotal: number;
  shipping_cost: number;
  tax: number;
  coupon_discount: number;
  grand_total: number;
  delivery_status: DeliveryStatus;
  payment_status: PaymentStatus;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The Idempotency-Key Place Order was sent with; unique per customer. */
  idempotency_key: string | null;
  /** 'standard' | 'express' (shipping_type is the label shown). */
  shipping_method: string | null;
  /** Delivery estimate at placement, as shown ("26 Nov – 2 Dec 2026"). */
  estimated_delivery: string | null;
  /** Billing address; all null = the shipping address. */
  billing_name: string | null;
  billing_address: string | null;
  billing_city: string | null;
  billing_state: string | null;
  billing_postal_code: string | null;
  billing_phone: string | null;
  buyer_gstin: string | null;
  /** 'sandbox' | 'razorpay' for online payment; null for cash on delivery. */
  payment_provider: string | null;
  /** An unpaid online order gives its stock back after this moment. */
  payment_due_at: string | null;
  cancel_reason: CancelReason | null;
  confirmed_at: string | null;
  paid_at: string | null;
  shipped_at: string | null;
  delivered_at: string | null;
  cancelled_at: string | null;
}

export interface OrderLinesTable {
  id: Id;
  order_id: number;
  product_id: number | null;
  product_name: string;
  /** The variant's label when the line was placed, from the catalog (shown only when variant_id is set). */
  variation: string | null;
  /** The variant sold (migration 011); null for a product without variants, or once the variant is deleted. */
  variant_id: ColumnType<number | null, number | null | undefined, number | null>;
  quantity: number;
  unit_price: number;
  total: number;
  /** Follows the order's (lib/orders/lifecycle.ts LINE_TRANSITIONS). */
  delivery_status: DeliveryStatus;
  /** null until the customer claims the line. */
  refund_status: RefundStatus | null;
  product_slug: string | null;
  hsn_code: string | null;
  /** GST rate in percent applied to this line. */
  gst_rate: number | null;
  /** Paise, after the line's share of the coupon discount. */
  taxable_value: number | null;
  tax_amount: number | null;
  /** The line's share of the coupon discount, paise. */
  discount: number | null;
  /** Units taken from stock at placement (stocked products); 0 once given back. */
  reserved_quantity: number | null;
  refund_reason: string | null;
  refund_requested_at: string | null;
}

export interface PaymentsTable {
  id: Id;
  order_id: number;
  provider: string;
  reference: string | null;
  amount: number;
  /** lib/orders/lifecycle.ts PAYMENT_TRANSITIONS. */
  status: PaymentRowStatus;
  created_at: Timestamp;
  provider_order_id: string | null;
  provider_payment_id: string | null;
  currency: string | null;
  error: string | null;
  updated_at: string | null;
  /** Paise given back so far (refunds); never above amount. */
  refunded_amount: ColumnType<number, number | undefined, number>;
}

/** One state change of an order, one of its lines or one of its payment rows (migration 008). */
export interface OrderEventsTable {
  id: Id;
  order_id: number;
  entity: Entity;
  /** The order's, the line's or the payment row's id. */
  entity_id: number;
  actor: Actor;
  /** The customer's or the staff member's user id; null for the system and providers. */
  actor_id: number | null;
  /** The transition's name in lib/orders/lifecycle.ts. */
  event: string;
  /** "Pending/Un-Paid" for an order; null for a row the transition created. */
  from_state: string | null;
  to_state: string;
  note: string | null;
  created_at: Timestamp;
}

/** A parcel of an order with a courier (migration 020; lib/orders/server/shipping/). */
export interface ShipmentsTable {
  id: Id;
  order_id: number;
  /** The shipping provider: sandbox, manual or shiprocket. */
  provider: string;
  /** The courier's name as the shopper reads it. */
  carrier: string;
  awb: string | null;
  tracking_url: string | null;
  status: ShipmentStatus;
  provider_order_id: string | null;
  provider_shipment_id: string | null;
  /** The courier label PDF in storage (lib/platform/storage), when the provider gave one. */
  label_key: string | null;
  pickup_requested_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  delivered_at: Timestamp | null;
  returned_at: Timestamp | null;
  /** Paise the courier collects at the door (Cash on Delivery); null for a prepaid parcel (migration 027). */
  cod_amount: ColumnType<number | null, number | null | undefined, number | null>;
  /** The courier remittance that paid for this parcel's cash, and when (migration 027); null until then. */
  cod_remittance_id: ColumnType<number | null, number | null | undefined, number | null>;
  cod_remitted_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A courier's Cash on Delivery remittance file as uploaded (migration 027; lib/orders/server/cod-remittances.ts). */
export interface CodRemittancesTable {
  id: Id;
  file_name: string;
  file_sha256: string;
  courier: string;
  uploaded_by: number;
  uploaded_at: Timestamp;
  /** The earliest and latest row dates (YYYY-MM-DD). */
  first_date: string | null;
  last_date: string | null;
  row_count: number;
  /** Rows that remitted a parcel (matched, short, over). */
  remitted_count: number;
  /** Rows that are not an exact match (short, over, unknown, not_cod, not_delivered, already_remitted, duplicate). */
  mismatch_count: number;
  /** COD parcels overdue (delivered long ago) that no remittance had named, when this one was uploaded. */
  missing_count: number;
  /** Paise: every row's amount; the amounts of the remitting rows; what they fell short by and exceeded by. */
  total_amount: number;
  remitted_amount: number;
  short_amount: number;
  over_amount: number;
}

/** One row of a remittance file and what the store made of it (migration 027). */
export interface CodRemittanceLinesTable {
  id: Id;
  remittance_id: number;
  /** The row's line number in the file (the header is 1). */
  row_number: number;
  awb: string;
  /** Paise the courier says it remitted for this AWB. */
  amount: number;
  /** YYYY-MM-DD. */
  remitted_on: string;
  outcome: "matched" | "short" | "over" | "unknown" | "not_cod" | "not_delivered" | "already_remitted" | "duplicate";
  shipment_id: number | null;
  order_id: number | null;
  /** Paise the parcel's COD amount; null when the AWB named no COD parcel. */
  expected: number | null;
  /** amount - expected (negative: short). */
  difference: number | null;
  /** For already_remitted: the remittance that had paid for it. */
  other_remittance_id: number | null;
}

/** A status a shipment reached, or a scan the courier reported (migration 020). */
export interface ShipmentEventsTable {
  id: Id;
  shipment_id: number;
  status: string;
  location: string | null;
  note: string | null;
  source: ShipmentSource;
  actor_id: number | null;
  occurred_at: Timestamp;
  created_at: Timestamp;
}

/**
 * The stock ledger: the rows of a product sum to its stock_quantity (migration 008), and the rows
 * of a variant to the variant's (migration 011).
 */
export interface StockMovementsTable {
  id: Id;
  product_id: number;
  /** The variant whose stock moved; null for a product without variants. */
  variant_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Units in (+) or out (−). */
  delta: number;
  reason: StockReason;
  order_id: number | null;
  order_line_id: number | null;
  actor: Actor;
  actor_id: number | null;
  /** Staff's reason for an adjustment. */
  note: string | null;
  created_at: Timestamp;
}

/** Money given back for an order (migration 008). */
export interface RefundsTable {
  id: Id;
  order_id: number;
  payment_id: number;
  /** The line whose claim it settles, if any. */
  order_line_id: number | null;
  /** Paise. */
  amount: number;
  method: RefundMethod;
  /** The bank or UPI transfer's reference; the provider's refund id for method original. */
  reference: string | null;
  provider_refund_id: string | null;
  status: RefundRecordStatus;
  idempotency_key: string;
  note: string | null;
  /** JSON [{lineId, quantity}]: the lines a refund gives back, for its credit note (migration 021). */
  credit_lines: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PaymentEventsTable {
  id: Id;
  provider: string;
  event_id: string;
  event_type: string;
  received_at: Timestamp;
}

/** The sandbox provider's own record of payments, as a real provider keeps it. */
export interface SandboxPaymentsTable {
  id: Id;
  payment_id: string;
  provider_order_id: string;
  amount: number;
  currency: string;
  /** 'captured' | 'failed', or 'refunded' once refunded in full (sandbox_refunds). */
  status: string;
  created_at: Timestamp;
}

/** A refund in the sandbox provider's books (migration 007). */
export interface SandboxRefundsTable {
  id: Id;
  refund_id: string;
  payment_id: string;
  /** Paise. */
  amount: number;
  currency: string;
  /** 'processed'. */
  status: string;
  reason: string;
  idempotency_key: string;
  created_at: Timestamp;
}

export interface InvoiceSeriesTable {
  /** "26-27" for 1 Apr 2026 – 31 Mar 2027. */
  financial_year: string;
  last_serial: number;
}

export interface InvoicesTable {
  id: Id;
  order_id: number;
  /** "KH/26-27/000123": at most 16 characters (CGST Rule 46(b)). */
  number: string;
  financial_year: string;
  serial: number;
  issued_at: Timestamp;
  pdf: Buffer | null;
}

export interface CreditNoteSeriesTable {
  /** "26-27". */
  financial_year: string;
  last_serial: number;
}

/** A GST credit note (CGST Rule 53(1A)): migration 021, lib/orders/server/credit-notes.ts. */
export interface CreditNotesTable {
  id: Id;
  order_id: number;
  refund_id: number | null;
  /** "CN/26-27/000001": at most 16 characters. */
  number: string;
  financial_year: string;
  serial: number;
  invoice_number: string;
  reason: string;
  /** Paise. */
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
  /** JSON of the document as issued (CreditNoteData). */
  data: string;
  /** The rendered PDF's name in the file storage's "creditnotes" folder; null until first rendered. */
  pdf_name: string | null;
  issued_at: Timestamp;
}

export interface CreditNoteLinesTable {
  id: Id;
  credit_note_id: number;
  order_id: number;
  /** null: the shipping charges. */
  order_line_id: number | null;
  quantity: number;
  /** Paise. */
  taxable: number;
  rate: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
}

/** A customer's return of pieces of one order line (migration 026; lib/orders/server/returns.ts). */
export interface ReturnsTable {
  id: Id;
  order_id: number;
  order_line_id: number;
  user_id: number;
  /** 'return' (changed their mind) | 'damage' (arrived damaged). */
  kind: string;
  quantity: number;
  reason: string;
  /** JSON array of stored names in the file storage's "returns" folder. */
  photos: ColumnType<string, string | undefined, string>;
  /** lib/orders/returns.ts RETURN_STATE. */
  state: string;
  decline_reason: string | null;
  /** 'pickup' (booked with the shipping provider) | 'customer' (sent by the customer). */
  send_method: string | null;
  carrier: string | null;
  awb: string | null;
  /** 'restock' | 'write_off'. */
  outcome: string | null;
  receive_note: string | null;
  credit_note_id: number | null;
  refund_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  decided_at: Timestamp | null;
  sent_at: Timestamp | null;
  received_at: Timestamp | null;
  refunded_at: Timestamp | null;
}

export interface BlogsTable {
  id: Id;
  title: string;
  slug: string;
  banner: string | null;
  short_description: string | null;
  description: string;
  author: string;
  meta_title: string | null;
  meta_description: string | null;
  published: Flag;
  published_at: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A slug a blog post ("blog") or CMS page ("page") had before (migration 019): its old address redirects to the slug of today. */
export interface ContentSlugRedirectsTable {
  kind: "blog" | "page";
  slug: string;
  target_id: number;
  created_at: Timestamp;
}

/** A question of the FAQ page (migration 019); `answer` may hold the shop's facts as placeholders (lib/content/faqs.ts). */
export interface FaqsTable {
  id: Id;
  question: string;
  answer: string;
  link_href: string | null;
  link_label: string | null;
  sort_order: number;
  active: Flag;
  updated_at: Timestamp;
}

/** A policy page's text as staff wrote it (migration 019), replacing the generated sections; placeholders as the FAQs'. */
export interface PolicyTextsTable {
  slug: string;
  body: string;
  updated_at: Timestamp;
}

export interface SlidersTable {
  id: Id;
  heading: string;
  subheading: string | null;
  photo: string;
  url: string | null;
  link_text: string | null;
  button_text: string | null;
  sort_order: number;
  active: Flag;
}

export interface CmsPagesTable {
  id: Id;
  title: string;
  slug: string;
  short_desc: string | null;
  content: string;
  /** When set, the page's product grid shows this category; otherwise the whole catalog. */
  category_id: number | null;
  meta_title: string | null;
  meta_description: string | null;
  published: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BusinessSettingsTable {
  id: Id;
  type: string;
  value: string | null;
  updated_at: Timestamp;
}

export interface NewsletterSubscribersTable {
  id: Id;
  email: string;
  created_at: Timestamp;
}

export interface ContactMessagesTable {
  id: Id;
  name: string;
  surname: string | null;
  email: string;
  phone: string | null;
  subject: string | null;
  message: string;
  created_at: Timestamp;
}

export interface EnquiriesTable {
  id: Id;
  kind: EnquiryKind;
  name: string;
  email: string;
  contact: string;
  address: string;
  message: string | null;
  created_at: Timestamp;
}

/** Where an inbox item comes from: an enquiry form or the contact page (migration 014_inbox). */
export type InboxSource = "enquiry" | "contact";
/** An enquiry's kind, or "contact" for a contact message. */
export type InboxKind = EnquiryKind | "contact";
export type InboxStatus = "new" | "in_progress" | "answered" | "closed";

/** The staff's state of one enquiry or contact message; the shopper's row stays as they sent it. */
export interface InboxItemsTable {
  id: Id;
  source: InboxSource;
  source_id: number;
  kind: InboxKind;
  status: ColumnType<InboxStatus, InboxStatus | undefined, InboxStatus>;
  assignee_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A staff note on an inbox item: append-only. */
export interface InboxNotesTable {
  id: Id;
  item_id: number;
  author_id: number;
  body: string;
  created_at: Timestamp;
}

/** A mail staff sent from the inbox, and the outbox event delivering it. */
export interface InboxRepliesTable {
  id: Id;
  item_id: number;
  author_id: number;
  to_address: string;
  subject: string;
  body: string;
  outbox_event_id: number | null;
  created_at: Timestamp;
}

export interface TestimonialsTable {
  id: Id;
  name: string;
  location: string | null;
  quote: string;
  rating: number;
  sort_order: number;
  active: Flag;
}

/** A staff note on a customer account: append-only (migration 022). */
export interface CustomerNotesTable {
  id: Id;
  user_id: number;
  author_id: number;
  body: string;
  created_at: Timestamp;
}

/** Staff notes on an order (migration 028): append-only, never shown to the customer. */
export interface OrderNotesTable {
  id: Id;
  order_id: number;
  author_id: number;
  body: string;
  created_at: Timestamp;
}

/** A search synonym rule (lib/catalog/synonyms.ts): JSON arrays of lowercase words; means "[]" is a two-way group. */
export interface SearchSynonymsTable {
  id: Id;
  words: string;
  means: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type GrievanceStatus = "open" | "acknowledged" | "resolved";

/** A complaint filed on /grievances, and the desk's state of it (migration 022). */
export interface GrievancesTable {
  id: Id;
  name: string;
  email: string;
  phone: string | null;
  order_code: string | null;
  user_id: number | null;
  message: string;
  status: ColumnType<GrievanceStatus, GrievanceStatus | undefined, GrievanceStatus>;
  acknowledged_at: string | null;
  acknowledged_by: number | null;
  resolved_at: string | null;
  resolved_by: number | null;
  resolution: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The desk's note on a grievance, or a reply mailed to the complainant (kind). */
export interface GrievanceNotesTable {
  id: Id;
  grievance_id: number;
  author_id: number;
  kind: "note" | "reply";
  body: string;
  created_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  accounts: AccountsTable;
  two_factors: TwoFactorsTable;
  staff_sign_ins: StaffSignInsTable;
  api_tokens: ApiTokensTable;
  audit_log: AuditLogTable;
  staff_settings: StaffSettingsTable;
  verifications: VerificationsTable;
  mail_outbox: MailOutboxTable;
  outbox_events: OutboxEventsTable;
  outbox_deliveries: OutboxDeliveriesTable;
  app_secrets: AppSecretsTable;
  countries: CountriesTable;
  states: StatesTable;
  cities: CitiesTable;
  addresses: AddressesTable;
  categories: CategoriesTable;
  category_slug_redirects: CategorySlugRedirectsTable;
  products: ProductsTable;
  product_photos: ProductPhotosTable;
  product_slug_redirects: ProductSlugRedirectsTable;
  product_options: ProductOptionsTable;
  product_option_values: ProductOptionValuesTable;
  product_variants: ProductVariantsTable;
  product_variant_values: ProductVariantValuesTable;
  attributes: AttributesTable;
  attribute_values: AttributeValuesTable;
  product_attribute_values: ProductAttributeValuesTable;
  recently_viewed: RecentlyViewedTable;
  carts: CartsTable;
  cart_lines: CartLinesTable;
  wishlists: WishlistsTable;
  coupons: CouponsTable;
  gst_rates: GstRatesTable;
  delivery_zones: DeliveryZonesTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  payments: PaymentsTable;
  order_events: OrderEventsTable;
  shipments: ShipmentsTable;
  shipment_events: ShipmentEventsTable;
  cod_remittances: CodRemittancesTable;
  cod_remittance_lines: CodRemittanceLinesTable;
  stock_movements: StockMovementsTable;
  refunds: RefundsTable;
  payment_events: PaymentEventsTable;
  sandbox_payments: SandboxPaymentsTable;
  sandbox_refunds: SandboxRefundsTable;
  invoice_series: InvoiceSeriesTable;
  invoices: InvoicesTable;
  credit_note_series: CreditNoteSeriesTable;
  credit_notes: CreditNotesTable;
  credit_note_lines: CreditNoteLinesTable;
  returns: ReturnsTable;
  blogs: BlogsTable;
  sliders: SlidersTable;
  cms_pages: CmsPagesTable;
  content_slug_redirects: ContentSlugRedirectsTable;
  faqs: FaqsTable;
  policy_texts: PolicyTextsTable;
  business_settings: BusinessSettingsTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  contact_messages: ContactMessagesTable;
  enquiries: EnquiriesTable;
  inbox_items: InboxItemsTable;
  inbox_notes: InboxNotesTable;
  inbox_replies: InboxRepliesTable;
  testimonials: TestimonialsTable;
  customer_notes: CustomerNotesTable;
  order_notes: OrderNotesTable;
  grievances: GrievancesTable;
  grievance_notes: GrievanceNotesTable;
  search_synonyms: SearchSynonymsTable;
}

export type Product = Selectable<ProductsTable>;
export type NewProduct = Insertable<ProductsTable>;
export type ProductUpdate = Updateable<ProductsTable>;
export type Category = Selectable<CategoriesTable>;
export type Blog = Selectable<BlogsTable>;
