// @vitest-environment jsdom
import fs from "node:fs";
import path from "node:path";
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor, within } from "@testing-library/react";
import toast, { Toaster } from "react-hot-toast";
import { SWRConfig } from "swr";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ApiAddress, ApiCheckoutSummary } from "@/lib/api/types";
import { cartChanged, useCartState } from "@/lib/cart/client/cart";
import { CHECKOUT_KEY_STORAGE } from "@/lib/orders/client/checkout-key";
import { RAZORPAY_SCRIPT } from "@/lib/orders/client/razorpay";
import { CheckoutForm } from "./CheckoutForm";
import { PayNow } from "./PayNow";

const push = vi.fn();
vi.mock("next/navigation", () => ({ useRouter: () => ({ push, refresh: vi.fn(), replace: vi.fn() }) }));
const goTo = vi.fn();
vi.mock("@/lib/platform/client/navigate", () => ({ goTo: (url: string) => goTo(url) }));

type Call = { method: string; url: string; body: unknown; headers: Headers };
let calls: Call[] = [];
let route: (call: Call) => Response | Promise<Response>;

const address = (id: number, isDefault: boolean, pin = "560001"): ApiAddress => ({
  id,
  user_id: 7,
  address: `${id} MG Road`,
  country: 1,
  state: 2,
  city: 3,
  country_name: "India",
  state_name: "Karnataka",
  city_name: "Bengaluru",
  postal_code: pin,
  phone: "9876543210",
  set_default: isDefault ? 1 : 0,
});
const ADDRESSES = [address(11, false), address(12, true)];
const CUSTOMER = { id: 7, name: "Asha Rao", email: "asha@example.com" };

function summary(over: Partial<ApiCheckoutSummary> = {}, method = "standard"): ApiCheckoutSummary {
  const shipping = method === "express" ? 249 : 99;
  return {
    result: true,
    lines: [{ id: 1, product_id: 5, name: "Ikat Cushion", variation: "", slug: "ikat-cushion", image: null, quantity: 2, unit_price: 1200, line_total: 2400, availability: "in_stock" }],
    subtotal: 2400,
    shipping_cost: shipping,
    coupon_code: "FLAT150",
    coupon_discount: 150,
    tax: 266.79,
    grand_total: 2400 + shipping - 150,
    shipping_methods: [
      { method: "standard", label: "Standard", fee: 99, delivery: { from: "2026-11-27", to: "2026-11-28", text: "Delivery by Sat, 28 Nov" } },
      { method: "express", label: "Express", fee: 249, delivery: { from: "2026-11-25", to: "2026-11-26", text: "Delivery by Thu, 26 Nov" } },
    ],
    deliverable: true,
    delivery_message: null,
    cod: { allowed: true, limit: 50000, message: null },
    online: { available: true, provider: "sandbox" },
    notices: [],
    ...over,
  };
}

const PLACED = (paymentType: string) => ({
  result: true,
  message: "Your order has been placed.",
  order: { id: 41, code: "KH-000041", grand_total: 2349, payment_type: paymentType, payment_status: "Un-Paid", delivery_status: "Pending" },
  next: paymentType === "online" ? "/checkout/pay?order=KH-000041" : "/checkout/placed/KH-000041",
});

const START = (provider: "sandbox" | "razorpay") => ({
  result: true,
  provider,
  key_id: "rzp_test_key",
  provider_order_id: "order_abc123",
  amount: 234900,
  currency: "INR",
  name: "Kesar Home",
  description: "Order KH-000041",
  prefill: { name: "Asha Rao", email: "asha@example.com", contact: "9876543210" },
  callback_url: "/api/v2/payments/callback?order=KH-000041",
  checkout_url: provider === "sandbox" ? "/payment/sandbox?order_id=order_abc123" : null,
});

/** A response the test releases when it wants (to look at the page while a call is pending). */
function held() {
  let release!: (r: Response) => void;
  const promise = new Promise<Response>((resolve) => (release = resolve));
  return { promise, release };
}

const placeCalls = () => calls.filter((c) => c.url === "/api/v2/checkout/place");
const summaryCalls = () => calls.filter((c) => c.url.startsWith("/api/v2/checkout/summary"));

beforeEach(() => {
  window.matchMedia = vi.fn().mockReturnValue({ matches: false }) as unknown as typeof window.matchMedia;
  calls = [];
  push.mockReset();
  goTo.mockReset();
  sessionStorage.clear();
  document.cookie = "kesar_signed_in=1; path=/";
  route = (call) => {
    if (call.url.startsWith("/api/v2/checkout/summary")) return Response.json(summary({}, new URL(call.url, "http://x").searchParams.get("shipping_method") ?? "standard"));
    if (call.url === "/api/v2/cart-count") return Response.json({ count: 0 });
    return Response.json({ result: false, message: "Not found." }, { status: 404 });
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = { method: init.method ?? "GET", url, body: init.body ? JSON.parse(String(init.body)) : undefined, headers: new Headers(init.headers) };
      calls.push(call);
      return route(call);
    }),
  );
});

afterEach(() => {
  cleanup();
  act(() => toast.remove());
  vi.unstubAllGlobals();
  document.cookie = "kesar_signed_in=; path=/; max-age=0";
  document.head.querySelectorAll("script").forEach((s) => s.remove());
  delete window.Razorpay;
});

const view = (addresses = ADDRESSES) =>
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <CheckoutForm customer={CUSTOMER} addresses={addresses} />
      <Toaster />
    </SWRConfig>,
  );

const placeButton = () => screen.getByRole("button", { name: /Place Order|Placing order...|Redirecting to payment.../ });
const ready = async () => waitFor(() => expect((screen.getByRole("button", { name: "Place Order" }) as HTMLButtonElement).disabled).toBe(false));

describe("CheckoutForm", () => {
  it("preselects the default address and shows the server's figures for it", async () => {
    view();
    expect((screen.getByRole("radio", { name: /12 MG Road/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("radio", { name: /11 MG Road/ }) as HTMLInputElement).checked).toBe(false);
    const figures = await screen.findByTestId("checkout-summary");
    expect(summaryCalls()[0]?.url).toBe("/api/v2/checkout/summary?address_id=12&shipping_method=standard");
    expect(figures.textContent).toContain("Subtotal₹2,400");
    expect(figures.textContent).toContain("Shipping₹99");
    expect(figures.textContent).toContain("Coupon (FLAT150)-₹150");
    expect(figures.textContent).toContain("GST included₹266.79");
    expect(screen.getByTestId("checkout-total").textContent).toBe("₹2,349");
    expect(screen.getByText("Inclusive of all taxes")).toBeTruthy();
    expect(screen.getByTestId("checkout-lines").textContent).toContain("Ikat Cushion × 2");
    expect(screen.getByRole("radio", { name: /Standard/ }).closest("label")?.textContent).toContain("Delivery by Sat, 28 Nov");
  });

  it("asks for the summary again when the address or the shipping method changes", async () => {
    view();
    await ready();
    fireEvent.click(screen.getByRole("radio", { name: /Express/ }));
    await waitFor(() => expect(screen.getByTestId("checkout-total").textContent).toBe("₹2,499"));
    expect(summaryCalls().at(-1)?.url).toBe("/api/v2/checkout/summary?address_id=12&shipping_method=express");
    fireEvent.click(screen.getByRole("radio", { name: /11 MG Road/ }));
    await waitFor(() => expect(summaryCalls().at(-1)?.url).toBe("/api/v2/checkout/summary?address_id=11&shipping_method=express"));
  });

  it("shows why an address cannot be served and keeps Place Order disabled", async () => {
    route = (call) => (call.url.startsWith("/api/v2/checkout/summary") ? Response.json(summary({ deliverable: false, delivery_message: "We do not deliver to P.O. boxes." })) : Response.json({}, { status: 404 }));
    view();
    await waitFor(() => expect(screen.getByTestId("delivery-message").textContent).toBe("We do not deliver to P.O. boxes."));
    expect((placeButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it("disables Cash on Delivery with the server's message over the limit and pays online instead", async () => {
    const message = "Cash on Delivery is available on orders up to ₹50,000.";
    route = (call) => (call.url.startsWith("/api/v2/checkout/summary") ? Response.json(summary({ cod: { allowed: false, limit: 50000, message } })) : Response.json({}, { status: 404 }));
    view();
    await ready();
    const cod = screen.getByRole("radio", { name: /Cash on Delivery/ });
    expect((cod as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(message)).toBeTruthy();
    expect((screen.getByRole("radio", { name: /Pay online/ }) as HTMLInputElement).checked).toBe(true);
  });

  it("a double click places one order: busy label, disabled button, one request; then the COD order's next page and a zero cart count", async () => {
    const answer = held();
    route = (call) => {
      if (call.url === "/api/v2/checkout/place") return answer.promise;
      if (call.url.startsWith("/api/v2/checkout/summary")) return Response.json(summary());
      return Response.json({}, { status: 404 });
    };
    const count = renderHook(() => useCartState());
    act(() => cartChanged({ count: 3 }));
    view();
    await ready();
    fireEvent.click(screen.getByRole("radio", { name: /Cash on Delivery/ }));
    fireEvent.click(screen.getByRole("radio", { name: /Express/ }));
    await ready();
    fireEvent.click(placeButton());
    fireEvent.click(placeButton());
    await waitFor(() => expect(placeButton().textContent).toBe("Placing order..."));
    expect((placeButton() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(placeButton());
    expect(placeCalls()).toHaveLength(1);
    const sent = placeCalls()[0]!;
    expect(sent.body).toEqual({ address_id: 12, billing_address_id: null, shipping_method: "express", payment_method: "cod", gstin: null });
    expect(sent.headers.get("Idempotency-Key")).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(sent.headers.get("X-Requested-With")).toBe("XMLHttpRequest");
    await act(async () => answer.release(Response.json(PLACED("cash_on_delivery"), { status: 201 })));
    // Its confirmation, never the payment result: nothing has been paid.
    await waitFor(() => expect(push).toHaveBeenCalledWith("/checkout/placed/KH-000041"));
    expect(push).not.toHaveBeenCalledWith(expect.stringContaining("/payment-response"));
    expect(count.result.current.count).toBe(0);
    expect(placeCalls()).toHaveLength(1);
    // The key is spent: the next purchase in this tab gets a new one.
    expect(sessionStorage.getItem(CHECKOUT_KEY_STORAGE)).toBeNull();
  });

  it("a retry after a lost answer, even after a reload, sends the same key; a changed choice sends a new one", async () => {
    let fail = true;
    route = (call) => {
      if (call.url === "/api/v2/checkout/place") return fail ? Promise.reject(new TypeError("Failed to fetch")) : Response.json(PLACED("cash_on_delivery"), { status: 200 });
      if (call.url.startsWith("/api/v2/checkout/summary")) return Response.json(summary());
      return Response.json({}, { status: 404 });
    };
    const first = view();
    await ready();
    fireEvent.click(screen.getByRole("radio", { name: /Cash on Delivery/ }));
    fireEvent.click(placeButton());
    expect(await screen.findByRole("alert", {}, { timeout: 3000 })).toBeTruthy();
    await ready();
    fireEvent.click(placeButton());
    await waitFor(() => expect(placeCalls()).toHaveLength(2));
    await ready();
    // The tab reloads: a new page, the same attempt.
    first.unmount();
    view();
    await ready();
    fireEvent.click(screen.getByRole("radio", { name: /Cash on Delivery/ }));
    fireEvent.click(placeButton());
    await waitFor(() => expect(placeCalls()).toHaveLength(3));
    await ready();
    const keys = placeCalls().map((c) => c.headers.get("Idempotency-Key"));
    expect(new Set(keys).size).toBe(1);
    // Another shipping method is another attempt.
    fireEvent.click(screen.getByRole("radio", { name: /Express/ }));
    await ready();
    fail = false;
    fireEvent.click(placeButton());
    await waitFor(() => expect(placeCalls()).toHaveLength(4));
    expect(placeCalls()[3]!.headers.get("Idempotency-Key")).not.toBe(keys[0]);
    await waitFor(() => expect(push).toHaveBeenCalled());
  });

  it("shows a 409 in place and as a toast, and reloads the summary", async () => {
    const message = "Only 1 left of Ikat Cushion.";
    route = (call) => {
      if (call.url === "/api/v2/checkout/place") return Response.json({ result: false, message }, { status: 409 });
      if (call.url.startsWith("/api/v2/checkout/summary")) return Response.json(summary());
      return Response.json({}, { status: 404 });
    };
    view();
    await ready();
    const before = summaryCalls().length;
    fireEvent.click(placeButton());
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe(message);
    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2)); // inline and the toast
    await waitFor(() => expect(summaryCalls().length).toBeGreaterThan(before));
    expect(push).not.toHaveBeenCalled();
    await ready();
  });

  it("puts the server's GSTIN message under the field and sends another billing address when asked", async () => {
    const message = "Enter a valid 15-character GSTIN.";
    route = (call) => {
      if (call.url === "/api/v2/checkout/place") return Response.json({ result: false, message, errors: { gstin: [message] } }, { status: 422 });
      if (call.url.startsWith("/api/v2/checkout/summary")) return Response.json(summary());
      return Response.json({}, { status: 404 });
    };
    view();
    await ready();
    fireEvent.change(screen.getByLabelText(/GSTIN/), { target: { value: "27aapfu0939f1z5x" } });
    expect((screen.getByLabelText(/GSTIN/) as HTMLInputElement).value).toBe("27AAPFU0939F1Z5");
    fireEvent.click(screen.getByRole("checkbox", { name: "Billing address same as delivery" }));
    const billing = screen.getByRole("group", { name: "Billing address" });
    fireEvent.click(within(billing).getByRole("radio", { name: /11 MG Road/ }));
    fireEvent.click(placeButton());
    await waitFor(() => expect(screen.getByLabelText(/GSTIN/).getAttribute("aria-invalid")).toBe("true"));
    expect(placeCalls()[0]!.body).toMatchObject({ billing_address_id: 11, gstin: "27AAPFU0939F1Z5" });
    expect(screen.getAllByRole("alert").some((a) => a.id.endsWith("-gstin-error") && a.textContent === message)).toBe(true);
  });

  it("pays online after placing: the same order goes to /payments/start and the sandbox page opens", async () => {
    route = (call) => {
      if (call.url === "/api/v2/checkout/place") return Response.json(PLACED("online"), { status: 201 });
      if (call.url === "/api/v2/payments/start") return Response.json(START("sandbox"));
      if (call.url.startsWith("/api/v2/checkout/summary")) return Response.json(summary());
      return Response.json({}, { status: 404 });
    };
    view();
    await ready();
    fireEvent.click(screen.getByRole("radio", { name: /Pay online/ }));
    fireEvent.click(placeButton());
    await waitFor(() => expect(goTo).toHaveBeenCalledWith("/payment/sandbox?order_id=order_abc123"));
    expect(calls.find((c) => c.url === "/api/v2/payments/start")?.body).toEqual({ order_id: 41 });
    expect(placeCalls()[0]!.body).toMatchObject({ payment_method: "online" });
    expect(placeButton().textContent).toBe("Redirecting to payment...");
    expect(document.querySelector(`script[src="${RAZORPAY_SCRIPT}"]`)).toBeNull();
  });

  it("loads Razorpay's checkout.js only for Razorpay and opens it with the server's order", async () => {
    route = (call) => {
      if (call.url === "/api/v2/checkout/place") return Response.json(PLACED("online"), { status: 201 });
      if (call.url === "/api/v2/payments/start") return Response.json(START("razorpay"));
      if (call.url.startsWith("/api/v2/checkout/summary")) return Response.json(summary({ online: { available: true, provider: "razorpay" } }));
      return Response.json({}, { status: 404 });
    };
    view();
    await ready();
    expect(document.querySelector(`script[src="${RAZORPAY_SCRIPT}"]`)).toBeNull();
    fireEvent.click(placeButton());
    await waitFor(() => expect(document.querySelector(`script[src="${RAZORPAY_SCRIPT}"]`)).not.toBeNull());
    const opened: unknown[] = [];
    window.Razorpay = class {
      constructor(options: unknown) {
        opened.push(options);
      }
      open() {}
    };
    act(() => {
      document.querySelector<HTMLScriptElement>(`script[src="${RAZORPAY_SCRIPT}"]`)!.onload?.(new Event("load"));
    });
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(opened[0]).toMatchObject({
      key: "rzp_test_key",
      amount: 234900,
      currency: "INR",
      order_id: "order_abc123",
      prefill: { email: "asha@example.com" },
      callback_url: `${window.location.origin}/api/v2/payments/callback?order=KH-000041`,
      redirect: true,
    });
  });

  it("with an empty cart says so and links to the products", async () => {
    route = (call) => (call.url.startsWith("/api/v2/checkout/summary") ? Response.json({ result: false, message: "Your cart is empty." }, { status: 400 }) : Response.json({}, { status: 404 }));
    view();
    expect(await screen.findByText("Your cart is empty.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Continue shopping" }).getAttribute("href")).toBe("/products");
  });

  it("without an address offers Add New Address and cannot place", async () => {
    route = (call) => (call.url.startsWith("/api/v2/checkout/summary") ? Response.json(summary({ deliverable: false, delivery_message: "Choose a delivery address." })) : Response.json({}, { status: 404 }));
    view([]);
    await screen.findByTestId("checkout-summary");
    expect(summaryCalls()[0]?.url).toBe("/api/v2/checkout/summary?shipping_method=standard");
    expect((screen.getByRole("button", { name: "Add New Address" }) as HTMLButtonElement).disabled).toBe(false);
    expect((placeButton() as HTMLButtonElement).disabled).toBe(true);
  });
});

describe("PayNow (Retry Payment)", () => {
  it("starts the payment of the same order and never places a new one", async () => {
    route = (call) => (call.url === "/api/v2/payments/start" ? Response.json(START("sandbox")) : Response.json({}, { status: 404 }));
    render(<PayNow orderId={41} />);
    fireEvent.click(screen.getByRole("button", { name: "Pay now" }));
    fireEvent.click(screen.getByRole("button", { name: /Pay now|Redirecting/ }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith("/payment/sandbox?order_id=order_abc123"));
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(["POST /api/v2/payments/start"]);
    expect(calls[0]!.body).toEqual({ order_id: 41 });
  });

  it("shows the server's refusal with a link to the orders", async () => {
    route = () => Response.json({ result: false, message: "This order is already paid." }, { status: 409 });
    render(<PayNow orderId={41} />);
    fireEvent.click(screen.getByRole("button", { name: "Pay now" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("This order is already paid.");
    expect(within(alert).getByRole("link", { name: "View Purchase History" }).getAttribute("href")).toBe("/purchase-history");
    expect(goTo).not.toHaveBeenCalled();
  });
});

describe("checkout bundle", () => {
  const ROOT = path.resolve(__dirname, "../..");
  /** Static imports only: the address form (zod) is loaded on demand by next/dynamic. */
  function staticZodChains(entry: string): string[] {
    const found: string[] = [];
    const seen = new Set<string>();
    const walk = (file: string, chain: string[]) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const m of fs.readFileSync(file, "utf8").matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^"';]*?\sfrom\s+)?["']([^"']+)["']/gm)) {
        const spec = m[1] as string;
        const here = [...chain, path.relative(ROOT, file)];
        if (spec === "zod" || spec.startsWith("zod/")) found.push(here.join(" > "));
        if (!spec.startsWith("@/") && !spec.startsWith(".")) continue;
        const base = spec.startsWith("@/") ? path.join(ROOT, spec.slice(2)) : path.resolve(path.dirname(file), spec);
        const next = ["", ".ts", ".tsx"].map((e) => base + e).find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
        if (next) walk(next, here);
      }
    };
    walk(path.join(ROOT, entry), []);
    return found;
  }

  it.each(["components/checkout/CheckoutForm.tsx", "components/checkout/PayNow.tsx"])("%s ships no zod with the page", (entry) => {
    expect(staticZodChains(entry)).toEqual([]);
  });

  it("would notice the address form imported statically", () => {
    expect(staticZodChains("components/account/AddressModal.tsx").length).toBeGreaterThan(0);
  });
});
