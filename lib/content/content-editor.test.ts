import { describe, expect, it } from "vitest";
import { blogForm, blogInput, contentSearchPreview, emptyBlogForm, fromIndiaLocal, pageInput, emptyPageForm, toIndiaLocal } from "./content-editor";

describe("the blog editor's body", () => {
  const post = { title: "Monsoon curtains", slug: "monsoon-curtains", author: "Aditi", shortDescription: null, description: "<p>Text</p>", metaTitle: null, metaDescription: null, status: "draft" as const, publishedAt: "2026-11-26T04:00:00.000Z" };

  it("sends a new post's fields, and its state only for a role that may publish", () => {
    const values = { ...emptyBlogForm("Aditi"), title: "Monsoon curtains", description: "<p>Text</p>", state: "published" as const };
    expect(blogInput(values, { canPublish: false })).toEqual({ title: "Monsoon curtains", author: "Aditi", description: "<p>Text</p>" });
    expect(blogInput(values, { canPublish: true })).toMatchObject({ published: true, published_at: expect.any(String) });
  });

  it("sends only what changed, clearing an emptied SEO title with null", () => {
    const before = blogForm({ ...post, metaTitle: "Old" });
    expect(blogInput({ ...before, title: "Monsoon linen", meta_title: "" }, { before, canPublish: true })).toEqual({ title: "Monsoon linen", meta_title: null });
    expect(blogInput(before, { before, canPublish: true })).toEqual({});
  });

  it("schedules at India's time and unpublishes a post back to a draft", () => {
    const before = blogForm(post);
    expect(blogInput({ ...before, state: "scheduled", published_at: "2026-12-01T09:30" }, { before, canPublish: true })).toEqual({ published: true, published_at: "2026-12-01T09:30:00+05:30" });
    const published = blogForm({ ...post, status: "published" });
    expect(blogInput({ ...published, state: "draft" }, { before: published, canPublish: true })).toEqual({ published: false });
  });

  it("converts between an instant and India's local time", () => {
    expect(toIndiaLocal("2026-11-26T04:00:00.000Z")).toBe("2026-11-26T09:30");
    expect(fromIndiaLocal("2026-11-26T09:30")).toBe("2026-11-26T09:30:00+05:30");
    expect(new Date(fromIndiaLocal(toIndiaLocal("2026-11-26T04:00:00.000Z"))).toISOString()).toBe("2026-11-26T04:00:00.000Z");
  });
});

describe("the page editor's body and the search preview", () => {
  it("sends the category as a number, null for every product", () => {
    expect(pageInput({ ...emptyPageForm(), title: "Festive", category_id: "4" }, { canPublish: true })).toEqual({ title: "Festive", category_id: 4 });
    const before = { ...emptyPageForm(), title: "Festive", category_id: "4" };
    expect(pageInput({ ...before, category_id: "" }, { before, canPublish: true })).toEqual({ category_id: null });
  });

  it("shows the post's address and cuts a long title", () => {
    const preview = contentSearchPreview({ metaTitle: "", title: "Monsoon curtains", metaDescription: "", fallbackDescription: "Linen", path: "/blog/monsoon-curtains", origin: "https://kesarhome.in", shopName: "Kesar Home" });
    expect(preview).toEqual({ title: "Monsoon curtains | Kesar Home", url: "kesarhome.in › blog › monsoon-curtains", description: "Linen" });
  });
});
