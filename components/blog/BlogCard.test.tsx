// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { BlogSummary } from "@/lib/content/server/content";
import { BlogCard } from "./BlogCard";

afterEach(cleanup);

const post = (createdAt: string): BlogSummary => ({
  id: 7,
  slug: "linen-care",
  title: "Caring for linen",
  excerpt: "Wash cool.",
  banner: null,
  author: "",
  createdAt,
  publishedAt: createdAt,
});

describe("blog card date", () => {
  it("shows day and month of a valid date", () => {
    const { container } = render(<BlogCard post={post("2026-03-04T20:00:00.000Z")} />);
    expect(container.querySelector("time")?.textContent).toBe("05Mar");
  });

  it("leaves the date out, without NaN, when the timestamp is broken", () => {
    const { container } = render(<BlogCard post={post("garbage")} />);
    expect(container.querySelector("time")).toBeNull();
    expect(container.textContent).not.toContain("NaN");
    expect(screen.getByRole("heading", { name: "Caring for linen" })).toBeTruthy();
  });
});
