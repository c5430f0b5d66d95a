import { describe, expect, it } from "vitest";
import { MEASUREMENTS, parseMeasurements } from "./cli";

describe("npm run bench's command line", () => {
  it("runs every measurement when none is named", () => {
    expect(parseMeasurements([])).toEqual([...MEASUREMENTS]);
  });

  it("takes names as arguments or after --only, comma-separated, and keeps the run order", () => {
    expect(parseMeasurements(["search"])).toEqual(["search"]);
    expect(parseMeasurements(["--only", "search,pages"])).toEqual(["pages", "search"]);
    expect(parseMeasurements(["--only=nginx", "first-load-js"])).toEqual(["nginx", "first-load-js"]);
    expect(parseMeasurements(["carts,", "carts"])).toEqual(["carts"]);
  });

  it("runs admin-list only when it is named, and then alone", () => {
    expect(parseMeasurements([])).not.toContain("admin-list");
    expect(parseMeasurements(["admin-list"])).toEqual(["admin-list"]);
    expect(parseMeasurements(["--only=admin-list"])).toEqual(["admin-list"]);
    expect(() => parseMeasurements(["search,admin-list"])).toThrow(/admin-list runs alone/);
    expect(parseMeasurements([])).not.toContain("import");
    expect(parseMeasurements(["import"])).toEqual(["import"]);
    expect(() => parseMeasurements(["import,admin-list"])).toThrow(/runs alone/);
    expect(parseMeasurements([])).not.toContain("search-scale");
    expect(parseMeasurements(["search-scale"])).toEqual(["search-scale"]);
    expect(() => parseMeasurements(["search,search-scale"])).toThrow(/search-scale runs alone/);
  });

  it("refuses a name or an option it does not know, and says which exist", () => {
    expect(() => parseMeasurements(["serach"])).toThrow(/unknown measurement serach[\s\S]*pages, search, carts/);
    expect(() => parseMeasurements(["--rounds", "2"])).toThrow(/unknown option --rounds/);
  });
});
