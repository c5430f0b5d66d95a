import { describe, expect, it } from "vitest";
import { inboxReplySchema, inboxUpdateSchema } from "@/lib/content/inbox-schemas";
import { itemIdForm, notePayload, replyPayload, updatePayload } from "./form";

describe("the inbox item page's forms", () => {
  it("read the assignee as nobody, the signed-in member or a staff id, and leave out what was not sent", () => {
    expect(updatePayload({ status: "in_progress", assignee_id: "none" }, 7)).toEqual({ ok: true, value: { status: "in_progress", assignee_id: null } });
    expect(updatePayload({ status: null, assignee_id: "me" }, 7)).toEqual({ ok: true, value: { assignee_id: 7 } });
    expect(updatePayload({ status: "closed", assignee_id: "12" }, 7)).toEqual({ ok: true, value: { status: "closed", assignee_id: 12 } });
    expect(updatePayload({ status: "", assignee_id: "" }, 7)).toEqual({ ok: true, value: {} });
    expect(updatePayload({ assignee_id: "someone" }, 7)).toEqual({ ok: false, errors: { assignee_id: ["Choose a staff member, yourself or nobody."] } });
  });

  it("hand the API's schemas what they check: a wrong status is refused with its field's message", () => {
    const read = updatePayload({ status: "lost", assignee_id: "none" }, 7);
    expect(read.ok).toBe(true);
    const checked = inboxUpdateSchema.safeParse(read.ok ? read.value : {});
    expect(checked.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["status", "status must be one of new, in_progress, answered, closed."]]);
  });

  it("send an empty subject as none (the default \"Re: …\"), and an empty reply or note as missing", () => {
    expect(replyPayload({ subject: "  ", body: "Thank you" })).toEqual({ body: "Thank you" });
    expect(replyPayload({ subject: "Your quote", body: "Attached." })).toEqual({ subject: "Your quote", body: "Attached." });
    expect(inboxReplySchema.safeParse(replyPayload({ subject: "", body: "   " })).error?.issues[0]?.message).toBe("Message is required.");
    expect(notePayload({ body: null })).toEqual({ body: undefined });
  });

  it("take only an item's id that could exist", () => {
    expect(itemIdForm.parse({ id: "42" })).toEqual({ id: 42 });
    for (const bad of ["0", "-1", "1e3", "abc", "99999999999", null]) expect(itemIdForm.safeParse({ id: bad }).success, String(bad)).toBe(false);
  });
});
