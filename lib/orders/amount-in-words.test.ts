import { describe, expect, it } from "vitest";
import { integerInWords, paiseInWords } from "./amount-in-words";

describe("amounts in words (Indian numbering)", () => {
  it("writes crores, lakhs and thousands with paise", () => {
    expect(paiseInWords(1_234_567_850)).toBe("Rupees One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight and Fifty Paise Only");
  });

  it("writes zero, paise alone and whole rupees", () => {
    expect(paiseInWords(0)).toBe("Rupees Zero Only");
    expect(paiseInWords(5)).toBe("Five Paise Only");
    expect(paiseInWords(99)).toBe("Ninety-Nine Paise Only");
    expect(paiseInWords(100)).toBe("Rupees One Only");
    expect(paiseInWords(101)).toBe("Rupees One and One Paise Only");
  });

  it("writes exact hundreds, thousands, lakhs and crores without trailing words", () => {
    expect(integerInWords(100)).toBe("One Hundred");
    expect(integerInWords(500)).toBe("Five Hundred");
    expect(integerInWords(1000)).toBe("One Thousand");
    expect(integerInWords(100_000)).toBe("One Lakh");
    expect(integerInWords(10_000_000)).toBe("One Crore");
    expect(integerInWords(1_00_00_100)).toBe("One Crore One Hundred");
    expect(paiseInWords(29_500_000)).toBe("Rupees Two Lakh Ninety-Five Thousand Only");
  });

  it("writes teens and hyphenated tens", () => {
    expect(integerInWords(11)).toBe("Eleven");
    expect(integerInWords(19)).toBe("Nineteen");
    expect(integerInWords(20)).toBe("Twenty");
    expect(integerInWords(21)).toBe("Twenty-One");
    expect(integerInWords(110)).toBe("One Hundred Ten");
    expect(integerInWords(2_999)).toBe("Two Thousand Nine Hundred Ninety-Nine");
    expect(integerInWords(12_345)).toBe("Twelve Thousand Three Hundred Forty-Five");
  });

  it("writes the largest amount below a hundred crore, and beyond", () => {
    expect(paiseInWords(99_99_99_999_99)).toBe(
      "Rupees Ninety-Nine Crore Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine and Ninety-Nine Paise Only",
    );
    expect(integerInWords(1_25_00_00_000)).toBe("One Hundred Twenty-Five Crore");
  });

  it("refuses what is not a whole, non-negative amount", () => {
    expect(() => paiseInWords(-1)).toThrow(RangeError);
    expect(() => paiseInWords(1.5)).toThrow(RangeError);
  });
});
