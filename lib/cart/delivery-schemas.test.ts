import { describe, expect, it } from "vitest";
import { INVALID_PIN_MESSAGE } from "./delivery";
import { deliveryCheckSchema } from "./delivery-schemas";

describe("delivery check query", () => {
  it("takes a PIN and a product slug", () => {
    expect(deliveryCheckSchema.parse({ pin: " 110 001", product: "jaipur-curtain" })).toEqual({ pin: "110001", product: "jaipur-curtain" });
  });

  it.each([undefined, "", "12345", "abc", "1234567", "012345"])("refuses the PIN %j with one message", (pin) => {
    const result = deliveryCheckSchema.safeParse({ pin, product: "jaipur-curtain" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["pin", INVALID_PIN_MESSAGE]]);
  });

  it.each([undefined, "", "Not A Slug", "../etc"])("refuses the product %j", (product) => {
    const result = deliveryCheckSchema.safeParse({ pin: "110001", product });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["product"]);
  });
});
