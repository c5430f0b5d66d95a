// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SearchBox } from "./SearchBox";

vi.mock("next/navigation", () => ({ useRouter: () => ({ push: vi.fn() }) }));

const card = (id: number, name: string) => ({ id, slug: `p-${id}`, name, thumbnail_image: null, main_price: 1200, stocked_price: 1500, discount: 20, stock_quantity: 3, availability: "in_stock", currency: "INR", has_variants: false, variant_count: 0 });
let answer: unknown;
const asked: string[] = [];

beforeEach(() => {
  vi.useFakeTimers();
  asked.length = 0;
  window.matchMedia = vi.fn().mockReturnValue({ matches: false, addEventListener: vi.fn(), removeEventListener: vi.fn() }) as unknown as typeof window.matchMedia;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      asked.push(url);
      return Response.json(answer);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function type(text: string) {
  fireEvent.change(screen.getByRole("combobox", { name: "Search products" }), { target: { value: text } });
  // The spec's pause, then the answer.
  await act(async () => {
    await vi.advanceTimersByTimeAsync(500);
  });
}

describe("the header's search dropdown", () => {
  it("lists the matching categories above the products, as links", async () => {
    answer = {
      data: [card(1, "Peacock Velvet Curtain")],
      meta: { current_page: 1, last_page: 1, per_page: 6, total: 1, categories: [{ name: "Velvet Curtains", slug: "velvet-curtains" }], suggestions: [] },
      success: true,
      status: 200,
    };
    render(<SearchBox />);
    await type("velvet cur");
    expect(asked).toHaveLength(1);
    const categories = screen.getByRole("list", { name: "Categories" });
    const products = screen.getByRole("list", { name: "Search results" });
    expect(screen.getByRole("link", { name: /Velvet Curtains/ }).getAttribute("href")).toBe("/category/velvet-curtains");
    // Categories come first in the dropdown (and in Tab order).
    expect(categories.compareDocumentPosition(products) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole("link", { name: /Peacock Velvet Curtain/ }).getAttribute("href")).toBe("/products/p-1");
  });

  it("says No products found. with the queries that find something", async () => {
    answer = { data: [], meta: { current_page: 1, last_page: 1, per_page: 6, total: 0, categories: [], suggestions: ["cotton"] }, success: true, status: 200 };
    render(<SearchBox />);
    await type("cotxnn");
    expect(screen.getByText("No products found.")).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Categories" })).toBeNull();
    expect(screen.getByRole("link", { name: "cotton" }).getAttribute("href")).toBe("/search?query=cotton");
  });
});
