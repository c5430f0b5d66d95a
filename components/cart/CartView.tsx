"use client";

import Image from "next/image";
import Link from "next/link";
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { Icon } from "@/components/ui/Icon";
import { apiPost, apiRequest, messageOf } from "@/lib/api/client";
import type { ApiCart, ApiCartItem, ApiCartSummary } from "@/lib/api/types";
import { cartChanged } from "@/lib/cart/client/cart";
import { formatRupees } from "@/lib/platform/format";

/** A quantity is sent once the shopper pauses this long, not on every press. */
export const QUANTITY_PAUSE_MS = 600;

type LineState = { quantity: number; error: string | null; saving: boolean };

/**
 * The cart page: lines with quantity steppers and remove, the coupon box, the shipping method,
 * the order summary, and Checkout. Every change goes to the API and the page then shows the
 * server's cart (prices, coupon and GST are always the server's figures, never the browser's).
 */
export function CartView({ initial, signedIn }: { initial: ApiCart; signedIn: boolean }) {
  const [cart, setCart] = useState<ApiCart>(initial);
  const [lines, setLines] = useState<Record<number, LineState>>({});
  const [notices, setNotices] = useState<string[]>(initial.notices);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const reload = useCallback(async () => {
    try {
      const next = await apiPost<ApiCart>("/carts", {});
      setCart(next);
      if (next.notices.length) setNotices((n) => [...n, ...next.notices]);
      cartChanged({ count: next.count });
    } catch {
      toast.error("Failed to fetch cart data.");
    }
  }, []);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((t) => clearTimeout(t));
  }, []);

  const items = cart.data[0]?.cart_items ?? [];
  const stateOf = (item: ApiCartItem): LineState => lines[item.id] ?? { quantity: item.quantity, error: null, saving: false };

  const sendQuantity = async (item: ApiCartItem, quantity: number) => {
    setLines((l) => ({ ...l, [item.id]: { quantity, error: null, saving: true } }));
    try {
      await apiPost("/carts/change-quantity", { id: item.id, quantity });
      await reload();
      setLines((l) => Object.fromEntries(Object.entries(l).filter(([id]) => Number(id) !== item.id)));
    } catch (error) {
      setLines((l) => ({ ...l, [item.id]: { quantity: item.quantity, error: messageOf(error, "An error occurred while processing your request."), saving: false } }));
    }
  };

  const setQuantity = (item: ApiCartItem, quantity: number) => {
    const q = Math.min(Math.max(1, Math.floor(quantity) || 1), Math.max(item.upper_limit, 1));
    setLines((l) => ({ ...l, [item.id]: { quantity: q, error: null, saving: false } }));
    const old = timers.current.get(item.id);
    if (old) clearTimeout(old);
    timers.current.set(
      item.id,
      setTimeout(() => {
        timers.current.delete(item.id);
        if (q !== item.quantity) void sendQuantity(item, q);
      }, QUANTITY_PAUSE_MS),
    );
  };

  const remove = async (item: ApiCartItem) => {
    setLines((l) => ({ ...l, [item.id]: { ...stateOf(item), saving: true } }));
    try {
      const answer = await apiRequest<{ message: string }>(`/carts/${item.id}`, { method: "DELETE" });
      toast.success(answer.message);
      await reload();
    } catch (error) {
      toast.error(messageOf(error, "Failed to remove item from cart"));
      setLines((l) => ({ ...l, [item.id]: { ...stateOf(item), saving: false } }));
    }
  };

  if (items.length === 0) {
    return (
      <div className="rounded-2xl bg-white p-8 text-center shadow-sm">
        {notices.length ? <Notices notices={notices} /> : null}
        <p className="text-lg">Your cart is empty.</p>
        <Link href="/products" className="btn-primary mt-5">
          Continue shopping
        </Link>
      </div>
    );
  }

  const blocked = items.some((i) => i.upper_limit === 0);
  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
      <section aria-label="Cart items" className="space-y-4">
        {notices.length ? <Notices notices={notices} /> : null}
        <ul className="divide-y divide-sand rounded-2xl bg-white shadow-sm" data-testid="cart-lines">
          {items.map((item) => {
            const s = stateOf(item);
            // Two lines of one product differ by their variant: it is part of every control's name.
            const name = item.variation ? `${item.product_name} (${item.variation})` : item.product_name;
            return (
              <li key={item.id} className="flex gap-4 p-4" data-testid="cart-line">
                <div className="relative h-24 w-24 shrink-0 overflow-hidden rounded-xl bg-sand">
                  {item.product_thumbnail_image ? <Image src={item.product_thumbnail_image} alt="" fill sizes="96px" className="object-cover" /> : null}
                </div>
                <div className="min-w-0 flex-1">
                  <div className="flex items-start justify-between gap-3">
                    <div>
                      <Link href={`/products/${item.product_slug}`} className="font-medium hover:text-saffron">
                        {item.product_name}
                      </Link>
                      {item.variation ? (
                        <p className="text-sm text-ink/70" data-testid="line-variant">
                          {item.variation}
                        </p>
                      ) : null}
                    </div>
                    <p className="shrink-0 font-semibold" data-testid="line-total">
                      {formatRupees(item.line_total)}
                    </p>
                  </div>
                  <p className="mt-1 text-sm text-ink/70">
                    {formatRupees(item.price)} each
                    {item.previous_price !== null ? (
                      <span className="ml-2 text-madder">
                        Price changed from <s>{formatRupees(item.previous_price)}</s>
                      </span>
                    ) : null}
                  </p>
                  {item.upper_limit === 0 ? <p className="mt-1 text-sm font-semibold text-madder">Out Of Stock</p> : null}
                  <div className="mt-3 flex items-center gap-4">
                    <div className="flex items-center rounded-full border border-ink/20" role="group" aria-label={`Quantity of ${name}`}>
                      <button type="button" onClick={() => setQuantity(item, s.quantity - 1)} disabled={s.quantity <= 1 || item.upper_limit === 0} aria-label={`Decrease quantity of ${name}`} className="p-2 disabled:opacity-40">
                        <Icon name="minus" size={14} />
                      </button>
                      <input
                        type="number"
                        inputMode="numeric"
                        min={1}
                        max={item.upper_limit || 1}
                        value={s.quantity}
                        onChange={(e) => setQuantity(item, Number(e.target.value))}
                        disabled={item.upper_limit === 0}
                        aria-label={`Quantity of ${name}`}
                        className="w-12 border-x border-ink/10 bg-transparent py-1 text-center text-sm [appearance:textfield]"
                      />
                      <button type="button" onClick={() => setQuantity(item, s.quantity + 1)} disabled={s.quantity >= item.upper_limit} aria-label={`Increase quantity of ${name}`} className="p-2 disabled:opacity-40">
                        <Icon name="plus" size={14} />
                      </button>
                    </div>
                    {s.saving ? <span className="text-xs text-ink/60">Saving...</span> : null}
                    <button type="button" onClick={() => void remove(item)} disabled={s.saving} className="ml-auto inline-flex items-center gap-1 text-sm text-ink/70 hover:text-red-700" aria-label={`Remove ${name} from cart`}>
                      <Icon name="trash" size={16} /> Remove
                    </button>
                  </div>
                  {s.error ? (
                    <p role="alert" className="mt-2 text-sm text-red-700">
                      {s.error}
                    </p>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      </section>
      <Summary summary={cart.summary} onChange={(summary) => setCart((c) => ({ ...c, summary, grand_total: summary.grand_total }))} signedIn={signedIn} blocked={blocked} />
    </div>
  );
}

function Notices({ notices }: { notices: string[] }) {
  return (
    <div role="status" className="rounded-xl border border-saffron/40 bg-saffron/10 p-4 text-sm">
      <ul className="list-disc space-y-1 pl-5">
        {notices.map((n, i) => (
          <li key={`${i}-${n}`}>{n}</li>
        ))}
      </ul>
    </div>
  );
}

function Summary({ summary, onChange, signedIn, blocked }: { summary: ApiCartSummary; onChange: (s: ApiCartSummary) => void; signedIn: boolean; blocked: boolean }) {
  const [code, setCode] = useState("");
  const [couponError, setCouponError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const apply = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setCouponError(null);
    try {
      const answer = await apiPost<{ message: string; summary: ApiCartSummary }>("/carts/coupon", { code });
      toast.success(answer.message);
      onChange(answer.summary);
      setCode("");
    } catch (error) {
      setCouponError(messageOf(error, "An error occurred. Please try again."));
    } finally {
      setBusy(false);
    }
  };
  const removeCoupon = async () => {
    setBusy(true);
    try {
      const answer = await apiRequest<{ message: string; summary: ApiCartSummary }>("/carts/coupon", { method: "DELETE" });
      toast.success(answer.message);
      onChange(answer.summary);
    } catch (error) {
      toast.error(messageOf(error, "An error occurred. Please try again."));
    } finally {
      setBusy(false);
    }
  };
  const chooseShipping = async (method: string) => {
    try {
      const answer = await apiPost<{ summary: ApiCartSummary }>("/carts/shipping", { method });
      onChange(answer.summary);
    } catch (error) {
      toast.error(messageOf(error, "An error occurred. Please try again."));
    }
  };

  return (
    <aside aria-labelledby="summary-title" className="h-fit space-y-5 rounded-2xl bg-white p-6 shadow-sm">
      <h2 id="summary-title" className="text-xl font-semibold">
        Order summary
      </h2>
      <fieldset>
        <legend className="text-sm font-medium">Shipping (India only)</legend>
        <div className="mt-2 space-y-2">
          {summary.shipping_options.map((o) => (
            <label key={o.method} className="flex cursor-pointer items-start gap-2 text-sm">
              <input type="radio" name="shipping" value={o.method} checked={summary.shipping_method === o.method} onChange={() => void chooseShipping(o.method)} className="mt-1" />
              <span>
                {o.name}
                {o.delivery ? `: ${o.delivery.text}` : ""} <span className="text-ink/70">({formatRupees(o.fee)})</span>
              </span>
            </label>
          ))}
        </div>
        {summary.delivery_pin ? (
          <p className={`mt-2 text-xs ${summary.delivery_message ? "font-medium text-madder" : "text-ink/60"}`} data-testid="cart-delivery-pin">
            {summary.delivery_message ? `${summary.delivery_message} (${summary.delivery_pin}).` : `Dates for PIN code ${summary.delivery_pin}, your default address.`}
          </p>
        ) : null}
      </fieldset>
      {summary.coupon_applied ? (
        <div className="flex items-center justify-between rounded-xl bg-sand/60 px-3 py-2 text-sm">
          <span>
            <strong>{summary.coupon_code}</strong> {summary.coupon_title}
          </span>
          <button type="button" onClick={() => void removeCoupon()} disabled={busy} className="font-semibold text-madder hover:underline">
            Remove
          </button>
        </div>
      ) : (
        <form onSubmit={apply} className="space-y-1">
          <label htmlFor="coupon-code" className="text-sm font-medium">
            Coupon code
          </label>
          <div className="flex gap-2">
            <input id="coupon-code" value={code} onChange={(e) => setCode(e.target.value.toUpperCase())} maxLength={40} autoComplete="off" className="min-w-0 flex-1 rounded-full border border-ink/20 px-4 py-2 text-sm uppercase" />
            <button type="submit" disabled={busy || !code.trim()} className="rounded-full bg-navy px-4 py-2 text-sm font-semibold text-white disabled:opacity-50">
              {busy ? "Applying..." : "Apply"}
            </button>
          </div>
          {couponError ? (
            <p role="alert" className="text-sm text-red-700">
              {couponError}
            </p>
          ) : null}
        </form>
      )}
      <dl className="space-y-2 text-sm" data-testid="cart-summary">
        <Row label="Subtotal" value={formatRupees(summary.sub_total)} />
        <Row label="Shipping" value={formatRupees(summary.shipping_cost)} />
        <Row label="Coupon" value={summary.coupon_discount ? `-${formatRupees(summary.coupon_discount)}` : formatRupees(0)} />
        <div className="flex justify-between border-t border-sand pt-3 text-base font-semibold">
          <dt>Total</dt>
          <dd data-testid="cart-total">{formatRupees(summary.grand_total)}</dd>
        </div>
        <Row label="Tax included" value={formatRupees(summary.tax)} muted />
      </dl>
      <p className="text-xs text-ink/60">{summary.tax_label}: prices include GST; the tax included is shown above.</p>
      {blocked ? <p className="text-sm text-madder">Remove the products that are out of stock to check out.</p> : null}
      <Link href={signedIn ? "/checkout" : "/login?redirect=%2Fcheckout"} aria-disabled={blocked} className={`btn-primary w-full ${blocked ? "pointer-events-none opacity-50" : ""}`}>
        Checkout
      </Link>
      {signedIn ? null : <p className="text-center text-xs text-ink/60">You will be asked to log in; your cart comes with you.</p>}
    </aside>
  );
}

function Row({ label, value, muted = false }: { label: string; value: string; muted?: boolean }) {
  return (
    <div className={`flex justify-between ${muted ? "text-ink/60" : ""}`}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
