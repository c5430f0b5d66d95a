"use client";

import { getCookie, setCookie } from "cookies-next/client";
import { useSyncExternalStore } from "react";
import toast from "react-hot-toast";
import { apiGet, apiPost, messageOf } from "@/lib/api/client";
import { GUEST_COOKIE, SIGNED_IN_HINT_COOKIE } from "@/lib/accounts/constants";

/**
 * The cart as client islands share it on cached pages: the header count and whether the mini
 * cart is open. Nothing here is fetched for a visitor who has neither a session hint nor a guest
 * cookie (their cart is empty by definition), so a first visit costs no request.
 */

export const NO_GUEST_SESSION = "You need to be logged in or have a guest session to add items to the cart.";
export const CART_CHANGED = "kesar:cart-changed";

/** docs/api-v2.md (Conventions): "guest_" plus 9 random characters, kept 30 days. */
export const GUEST_DAYS = 30;
const GUEST_PATTERN = /^guest_[A-Za-z0-9]{9}$/;
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** 9 characters from the browser's CSPRNG, without modulo bias (bytes ≥ 248 are redrawn). */
export function newGuestId(): string {
  let out = "guest_";
  while (out.length < 15) {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    for (const b of bytes) {
      if (b < 248 && out.length < 15) out += ALPHABET[b % 62];
    }
  }
  return out;
}

const readCookie = (name: string) => {
  const value = getCookie(name);
  return typeof value === "string" ? value : undefined;
};

const maybeSignedIn = () => readCookie(SIGNED_IN_HINT_COOKIE) === "1";
const guestId = () => {
  const value = readCookie(GUEST_COOKIE);
  return value && GUEST_PATTERN.test(value) ? value : undefined;
};

/**
 * The guest cookie, created on a guest's first Add to Cart. Null when the browser refuses
 * cookies (the spec's message is shown then). A signed-in customer needs none.
 */
export function ensureCartSession(): boolean {
  if (maybeSignedIn() || guestId()) return true;
  setCookie(GUEST_COOKIE, newGuestId(), { maxAge: GUEST_DAYS * 24 * 60 * 60, path: "/", sameSite: "lax", secure: location.protocol === "https:" });
  return guestId() !== undefined;
}

/** count: null until known; open: the mini cart is showing; opened: it has been opened on this page (its code is loaded). */
type State = { count: number | null; open: boolean; opened: boolean };
let state: State = { count: null, open: false, opened: false };
const listeners = new Set<() => void>();
const emit = (next: Partial<State>) => {
  state = { ...state, ...next };
  for (const l of listeners) l();
};
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const SERVER_STATE: State = { count: null, open: false, opened: false };

export function useCartState(): State {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => SERVER_STATE,
  );
}

let loading: Promise<void> | null = null;

/** Reads the count from the server (once per page load unless `force`). */
export function loadCount(force = false): Promise<void> {
  if (!maybeSignedIn() && !guestId()) {
    emit({ count: 0 });
    return Promise.resolve();
  }
  if (loading && !force) return loading;
  loading = apiGet<{ count: number }>("/cart-count")
    .then((a) => emit({ count: a.count }))
    .catch(() => {
      // The header keeps its last count; the cart page shows the real state.
      toast.error("An error occurred while fetching cart count.");
    });
  return loading;
}

/** A change made elsewhere (cart page, wishlist page): take its count, or ask again; maybe open the mini cart. */
export function cartChanged(detail: { count?: number; open?: boolean } = {}): void {
  if (typeof detail.count === "number") emit({ count: detail.count });
  else void loadCount(true);
  if (detail.open) emit({ open: true, opened: true });
}

export const openMiniCart = () => emit({ open: true, opened: true });
export const closeMiniCart = () => emit({ open: false });

if (typeof window !== "undefined") {
  window.addEventListener(CART_CHANGED, (event) => cartChanged((event as CustomEvent<{ count?: number; open?: boolean }>).detail ?? {}));
}

/**
 * Add to Cart for product cards, the product page (with the chosen variant's label) and the
 * wishlist: makes the guest cookie if
 * needed, adds, updates the header count from the answer and opens the mini cart. Errors are
 * shown as toasts with the server's message. Returns whether the product was added.
 */
export async function addToCart(productId: number, quantity: number, variant = ""): Promise<boolean> {
  if (!ensureCartSession()) {
    toast.error(NO_GUEST_SESSION);
    return false;
  }
  try {
    const answer = await apiPost<{ result: boolean; message: string; count: number }>("/carts/add", { id: productId, variant, quantity });
    if (!answer.result) {
      toast.error(answer.message || "An error occurred while processing your request.");
      return false;
    }
    toast.success(answer.message);
    cartChanged({ count: answer.count, open: true });
    return true;
  } catch (error) {
    toast.error(messageOf(error, "An error occurred. Please try again."));
    return false;
  }
}
