import { describe, expect, it } from "vitest";
import { defaultReplySubject, inboxNoteSchema, inboxQuerySchema, inboxReplySchema, inboxUpdateSchema } from "./inbox-schemas";

describe("the inbox's payloads", () => {
  it("reads the list's URL: kind, status, assignee (id, me, none), search and page", () => {
    expect(inboxQuerySchema.parse({ kind: "contact", status: "in_progress", assignee: "12", q: "  Priya ", page: "3" })).toEqual({ kind: "contact", status: "in_progress", assignee: 12, q: "Priya", page: 3 });
    expect(inboxQuerySchema.parse({ assignee: "me" })).toEqual({ assignee: "me", page: 1 });
    expect(inboxQuerySchema.parse({ assignee: "none", q: "  " })).toEqual({ assignee: "none", page: 1 });
    for (const bad of [{ status: "lost" }, { kind: "spam" }, { assignee: "-1" }, { page: "0" }]) expect(inboxQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it("needs a status or an assignee; null unassigns", () => {
    expect(inboxUpdateSchema.parse({ assignee_id: null })).toEqual({ assignee_id: null });
    expect(inboxUpdateSchema.safeParse({}).error?.issues[0]?.message).toBe("Send a status, an assignee_id, or both.");
    expect(inboxUpdateSchema.safeParse({ assignee_id: 1.5 }).success).toBe(false);
  });

  it("keeps the line breaks of notes and replies, and refuses control characters", () => {
    expect(inboxNoteSchema.parse({ body: " Called back.\r\n\tSamples Monday. " }).body).toBe("Called back.\r\n\tSamples Monday.");
    expect(inboxNoteSchema.safeParse({ body: "bell\u0007" }).success).toBe(false);
    expect(inboxReplySchema.safeParse({ subject: "Two\nlines", body: "Hi" }).error?.issues[0]?.message).toBe("Subject contains characters that are not allowed.");
    expect(inboxReplySchema.safeParse({ body: "x".repeat(10_001) }).error?.issues[0]?.message).toBe("Message is too long (at most 10000 characters).");
  });

  it("gives a reply without a subject \"Re:\" the message's subject, or its kind", () => {
    expect(defaultReplySubject("contact", "  Curtain lengths ")).toBe("Re: Curtain lengths");
    expect(defaultReplySubject("contact", null)).toBe("Re: your message");
    expect(defaultReplySubject("bulk_deals", null)).toBe("Re: your bulk deal enquiry");
    expect(defaultReplySubject("contact", "x".repeat(300))).toHaveLength(200);
  });
});
