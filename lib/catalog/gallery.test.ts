import { describe, expect, it } from "vitest";
import { nextIndex, prevIndex, windowStart, zoomIn, zoomOut } from "./gallery";

describe("gallery", () => {
  it("wraps the arrows around both ends", () => {
    expect(nextIndex(5, 6)).toBe(0);
    expect(prevIndex(0, 6)).toBe(5);
    expect(nextIndex(2, 6)).toBe(3);
  });

  it("keeps the selected photo inside the 4-thumbnail window", () => {
    expect(windowStart(0, 0, 6)).toBe(0);
    expect(windowStart(3, 0, 6)).toBe(0);
    expect(windowStart(4, 0, 6)).toBe(1);
    expect(windowStart(5, 1, 6)).toBe(2);
    // Wrapping from the last photo to the first brings the window back to the start.
    expect(windowStart(0, 2, 6)).toBe(0);
    // Going back past the window's first photo moves it one step.
    expect(windowStart(1, 2, 6)).toBe(1);
  });

  it("never scrolls when every photo fits", () => {
    expect(windowStart(3, 0, 4)).toBe(0);
    expect(windowStart(2, 5, 3)).toBe(0);
  });

  it("zooms between 100 and 300 in steps of 100", () => {
    expect(zoomIn(100)).toBe(200);
    expect(zoomIn(300)).toBe(300);
    expect(zoomOut(200)).toBe(100);
    expect(zoomOut(100)).toBe(100);
  });
});
