import { describe, expect, it } from "vitest";
import { ALL_PERMISSIONS, can, isPermission, permissionsOf, ROLES, STAFF_ROLES, staffRoles, STATEMENTS, type Permission, type StaffRole } from "./access";

/**
 * The roles × permissions table (docs/operations.md "Back office: roles, first owner, tokens")
 * held to the code: a change of a role's permissions changes this test and that table together.
 */
const TABLE: Record<StaffRole, string> = {
  owner: "product:read product:create product:update product:delete product:publish product:export stock:read stock:update order:read order:update order:export refund:read refund:create refund:update customer:read customer:update customer:delete customer:export content:read content:create content:update content:delete content:publish settings:read settings:update coupon:read coupon:create coupon:update coupon:delete staff:read staff:create staff:update staff:delete token:read token:create token:delete audit:read audit:export inbox:read inbox:update inbox:export remittance:read remittance:create",
  manager: "product:read product:create product:update product:delete product:publish product:export stock:read stock:update order:read order:update order:export refund:read refund:create refund:update customer:read customer:update customer:export content:read content:create content:update content:delete content:publish settings:read coupon:read coupon:create coupon:update coupon:delete staff:read audit:read audit:export inbox:read inbox:update inbox:export remittance:read remittance:create",
  catalog: "product:read product:create product:update product:publish product:export stock:read stock:update",
  fulfilment: "product:read stock:read stock:update order:read order:update refund:read customer:read",
  support: "product:read order:read refund:read refund:create refund:update customer:read customer:update inbox:read inbox:update",
  content: "product:read content:read content:create content:update content:delete content:publish",
};

describe("roles and can()", () => {
  it("gives each role exactly the permissions of the table", () => {
    expect(STAFF_ROLES).toEqual(["owner", "manager", "catalog", "fulfilment", "support", "content"]);
    for (const role of STAFF_ROLES) expect(permissionsOf([role]).join(" "), role).toBe(TABLE[role]);
  });

  it("lets the owner do everything and names every resource of the issue", () => {
    expect(permissionsOf(["owner"])).toEqual(ALL_PERMISSIONS);
    expect(Object.keys(STATEMENTS)).toEqual(["product", "stock", "order", "refund", "customer", "content", "settings", "coupon", "staff", "token", "audit", "inbox", "remittance"]);
  });

  it("decides by role, and for a token by its scopes as well", () => {
    expect(can({ roles: ["catalog"], scopes: null }, "product", "update")).toBe(true);
    expect(can({ roles: ["catalog"], scopes: null }, "order", "read")).toBe(false);
    expect(can({ roles: [], scopes: null }, "product", "read")).toBe(false);
    // Several roles: any of them may allow it.
    expect(can({ roles: ["catalog", "support"], scopes: null }, "refund", "create")).toBe(true);
    // A token does what its scopes name, and never more than its holder's roles allow.
    const scopes: Permission[] = ["order:read", "staff:delete"];
    expect(can({ roles: ["fulfilment"], scopes }, "order", "read")).toBe(true);
    expect(can({ roles: ["fulfilment"], scopes }, "order", "update")).toBe(false);
    expect(can({ roles: ["fulfilment"], scopes }, "staff", "delete")).toBe(false);
  });

  it("reads the roles of better-auth's role column, ignoring anything that is not a staff role", () => {
    expect(staffRoles("owner")).toEqual(["owner"]);
    expect(staffRoles("catalog, content,catalog")).toEqual(["catalog", "content"]);
    expect(staffRoles("customer")).toEqual([]);
    expect(staffRoles("user,admin")).toEqual([]);
    expect(staffRoles(null)).toEqual([]);
    expect(staffRoles("__proto__")).toEqual([]);
  });

  it("knows the permission names", () => {
    expect(isPermission("order:read")).toBe(true);
    expect(isPermission("order:fly")).toBe(false);
    expect(isPermission("toString")).toBe(false);
    expect(Object.keys(ROLES)).toHaveLength(6);
  });
});
