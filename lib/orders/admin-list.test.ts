import { describe, expect, it } from "vitest";
import { amountParam, awbOf, isFiltered, orderDateBounds, orderExportHref, orderListHref, orderSearchKind, parseOrderListQuery, staffMoves } from "./admin-list";
import { adminOrderListQuery, adminOrdersExportQuery, adminOrdersQuery, orderNoteSchema } from "./schemas";
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

  it("reads an amount range in rupees as paise, and drops a bound it cannot mean or a range upside down", () => {
    expect(parseOrderListQuery({ min: "1500", max: "2499.5" })).toEqual({ query: { min: 150_000, max: 249_950 }, ignored: [] });
    expect(parseOrderListQuery({ min: " 0 ", max: "0.01" }).query).toEqual({ min: 0, max: 1 });
    expect(parseOrderListQuery({ min: "9999999.99" }).query).toEqual({ min: 999_999_999 });
    for (const bad of ["-1", "1.234", "1e3", "abc", "10000000", "1,500", "₹100", "0x10", "Infinity"]) {
      expect(parseOrderListQuery({ min: bad, max: bad })).toEqual({ query: {}, ignored: ["min", "max"] });
    }
    expect(parseOrderListQuery({ min: "3000", max: "2000", status: "Pending" })).toEqual({ query: { status: "Pending" }, ignored: ["min above max"] });
    // Equal ends are one amount.
    expect(parseOrderListQuery({ min: "2499", max: "2499.00" }).query).toEqual({ min: 249_900, max: 249_900 });
  });

  it("keeps the amount range in its links and the export's, every page at once", () => {
    const { query } = parseOrderListQuery({ q: "SBX1002", min: "1500", max: "2499.5", page: "3" });
    expect(orderListHref(query, { page: 4 })).toBe("/admin/orders?q=SBX1002&min=1500&max=2499.50&page=4");
    expect(orderExportHref(query)).toBe("/admin/orders/export?q=SBX1002&min=1500&max=2499.50");
    expect(orderExportHref({})).toBe("/admin/orders/export");
    expect([0, 1, 150_000, 249_950].map(amountParam)).toEqual(["0", "0.01", "1500", "2499.50"]);
    expect(isFiltered({ min: 0 })).toBe(true);
    expect(isFiltered({ page: 2 })).toBe(false);
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

describe("a search term that may be an AWB", () => {
  it("is letters, digits and hyphens with a digit, compared in capitals; a name or an e-mail is not", () => {
    expect(["SBX100200300", "sbx100200300", " 1234567890123 ", "DL-4455", "KH261124-BBBB2", "9811122233"].map(awbOf)).toEqual(["SBX100200300", "SBX100200300", "1234567890123", "DL-4455", "KH261124-BBBB2", "9811122233"]);
    expect(["Meera", "Meera Iyer", "meera@example.com", "aditi.sharma84", "123", "A-B-C", `${"1".repeat(41)}`].map(awbOf)).toEqual([null, null, null, null, null, null, null]);
  });
});

describe("the admin orders API's filters", () => {
  it("takes the list's names, checks each, and says which is wrong", () => {
    const ok = adminOrdersQuery.safeParse({ q: "SBX1", status: "Shipped", payment: "Paid", type: "online", refund: "due", from: "2026-11-01", to: "2026-11-30", min: "100", max: "2499.99", page: "2" });
    expect(ok.success && ok.data).toMatchObject({ page: 2, min: 10_000, max: 249_999 });
    if (!ok.success) return;
    const { page, ...filters } = ok.data;
    expect(adminOrderListQuery(filters, page)).toEqual({ q: "SBX1", status: "Shipped", payment: "Paid", type: "online", refund: "due", from: "2026-11-01", to: "2026-11-30", min: 10_000, max: 249_999, page: 2 });
    // refund_due=1, as before, is refund=due; empty values (a form's) are left out.
    const legacy = adminOrdersExportQuery.parse({ refund_due: "1", q: "", min: "" });
    expect(adminOrderListQuery(legacy)).toEqual({ refund: "due" });
    const issues = (input: Record<string, string>) => {
      const r = adminOrdersQuery.safeParse(input);
      return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
    };
    expect(issues({ min: "-5", max: "1.001" })).toEqual({ min: "min is an amount in rupees from 0 to 9999999.99, with at most two decimals.", max: "max is an amount in rupees from 0 to 9999999.99, with at most two decimals." });
    expect(issues({ min: "500", max: "499.99" })).toEqual({ max: "max must not be below min." });
    expect(issues({ type: "cheque", payment: "paid", from: "2026-02-30x" })).toMatchObject({ type: expect.any(String), payment: expect.any(String), from: "from is a day, as 2026-11-24." });
    expect(issues({ refund_due: "1", refund: "requested" })).toEqual({ refund: expect.stringContaining("refund_due=1") });
  });
});

describe("a staff note on an order", () => {
  it("is 1 to 2,000 characters of text, trimmed, line breaks kept", () => {
    expect(orderNoteSchema.parse({ body: "  Customer called:\ndeliver after 6 pm.  " })).toEqual({ body: "Customer called:\ndeliver after 6 pm." });
    expect(orderNoteSchema.parse({ body: "x".repeat(2000) }).body).toHaveLength(2000);
    const message = (body: unknown) => orderNoteSchema.safeParse({ body }).error?.issues[0]?.message;
    expect(message("   ")).toBe("Write the note.");
    expect(message(undefined)).toBe("Write the note.");
    expect(message("x".repeat(2001))).toBe("A note is at most 2,000 characters.");
    expect(message("bell\u0007")).toBe("The note contains characters that are not allowed.");
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
