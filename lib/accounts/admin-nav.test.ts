import { describe, expect, it } from "vitest";
import { can, STAFF_ROLES } from "./access";
import { activeNav, ADMIN_NAV, isAdminPath, navFor } from "./admin-nav";

const labels = (role: (typeof STAFF_ROLES)[number]) => navFor({ roles: [role], scopes: null }).map((i) => i.label);

describe("the back office's sidebar", () => {
  it("shows each role only the pages can() allows it", () => {
    expect(labels("owner")).toEqual(["Dashboard", "Products", "Categories", "Attributes", "Search synonyms", "Stock", "Orders", "Returns", "Cash on Delivery", "Customers", "Inbox", "Grievances", "Subscribers", "Blog posts", "Pages", "Home page", "FAQs", "Policies", "Business settings", "Coupons", "Shipping", "Delivery zones", "GST rates", "Payments", "Staff", "API tokens", "Security", "Audit log", "Sign-ins"]);
    expect(labels("manager")).toEqual(["Dashboard", "Products", "Categories", "Attributes", "Search synonyms", "Stock", "Orders", "Returns", "Cash on Delivery", "Customers", "Inbox", "Grievances", "Subscribers", "Blog posts", "Pages", "Home page", "FAQs", "Policies", "Coupons", "Shipping", "Delivery zones", "GST rates", "Payments", "Staff", "Security", "Audit log", "Sign-ins"]);
    expect(labels("catalog")).toEqual(["Dashboard", "Products", "Categories", "Attributes", "Search synonyms", "Stock"]);
    expect(labels("fulfilment")).toEqual(["Dashboard", "Products", "Categories", "Attributes", "Search synonyms", "Stock", "Orders", "Returns", "Customers"]);
    expect(labels("support")).toEqual(["Dashboard", "Products", "Categories", "Attributes", "Search synonyms", "Orders", "Returns", "Customers", "Inbox", "Grievances", "Subscribers"]);
    expect(labels("content")).toEqual(["Dashboard", "Products", "Categories", "Attributes", "Search synonyms", "Blog posts", "Pages", "Home page", "FAQs", "Policies"]);
  });

  it("is can() itself, for every role and page", () => {
    for (const role of STAFF_ROLES) {
      for (const item of ADMIN_NAV) expect(navFor({ roles: [role], scopes: null }).includes(item), `${role} ${item.href}`).toBe(can({ roles: [role], scopes: null }, item.resource, item.action as never));
    }
  });

  it("marks the page a path belongs to, and knows the back office's paths", () => {
    const items = navFor({ roles: ["owner"], scopes: null });
    expect(activeNav("/admin", items)).toBe("/admin");
    expect(activeNav("/admin/products/cotton-sheet", items)).toBe("/admin/products");
    expect(activeNav("/admin/staff/invite", items)).toBe("/admin/staff");
    expect(activeNav("/admin/inbox/12", items)).toBe("/admin/inbox");
    expect(activeNav("/admin/customers/12", items)).toBe("/admin/customers");
    expect(activeNav("/admin/cod/remittances/3", items)).toBe("/admin/cod");
    expect(activeNav("/admin/grievances/3", items)).toBe("/admin/grievances");
    expect(activeNav("/admin/returns/3/photos/0", items)).toBe("/admin/returns");
    expect(activeNav("/admin/stock/cotton-sheet", items)).toBe("/admin/stock");
    expect(activeNav("/admin/coupons/12", items)).toBe("/admin/coupons");
    expect(activeNav("/admin/synonyms/12", items)).toBe("/admin/synonyms");
    expect(activeNav("/admin/settings/shipping", items)).toBe("/admin/settings/shipping");
    expect(activeNav("/admin/unknown", items)).toBeNull();
    expect(isAdminPath("/admin")).toBe(true);
    expect(isAdminPath("/admin/orders/3")).toBe(true);
    expect(isAdminPath("/administrator")).toBe(false);
    expect(isAdminPath("/products/admin")).toBe(false);
  });
});
