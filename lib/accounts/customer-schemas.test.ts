import { describe, expect, it } from "vitest";
import { can } from "./access";
import { customerBlockSchema, customerEraseSchema, customerQuerySchema } from "./customer-schemas";
import { STAFF_NOTICES } from "./staff-notices";

describe("the customer list's URL", () => {
  it("defaults to the newest accounts, page 1, and refuses what it cannot mean", () => {
    expect(customerQuerySchema.parse({})).toEqual({ sort: "newest", page: 1 });
    expect(customerQuerySchema.parse({ q: "  meera ", state: "blocked", sort: "spend", page: "3" })).toEqual({ q: "meera", state: "blocked", sort: "spend", page: 3 });
    expect(customerQuerySchema.safeParse({ sort: "shoe-size" }).success).toBe(false);
    expect(customerQuerySchema.safeParse({ page: "0" }).success).toBe(false);
  });
});

describe("the customer actions' payloads", () => {
  it("need a reason to block, none to unblock", () => {
    const refused = customerBlockSchema.safeParse({ blocked: true });
    expect(refused.error?.issues.map((i) => i.path.join("."))).toEqual(["reason"]);
    expect(customerBlockSchema.parse({ blocked: true, reason: " Chargeback " })).toEqual({ blocked: true, reason: "Chargeback" });
    expect(customerBlockSchema.parse({ blocked: false })).toEqual({ blocked: false });
    expect(customerBlockSchema.safeParse({ blocked: "yes" }).success).toBe(false);
  });
  it("need the email typed to erase", () => {
    expect(customerEraseSchema.safeParse({ confirm: "" }).success).toBe(false);
    expect(customerEraseSchema.parse({ confirm: " a@b.in " })).toEqual({ confirm: "a@b.in" });
  });
});

describe("the staff notices", () => {
  it("go to the roles that handle each: a grievance to owner, manager and support", () => {
    const handlers = (kind: keyof typeof STAFF_NOTICES) =>
      (["owner", "manager", "catalog", "fulfilment", "support", "content"] as const).filter((role) => can({ roles: [role], scopes: null }, STAFF_NOTICES[kind].resource, STAFF_NOTICES[kind].action as never));
    expect(handlers("grievance_filed")).toEqual(["owner", "manager", "support"]);
    expect(handlers("order_placed")).toEqual(["owner", "manager", "fulfilment"]);
    expect(handlers("refund_requested")).toEqual(["owner", "manager", "support"]);
  });
});
