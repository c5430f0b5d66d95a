"use client";

import { useEffect, useSyncExternalStore } from "react";
import toast from "react-hot-toast";
import { ApiRequestError, apiGet, apiRequest, messageOf } from "@/lib/api/client";
import type { ApiList, ApiWishlistChange, ApiWishlistItem } from "@/lib/api/types";
import { useMaybeSignedIn } from "@/lib/accounts/client/session";

export const WISHLIST_ADD_FAILED = "An error occurred. Please try again.";
export const WISHLIST_REMOVE_FAILED = "Failed to remove item from wishlist.";

/**
 * The signed-in customer's wishlist as every island of a page sees it (hearts on cards, the
 * product page's button, the /wishlists grid): one GET /wishlists per page load, and only when the
 * hint cookie says someone may be signed in. Changes show at once and are rolled back (with a
 * toast) when the server refuses them.
 */
export type WishlistSnapshot = {
  /** "idle" before the first load, "signed-out" when the server said there is no session. */
  status: "idle" | "loading" | "ready" | "signed-out" | "error";
  /** Product ids in the list, pending changes included. */
  ids: ReadonlySet<number>;
};

const listeners = new Set<() => void>();
/** What the server last confirmed. */
let confirmed = new Set<number>();
/** Changes sent and not answered yet, by product id; the newest change of a product wins. */
const pending = new Map<number, { want: boolean; seq: number }>();
let seq = 0;
/** Changes the server took while the list was loading: the list may have been read before them. */
const takenWhileLoading = new Map<number, boolean>();
let status: WishlistSnapshot["status"] = "idle";
let snapshot: WishlistSnapshot = { status, ids: new Set() };
const SERVER_SNAPSHOT: WishlistSnapshot = { status: "idle", ids: new Set() };

function emit() {
  const ids = new Set(confirmed);
  for (const [id, change] of pending) {
    if (change.want) ids.add(id);
    else ids.delete(id);
  }
  snapshot = { status, ids };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let loading: Promise<void> | null = null;

/** Loads the list once per page load (a full reload starts again with fresh module state). */
export function loadWishlist(): Promise<void> {
  loading ??= (async () => {
    status = "loading";
    emit();
    try {
      const answer = await apiGet<ApiList<ApiWishlistItem[]>>("/wishlists");
      confirmed = new Set(answer.data.map((item) => item.product.id));
      for (const [id, inList] of takenWhileLoading) {
        if (inList) confirmed.add(id);
        else confirmed.delete(id);
      }
      status = "ready";
    } catch (error) {
      status = error instanceof ApiRequestError && error.status === 401 ? "signed-out" : "error";
    }
    takenWhileLoading.clear();
    emit();
  })();
  return loading;
}

async function change(slug: string, productId: number, want: boolean): Promise<boolean> {
  const mine = ++seq;
  pending.set(productId, { want, seq: mine });
  emit();
  const settle = () => {
    if (pending.get(productId)?.seq === mine) pending.delete(productId);
  };
  try {
    const path = `/wishlists-${want ? "add" : "remove"}-product/${encodeURIComponent(slug)}`;
    const answer = await apiRequest<ApiWishlistChange>(path, { method: "POST" });
    if (answer.is_in_wishlist) confirmed.add(productId);
    else confirmed.delete(productId);
    if (status === "loading") takenWhileLoading.set(productId, answer.is_in_wishlist);
    settle();
    emit();
    toast.success(answer.message);
    return true;
  } catch (error) {
    settle();
    // The session ended: hearts turn back into links to /login.
    if (error instanceof ApiRequestError && error.status === 401) status = "signed-out";
    emit();
    toast.error(messageOf(error, want ? WISHLIST_ADD_FAILED : WISHLIST_REMOVE_FAILED));
    return false;
  }
}

/** Saves a product; resolves to whether the server took it. */
export const addToWishlist = (slug: string, productId: number) => change(slug, productId, true);
/** Drops a product; resolves to whether the server took it. */
export const removeFromWishlist = (slug: string, productId: number) => change(slug, productId, false);

export type WishlistApi = WishlistSnapshot & {
  /** Whether someone may be signed in (the hint cookie) and the server has not said otherwise. */
  signedIn: boolean;
  has: (productId: number) => boolean;
  add: typeof addToWishlist;
  remove: typeof removeFromWishlist;
};

/** The shared wishlist, loaded on first use when someone may be signed in. */
export function useWishlist(): WishlistApi {
  const maybe = useMaybeSignedIn();
  const state = useSyncExternalStore(subscribe, () => snapshot, () => SERVER_SNAPSHOT);
  useEffect(() => {
    if (maybe) void loadWishlist();
  }, [maybe]);
  return {
    ...state,
    signedIn: maybe && state.status !== "signed-out",
    has: (productId) => state.ids.has(productId),
    add: addToWishlist,
    remove: removeFromWishlist,
  };
}

/** For tests: forgets everything, as a new page load does. */
export function resetWishlistStore(): void {
  confirmed = new Set();
  pending.clear();
  takenWhileLoading.clear();
  seq = 0;
  loading = null;
  status = "idle";
  snapshot = { status, ids: new Set() };
  for (const listener of listeners) listener();
}
