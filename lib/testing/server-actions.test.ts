import { describe, expect, it } from "vitest";
import { permissionsOf } from "@/lib/accounts/access";
import { serverActions } from "./server-actions";

const known = new Set<string>(permissionsOf(["owner"]));

describe("server actions", () => {
  const actions = serverActions();

  it("are found where the back office keeps them", () => {
    expect(actions.length).toBeGreaterThan(10);
    expect(actions.map((a) => `${a.file}#${a.name}`)).toContain("app/(admin)/admin/(panel)/stock/actions.ts#adjustStockAction");
  });

  it("each asks requireStaffAction for a real permission before anything else (or only looks up a staff member's own view)", () => {
    const unchecked = actions.filter((a) => a.permission === null && !a.staffLookup).map((a) => `${a.file}#${a.name}`);
    expect(unchecked, "these server actions do something before checking the role").toEqual([]);
    const unknown = actions.filter((a) => a.permission !== null && !known.has(a.permission)).map((a) => `${a.file}#${a.name} (${a.permission})`);
    expect(unknown).toEqual([]);
  });

  it("live only in the back office: a storefront page has no server action to forge", () => {
    expect(actions.filter((a) => !a.file.startsWith("app/(admin)/")).map((a) => a.file)).toEqual([]);
  });
});
