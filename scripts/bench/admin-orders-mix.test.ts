import { describe, expect, it } from "vitest";
import { parseOrderListQuery } from "../../lib/orders/admin-list";
import { adminOrdersMix, ORDER_MIX, type OrderMixData } from "./admin-orders-mix";

const data: OrderMixData = {
  orders: Array.from({ length: 400 }, (_, i) => ({
    id: i + 1,
    code: `KH2503${String(10 + (i % 18)).padStart(2, "0")}-${(0x1000 + i).toString(16).toUpperCase().padStart(6, "0")}`,
    email: `${["aditi", "rahul", "zoya"][i % 3]}.${["sharma", "iyer", "khan"][i % 3]}${i + 1}@${["gmail.com", "yahoo.co.in"][i % 2]}`,
    phone: `9${String(100_000_000 + i * 7919).slice(0, 9)}`,
    name: `${["Aditi", "Rahul", "Zoya", "Vikram", "Meera", "Farhan", "Kavya"][i % 7]} ${["Sharma", "Iyer", "Khan", "Nair", "Reddy", "Bose", "Menon", "Das", "Rao", "Joshi", "Patel"][i % 11]}`,
  })),
  first: "2023-11-26T00:00:00.000Z",
  last: "2026-11-26T00:00:00.000Z",
};

const stateOf = (path: string) => {
  const url = new URL(path, "http://shop.test");
  expect(url.pathname).toBe("/admin/orders");
  return parseOrderListQuery(Object.fromEntries(url.searchParams));
};

describe("the admin-orders bench's request mix", () => {
  const mix = adminOrdersMix(data, 1200, 7);

  it("gives the number of paths asked for, none twice, each an order-list URL the page reads without dropping anything", () => {
    expect(mix).toHaveLength(1200);
    expect(new Set(mix.map((m) => m.path)).size).toBe(1200);
    for (const { path } of mix) expect(stateOf(path).ignored).toEqual([]);
  });

  it("mixes statuses, date ranges and searches by phone, code, e-mail and name in about the proportions of ORDER_MIX", () => {
    for (const [kind, weight] of Object.entries(ORDER_MIX)) {
      const share = mix.filter((m) => m.kind === kind).length / mix.length;
      expect(share, kind).toBeGreaterThan(weight - 0.03);
      expect(share, kind).toBeLessThan(weight + 0.03);
    }
  });

  it("searches by phone with the numbers of real orders, whole or by their last digits, and ranges within the shop's years", () => {
    const phones = mix.filter((m) => m.kind === "phone").map((m) => (stateOf(m.path).query.q ?? "").replace(/\D/g, ""));
    for (const digits of phones) expect(data.orders.some((o) => o.phone.endsWith(digits.slice(-6)))).toBe(true);
    for (const m of mix.filter((x) => x.kind === "dateRange")) {
      const { from, to } = stateOf(m.path).query;
      expect(from && to && from <= to && from >= "2023-11-26" && to <= "2026-11-27").toBe(true);
    }
  });

  it("gives the same paths for the same seed", () => {
    expect(adminOrdersMix(data, 1200, 7)).toEqual(mix);
    expect(adminOrdersMix(data, 1200, 8)).not.toEqual(mix);
  });
});
