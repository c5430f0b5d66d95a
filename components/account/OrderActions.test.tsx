// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import toast, { Toaster } from "react-hot-toast";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CANCEL_FAILED, CancelOrderButton, InvoiceLink, RefundRequestButton } from "./OrderActions";

const refresh = vi.fn();
vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh }) }));

type Call = { method: string; url: string; body: unknown; requestedWith: string | null };
let calls: Call[] = [];
let route: (call: Call) => Response | Promise<Response>;

beforeEach(() => {
  window.matchMedia = vi.fn().mockReturnValue({ matches: false }) as unknown as typeof window.matchMedia;
  calls = [];
  refresh.mockClear();
  // jsdom has <dialog> without its modal methods.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute("open");
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = { method: init.method ?? "GET", url, body: init.body ? JSON.parse(String(init.body)) : undefined, requestedWith: new Headers(init.headers).get("X-Requested-With") };
      calls.push(call);
      return route(call);
    }),
  );
});

afterEach(() => {
  cleanup();
  act(() => toast.remove());
  vi.unstubAllGlobals();
});

describe("CancelOrderButton", () => {
  it("posts the cancel with X-Requested-With, toasts the server's message and reloads the list", async () => {
    route = () => Response.json({ result: true, message: "Your order has been cancelled." });
    render(
      <>
        <CancelOrderButton orderId={42} code="KH-42" />
        <Toaster />
      </>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Cancel order KH-42" }));
    expect(await screen.findByText("Your order has been cancelled.")).toBeTruthy();
    expect(calls).toEqual([{ method: "POST", url: "/api/v2/order/cancel/42", body: undefined, requestedWith: "XMLHttpRequest" }]);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("shows the server's reason for a refusal, the cancel's own failure message when there is none, and does not reload", async () => {
    route = () => Response.json({ result: false, message: "This order is already cancelled." }, { status: 409 });
    render(
      <>
        <CancelOrderButton orderId={7} code="KH-7" />
        <Toaster />
      </>,
    );
    const cancel = () => screen.getByRole("button", { name: "Cancel order KH-7" });
    fireEvent.click(cancel());
    expect(await screen.findByText("This order is already cancelled.")).toBeTruthy();
    // docs/storefront.md ("Orders"): a cancel that fails without a reason says CANCEL_FAILED (the same words as the
    // invoice's failure, but the cancel's own message), for a dropped connection and for an
    // answer without a message alike.
    expect(CANCEL_FAILED).toBe("An error occurred while fetching the invoice.");
    for (const failure of [
      () => {
        throw new TypeError("Failed to fetch");
      },
      () => new Response("<html>Bad gateway</html>", { status: 502, headers: { "Content-Type": "text/html" } }),
    ]) {
      act(() => toast.remove());
      route = failure;
      await waitFor(() => expect(cancel().hasAttribute("disabled")).toBe(false));
      fireEvent.click(cancel());
      expect(await screen.findByText(CANCEL_FAILED)).toBeTruthy();
    }
    expect(refresh).not.toHaveBeenCalled();
  });
});

describe("RefundRequestButton", () => {
  it("asks for a reason, refuses a short one without a call, then sends it and reloads", async () => {
    route = () => Response.json({ result: true, message: "Your refund request has been sent. We will get back to you soon.", refund_label: "Refund Requested" });
    render(
      <>
        <RefundRequestButton lineId={9} productName="Ikat Cushion" />
        <Toaster />
      </>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Refund Ikat Cushion" }));
    const reason = await screen.findByLabelText(/Reason/);
    fireEvent.change(reason, { target: { value: "torn" } });
    fireEvent.click(screen.getByRole("button", { name: "Send request" }));
    expect(await screen.findByText("Please describe the damage or defect in 10 to 500 characters.")).toBeTruthy();
    expect(calls).toEqual([]);

    fireEvent.change(reason, { target: { value: "The cover arrived torn at the seam." } });
    fireEvent.click(screen.getByRole("button", { name: "Send request" }));
    expect(await screen.findByText("Your refund request has been sent. We will get back to you soon.")).toBeTruthy();
    expect(calls).toEqual([{ method: "POST", url: "/api/v2/order/refund-request/9", body: { reason: "The cover arrived torn at the seam." }, requestedWith: "XMLHttpRequest" }]);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("shows the server's refusal in the form", async () => {
    route = () => Response.json({ result: false, message: "Refunds can be requested only within 7 days of delivery." }, { status: 409 });
    render(<RefundRequestButton lineId={3} productName="Rug" />);
    fireEvent.click(screen.getByRole("button", { name: "Refund Rug" }));
    fireEvent.change(await screen.findByLabelText(/Reason/), { target: { value: "Stains all over the rug." } });
    fireEvent.click(screen.getByRole("button", { name: "Send request" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Refunds can be requested only within 7 days of delivery.");
    expect(refresh).not.toHaveBeenCalled();
  });
});

describe("InvoiceLink", () => {
  it("fetches the PDF with the API's headers and shows it in the tab opened at the click", async () => {
    const tab = { location: { href: "" }, close: vi.fn() };
    vi.stubGlobal("open", vi.fn(() => tab));
    URL.createObjectURL = vi.fn(() => "blob:http://localhost/invoice-1");
    URL.revokeObjectURL = vi.fn();
    route = () => new Response(new Blob(["%PDF-1.7"], { type: "application/pdf" }), { headers: { "Content-Type": "application/pdf" } });
    render(<InvoiceLink orderId={12} code="KH-12" />);
    const link = screen.getByRole("link", { name: "Invoice of order KH-12" });
    expect(link.getAttribute("target")).toBe("_blank");
    fireEvent.click(link);
    await waitFor(() => expect(tab.location.href).toBe("blob:http://localhost/invoice-1"));
    expect(window.open).toHaveBeenCalledWith("", "_blank");
    expect(calls).toEqual([{ method: "GET", url: "/api/v2/invoice/download/12", body: undefined, requestedWith: "XMLHttpRequest" }]);
  });

  it("closes the tab and shows the spec's message when the invoice cannot be fetched", async () => {
    const tab = { location: { href: "" }, close: vi.fn() };
    vi.stubGlobal("open", vi.fn(() => tab));
    route = () => Response.json({ result: false, message: "This order has not been paid yet." }, { status: 409 });
    render(
      <>
        <InvoiceLink orderId={5} code="KH-5" />
        <Toaster />
      </>,
    );
    fireEvent.click(screen.getByRole("link", { name: "Invoice of order KH-5" }));
    expect(await screen.findByText("An error occurred while fetching the invoice.")).toBeTruthy();
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe("");
  });
});
