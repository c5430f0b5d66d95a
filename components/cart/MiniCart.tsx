"use client";

import Image from "next/image";
import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import toast from "react-hot-toast";
import { Icon } from "@/components/ui/Icon";
import { apiPost, apiRequest, messageOf } from "@/lib/api/client";
import type { ApiCart } from "@/lib/api/types";
import { cartChanged, closeMiniCart, useCartState } from "@/lib/cart/client/cart";
import { formatRupees } from "@/lib/platform/format";

/**
 * The mini cart: a drawer from the right, opened by the header icon and after Add to Cart, with
 * each line's photo, name, price, quantity and a remove button, the subtotal, View Cart and
 * Checkout. Built on the native <dialog> (focus stays inside, Escape and a press outside close it).
 */
export function MiniCart() {
  const { open, count } = useCartState();
  const ref = useRef<HTMLDialogElement>(null);
  const [cart, setCart] = useState<ApiCart | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);

  const [version, setVersion] = useState(0);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // Read the cart when the drawer opens, and again after a change (another Add to Cart, a removal).
  useEffect(() => {
    if (!open) return;
    let live = true;
    apiPost<ApiCart>("/carts", {})
      .then((next) => {
        if (!live) return;
        setCart(next);
        setError(null);
      })
      .catch(() => live && setError("Failed to fetch cart data."));
    return () => {
      live = false;
    };
  }, [open, count, version]);

  const remove = async (id: number) => {
    setRemoving(id);
    try {
      const answer = await apiRequest<{ message: string; count: number }>(`/carts/${id}`, { method: "DELETE" });
      toast.success(answer.message);
      cartChanged({ count: answer.count });
      setVersion((v) => v + 1);
    } catch (e) {
      toast.error(messageOf(e, "Failed to remove item from cart"));
    } finally {
      setRemoving(null);
    }
  };

  const items = cart?.data[0]?.cart_items ?? [];
  return (
    <dialog
      ref={ref}
      aria-labelledby="mini-cart-title"
      onCancel={(event) => {
        event.preventDefault();
        closeMiniCart();
      }}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) closeMiniCart();
      }}
      className="mt-0 mr-0 mb-0 ml-auto h-dvh max-h-dvh w-full max-w-sm bg-white p-0 text-ink shadow-2xl backdrop:bg-navy/50"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between border-b border-sand px-5 py-4">
          <h2 id="mini-cart-title" className="text-lg font-semibold">
            Your cart
          </h2>
          <button type="button" onClick={closeMiniCart} aria-label="Close cart" className="rounded-full p-1 text-ink/70 hover:text-ink">
            <Icon name="close" />
          </button>
        </div>
        <div className="flex-1 overflow-y-auto px-5 py-4">
          {error ? (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : !cart ? (
            <p className="text-sm text-ink/70">Loading...</p>
          ) : items.length === 0 ? (
            <p className="text-sm text-ink/70">Your cart is empty.</p>
          ) : (
            <ul className="divide-y divide-sand" data-testid="mini-cart-lines">
              {items.map((item) => (
                <li key={item.id} className="flex gap-3 py-3">
                  <div className="relative h-16 w-16 shrink-0 overflow-hidden rounded-lg bg-sand">
                    {item.product_thumbnail_image ? <Image src={item.product_thumbnail_image} alt="" fill sizes="64px" className="object-cover" /> : null}
                  </div>
                  <div className="min-w-0 flex-1 text-sm">
                    <Link href={`/products/${item.product_slug}`} onClick={closeMiniCart} className="line-clamp-2 font-medium hover:text-saffron">
                      {item.product_name}
                    </Link>
                    {item.variation ? <p className="text-ink/70">{item.variation}</p> : null}
                    <p className="mt-1 text-ink/70">
                      {formatRupees(item.price)} × {item.quantity}
                    </p>
                  </div>
                  <button
                    type="button"
                    onClick={() => void remove(item.id)}
                    disabled={removing === item.id}
                    aria-label={`Remove ${item.variation ? `${item.product_name} (${item.variation})` : item.product_name} from cart`}
                    className="self-start rounded-full p-1 text-ink/60 hover:text-red-700 disabled:opacity-40"
                  >
                    <Icon name="trash" size={18} />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="border-t border-sand px-5 py-4">
          <p className="flex justify-between text-sm font-semibold">
            <span>Subtotal</span>
            <span data-testid="mini-cart-subtotal">{formatRupees(cart?.summary.sub_total ?? 0)}</span>
          </p>
          <p className="mt-1 text-xs text-ink/60">Inclusive of all taxes. Shipping and coupons on the cart page.</p>
          <div className="mt-4 grid grid-cols-2 gap-3">
            <Link href="/cart" onClick={closeMiniCart} className="inline-flex items-center justify-center rounded-full border border-navy px-4 py-2.5 text-sm font-semibold text-navy hover:bg-navy hover:text-white">
              View Cart
            </Link>
            <Link href="/checkout" onClick={closeMiniCart} className="btn-primary justify-center">
              Checkout
            </Link>
          </div>
        </div>
      </div>
    </dialog>
  );
}
