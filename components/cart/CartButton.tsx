"use client";

import { lazy, Suspense, useEffect } from "react";
import { Icon } from "@/components/ui/Icon";
import { loadCount, openMiniCart, useCartState } from "@/lib/cart/client/cart";

/** The mini cart (and its list code) loads the first time it opens, not with every page. */
const MiniCart = lazy(() => import("./MiniCart").then((m) => ({ default: m.MiniCart })));

/**
 * The header's cart icon and count: a client island, so cached pages stay the same for every
 * shopper. The count comes from POST /cart-count once per page load (none for a first-time
 * visitor) and follows every change made on the page without a reload.
 */
export function CartButton() {
  const { count, opened } = useCartState();
  useEffect(() => {
    void loadCount();
  }, []);
  const shown = count ?? 0;
  return (
    <>
      <button
        type="button"
        onClick={openMiniCart}
        className="relative flex shrink-0 items-center rounded-full p-1.5 hover:text-saffron"
        aria-label={`Cart, ${shown} ${shown === 1 ? "item" : "items"}`}
        aria-haspopup="dialog"
      >
        <Icon name="cart" size={22} />
        <span
          data-testid="cart-count"
          aria-hidden="true"
          className={`absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-saffron px-1 text-[11px] leading-none font-semibold text-white ${count === null ? "invisible" : ""}`}
        >
          {shown > 99 ? "99+" : shown}
        </span>
      </button>
      {opened ? (
        <Suspense fallback={null}>
          <MiniCart />
        </Suspense>
      ) : null}
    </>
  );
}
