import { describe, expect, it } from "vitest";
import { clampPage, countsAsSpent, NO_REFUND, paymentTypeLabel, refundView, refundWindowDays } from "./rules";
import type { DeliveryStatus, PaymentStatus, PaymentType, RefundStatus } from "./status";

const delivered: { deliveryStatus: DeliveryStatus; refundStatus: RefundStatus | null } = { deliveryStatus: "Delivered", refundStatus: null };
const day = 24 * 60 * 60 * 1000;

describe("refund column of an order line", () => {
  const at = "2026-03-01T10:00:00.000Z";
  const now = (ms: number) => new Date(Date.parse(at) + ms);

  it("offers the button on a delivered line up to the last moment of the window, not after", () => {
    expect(refundView(delivered, at, 7, now(0))).toEqual({ button: true, label: "" });
    expect(refundView(delivered, at, 7, now(7 * day))).toEqual({ button: true, label: "" });
    expect(refundView(delivered, at, 7, now(7 * day + 1))).toEqual({ button: false, label: "" });
    expect(refundView(delivered, at, 3, now(4 * day)).button).toBe(false);
  });

  it("never offers it before delivery, or without a delivery time", () => {
    for (const status of ["Pending", "Confirmed", "Shipped", "Cancelled"] as const) expect(refundView({ deliveryStatus: status, refundStatus: null }, at, 7, now(0))).toEqual({ button: false, label: "" });
    expect(refundView(delivered, null, 7, now(0)).button).toBe(false);
  });

  it("shows the claim's state once claimed, even inside the window", () => {
    expect(refundView({ ...delivered, refundStatus: "Requested" }, at, 7, now(0))).toEqual({ button: false, label: "Refund Requested" });
    expect(refundView({ ...delivered, refundStatus: "Approved" }, at, 7, now(0)).label).toBe("Refund Approved");
    expect(refundView({ ...delivered, refundStatus: "Rejected" }, at, 7, now(0)).label).toBe("Refund Rejected");
    expect(refundView({ ...delivered, refundStatus: "Refunded" }, at, 70, now(99 * day)).label).toBe("Refunded");
    expect(NO_REFUND).toBe("No Refund Available");
  });

  it("reads the window setting, with 7 days for a missing or odd value", () => {
    expect(refundWindowDays("10")).toBe(10);
    expect(refundWindowDays("0")).toBe(0);
    for (const raw of [undefined, null, "", "seven", "-1", "2.5", "1000"]) expect(refundWindowDays(raw)).toBe(7);
  });
});

describe("Total Expenditure counts", () => {
  const order = (deliveryStatus: DeliveryStatus, paymentStatus: PaymentStatus, paymentType: PaymentType) => countsAsSpent({ deliveryStatus, paymentStatus, paymentType });
  it("paid orders, and cash-on-delivery orders once delivered", () => {
    expect(order("Confirmed", "Paid", "online")).toBe(true);
    expect(order("Delivered", "Paid", "online")).toBe(true);
    expect(order("Delivered", "Un-Paid", "cash_on_delivery")).toBe(true);
    expect(order("Delivered", "Paid", "cash_on_delivery")).toBe(true);
  });
  it("not unpaid orders that are pending or on their way, nor any cancelled order", () => {
    expect(order("Pending", "Un-Paid", "cash_on_delivery")).toBe(false);
    expect(order("Shipped", "Un-Paid", "cash_on_delivery")).toBe(false);
    expect(order("Pending", "Un-Paid", "online")).toBe(false);
    expect(order("Cancelled", "Un-Paid", "cash_on_delivery")).toBe(false);
    expect(order("Cancelled", "Refunded", "online")).toBe(false);
    expect(order("Cancelled", "Paid", "online")).toBe(false);
  });
});

describe("pages of a list", () => {
  it("has 10 a page, at least one page, and answers the last page past the end", () => {
    expect(clampPage(1, 25)).toEqual({ page: 1, lastPage: 3 });
    expect(clampPage(3, 25)).toEqual({ page: 3, lastPage: 3 });
    expect(clampPage(9, 25)).toEqual({ page: 3, lastPage: 3 });
    expect(clampPage(2, 0)).toEqual({ page: 1, lastPage: 1 });
    expect(clampPage(2, 20)).toEqual({ page: 2, lastPage: 2 });
    expect(clampPage(0, 20)).toEqual({ page: 1, lastPage: 2 });
  });
});

describe("payment type labels", () => {
  it("says how the customer pays", () => {
    expect(paymentTypeLabel("cash_on_delivery")).toBe("Cash on Delivery");
    expect(paymentTypeLabel("online")).toBe("Pay online");
    expect(paymentTypeLabel(null)).toBe("");
  });
});
