import { describe, expect, it } from "vitest";
import { auditQuerySchema } from "@/lib/accounts/staff-schemas";
import { adminRedirect } from "./redirect";
import { hrefWith, lenientQuery } from "./params";

describe("a list page's filters from its URL", () => {
  it("keeps what parses and names what does not", () => {
    const { query, ignored, raw } = lenientQuery(auditQuerySchema, { actor_id: "7", entity_type: "product", action: "not an action", from: "2026-11-01", page: "2" });
    expect(query).toEqual({ actor_id: 7, entity_type: "product", from: "2026-11-01", page: 2 });
    expect(ignored).toEqual(["action"]);
    expect(hrefWith("/admin/audit", raw, { page: 3 })).toBe("/admin/audit?actor_id=7&entity_type=product&from=2026-11-01&page=3");
    expect(hrefWith("/admin/audit", raw, { entity_type: "" })).toBe("/admin/audit?actor_id=7&from=2026-11-01");
  });

  it("drops a field whose rule involves another (entity_id without entity_type)", () => {
    const { query, ignored } = lenientQuery(auditQuerySchema, { entity_id: "12" });
    expect(query).toEqual({ page: 1 });
    expect(ignored).toEqual(["entity_id"]);
  });
});

describe("where the back office's sign-in goes on to", () => {
  it("only to a back-office path of this site", () => {
    expect(adminRedirect("/admin/products?stock=low")).toBe("/admin/products?stock=low");
    expect(adminRedirect("/admin")).toBe("/admin");
    expect(adminRedirect("/checkout")).toBe("/admin");
    expect(adminRedirect("https://evil.example/admin")).toBe("/admin");
    expect(adminRedirect("//evil.example/admin")).toBe("/admin");
    expect(adminRedirect("/admin/login?redirect=/admin")).toBe("/admin");
    expect(adminRedirect(undefined)).toBe("/admin");
    expect(adminRedirect(["/admin/orders"])).toBe("/admin");
  });
});
