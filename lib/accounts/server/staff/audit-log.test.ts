import { describe, expect, it } from "vitest";
import { csvCell, rangeBounds } from "./audit-log";

describe("the audit log's CSV and date range", () => {
  it("quotes what needs quoting and defuses formulas", () => {
    expect(csvCell(null)).toBe("");
    expect(csvCell(12)).toBe("12");
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell('say "hi", then go')).toBe('"say ""hi"", then go"');
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
    expect(csvCell({ name: "A" })).toBe('"{""name"":""A""}"');
    for (const formula of ["=HYPERLINK(1)", "+1", "-2", "@SUM(A1)"]) expect(csvCell(formula).startsWith("'")).toBe(true);
  });

  it("reads a date alone as that day in India, to inclusive", () => {
    expect(rangeBounds("2026-05-01", "2026-05-01")).toEqual({ from: "2026-04-30T18:30:00.000Z", toExclusive: "2026-05-01T18:30:00.000Z" });
    expect(rangeBounds(undefined, "2026-05-01T10:00:00Z")).toEqual({ toInclusive: "2026-05-01T10:00:00.000Z" });
    expect(rangeBounds()).toEqual({});
  });
});
