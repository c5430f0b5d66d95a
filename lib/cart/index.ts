import "server-only";

/**
 * Cart: the cart and its lines, coupons, shipping methods and fees, delivery zones and promises,
 * GST and the totals, and the wishlist.
 *
 * This file is the domain's server API: pages, route handlers and other domains import from here.
 * Pure rules that client code and other domains may use sit beside it: money.ts, gst.ts, commerce-admin.ts (the back office's schemas),
 * totals.ts, coupons.ts, shipping.ts, delivery.ts, schemas.ts and delivery-schemas.ts (zod), and
 * the browser's helpers client/cart.ts and client/wishlist.ts.
 */

export { addToCart, applyCoupon, CART_MESSAGES, cartCount, cartLineUnits, type CartLineView, type CartOwner, type CartView, changeQuantity, checkCoupon, lineUnit, loadGstRates, mergeGuestCart, readCart, removeCoupon, removeLine, setShippingMethod } from "./server/cart";
export { availableCoupons } from "./server/coupons";
export { checkDelivery, findDeliveryZone, getActiveZones } from "./server/delivery";
export { getShippingConfig } from "./server/shipping";
export { addToWishlist, listWishlist, readWishlist, removeFromWishlist, WISHLIST_ADDED, WISHLIST_REMOVED, type WishlistItem } from "./server/wishlist";
export {
  type AdminCoupon,
  type AdminGstRate,
  type AdminZone,
  checkPin,
  COMMERCE_MESSAGES,
  type CouponPage,
  createCoupon,
  createGstRate,
  createZone,
  deleteCoupon,
  deleteGstRate,
  getCoupon,
  getGstRate,
  getZone,
  type GstLookup,
  listCoupons,
  listGstRates,
  listZones,
  lookupGstRate,
  type PinCheck,
  shippingSettings,
  updateCoupon,
  updateGstRate,
  updateShippingSettings,
  updateZone,
} from "./server/commerce-admin";
