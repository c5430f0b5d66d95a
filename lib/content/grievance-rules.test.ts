import { describe, expect, it } from "vitest";
import { describeTimer, grievanceSchema, grievanceTicket, grievanceTimers, grievanceUpdateSchema, mayMoveGrievance, ticketId } from "./grievance-rules";

describe("grievance ticket numbers", () => {
  it("are GR, the year in India when filed, and the id in six digits", () => {
    expect(grievanceTicket(123, "2026-11-26T04:00:00.000Z")).toBe("GR-2026-000123");
    // 31 December 20:00 UTC is already 1 January in India.
    expect(grievanceTicket(7, "2026-12-31T20:00:00.000Z")).toBe("GR-2027-000007");
    expect(grievanceTicket(1_234_567, "2026-01-01T00:00:00.000Z")).toBe("GR-2026-1234567");
  });
  it("name their grievance back", () => {
    expect(ticketId("GR-2026-000123")).toBe(123);
    expect(ticketId(" gr-2026-000123 ")).toBe(123);
    expect(ticketId("GR-2026-12")).toBeNull();
    expect(ticketId("123")).toBeNull();
  });
});

describe("grievance timers", () => {
  const filed = "2026-11-01T10:00:00.000Z";
  it("give 48 hours to acknowledge and 30 days to resolve from receipt", () => {
    const t = grievanceTimers({ created_at: filed, acknowledged_at: null, resolved_at: null }, new Date("2026-11-02T10:00:00.000Z"));
    expect(t.acknowledge).toMatchObject({ due_at: "2026-11-03T10:00:00.000Z", overdue: false, left_ms: 24 * 3_600_000, done_at: null });
    expect(t.resolve).toMatchObject({ due_at: "2026-12-01T10:00:00.000Z", overdue: false });
    expect(describeTimer(t.acknowledge)).toBe("due in 1 day");
  });
  it("are overdue once past and not done, and late when done after the due time", () => {
    const late = grievanceTimers({ created_at: filed, acknowledged_at: null, resolved_at: null }, new Date("2026-11-03T13:30:00.000Z"));
    expect(late.acknowledge.overdue).toBe(true);
    expect(describeTimer(late.acknowledge)).toBe("3 h 30 min overdue");
    const done = grievanceTimers({ created_at: filed, acknowledged_at: "2026-11-04T00:00:00.000Z", resolved_at: null }, new Date("2026-11-10T00:00:00.000Z"));
    expect(done.acknowledge).toMatchObject({ overdue: true, left_ms: null });
    expect(describeTimer(done.acknowledge)).toBe("done late");
    expect(done.resolve.overdue).toBe(false);
  });
  it("count a resolution as the acknowledgement", () => {
    const t = grievanceTimers({ created_at: filed, acknowledged_at: null, resolved_at: "2026-11-01T12:00:00.000Z" }, new Date("2026-12-30T00:00:00.000Z"));
    expect(t.acknowledge).toMatchObject({ overdue: false, done_at: "2026-11-01T12:00:00.000Z" });
    expect(t.resolve).toMatchObject({ overdue: false, left_ms: null });
    expect(describeTimer(t.resolve)).toBe("done in time");
  });
});

describe("grievance states", () => {
  it("go open → acknowledged → resolved, and resolved is final", () => {
    expect(mayMoveGrievance("open", "acknowledged")).toBe(true);
    expect(mayMoveGrievance("open", "resolved")).toBe(true);
    expect(mayMoveGrievance("acknowledged", "resolved")).toBe(true);
    expect(mayMoveGrievance("acknowledged", "acknowledged")).toBe(false);
    expect(mayMoveGrievance("resolved", "acknowledged")).toBe(false);
  });
  it("need a resolution text to resolve", () => {
    const r = grievanceUpdateSchema.safeParse({ status: "resolved" });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(["message"]);
    expect(grievanceUpdateSchema.safeParse({ status: "acknowledged" }).success).toBe(true);
  });
});

describe("the complaint form", () => {
  it("takes name, email, an optional phone and order code, and the complaint", () => {
    const r = grievanceSchema.parse({ name: " Asha ", email: "Asha@Example.com", phone: "+91 98111 22233", order_code: "ord-2026-00012", message: "The curtain arrived torn." });
    expect(r).toEqual({ name: "Asha", email: "asha@example.com", phone: "9811122233", order_code: "ORD-2026-00012", message: "The curtain arrived torn." });
    expect(grievanceSchema.parse({ name: "A", email: "a@b.in", order_code: "", message: "Something long enough." }).order_code).toBeNull();
  });
  it("refuses what is missing or wrong, field by field", () => {
    const r = grievanceSchema.safeParse({ name: "", email: "nope", phone: "123", order_code: "<x>", message: "short" });
    expect(r.success).toBe(false);
    expect(new Set(r.error?.issues.map((i) => i.path[0]))).toEqual(new Set(["name", "email", "phone", "order_code", "message"]));
  });
});
