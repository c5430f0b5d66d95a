import { describe, expect, it } from "vitest";
import { RETURN_MESSAGES, returnDecisionSchema, returnDeadline, returnDispatchSchema, returnMoveRefusal, returnMoves, returnRefundSchema, returnRefusal, returnRequestSchema } from "./returns";

const delivered = "2026-11-01T10:00:00.000Z";
const line = { delivered: true, deliveredAt: delivered, madeToOrder: false, quantity: 3, returned: 0, open: false };
const at = (iso: string) => new Date(iso);

describe("a return request", () => {
  it("is taken until 7 days after delivery, and refused a moment later", () => {
    expect(returnDeadline(delivered)?.toISOString()).toBe("2026-11-08T10:00:00.000Z");
    expect(returnRefusal(line, { kind: "return", quantity: 1 }, at("2026-11-08T10:00:00.000Z"))).toBeNull();
    expect(returnRefusal(line, { kind: "return", quantity: 1 }, at("2026-11-08T10:00:00.001Z"))).toEqual({ status: 409, message: RETURN_MESSAGES.windowClosed(7) });
  });

  it("needs the item delivered", () => {
    expect(returnRefusal({ ...line, delivered: false }, { kind: "damage", quantity: 1 }, at("2026-11-02T00:00:00Z"))?.message).toBe(RETURN_MESSAGES.notDelivered);
    expect(returnRefusal({ ...line, deliveredAt: null }, { kind: "damage", quantity: 1 }, at("2026-11-02T00:00:00Z"))?.message).toBe(RETURN_MESSAGES.notDelivered);
  });

  it("takes a made-to-order item back only when it came damaged", () => {
    const mto = { ...line, madeToOrder: true };
    expect(returnRefusal(mto, { kind: "return", quantity: 1 }, at("2026-11-02T00:00:00Z"))).toEqual({ status: 422, message: RETURN_MESSAGES.madeToOrder });
    expect(returnRefusal(mto, { kind: "damage", quantity: 1 }, at("2026-11-02T00:00:00Z"))).toBeNull();
  });

  it("allows one open return per line, and no more pieces than were bought less those returned", () => {
    const now = at("2026-11-02T00:00:00Z");
    expect(returnRefusal({ ...line, open: true }, { kind: "return", quantity: 1 }, now)?.message).toBe(RETURN_MESSAGES.openReturn);
    expect(returnRefusal(line, { kind: "return", quantity: 3 }, now)).toBeNull();
    expect(returnRefusal(line, { kind: "return", quantity: 4 }, now)?.message).toBe("At most 3 of this item can still be returned.");
    expect(returnRefusal({ ...line, returned: 2 }, { kind: "return", quantity: 2 }, now)?.message).toBe("At most 1 of this item can still be returned.");
    expect(returnRefusal({ ...line, returned: 3 }, { kind: "return", quantity: 1 }, now)?.message).toBe("Every piece of this item has been returned already.");
  });

  it("validates the form's fields with a message each", () => {
    expect(returnRequestSchema.parse({ order_line_id: "12", kind: "damage", quantity: "2", reason: "  The seam is torn open  " })).toEqual({ order_line_id: 12, kind: "damage", quantity: 2, reason: "The seam is torn open" });
    const bad = returnRequestSchema.safeParse({ order_line_id: "x", kind: "gift", quantity: "0", reason: "short" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path[0]).sort()).toEqual(["kind", "order_line_id", "quantity", "reason"]);
  });
});

describe("the return's states", () => {
  it("moves requested → approved → in transit → received → refunded, or requested → declined", () => {
    expect(returnMoves("requested")).toEqual(["approve", "decline"]);
    expect(returnMoves("approved")).toEqual(["dispatch", "receive"]);
    expect(returnMoves("in_transit")).toEqual(["receive"]);
    expect(returnMoves("received")).toEqual(["refund"]);
    expect(returnMoves("refunded")).toEqual([]);
    expect(returnMoves("declined")).toEqual([]);
  });

  it("refuses a move from the wrong state with a message (a second approve says it is approved already)", () => {
    expect(returnMoveRefusal("approve", "approved")).toBe("This return is approved already.");
    expect(returnMoveRefusal("refund", "approved")).toBe("A return that is Approved cannot be refunded.");
    expect(returnMoveRefusal("decline", "refunded")).toBe("A return that is Refunded cannot be declined.");
  });

  it("wants a reason to decline, an AWB of a courier's shape, and a reference for a transfer", () => {
    expect(returnDecisionSchema.safeParse({ decision: "decline" }).success).toBe(false);
    expect(returnDecisionSchema.safeParse({ decision: "decline", reason: "Used and washed" }).success).toBe(true);
    expect(returnDecisionSchema.safeParse({ decision: "approve" }).success).toBe(true);
    expect(returnDispatchSchema.safeParse({ method: "customer", awb: "DL 123" }).success).toBe(false);
    expect(returnDispatchSchema.safeParse({ method: "customer", awb: "DL-12345" }).success).toBe(true);
    expect(returnRefundSchema.safeParse({ method: "upi" }).success).toBe(false);
    expect(returnRefundSchema.safeParse({ method: "upi", reference: "UPI123456" }).success).toBe(true);
    expect(returnRefundSchema.safeParse({ method: "original" }).success).toBe(true);
  });
});
