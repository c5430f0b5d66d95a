// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readFilters } from "@/lib/catalog/filters";
import { FilterBar, type AttributeOptions, type FacetCounts } from "./FilterBar";

const push = vi.fn();
vi.mock("next/navigation", () => ({ usePathname: () => "/search", useRouter: () => ({ push }) }));

const ATTRIBUTES: AttributeOptions = [{ name: "Material", key: "material", values: ["Cotton", "Silk", "Velvet"] }];
const COUNTS: FacetCounts = {
  availability: { in_stock: 1500, made_to_order: 3, out_of_stock: 0 },
  price: { under_10000: 12, "10000_20000": 0, "20000_30000": 1000, above_30000: 1001 },
  attributes: { Material: { Cotton: 40, Silk: 0, Velvet: 12 } },
};

const options = (label: string) =>
  [...(screen.getByLabelText(label, { exact: true }) as HTMLSelectElement).options].map((o) => ({ value: o.value, label: o.textContent, disabled: o.disabled }));

beforeEach(() => push.mockReset());
afterEach(cleanup);

describe("the filter bar", () => {
  it("shows each value's count, 1,000+ above 1,000, and disables values that would give nothing", () => {
    render(<FilterBar state={readFilters({ query: "curtain" })} attributes={ATTRIBUTES} extra={{ query: "curtain" }} counts={COUNTS} byRelevance />);
    expect(options("Material")).toEqual([
      { value: "", label: "All", disabled: false },
      { value: "Cotton", label: "Cotton (40)", disabled: false },
      { value: "Silk", label: "Silk (0)", disabled: true },
      { value: "Velvet", label: "Velvet (12)", disabled: false },
    ]);
    expect(options("Availability").map((o) => [o.label, o.disabled])).toEqual([
      ["All", false],
      ["In Stock (1,000+)", false],
      ["Made to Order (3)", false],
      ["Out of Stock (0)", true],
    ]);
    expect(options("Price").map((o) => o.label)).toEqual(["Any price", "Under ₹10,000 (12)", "₹10,000 to under ₹20,000 (0)", "₹20,000 to under ₹30,000 (1,000)", "₹30,000 and above (1,000+)"]);
    expect(options("Sort by")[0]).toEqual({ value: "", label: "Relevance", disabled: false });
  });

  it("keeps a chosen value that now gives nothing choosable, and choosing a value goes to its address", () => {
    render(<FilterBar state={readFilters({ material: "Silk" })} attributes={ATTRIBUTES} extra={{ query: "curtain" }} counts={COUNTS} />);
    expect(options("Material").find((o) => o.value === "Silk")).toEqual({ value: "Silk", label: "Silk (0)", disabled: false });
    fireEvent.change(screen.getByLabelText("Material", { exact: true }), { target: { value: "Velvet" } });
    expect(push).toHaveBeenCalledWith("/search?query=curtain&material=Velvet", { scroll: false });
  });

  it("counts a list without words too, whose own order is named Recommended", () => {
    render(<FilterBar state={readFilters({})} attributes={ATTRIBUTES} counts={COUNTS} />);
    expect(options("Material").map((o) => o.label)).toEqual(["All", "Cotton (40)", "Silk (0)", "Velvet (12)"]);
    expect(options("Sort by")[0]?.label).toBe("Recommended");
    fireEvent.change(screen.getByLabelText("Sort by"), { target: { value: "newest" } });
    expect(push).toHaveBeenCalledWith("/search?sort=newest", { scroll: false });
  });
});
