"use client";

import dynamic from "next/dynamic";
import Image from "next/image";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import toast from "react-hot-toast";
import useSWR from "swr";
import { AddressText } from "@/components/account/AddressText";
import { ApiRequestError, apiGet, apiRequest, messageOf, swrFetcher } from "@/lib/api/client";
import type { ApiAddress, ApiCheckoutSummary, ApiList, ApiPlacedOrder, ApiShippingChoice } from "@/lib/api/types";
import type { PlaceOrderInput } from "@/lib/orders/checkout-schemas";
import { cartChanged } from "@/lib/cart/client/cart";
import { forgetIdempotencyKey, idempotencyKeyFor } from "@/lib/orders/client/checkout-key";
import { formatRupees } from "@/lib/platform/format";
import { PAYMENT_TYPE } from "@/lib/orders/status";
import { startPayment } from "./start-payment";

type ShippingMethod = ApiShippingChoice["method"];
type PaymentChoice = PlaceOrderInput["payment_method"];

// The address form validates with the shared zod schemas: its code loads when the shopper opens it,
// not with the checkout page.
const AddressModal = dynamic(() => import("@/components/account/AddressModal").then((m) => m.AddressModal), { ssr: false });

export const PLACE_LABEL = "Place Order";
export const PLACING_LABEL = "Placing order...";
export const REDIRECTING_LABEL = "Redirecting to payment...";
export const EMPTY_CART = "Your cart is empty.";
const FAILED = "An error occurred. Please try again.";
const GSTIN_HINT = "For a GST invoice in your business's name (input tax credit): 15 characters, e.g. 27AAPFU0939F1Z5.";

export type CheckoutCustomer = { id: number; name: string; email: string };

/** The summary call for the current choices; no address yet → the server answers deliverable:false. */
export const summaryPath = (addressId: number | null, method: ShippingMethod) =>
  `/checkout/summary?${addressId ? `address_id=${addressId}&` : ""}shipping_method=${method}`;

const initialAddress = (addresses: ApiAddress[]) => (addresses.find((a) => a.set_default) ?? addresses[0])?.id ?? null;

/**
 * The checkout screen (signed-in customers only): delivery address, shipping method, payment and
 * Place Order, next to the order summary. Every figure comes from GET /checkout/summary for the
 * current address and method (re-asked when either changes); Place Order sends the choices with
 * one Idempotency-Key per attempt (lib/orders/client/checkout-key.ts), so a double click, a retry or a
 * reload never places two orders.
 */
export function CheckoutForm({ customer, addresses: initialAddresses }: { customer: CheckoutCustomer; addresses: ApiAddress[] }) {
  const router = useRouter();
  const ids = useId();
  const [addresses, setAddresses] = useState(initialAddresses);
  const [addressId, setAddressId] = useState<number | null>(() => initialAddress(initialAddresses));
  const [billingSame, setBillingSame] = useState(true);
  const [billingId, setBillingId] = useState<number | null>(() => initialAddress(initialAddresses));
  const [gstin, setGstin] = useState("");
  const [gstinError, setGstinError] = useState<string | null>(null);
  const [method, setMethod] = useState<ShippingMethod>("standard");
  const [payment, setPayment] = useState<PaymentChoice | null>(null);
  const [adding, setAdding] = useState(false);
  const [stage, setStage] = useState<"idle" | "placing" | "paying">("idle");
  const [error, setError] = useState<string | null>(null);
  // Set synchronously on the first click: a second click before React re-renders does nothing.
  const submitting = useRef(false);

  const { data: summary, error: summaryError, isValidating, mutate } = useSWR<ApiCheckoutSummary>(summaryPath(addressId, method), swrFetcher, {
    keepPreviousData: true,
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });

  const busy = stage !== "idle";
  const lines = summary?.lines ?? [];
  const cartEmpty = !busy && ((summaryError instanceof ApiRequestError && summaryError.status === 400 && summaryError.message === EMPTY_CART) || (summary !== undefined && lines.length === 0));

  if (cartEmpty) {
    return (
      <div className="rounded-2xl bg-white p-8 text-center shadow-sm">
        <p className="text-lg">{EMPTY_CART}</p>
        <Link href="/products" className="btn-primary mt-5">
          Continue shopping
        </Link>
      </div>
    );
  }

  const codAllowed = summary?.cod.allowed ?? false;
  const onlineAvailable = summary?.online.available ?? false;
  // A choice the server no longer offers (the total went over the COD limit) falls back to the other.
  const offered = (p: PaymentChoice) => (p === "cod" ? codAllowed : onlineAvailable);
  const chosenPayment: PaymentChoice | null = payment && offered(payment) ? payment : onlineAvailable ? "online" : codAllowed ? "cod" : null;
  const billingAddressId = billingSame ? null : billingId;
  const ready = summary !== undefined && !summaryError && !isValidating && addressId !== null && summary.deliverable && chosenPayment !== null && (billingSame || billingId !== null);

  const addressSaved = async (saved: ApiAddress) => {
    try {
      const answer = await apiGet<ApiList<ApiAddress[]>>("/user/shipping/address");
      setAddresses(answer.data);
    } catch {
      setAddresses((list) => [...list.filter((a) => a.id !== saved.id), saved]);
    }
    setAddressId(saved.id);
  };

  const place = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting.current || !ready || addressId === null || chosenPayment === null) return;
    submitting.current = true;
    setStage("placing");
    setError(null);
    setGstinError(null);
    const gst = gstin.trim().toUpperCase() || null;
    const key = idempotencyKeyFor({
      userId: customer.id,
      lines: lines.map((l) => ({ id: l.id, quantity: l.quantity })),
      addressId,
      billingAddressId,
      shippingMethod: method,
      paymentMethod: chosenPayment,
      gstin: gst,
    });
    let placed: ApiPlacedOrder;
    try {
      placed = await apiRequest<ApiPlacedOrder>("/checkout/place", {
        method: "POST",
        headers: { "Idempotency-Key": key },
        body: JSON.stringify({ address_id: addressId, billing_address_id: billingAddressId, shipping_method: method, payment_method: chosenPayment, gstin: gst }),
      });
    } catch (failure) {
      const message = messageOf(failure, FAILED);
      const fieldErrors = failure instanceof ApiRequestError ? failure.body?.errors : undefined;
      const gstMessage = fieldErrors?.gstin?.[0] ?? (/GSTIN/i.test(message) ? message : null);
      if (gstMessage) setGstinError(gstMessage);
      setError(message);
      toast.error(message);
      submitting.current = false;
      setStage("idle");
      // Stock, prices or the COD limit may have changed: show the server's figures again.
      if (failure instanceof ApiRequestError && failure.status < 500) void mutate();
      return;
    }
    // The order exists: the next purchase is a new attempt, and the header's cart is empty.
    forgetIdempotencyKey();
    cartChanged({ count: 0 });
    if (placed.order.payment_type !== PAYMENT_TYPE.online) {
      router.push(placed.next);
      return;
    }
    setStage("paying");
    const retry = `/checkout?order=${encodeURIComponent(placed.order.code)}`;
    try {
      await startPayment(placed.order.id, () => router.push(retry));
    } catch (failure) {
      toast.error(messageOf(failure, "We could not open the payment. You can try again from here."));
      router.push(retry);
    }
  };

  const radioCard = "flex cursor-pointer items-start gap-3 rounded-xl border p-4 transition has-[:checked]:border-saffron has-[:checked]:bg-saffron/5 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-saffron";
  const deliveryNote = summary && addressId !== null && !summary.deliverable && summary.delivery_message ? summary.delivery_message : null;

  return (
    <>
      <form onSubmit={place} noValidate aria-busy={busy} className="grid gap-8 lg:grid-cols-[1fr_24rem] lg:items-start">
        <div className="space-y-6">
          {summary?.notices.length ? (
            <div role="status" className="rounded-xl border border-saffron/40 bg-saffron/10 p-4 text-sm">
              <ul className="list-disc space-y-1 pl-5">
                {summary.notices.map((n, i) => (
                  <li key={`${i}-${n}`}>{n}</li>
                ))}
              </ul>
            </div>
          ) : null}

          <Section legend="Delivery address" step={1}>
            {addresses.length === 0 ? <p className="text-sm text-ink/75">You have no saved address yet. Add one to continue.</p> : null}
            <div className="grid gap-3 sm:grid-cols-2">
              {addresses.map((a) => (
                <label key={a.id} className={`${radioCard} border-ink/15 bg-ivory`} data-testid="checkout-address">
                  <input type="radio" name="address" value={a.id} checked={addressId === a.id} onChange={() => setAddressId(a.id)} disabled={busy} className="mt-1 accent-saffron" />
                  <span className="min-w-0">
                    {a.set_default ? <span className="mb-1 inline-block rounded-full bg-leaf px-2.5 py-0.5 text-xs font-semibold text-white">Default</span> : null}
                    <AddressText address={a} />
                  </span>
                </label>
              ))}
              <button
                type="button"
                onClick={() => setAdding(true)}
                disabled={busy}
                className="flex min-h-24 items-center justify-center gap-2 rounded-xl border-2 border-dashed border-ink/20 p-4 text-sm font-semibold text-ink/75 hover:border-saffron hover:text-saffron-dark"
              >
                <span aria-hidden="true" className="text-lg leading-none">
                  +
                </span>
                Add New Address
              </button>
            </div>
            <p aria-live="polite" className="text-sm font-medium text-madder" data-testid="delivery-message">
              {deliveryNote ?? ""}
            </p>
            <div className="space-y-3 border-t border-sand pt-4">
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={billingSame} onChange={(e) => setBillingSame(e.target.checked)} disabled={busy} className="accent-saffron" />
                Billing address same as delivery
              </label>
              {billingSame ? null : (
                <fieldset className="space-y-2">
                  <legend className="text-sm font-medium">Billing address</legend>
                  <div className="grid gap-3 sm:grid-cols-2">
                    {addresses.map((a) => (
                      <label key={a.id} className={`${radioCard} border-ink/15 bg-white`}>
                        <input type="radio" name="billing" value={a.id} checked={billingId === a.id} onChange={() => setBillingId(a.id)} disabled={busy} className="mt-1 accent-saffron" />
                        <AddressText address={a} />
                      </label>
                    ))}
                  </div>
                </fieldset>
              )}
              <div>
                <label htmlFor={`${ids}-gstin`} className="block text-sm font-semibold">
                  GSTIN <span className="font-normal text-ink/60">(optional)</span>
                </label>
                <input
                  id={`${ids}-gstin`}
                  name="gstin"
                  value={gstin}
                  onChange={(e) => {
                    setGstin(e.target.value.toUpperCase().replace(/\s/g, "").slice(0, 15));
                    setGstinError(null);
                  }}
                  maxLength={15}
                  autoComplete="off"
                  spellCheck={false}
                  disabled={busy}
                  aria-invalid={gstinError ? true : undefined}
                  aria-describedby={`${ids}-gstin-hint${gstinError ? ` ${ids}-gstin-error` : ""}`}
                  className={`mt-1 block w-full max-w-xs rounded-lg border bg-white px-3.5 py-2.5 uppercase shadow-sm ${gstinError ? "border-madder" : "border-ink/20"}`}
                />
                <p id={`${ids}-gstin-hint`} className="mt-1 text-xs text-ink/60">
                  {GSTIN_HINT}
                </p>
                {gstinError ? (
                  <p id={`${ids}-gstin-error`} role="alert" className="mt-1 text-sm font-medium text-madder">
                    {gstinError}
                  </p>
                ) : null}
              </div>
            </div>
          </Section>

          <Section legend="Shipping method" step={2}>
            {summary ? (
              <div className="grid gap-3 sm:grid-cols-2">
                {summary.shipping_methods.map((m) => (
                  <label key={m.method} className={`${radioCard} border-ink/15 bg-white`}>
                    <input type="radio" name="shipping_method" value={m.method} checked={method === m.method} onChange={() => setMethod(m.method)} disabled={busy} className="mt-1 accent-saffron" />
                    <span className="text-sm">
                      <span className="block font-semibold">
                        {m.label} <span className="font-normal text-ink/75">({m.fee ? formatRupees(m.fee) : "Free"})</span>
                      </span>
                      {m.delivery ? <span className="block text-ink/75">{deliveryText(m.delivery.text)}</span> : null}
                    </span>
                  </label>
                ))}
              </div>
            ) : (
              <p className="text-sm text-ink/60">Loading...</p>
            )}
          </Section>

          <Section legend="Payment" step={3}>
            <div className="grid gap-3">
              <label className={`${radioCard} border-ink/15 bg-white`}>
                <input type="radio" name="payment" value="cod" checked={chosenPayment === "cod"} onChange={() => setPayment("cod")} disabled={busy || !codAllowed} aria-describedby={`${ids}-cod`} className="mt-1 accent-saffron" />
                <span className="text-sm">
                  <span className="block font-semibold">Cash on Delivery</span>
                  <span id={`${ids}-cod`} className={`block ${summary && !codAllowed && summary.cod.message ? "text-madder" : "text-ink/75"}`}>
                    {summary && !codAllowed && summary.cod.message ? summary.cod.message : "Pay in cash or by UPI when your order arrives."}
                  </span>
                </span>
              </label>
              <label className={`${radioCard} border-ink/15 bg-white`}>
                <input type="radio" name="payment" value="online" checked={chosenPayment === "online"} onChange={() => setPayment("online")} disabled={busy || !onlineAvailable} aria-describedby={`${ids}-online`} className="mt-1 accent-saffron" />
                <span className="text-sm">
                  <span className="block font-semibold">Pay online</span>
                  <span id={`${ids}-online`} className="block text-ink/75">
                    {summary && !onlineAvailable ? "Online payment is not available right now." : "UPI, cards, netbanking"}
                  </span>
                </span>
              </label>
            </div>
          </Section>
        </div>

        <aside aria-labelledby={`${ids}-summary`} className="h-fit space-y-5 rounded-2xl bg-white p-6 shadow-sm lg:sticky lg:top-24">
          <h2 id={`${ids}-summary`} className="text-xl font-semibold">
            Order summary
          </h2>
          {summaryError && !cartEmpty ? (
            <div role="alert" className="space-y-2 text-sm text-madder">
              <p>{messageOf(summaryError, "Failed to load the order summary.")}</p>
              <button type="button" onClick={() => void mutate()} className="font-semibold text-saffron-dark hover:underline">
                Try again
              </button>
            </div>
          ) : null}
          {summary ? (
            <>
              <ul className="divide-y divide-sand text-sm" data-testid="checkout-lines">
                {lines.map((l) => (
                  <li key={l.id} className="flex items-center gap-3 py-3" data-testid="checkout-line">
                    <div className="relative h-14 w-14 shrink-0 overflow-hidden rounded-lg bg-sand">{l.image ? <Image src={l.image} alt="" fill sizes="56px" className="object-cover" /> : null}</div>
                    <p className="min-w-0 flex-1">
                      <span className="font-medium">{l.name}</span>
                      {l.variation ? <span className="text-ink/70"> ({l.variation})</span> : null} <span className="text-ink/70">× {l.quantity}</span>
                      {l.availability === "out_of_stock" ? <span className="block text-xs font-semibold text-madder">Out Of Stock</span> : null}
                    </p>
                    <p className="shrink-0 font-semibold">{formatRupees(l.line_total)}</p>
                  </li>
                ))}
              </ul>
              <dl className="space-y-2 text-sm" data-testid="checkout-summary" aria-busy={isValidating}>
                <Row label="Subtotal" value={formatRupees(summary.subtotal)} />
                <Row label="Shipping" value={summary.shipping_cost ? formatRupees(summary.shipping_cost) : "Free"} />
                {summary.coupon_code ? <Row label={`Coupon (${summary.coupon_code})`} value={`-${formatRupees(summary.coupon_discount)}`} /> : null}
                <Row label="GST included" value={formatRupees(summary.tax)} muted />
                <div className="flex justify-between border-t border-sand pt-3 text-base font-semibold">
                  <dt>Total</dt>
                  <dd data-testid="checkout-total">{formatRupees(summary.grand_total)}</dd>
                </div>
              </dl>
              <p className="text-xs text-ink/60">Inclusive of all taxes</p>
            </>
          ) : summaryError ? null : (
            <p className="text-sm text-ink/60" aria-live="polite">
              Loading...
            </p>
          )}
          {error ? (
            <p role="alert" className="rounded-lg bg-madder/10 p-3 text-sm font-medium text-madder">
              {error}
            </p>
          ) : null}
          <button type="submit" className="btn-primary w-full" disabled={busy || !ready}>
            {stage === "placing" ? PLACING_LABEL : stage === "paying" ? REDIRECTING_LABEL : PLACE_LABEL}
          </button>
          {addressId === null ? <p className="text-center text-xs text-ink/60">Add a delivery address to place your order.</p> : null}
        </aside>
      </form>
      {/* Outside the checkout form: the address form is a form of its own, and forms do not nest. */}
      {adding ? <AddressModal userId={customer.id} open={adding} onClose={() => setAdding(false)} onSaved={(a) => void addressSaved(a)} /> : null}
    </>
  );
}

/** The server's estimate ("Delivery by Fri, 28 Nov"); a bare date gets the words in front. */
function deliveryText(text: string): string {
  return /^deliver/i.test(text) ? text : `Delivery by ${text}`;
}

function Section({ legend, step, children }: { legend: string; step: number; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 rounded-2xl bg-white p-5 shadow-sm sm:p-6">
      <legend className="float-left mb-4 w-full text-xl font-semibold">
        <span aria-hidden="true" className="mr-2 inline-flex h-7 w-7 items-center justify-center rounded-full bg-navy text-sm text-white">
          {step}
        </span>
        {legend}
      </legend>
      <div className="clear-both space-y-4">{children}</div>
    </fieldset>
  );
}

function Row({ label, value, muted = false }: { label: string; value: string; muted?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 ${muted ? "text-ink/60" : ""}`}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
