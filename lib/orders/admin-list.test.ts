import { describe, expect, it } from "vitest";
import { orderDateBounds, orderListHref, orderSearchKind, parseOrderListQuery, staffMoves } from "./admin-list";
import type { OrderFacts } from "./lifecycle";

const order = (o: Partial<OrderFacts>): OrderFacts => ({ delivery: "Pending", payment: "Un-Paid", paymentType: "cash_on_delivery", cancelReason: null, couponCode: null, ...o });
const targets = (o: Partial<OrderFacts>) => staffMoves(order(o)).map((m) => m.target);

describe("the admin order list's URL", () => {
  it("reads its filters, drops what it cannot mean and names it", () => {
    expect(parseOrderListQuery({ q: " KH-123 ", status: "Shipped", payment: "Paid", type: "online", from: "2026-11-01", to: "2026-11-30", page: "3" }).query).toEqual({ q: "KH-123", status: "Shipped", payment: "Paid", type: "online", from: "2026-11-01", to: "2026-11-30", page: 3 });
    const bad = parseOrderListQuery({ status: "Lost", payment: "paid", from: "2026-13-45", page: "0", type: "cheque" });
    expect(bad.query).toEqual({});
    expect(bad.ignored.sort()).toEqual(["from", "page", "payment", "status", "type"]);
  });

  it("builds links that start a new filter at the first page", () => {
    const { query } = parseOrderListQuery({ status: "Pending", page: "4" });
    expect(orderListHref(query, { page: 5 })).toBe("/admin/orders?status=Pending&page=5");
    expect(orderListHref(query, { q: "meera@example.com" })).toBe("/admin/orders?q=meera%40example.com&status=Pending");
    expect(orderListHref(query, { page: 1 })).toBe("/admin/orders?status=Pending");
  });

  it("reads a day range as India's calendar days", () => {
    expect(orderDateBounds("2026-11-24", "2026-11-24")).toEqual({ from: "2026-11-23T18:30:00.000Z", below: "2026-11-24T18:30:00.000Z" });
    expect(orderDateBounds()).toEqual({});
  });
});

describe("what the order search box was given", () => {
  it("tells a code, an e-mail and a phone from words, so each searches only its columns", () => {
    expect(["KH260301-7K3QZ", "kh260301", "KH2603"].map(orderSearchKind)).toEqual(["code", "code", "code"]);
    expect(["aditi@example.com", "@gmail", "aditi.sharma84", "rahul_k"].map(orderSearchKind)).toEqual(["email", "email", "email", "email"]);
    expect(["9811122233", "+91 98111 22233", "98111-22233", "2233", "(022) 2345"].map(orderSearchKind)).toEqual(["phone", "phone", "phone", "phone", "phone"]);
    expect(["Aditi Sharma", "sharma", "123", "khadi", "Khan", "KH"].map(orderSearchKind)).toEqual(["words", "words", "words", "words", "words", "words"]);
  });
});

describe("the status moves an order page offers", () => {
  it("follows the lifecycle's table for staff", () => {
    expect(targets({})).toEqual(["Confirmed", "Shipped", "Cancelled"]);
    expect(targets({ delivery: "Confirmed" })).toEqual(["Shipped", "Cancelled"]);
    expect(targets({ delivery: "Shipped" })).toEqual(["Delivered"]);
    expect(targets({ delivery: "Cancelled" })).toEqual([]);
  });

  it("offers nothing but cancelling an unpaid online order, and records cash on a delivered COD order", () => {
    expect(targets({ paymentType: "online" })).toEqual(["Cancelled"]);
    expect(targets({ delivery: "Delivered", payment: "Un-Paid" })).toEqual(["Delivered"]);
    expect(targets({ delivery: "Delivered", payment: "Paid" })).toEqual([]);
  });
});
