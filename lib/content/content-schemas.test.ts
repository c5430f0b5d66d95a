import { describe, expect, it } from "vitest";
import { blogCreateSchema, blogStatus, blogUpdateSchema, pageCreateSchema, pageUpdateSchema, scheduleAt } from "./content-schemas";

const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("a blog post's input", () => {
  it("takes a new post with its required fields, a draft unless published", () => {
    const parsed = blogCreateSchema.parse({ title: "  Monsoon curtains  ", author: "Aditi", description: "<p>Linen in the rains.</p>" });
    expect(parsed).toMatchObject({ title: "Monsoon curtains", author: "Aditi" });
    expect(parsed.published).toBeUndefined();
  });

  it("refuses each wrong field with its own message", () => {
    const result = blogCreateSchema.safeParse({ title: "ab", author: "", description: "<p> </p>", slug: "Not A Slug", published_at: "tomorrow", banner: "javascript:alert(1)", colour: "red" });
    expect(result.success).toBe(false);
    const errors = errorsOf(result);
    expect(Object.keys(errors).sort()).toEqual(expect.arrayContaining(["title", "author", "description", "slug", "published_at", "banner"]));
    expect(result.error?.issues.some((i) => i.code === "unrecognized_keys")).toBe(true);
  });

  it("stores a time with an offset as UTC, and clears optional texts with null or an empty string", () => {
    expect(blogUpdateSchema.parse({ published_at: "2026-12-01T09:30:00+05:30" }).published_at).toBe("2026-12-01T04:00:00.000Z");
    expect(blogUpdateSchema.parse({ meta_title: "", short_description: null })).toEqual({ meta_title: null, short_description: null });
    expect(blogUpdateSchema.safeParse({ published_at: "2026-12-01 09:30" }).success).toBe(false);
    expect(blogUpdateSchema.safeParse({ description: "a\u0000b" }).success).toBe(false);
  });
});

describe("a CMS page's input", () => {
  it("takes a category for its grid, or null for every product", () => {
    expect(pageCreateSchema.parse({ title: "Festive collection", category_id: 4 }).category_id).toBe(4);
    expect(pageUpdateSchema.parse({ category_id: null }).category_id).toBeNull();
    expect(errorsOf(pageUpdateSchema.safeParse({ category_id: "curtains" }))).toHaveProperty("category_id");
  });
});

describe("a post's state and the schedule", () => {
  const now = new Date("2026-11-26T10:00:00.000Z");
  it("is a draft until published, scheduled while its time is to come, then published", () => {
    expect(blogStatus(false, "2026-01-01T00:00:00.000Z", now)).toBe("draft");
    expect(blogStatus(true, "2026-11-26T10:00:01.000Z", now)).toBe("scheduled");
    expect(blogStatus(true, "2026-11-26T10:00:00.000Z", now)).toBe("published");
  });

  it("finds the latest time reached (what the storefront shows) and the next one to come (when it must look again)", () => {
    const times = ["2026-11-27T00:00:00.000Z", "2026-11-20T00:00:00.000Z", "2026-11-26T09:59:59.000Z", "2026-11-28T00:00:00.000Z"];
    expect(scheduleAt(times, now)).toEqual({ cutoff: "2026-11-26T09:59:59.000Z", next: "2026-11-27T00:00:00.000Z" });
    // The moment a scheduled time passes, it is the cutoff: the post shows without any write.
    expect(scheduleAt(times, new Date("2026-11-27T00:00:00.000Z"))).toEqual({ cutoff: "2026-11-27T00:00:00.000Z", next: "2026-11-28T00:00:00.000Z" });
    expect(scheduleAt([], now)).toEqual({ cutoff: null, next: null });
    expect(scheduleAt(["2026-12-01T00:00:00.000Z"], now)).toEqual({ cutoff: null, next: "2026-12-01T00:00:00.000Z" });
  });
});
