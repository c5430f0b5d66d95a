"use client";

import { useEffect, useRef, useState, type FormEvent } from "react";
import { apiGet, messageOf } from "@/lib/api/client";
import type { ApiDeliveryCheck } from "@/lib/api/types";
import { INVALID_PIN_MESSAGE, parsePin } from "@/lib/cart/delivery";

/** The PIN last checked in this tab, so every product page opened after it answers at once. */
export const DELIVERY_PIN_KEY = "kesar_delivery_pin";

type Answer =
  | { kind: "idle" }
  | { kind: "busy" }
  | { kind: "error"; message: string }
  | { kind: "answer"; deliverable: boolean; message: string; express?: string };

function storedPin(): string | null {
  try {
    return parsePin(sessionStorage.getItem(DELIVERY_PIN_KEY) ?? "");
  } catch {
    return null;
  }
}

function storePin(pin: string): void {
  try {
    sessionStorage.setItem(DELIVERY_PIN_KEY, pin);
  } catch {
    // Storage blocked: the PIN is simply not remembered.
  }
}

/** The API's answer for a PIN as the box shows it; null when the request was cancelled. */
async function fetchAnswer(slug: string, pin: string, signal: AbortSignal): Promise<Answer | null> {
  try {
    const res = await apiGet<ApiDeliveryCheck>(`/delivery-check?pin=${pin}&product=${encodeURIComponent(slug)}`, signal);
    storePin(pin);
    // Served but out of stock has no date: not good news either.
    return { kind: "answer", deliverable: res.serviceable && res.date !== null, message: res.message, express: res.serviceable ? res.express?.message : undefined };
  } catch (error) {
    if (signal.aborted) return null;
    return { kind: "error", message: messageOf(error, "We could not check delivery just now. Please try again.") };
  }
}

/** The product's promise over every served zone, before a PIN is known (lib/cart/delivery.ts productPromise). */
export type DeliveryCheckPromise = { standard: string; express: string | null } | null;

/**
 * "Check delivery" under the purchase panel: until a PIN is answered it states the product's
 * promise over every served zone ("Delivery in 5-10 business days"); a 6-digit PIN code gives
 * "Delivery by {date}" or "We do not deliver to this PIN code yet" (GET /api/v2/delivery-check).
 * The PIN is kept in sessionStorage for the tab, and other product pages check it again on their own.
 */
export function DeliveryCheck({ slug, promise = null }: { slug: string; promise?: DeliveryCheckPromise }) {
  const [pin, setPin] = useState("");
  const [answer, setAnswer] = useState<Answer>({ kind: "idle" });
  const pending = useRef<AbortController | null>(null);

  // A PIN remembered from another product page is checked again here; it fills the box when its
  // answer arrives, unless the shopper has started typing another.
  useEffect(() => {
    const saved = storedPin();
    if (!saved) return;
    const controller = new AbortController();
    pending.current = controller;
    void fetchAnswer(slug, saved, controller.signal).then((next) => {
      if (!next) return;
      setPin((current) => (current === "" ? saved : current));
      setAnswer(next);
    });
    return () => controller.abort();
  }, [slug]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    pending.current?.abort();
    const parsed = parsePin(pin);
    if (!parsed) {
      setAnswer({ kind: "error", message: INVALID_PIN_MESSAGE });
      return;
    }
    const controller = new AbortController();
    pending.current = controller;
    setAnswer({ kind: "busy" });
    void fetchAnswer(slug, parsed, controller.signal).then((next) => next && setAnswer(next));
  };

  const invalid = answer.kind === "error";
  return (
    <form onSubmit={submit} noValidate className="rounded-xl border border-ink/15 bg-white p-4" aria-labelledby="delivery-check-title">
      <p id="delivery-check-title" className="text-sm font-semibold text-ink">
        Check delivery
      </p>
      {promise && answer.kind !== "answer" ? (
        <p className="mt-1 text-sm text-ink/80" data-testid="delivery-promise">
          {promise.standard}
          {promise.express ? `; ${promise.express.charAt(0).toLowerCase()}${promise.express.slice(1)}, for an extra fee` : ""}. Enter your PIN code for the date.
        </p>
      ) : null}
      <div className="mt-2 flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="delivery-pin" className="block text-xs text-ink/70">
            PIN code
          </label>
          <input
            id="delivery-pin"
            name="pin"
            type="text"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={7}
            value={pin}
            onChange={(e) => setPin(e.target.value)}
            aria-invalid={invalid || undefined}
            aria-describedby="delivery-answer"
            className={`mt-1 w-32 rounded-lg border bg-white px-3 py-2 tracking-widest text-ink focus:border-saffron ${invalid ? "border-madder" : "border-ink/20"}`}
          />
        </div>
        <button type="submit" className="rounded-full border border-navy px-5 py-2 text-sm font-semibold text-navy hover:bg-navy hover:text-white disabled:opacity-60" disabled={answer.kind === "busy"}>
          Check
        </button>
      </div>
      <div id="delivery-answer" role="status" className="mt-2 min-h-5 text-sm">
        {answer.kind === "busy" ? <p className="text-ink/70">Checking…</p> : null}
        {answer.kind === "error" ? <p className="font-medium text-madder">{answer.message}</p> : null}
        {answer.kind === "answer" ? (
          <>
            <p className={answer.deliverable ? "font-semibold text-leaf" : "font-medium text-madder"}>{answer.message}</p>
            {answer.express ? <p className="text-ink/80">{answer.express}, for an extra fee</p> : null}
          </>
        ) : null}
      </div>
    </form>
  );
}
