import { describe, expect, it } from "vitest";
import { checkGstin, gstinCheckChar, isValidGstin, sameState, stateCodeOf, stateNameOf } from "./gstin";

describe("GSTIN", () => {
  it("accepts GSTINs whose check character matches (published examples and the demo seller's)", () => {
    expect(checkGstin("27AAPFU0939F1ZV")).toEqual({ ok: true, gstin: "27AAPFU0939F1ZV", stateCode: "27", stateName: "Maharashtra", pan: "AAPFU0939F" });
    expect(isValidGstin("29AAGCB7383J1Z4")).toBe(true);
    expect(isValidGstin("07AAKFK4821M1Z0")).toBe(true);
  });

  it("normalizes case and spaces before checking", () => {
    const check = checkGstin(" 27aapfu0939f1zv ");
    expect(check.ok && check.gstin).toBe("27AAPFU0939F1ZV");
  });

  it("refuses a changed character (the check character catches a typo)", () => {
    const check = checkGstin("27AAPFU0939F1ZW");
    expect(check).toEqual({ ok: false, message: "The GSTIN's check character does not match. Please check it for typing mistakes." });
    expect(isValidGstin("27AAPFU0938F1ZV")).toBe(false);
  });

  it("refuses the wrong shape or an unknown state code", () => {
    expect(isValidGstin("27AAPFU0939F1Z")).toBe(false);
    expect(isValidGstin("27AAPFU0939F1XV")).toBe(false);
    expect(isValidGstin("2AAAPFU0939F1ZV")).toBe(false);
    expect(isValidGstin("")).toBe(false);
    const base = "98AAPFU0939F1Z";
    expect(checkGstin(base + gstinCheckChar(base))).toEqual({ ok: false, message: "The GSTIN's state code is not a GST state code." });
  });

  it("computes the check character with the base-36 algorithm", () => {
    expect(gstinCheckChar("27AAPFU0939F1Z")).toBe("V");
    expect(() => gstinCheckChar("27aapfu0939f1z")).toThrow(RangeError);
  });
});

describe("GST states", () => {
  it("maps codes to names and names to codes", () => {
    expect(stateNameOf("07")).toBe("Delhi");
    expect(stateNameOf("27")).toBe("Maharashtra");
    expect(stateNameOf("00")).toBeNull();
    expect(stateCodeOf("Maharashtra")).toBe("27");
    expect(stateCodeOf("  tamil   NADU ")).toBe("33");
    expect(stateCodeOf("NCT of Delhi")).toBe("07");
    expect(stateCodeOf("Orissa")).toBe("21");
    expect(stateCodeOf("Atlantis")).toBeNull();
    expect(stateCodeOf("")).toBeNull();
  });

  it("compares state names without case, spaces or old names mattering", () => {
    expect(sameState("Delhi", " delhi ")).toBe(true);
    expect(sameState("Delhi", "NCT of Delhi")).toBe(true);
    expect(sameState("Delhi", "Maharashtra")).toBe(false);
    expect(sameState("", "")).toBe(false);
  });
});
