/**
 * JSON shapes of API v2 (docs/api-v2.md), spellings included. Shared by the route handlers that
 * produce them and the client code that reads them. Money is in rupees (paise / 100).
 */
export type ApiList<T> = { data: T; success: true; status: number };
export type ApiMeta = { current_page: number; last_page: number; per_page: number; total: number };
export type ApiPaginated<T> = { data: T[]; meta: ApiMeta; success: true; status: number };

/** What GET /api/v2/products/search adds to `meta` of every list: how many results each filter value would give with the other filters in force. */
export type ApiListMeta = ApiMeta & {
  facets: {
    availability: Record<ApiAvailability, number>;
    price: Record<"under_10000" | "10000_20000" | "20000_30000" | "above_30000", number>;
    attributes: { name: string; key: string; values: { value: string; count: number }[] }[];
  };
};

/**
 * And for a search by words (docs/api-v2.md): the words read as others, the word left out, the
 * categories whose names match; for a search that found nothing, queries that find something and
 * popular products.
 */
export type ApiSearchMeta = ApiListMeta & {
  corrections: { from: string; to: string }[];
  unmatched: string | null;
  categories: { name: string; slug: string }[];
  suggestions: string[];
  popular: ApiProductCard[];
};
export type ApiAction = { result: boolean; message: string };
export type ApiErrorBody = { result: false; message: string; errors?: Record<string, string[]> };

export type ApiBusinessSetting = { type: string; value: string | null };

export type ApiCategory = {
  id: number;
  name: string;
  slug: string;
  cover_image: string | null;
  description: string | null;
  subcategories: ApiSubcategory[];
};
export type ApiSubcategory = Omit<ApiCategory, "subcategories">;

export type ApiSlider = {
  id: number;
  heading: string;
  subheading: string | null;
  photo: string;
  url: string | null;
  link_text: string | null;
  button_text: string | null;
};

export type ApiAvailability = "in_stock" | "made_to_order" | "out_of_stock";

export type ApiProductCard = {
  id: number;
  slug: string;
  name: string;
  thumbnail_image: string | null;
  main_price: number;
  /** The list price (spelled as in the contract). */
  stocked_price: number;
  discount: number;
  stock_quantity: number;
  availability: ApiAvailability;
  currency: "INR";
  /** Sold by variant: carts/add needs one of its variants (see the product's `variants`). */
  has_variants: boolean;
  /** How many variants (0 when it has none). */
  variant_count: number;
};

/** One variant of a product (docs/api-v2.md, "Variants"). Money in rupees. */
export type ApiProductVariant = {
  id: number;
  sku: string;
  /** What carts/add's `variant` takes (or the SKU), and what a cart line's and an order line's `variation` show: "7 ft", "King / Ivory". */
  label: string;
  /** The ?variant= of a link to the product page with this variant chosen. */
  slug: string;
  /** Its value of each option, by option name. */
  options: Record<string, string>;
  main_price: number;
  stroked_price: number;
  discount: string;
  stock_quantity: number;
  availability: ApiAvailability;
  /** Its own photo, or null for the product's. */
  photo: string | null;
};

export type ApiProductDetail = {
  id: number;
  slug: string;
  name: string;
  sku: string;
  meta_title: string;
  meta_description: string;
  thumbnail_image: string | null;
  photos: { path: string; alt: string; width: number; height: number }[];
  stroked_price: number;
  main_price: number;
  /** Percent off as a string of digits, "0" when not discounted. */
  discount: string;
  stock_quantity: number;
  availability: ApiAvailability;
  currency: "INR";
  short_description: string | null;
  description: string;
  key_features: string;
  maintenance: string;
  warranty_summary: string;
  return_policy: string;
  about_heading: string | null;
  about_description: string | null;
  about_image: string | null;
  additonal_heading: string | null;
  additonal_description: string | null;
  additonal_image: string | null;
  category: { id: number; name: string; slug: string } | null;
  attributes: { name: string; value: string }[];
  /** The option types and their values, in order; empty for a product without variants. */
  options: { name: string; values: string[] }[];
  /** Empty for a product without variants. The product's own prices, stock and availability are then the group's: the lowest price, the sum, the best. */
  variants: ApiProductVariant[];
};

export type ApiFilterGroup = {
  /** The attribute's name (Material, Colour, …), or Price, Availability, Advanced. */
  key: string;
  name: string;
  /** The query parameter this group sets on /products/search. */
  param: "selected_attribute_values[]" | "price" | "availability" | "advanced_filters";
  /** An attribute's own key (`colour`): /products/search?colour=Blue, as the shop's listing pages use it. */
  query_key?: string;
  options: { value: string; label: string }[];
};

export type ApiBlog = {
  id: number;
  title: string;
  slug: string;
  banner: string | null;
  short_description: string;
  author: string;
  published_at: string;
  created_at: string;
};
export type ApiBlogDetail = ApiBlog & { description: string; meta_title: string; meta_description: string };

export type ApiCmsPage = {
  id: number;
  title: string;
  slug: string;
  short_desc: string | null;
  content: string;
  meta_title: string;
  meta_description: string;
};

export type ApiOption = { id: number; name: string };

/** The signed-in customer (user_data in docs/api-v2.md, plus phone and the verified flag). */
export type ApiUser = {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  avatar: string | null;
  /** The same photo; the old site read avatar_original from get-user-by-access_token. */
  avatar_original: string | null;
  email_verified: boolean;
};

/** POST /auth/login and /auth/otp/verify. */
export type ApiLoginAnswer = ApiAction & { access_token: string; token_type: "Bearer"; user: ApiUser };

/** A shipping address (docs/api-v2.md), ids of the country, state and city with their names. */
export type ApiAddress = {
  id: number;
  user_id: number;
  address: string;
  country: number;
  state: number;
  city: number;
  country_name: string;
  state_name: string;
  city_name: string;
  postal_code: string;
  phone: string;
  set_default: 0 | 1;
};

export type ApiCoupon = { title: string; code: string };

/** One line of POST /carts. Money in rupees, as every API v2 amount. */
export type ApiCartItem = {
  id: number;
  product_id: number;
  product_slug: string;
  product_name: string;
  product_thumbnail_image: string | null;
  /** The variant's label ("7 ft"); "" for a product without variants. */
  variation: string;
  /** The variant's id; null for a product without variants. */
  variant_id: number | null;
  quantity: number;
  lower_limit: number;
  upper_limit: number;
  price: number;
  /** The price when the shopper added it, when the catalog price changed since; else null. */
  previous_price: number | null;
  list_price: number;
  line_total: number;
  availability: "in_stock" | "made_to_order" | "out_of_stock";
  stock_quantity: number;
  gst_rate: number;
  gst: number;
};

/**
 * A shipping method of the cart. `days` ("5-10 business days") and `delivery` are the promise of
 * the cart's lines by this method: for the summary's `delivery_pin` the dates and "Delivery by
 * Fri, 28 Nov" (as checkout shows them for that PIN), without one "Delivery in 5-10 business
 * days" over every served zone; both null when nothing in the cart can be sent there.
 */
export type ApiShippingOption = {
  method: "standard" | "express";
  name: string;
  days: string | null;
  fee: number;
  delivery: { from: string; to: string; text: string } | null;
};

/** POST /cart-summary: every figure of the cart's order summary, in rupees. */
export type ApiCartSummary = {
  sub_total: number;
  shipping_cost: number;
  coupon_discount: number;
  /** GST contained in the total (prices are tax-inclusive). */
  tax: number;
  tax_label: string;
  grand_total: number;
  coupon_code: string | null;
  coupon_title: string | null;
  coupon_applied: boolean;
  shipping_method: "standard" | "express";
  shipping_options: ApiShippingOption[];
  /** The PIN the promises are for: the one asked for (?pin=), else the customer's default address's; null for none. */
  delivery_pin: string | null;
  /** Why that PIN gets no promise ("We do not deliver to this PIN code yet"); null otherwise. */
  delivery_message: string | null;
  count: number;
};

/** POST /carts. */
export type ApiCart = {
  result: true;
  grand_total: number;
  count: number;
  notices: string[];
  summary: ApiCartSummary;
  data: { owner: "customer" | "guest"; cart_items: ApiCartItem[] }[];
};

/** GET /delivery-check?pin=&product= (dates are ISO YYYY-MM-DD in India). */
export type ApiDeliveryCheck =
  | { result: true; serviceable: false; message: string; pin: string }
  | {
      result: true;
      serviceable: true;
      message: string;
      pin: string;
      /** null when the product is out of stock. */
      date: string | null;
      zone: string;
      express?: { message: string; date: string };
    };

/** A wishlist item (docs/api-v2.md): base_price is the selling price in rupees. */
export type ApiWishlistItem = {
  id: number;
  product: { id: number; slug: string; name: string; thumbnail_image: string | null; base_price: number; availability: ApiAvailability; currency: "INR"; has_variants: boolean };
};

/** GET /wishlists-add-product/{slug} and /wishlists-remove-product/{slug}. */
export type ApiWishlistChange = ApiAction & { is_in_wishlist: boolean };

/* ----------------------------------------------------------------------------------------------
 * Checkout, payments and orders. The presenters in app/api/v2/_lib declare these as their return
 * types, so an answer and what the client reads of it cannot drift apart.
 * -------------------------------------------------------------------------------------------- */

/** One line of GET /checkout/summary. */
export type ApiCheckoutLine = {
  id: number;
  product_id: number;
  name: string;
  /** The variant's label ("7 ft"); "" for a product without variants. */
  variation: string;
  slug: string;
  image: string | null;
  quantity: number;
  unit_price: number;
  line_total: number;
  availability: ApiAvailability;
};

/** A shipping method checkout offers, with its fee and the delivery window for the chosen address. */
export type ApiShippingChoice = {
  method: "standard" | "express";
  label: string;
  fee: number;
  delivery: { from: string; to: string; text: string } | null;
};

/** GET /checkout/summary (money in rupees, like the cart API). */
export type ApiCheckoutSummary = {
  result: true;
  lines: ApiCheckoutLine[];
  subtotal: number;
  shipping_cost: number;
  coupon_code: string | null;
  coupon_discount: number;
  tax: number;
  grand_total: number;
  shipping_methods: ApiShippingChoice[];
  deliverable: boolean;
  delivery_message: string | null;
  cod: { allowed: boolean; limit: number; message: string | null };
  online: { available: boolean; provider: "sandbox" | "razorpay" | null };
  notices: string[];
};

/** POST /checkout/place: the same for the first submit and a replay of its Idempotency-Key. */
export type ApiPlacedOrder = {
  result: true;
  message: string;
  order: { id: number; code: string; grand_total: number; payment_type: string; payment_status: string; delivery_status: string };
  /** Where the browser goes next: a Cash on Delivery order's confirmation, or the payment of an online one. */
  next: string;
};

/** POST /payments/start: the parameters the browser opens the provider's checkout with. */
export type ApiPaymentStart = {
  result: true;
  provider: "sandbox" | "razorpay";
  key_id: string;
  provider_order_id: string;
  /** Paise (the providers' unit), unlike every other API v2 amount. */
  amount: number;
  currency: "INR";
  name: string;
  description: string;
  prefill: { name: string; email: string; contact: string };
  callback_url: string;
  checkout_url: string | null;
};

/** POST /payments/sandbox/pay: the fields the sandbox's page posts to callback_url. */
export type ApiSandboxPay = { result: true; payment_id: string; fields: Record<string, string> };

/** A row of GET /purchase-history. */
export type ApiOrderRow = {
  id: number;
  code: string;
  date: string;
  grand_total: number;
  delivery_status: string;
  payment_status: string;
  payment_type: string;
};

/** GET /purchase-history-details/{id}. */
export type ApiOrderDetail = {
  id: number;
  code: string;
  date: string;
  delivery_status: string;
  delivery_status_string: string;
  payment_status: string;
  payment_type: string;
  grand_total: number;
  shipping_type_string: string;
  estimated_delivery: string | null;
  shipping_address: { name: string; email: string; address: string; city: string; state: string; country: string; postal_code: string; phone: string };
  subtotal: number;
  shipping_cost: number;
  tax: number;
  coupon_discount: number;
  /** The order's parcels: carrier, AWB, tracking link, status and their events, oldest first. */
  shipments: ApiShipment[];
  /** Placed, Confirmed, Shipped, Out for delivery, Delivered (or Returned): each with its time, null when not yet. */
  timeline: { step: string; at: string | null; done: boolean }[];
};

export type ApiShipment = {
  id: number;
  provider: string;
  carrier: string;
  awb: string | null;
  tracking_url: string | null;
  status: string;
  status_label: string;
  created_at: string;
  delivered_at: string | null;
  returned_at: string | null;
  events: { status: string; label: string; location: string | null; note: string | null; source: string; at: string }[];
};

/** A line of GET /purchase-history-items/{id}. */
export type ApiOrderItem = {
  id: number;
  product_name: string;
  product_slug: string | null;
  variation: string | null;
  quantity: number;
  delivery_status_string: string;
  price: number;
  refund_status: string | null;
  refund_button: boolean;
  refund_label: string;
};

/** A product photo in the back office's answers (/api/v2/admin/products/{slug}/photos). */
export type ApiAdminProductPhoto = { id: number; path: string; alt: string; width: number; height: number; position: number; main: boolean; uploaded: boolean };

/**
 * A product as the back office's API answers it (GET, POST, PATCH /api/v2/admin/products…): every
 * field it can change, with the back office's own names (care_instructions, additional_*), money
 * in rupees, and what only staff see: the GST rate its HSN code implies, old slugs, archived_at,
 * whether it was ever ordered.
 */
export type ApiAdminProduct = {
  id: number;
  slug: string;
  sku: string;
  name: string;
  category_id: number | null;
  category: { id: number; name: string; slug: string } | null;
  main_price: number;
  stocked_price: number;
  discount: number;
  stock_quantity: number;
  availability: ApiAvailability;
  made_to_order: boolean;
  lead_time_days: number | null;
  is_featured: boolean;
  is_popular: boolean;
  published: boolean;
  archived: boolean;
  archived_at: string | null;
  hsn_code: string | null;
  /** Read-only: the GST rate (percent) the HSN code implies at today's price, or the shop's default rate (`gst_rate_source` "default"). */
  gst_rate: number;
  gst_rate_source: "hsn" | "default";
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
  meta_title: string | null;
  meta_description: string | null;
  thumbnail_image: string | null;
  photos: ApiAdminProductPhoto[];
  attributes: Record<string, string[]>;
  variants: { id: number; sku: string; label: string; slug: string; main_price: number; stocked_price: number; stock_quantity: number; availability: ApiAvailability; photo: string | null }[];
  old_slugs: string[];
  ever_ordered: boolean;
  url: string;
  created_at: string;
  updated_at: string;
};
