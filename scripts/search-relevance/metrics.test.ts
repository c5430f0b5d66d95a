import { describe, expect, it } from "vitest";
import { dcgAtK, mean, ndcgAtK, rankOf, successAtK, topGrade } from "./metrics";

describe("successAtK", () => {
  const grades = { best: 2, good: 1 };

  it("counts the top grade among the first k, not a lower one", () => {
    expect(successAtK(["x", "y", "best"], grades, 3)).toBe(1);
    expect(successAtK(["x", "y", "z", "best"], grades, 3)).toBe(0);
    expect(successAtK(["good", "x", "y"], grades, 3)).toBe(0);
  });

  it("takes any product of the top grade when several share it", () => {
    expect(successAtK(["x", "other"], { best: 2, other: 2 }, 3)).toBe(1);
  });

  it("takes a grade-1 product when no judged product is graded 2", () => {
    expect(successAtK(["x", "near"], { near: 1 }, 3)).toBe(1);
  });

  it("scores a miss (no judgements) 1 only when nothing is offered", () => {
    expect(successAtK([], {}, 3)).toBe(1);
    expect(successAtK(["x"], {}, 3)).toBe(0);
  });
});

describe("ndcgAtK", () => {
  it("is 1 for the ideal order and less for another", () => {
    const grades = { a: 2, b: 1 };
    expect(ndcgAtK(["a", "b", "x"], grades, 10)).toBeCloseTo(1, 10);
    // Ideal: 3/1 + 1/log2(3); got: 1/1 + 3/log2(3).
    const ideal = 3 + 1 / Math.log2(3);
    expect(ndcgAtK(["b", "a"], grades, 10)).toBeCloseTo((1 + 3 / Math.log2(3)) / ideal, 10);
  });

  it("weighs grade 2 above grade 1 (gain 2^grade − 1)", () => {
    expect(dcgAtK([2], 10)).toBe(3);
    expect(dcgAtK([1], 10)).toBe(1);
    expect(dcgAtK([0, 2], 10)).toBeCloseTo(3 / Math.log2(3), 10);
  });

  it("counts a judged product the list misses against it, and nothing past k", () => {
    const grades = { a: 2, b: 2 };
    expect(ndcgAtK(["a"], grades, 10)).toBeCloseTo(3 / (3 + 3 / Math.log2(3)), 10);
    expect(ndcgAtK(["x", "a"], { a: 2 }, 1)).toBe(0);
  });

  it("is 0 when nothing judged is found, and null for a miss", () => {
    expect(ndcgAtK(["x", "y"], { a: 2 }, 10)).toBe(0);
    expect(ndcgAtK([], { a: 1 }, 10)).toBe(0);
    expect(ndcgAtK(["x"], {}, 10)).toBeNull();
  });
});

describe("helpers", () => {
  it("topGrade, rankOf and mean", () => {
    expect(topGrade({})).toBe(0);
    expect(topGrade({ a: 1, b: 2 })).toBe(2);
    expect(rankOf(["a", "b"], "b")).toBe(2);
    expect(rankOf(["a"], "c")).toBeNull();
    expect(mean([1, null, 0])).toBe(0.5);
    expect(mean([null])).toBeNull();
  });
});
