import { describe, expect, it } from "vitest";
import { chatHref, displayPhone, localDigits, telHref } from "./phone";

describe("phone numbers", () => {
  it("prefixes +91 to displayed numbers", () => {
    expect(displayPhone("9810012345")).toBe("+91 98100 12345");
    expect(displayPhone("+91 98100-12345")).toBe("+91 98100 12345");
    expect(displayPhone("")).toBe("");
  });
  it("builds call and chat links from the contact phone", () => {
    expect(localDigits("919810012345")).toBe("9810012345");
    expect(telHref("9810012345")).toBe("tel:+919810012345");
    expect(chatHref("98100 12345")).toBe("https://wa.me/919810012345");
  });
});
