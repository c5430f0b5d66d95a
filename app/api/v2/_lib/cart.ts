import type { NextRequest } from "next/server";
import type { ApiCart, ApiCartItem, ApiCartSummary } from "@/lib/api/types";
import { GUEST_COOKIE } from "@/lib/accounts/constants";
import { getConfig } from "@/lib/platform/config";
import { identify } from "@/lib/accounts";
import { mergeGuestCart, type CartOwner, type CartView } from "@/lib/cart";
import { ApiError } from "@/lib/platform/errors";
import { GUEST_ID_PATTERN, ownerQuerySchema } from "@/lib/cart/schemas";
import { parse } from "./http";
import { rupees } from "./present";
import { log } from "@/lib/platform/log";

/** docs/api-v2.md (Conventions): a change without a session or a guest cookie. */
export const NO_CART_SESSION = "You need to be logged in or have a guest session to add items to the cart.";

export type CartCaller = { owner: CartOwner | null; setCookies: string[] };

/** The guest_id cookie's value when it has the spec's form; anything else is no guest. */
export function guestIdOf(request: NextRequest): string | null {
  const value = request.cookies.get(GUEST_COOKIE)?.value ?? "";
  return GUEST_ID_PATTERN.test(value) ? value : null;
}

/**
 * Whose cart a request is about: the signed-in customer, else the guest cookie, else nobody.
 * user_id / temp_user_id sent by the spec's clients are only compared with the caller (403 when
 * they differ); they never choose a cart. Changes need X-Requested-With, which a page of another
 * site cannot send without a CORS preflight this API never grants.
 */
export async function cartCaller(request: NextRequest, claimed: { user_id?: number | null; temp_user_id?: string | null }, changes: boolean): Promise<CartCaller> {
  if (changes && !request.headers.get("x-requested-with")) {
    throw new ApiError(403, "This request must be sent by the store's pages (X-Requested-With header missing).");
  }
  // The query's values are checked on every call too, also where the route reads only its body.
  const fromQuery = parse(ownerQuerySchema, queryOf(request));
  const identity = await identify(request.headers);
  const guestId = guestIdOf(request);
  for (const claim of [claimed, fromQuery]) {
    if (claim.user_id !== undefined && claim.user_id !== null && claim.user_id !== 0) {
      if (!identity) throw new ApiError(401, "Please log in to continue.");
      if (claim.user_id !== identity.user.id) throw new ApiError(403, "You can only use your own cart.");
    }
    if (claim.temp_user_id && claim.temp_user_id !== guestId) throw new ApiError(403, "You can only use your own cart.");
  }
  if (identity) return { owner: { kind: "user", userId: identity.user.id }, setCookies: identity.setCookies };
  return { owner: guestId ? { kind: "guest", guestId } : null, setCookies: [] };
}

/** A change needs an owner; the message docs/api-v2.md gives otherwise. */
export function requireOwner(caller: CartCaller): CartOwner {
  if (!caller.owner) throw new ApiError(401, NO_CART_SESSION);
  return caller.owner;
}

/** Query parameters as an object, for the claimed-owner check. */
export const queryOf = (request: NextRequest) => Object.fromEntries(request.nextUrl.searchParams);

/** Clears the guest cookie after its cart moved into a customer's (it must never come back). */
export function clearGuestCookie(): string {
  const secure = getConfig().siteUrl.startsWith("https://") ? "; Secure" : "";
  return `${GUEST_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
}

export function presentSummary(view: CartView): ApiCartSummary {
  const t = view.totals;
  return {
    sub_total: rupees(t.subtotal),
    shipping_cost: rupees(t.shipping),
    coupon_discount: rupees(t.couponDiscount),
    tax: rupees(t.tax),
    tax_label: "Inclusive of all taxes",
    grand_total: rupees(t.total),
    coupon_code: view.coupon?.code ?? null,
    coupon_title: view.coupon?.title ?? null,
    coupon_applied: view.coupon !== null,
    shipping_method: view.shippingMethod,
    shipping_options: view.shippingOptions.map((o) => ({ ...o, fee: rupees(o.fee) })),
    delivery_pin: view.delivery.pin,
    delivery_message: view.delivery.message,
    count: view.count,
  };
}

export function presentCart(view: CartView, owner: CartOwner | null): ApiCart {
  const items: ApiCartItem[] = view.lines.map((l) => ({
    id: l.id,
    product_id: l.productId,
    product_slug: l.slug,
    product_name: l.name,
    product_thumbnail_image: l.thumbnail,
    variation: l.variant,
    variant_id: l.variantId,
    quantity: l.quantity,
    lower_limit: 1,
    upper_limit: l.maxQuantity,
    price: rupees(l.unitPrice),
    previous_price: l.previousPrice === null ? null : rupees(l.previousPrice),
    list_price: rupees(l.listPrice),
    line_total: rupees(l.lineTotal),
    availability: l.availability,
    stock_quantity: l.stock,
    gst_rate: l.gstRate,
    gst: rupees(l.gst),
  }));
  return {
    result: true,
    grand_total: rupees(view.totals.total),
    count: view.count,
    notices: view.notices,
    summary: presentSummary(view),
    data: [{ owner: owner?.kind === "user" ? "customer" : "guest", cart_items: items }],
  };
}

/**
 * At sign-in (password, code, or the sign-up confirmation): the guest cart of this browser (its
 * cookie, or the spec's guestId field from a client without cookies) moves into the customer's
 * cart, and the guest cookie is cleared. A failed merge is logged and never fails the sign-in;
 * the guest cart then stays where it was.
 */
export async function mergeAtSignIn(request: NextRequest, bodyGuestId: string | null | undefined, userId: number): Promise<string[]> {
  const guestId = guestIdOf(request) ?? (bodyGuestId && GUEST_ID_PATTERN.test(bodyGuestId) ? bodyGuestId : null);
  if (!guestId) return [];
  try {
    await mergeGuestCart(guestId, userId);
    return request.cookies.has(GUEST_COOKIE) ? [clearGuestCookie()] : [];
  } catch (error) {
    log.error({ err: error }, "cart merge at sign-in failed");
    return [];
  }
}
