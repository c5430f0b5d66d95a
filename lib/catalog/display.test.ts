import { describe, expect, it } from "vitest";
import { availabilityLabel, discountLabel, showListPrice } from "./display";

describe("product card labels", () => {
  it("labels availability", () => {
    expect(availabilityLabel("out_of_stock")).toBe("Out Of Stock");
    expect(availabilityLabel("made_to_order")).toBe("MADE TO ORDER");
    expect(availabilityLabel("in_stock")).toBe("In Stock");
  });
  it("shows a discount only when there is one", () => {
    expect(discountLabel(20)).toBe("20% Off");
    expect(discountLabel("15")).toBe("15% Off");
    expect(discountLabel(0)).toBeNull();
    expect(discountLabel("0")).toBeNull();
  });
  it("strikes the list price only when it differs", () => {
    expect(showListPrice(1000, 1200)).toBe(true);
    expect(showListPrice(1000, 1000)).toBe(false);
  });
});

describe("stored availability and discount", () => {
  it("follows stock first, then made to order", async () => {
    const { availabilityOf, discountPercent } = await import("./display");
    expect(availabilityOf(0, true)).toBe("out_of_stock");
    expect(availabilityOf(5, true)).toBe("made_to_order");
    expect(availabilityOf(5, false)).toBe("in_stock");
    expect(discountPercent(500_000, 432_100)).toBe(14);
    expect(discountPercent(1000, 1000)).toBe(0);
  });
});
