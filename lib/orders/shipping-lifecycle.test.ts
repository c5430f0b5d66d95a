import { describe, expect, it } from "vitest";
import { ORDER_TRANSITIONS, type OrderFacts, orderRefusal, SHIPMENT_TRANSITIONS, shipmentMoves, shipmentRefusal } from "./lifecycle";
import { shipmentMoveSchema, shipSchema } from "./shipping";

const facts = (over: Partial<OrderFacts> = {}): OrderFacts => ({ delivery: "Shipped", payment: "Un-Paid", paymentType: "cash_on_delivery", cancelReason: null, couponCode: null, ...over });

describe("the shipment machine of the lifecycle table", () => {
  it("goes Shipped → Out for delivery → Delivered, and a delivery moves the order", () => {
    expect(shipmentRefusal("out_for_delivery", "in_transit")).toBeNull();
    expect(shipmentRefusal("deliver", "out_for_delivery")).toBeNull();
    expect(SHIPMENT_TRANSITIONS.deliver.order).toBe("deliver");
    expect(SHIPMENT_TRANSITIONS.create.order).toBe("ship");
  });

  it("takes a failed attempt (NDR) to the shop's decision: re-attempt or return to origin", () => {
    expect(shipmentMoves("delivery_failed", "staff")).toEqual(["reattempt", "return_to_origin", "deliver"]);
    expect(shipmentRefusal("reattempt", "delivery_failed")).toBeNull();
    expect(shipmentRefusal("return_to_origin", "delivery_failed")).toBeNull();
  });

  it("lets only staff receive a return, which moves the order to Returned and restocks through the ledger (reason rto)", () => {
    expect([...SHIPMENT_TRANSITIONS.receive_return.actors]).toEqual(["staff"]);
    expect(shipmentMoves("rto_in_transit", "provider")).toEqual([]);
    expect(shipmentMoves("rto_in_transit", "staff")).toEqual(["receive_return"]);
    expect(ORDER_TRANSITIONS.rto_receive.stock).toEqual({ move: "return", reason: "rto" });
    expect(orderRefusal("rto_receive", facts())).toBeNull();
    expect(orderRefusal("rto_receive", facts({ delivery: "Delivered" }))).toBe("An order that is Delivered cannot be marked Returned.");
  });

  it("refuses moves its state does not allow, in words staff read", () => {
    expect(shipmentRefusal("out_for_delivery", "delivered")).toBe("A shipment that is Delivered cannot be marked Out for delivery.");
    expect(shipmentRefusal("receive_return", "in_transit")).toBe("A shipment that is Shipped cannot be marked Returned.");
    expect(shipmentRefusal("reattempt", "out_for_delivery")).toBe("A shipment that is Out for delivery cannot be marked Shipped.");
    expect(shipmentMoves("delivered", "staff")).toEqual([]);
    expect(shipmentMoves("rto_received", "provider")).toEqual([]);
  });

  it("lets the courier's tracking deliver a Cash on Delivery order and collect its cash, not cancel or ship it", () => {
    expect(ORDER_TRANSITIONS.deliver.actors).toContain("provider");
    expect(ORDER_TRANSITIONS.collect_cash.actors).toContain("provider");
    expect(ORDER_TRANSITIONS.ship.actors).not.toContain("provider");
    expect(SHIPMENT_TRANSITIONS.create.actors).toEqual(["staff"]);
  });
});

describe("shipping requests", () => {
  it("needs a manual carrier's name and AWB, field by field", () => {
    const bad = shipSchema.safeParse({ provider: "manual" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path.join("."))).toEqual(["carrier", "awb"]);
    expect(shipSchema.parse({ provider: "manual", carrier: "India Post", awb: "EE123456789IN", tracking_url: "https://www.indiapost.gov.in/" })).toMatchObject({ awb: "EE123456789IN" });
    expect(shipSchema.safeParse({ provider: "manual", carrier: "X", awb: "no spaces here" }).success).toBe(false);
    expect(shipSchema.safeParse({ provider: "manual", carrier: "X", awb: "AWB12345", tracking_url: "javascript:alert(1)" }).success).toBe(false);
    expect(shipSchema.safeParse({ provider: "pigeon" }).success).toBe(false);
    expect(shipSchema.parse({ provider: "sandbox" })).toEqual({ provider: "sandbox" });
  });

  it("names a clerk's shipment moves, never its creation", () => {
    expect(shipmentMoveSchema.safeParse({ event: "create" }).success).toBe(false);
    expect(shipmentMoveSchema.parse({ event: "receive_return", note: "  box intact " })).toEqual({ event: "receive_return", note: "box intact" });
  });
});
