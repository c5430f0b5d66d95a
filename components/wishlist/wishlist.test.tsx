// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from "@testing-library/react";
import toast, { Toaster } from "react-hot-toast";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useCartState } from "@/lib/cart/client/cart";
import { resetWishlistStore } from "@/lib/cart/client/wishlist";
import { WishlistButton } from "./WishlistButton";
import { WishlistGrid, type WishlistCard } from "./WishlistGrid";
import { WishlistHeart } from "./WishlistHeart";

vi.mock("next/navigation", () => ({ usePathname: () => "/products/ikat-cushion" }));

type Call = { method: string; url: string; body: unknown };
let calls: Call[] = [];
/** The answer to each call; a function may hold it back with a promise. */
let route: (call: Call) => Response | Promise<Response>;

const list = (ids: number[]) => Response.json({ data: ids.map((id) => ({ id: id * 10, product: { id, slug: `p-${id}`, name: `P ${id}`, thumbnail_image: null, base_price: 100 } })), success: true, status: 200 });
const ADDED = { result: true, message: "Product added to wishlist", is_in_wishlist: true };
const REMOVED = { is_in_wishlist: false, message: "Product is removed from wishlist", result: true };

function signIn(on: boolean) {
  document.cookie = on ? "kesar_signed_in=1; path=/" : "kesar_signed_in=; path=/; max-age=0";
}

beforeEach(() => {
  window.matchMedia = vi.fn().mockReturnValue({ matches: false }) as unknown as typeof window.matchMedia;
  calls = [];
  resetWishlistStore();
  signIn(true);
  route = (call) => {
    if (call.url === "/api/v2/wishlists") return list([1]);
    if (call.url.startsWith("/api/v2/wishlists-add-product/")) return Response.json(ADDED);
    if (call.url.startsWith("/api/v2/wishlists-remove-product/")) return Response.json(REMOVED);
    return Response.json({ result: false, message: "Not found." }, { status: 404 });
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = { method: init.method ?? "GET", url, body: init.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      return route(call);
    }),
  );
});

afterEach(() => {
  cleanup();
  act(() => toast.remove());
  vi.unstubAllGlobals();
  signIn(false);
});

const hearts = () => (
  <>
    <WishlistHeart productId={1} slug="p-1" name="P 1" />
    <WishlistHeart productId={2} slug="p-2" name="P 2" />
    <WishlistHeart productId={3} slug="p-3" name="P 3" />
    <Toaster />
  </>
);

describe("WishlistHeart", () => {
  it("is a link to /login for a guest, and asks the server nothing", () => {
    signIn(false);
    render(hearts());
    const link = screen.getByRole("link", { name: "Add P 2 to wishlist" });
    expect(link.getAttribute("href")).toBe("/login");
    expect(link.className).toContain("product-card-wish");
    expect(calls).toEqual([]);
  });

  it("loads the list once for every heart of the page and fills the hearts of saved products", async () => {
    render(hearts());
    const saved = await screen.findByRole("button", { name: "Remove P 1 from wishlist" });
    expect(saved.getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByRole("button", { name: "Add P 2 to wishlist" }).getAttribute("aria-pressed")).toBe("false");
    expect(calls.filter((c) => c.url === "/api/v2/wishlists")).toHaveLength(1);
  });

  it("fills at once on a click, sends the add, and toasts the server's message", async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    const base = route;
    route = async (call) => {
      if (call.url.includes("add-product")) await held;
      return base(call);
    };
    render(hearts());
    await screen.findByRole("button", { name: "Remove P 1 from wishlist" });
    fireEvent.click(screen.getByRole("button", { name: "Add P 2 to wishlist" }));
    // Before the server answers.
    expect(screen.getByRole("button", { name: "Remove P 2 from wishlist" }).getAttribute("aria-pressed")).toBe("true");
    await act(async () => release());
    expect(await screen.findByText("Product added to wishlist")).toBeTruthy();
    expect(calls.at(-1)).toEqual({ method: "POST", url: "/api/v2/wishlists-add-product/p-2", body: undefined });
    expect(screen.getByRole("button", { name: "Remove P 2 from wishlist" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("empties at once on a click on a filled heart, and sends the remove", async () => {
    render(hearts());
    fireEvent.click(await screen.findByRole("button", { name: "Remove P 1 from wishlist" }));
    expect(screen.getByRole("button", { name: "Add P 1 to wishlist" }).getAttribute("aria-pressed")).toBe("false");
    expect(await screen.findByText("Product is removed from wishlist")).toBeTruthy();
    expect(calls.at(-1)?.url).toBe("/api/v2/wishlists-remove-product/p-1");
  });

  it("rolls back and toasts the server's message when the server refuses, or the fallback when there is none", async () => {
    route = (call) => {
      if (call.url === "/api/v2/wishlists") return list([]);
      if (call.url.endsWith("/p-2")) return Response.json({ result: false, message: "Product not found." }, { status: 404 });
      throw new TypeError("Failed to fetch");
    };
    render(hearts());
    await waitFor(() => expect(calls.some((c) => c.url === "/api/v2/wishlists")).toBe(true));
    fireEvent.click(await screen.findByRole("button", { name: "Add P 2 to wishlist" }));
    expect(await screen.findByText("Product not found.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Add P 2 to wishlist" }).getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(screen.getByRole("button", { name: "Add P 3 to wishlist" }));
    expect(await screen.findByText("An error occurred. Please try again.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Add P 3 to wishlist" }).getAttribute("aria-pressed")).toBe("false");
  });

  it("turns back into links to /login when the server says the session has ended", async () => {
    route = () => Response.json({ result: false, message: "Please log in to continue." }, { status: 401 });
    render(hearts());
    expect((await screen.findByRole("link", { name: "Add P 1 to wishlist" })).getAttribute("href")).toBe("/login");
  });
});

describe("WishlistButton", () => {
  it("is Add to Wishlist, a link to /login that comes back here, for a guest", () => {
    signIn(false);
    render(<WishlistButton productId={2} slug="ikat-cushion" name="Ikat cushion" />);
    expect(screen.getByRole("link", { name: /Add to Wishlist/ }).getAttribute("href")).toBe("/login?redirect=%2Fproducts%2Fikat-cushion");
  });

  it("toggles between Add to Wishlist and a filled In Wishlist", async () => {
    render(
      <>
        <WishlistButton productId={2} slug="p-2" name="P 2" />
        <Toaster />
      </>,
    );
    await waitFor(() => expect(calls.some((c) => c.url === "/api/v2/wishlists")).toBe(true));
    fireEvent.click(await screen.findByRole("button", { name: /Add to Wishlist/ }));
    const saved = screen.getByRole("button", { name: /In Wishlist/ });
    expect(saved.getAttribute("aria-pressed")).toBe("true");
    expect(await screen.findByText("Product added to wishlist")).toBeTruthy();
    fireEvent.click(saved);
    expect(await screen.findByRole("button", { name: /Add to Wishlist/ })).toBeTruthy();
    expect(calls.at(-1)?.url).toBe("/api/v2/wishlists-remove-product/p-2");
  });
});

describe("WishlistGrid", () => {
  const items: WishlistCard[] = [
    { productId: 1, slug: "p-1", name: "Ikat cushion", thumbnail: null, price: 12_345_600, outOfStock: false },
    { productId: 2, slug: "p-2", name: "Velvet throw", thumbnail: null, price: 99_900, outOfStock: true },
  ];
  const grid = (list = items) => render(
    <>
      <WishlistGrid items={list} />
      <Toaster />
    </>,
  );

  it("shows name, price in rupees with Indian grouping and a link; an out-of-stock product cannot go to the cart", () => {
    grid();
    expect(screen.getByRole("link", { name: /Ikat cushion/ }).getAttribute("href")).toBe("/products/p-1");
    expect(screen.getByText("₹1,23,456")).toBeTruthy();
    const out = screen.getByRole("button", { name: "Out Of Stock" }) as HTMLButtonElement;
    expect(out.disabled).toBe(true);
    expect(screen.getByTestId("wishlist-page-count").textContent).toBe("2 products");
  });

  it("removes a card and lowers the count at once; the last one leaves the empty state", async () => {
    grid();
    fireEvent.click(screen.getByRole("button", { name: "Remove Ikat cushion from wishlist" }));
    expect(screen.queryByText("Ikat cushion")).toBeNull();
    expect(screen.getByTestId("wishlist-page-count").textContent).toBe("1 product");
    expect(await screen.findByText("Product is removed from wishlist")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Remove Velvet throw from wishlist" }));
    expect(screen.getByText("There isn't anything added yet")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Browse products" }).getAttribute("href")).toBe("/products");
    expect(calls.map((c) => c.url)).toEqual(["/api/v2/wishlists-remove-product/p-1", "/api/v2/wishlists-remove-product/p-2"]);
  });

  it("brings a card back when the server refuses the remove", async () => {
    route = () => Response.json({ result: false, message: "Something went wrong on our side. Please try again." }, { status: 500 });
    grid();
    fireEvent.click(screen.getByRole("button", { name: "Remove Ikat cushion from wishlist" }));
    expect(screen.queryByText("Ikat cushion")).toBeNull();
    expect(await screen.findByText("Something went wrong on our side. Please try again.")).toBeTruthy();
    expect(screen.getByText("Ikat cushion")).toBeTruthy();
    expect(screen.getByTestId("wishlist-page-count").textContent).toBe("2 products");
  });

  it("adds quantity 1 to the cart, toasts the server's message and tells the header cart", async () => {
    route = () => Response.json({ result: true, message: "Product added to cart", count: 3 });
    grid();
    fireEvent.click(screen.getByRole("button", { name: "Add to Cart" }));
    expect(await screen.findByText("Product added to cart")).toBeTruthy();
    expect(calls).toEqual([{ method: "POST", url: "/api/v2/carts/add", body: { id: 1, variant: "", quantity: 1 } }]);
    // The header's count takes the answer's count, and the mini cart opens.
    const { result } = renderHook(() => useCartState());
    expect(result.current).toMatchObject({ count: 3, open: true });
  });

  it("toasts the server's refusal, or the fallback, when the cart does not take it", async () => {
    route = () => Response.json({ result: false, message: "Only 2 left in stock." }, { status: 422 });
    grid();
    fireEvent.click(screen.getByRole("button", { name: "Add to Cart" }));
    expect(await screen.findByText("Only 2 left in stock.")).toBeTruthy();
    route = () => new Response("<html>bad gateway</html>", { status: 502 });
    fireEvent.click(await screen.findByRole("button", { name: "Add to Cart" }));
    expect(await screen.findByText("An error occurred. Please try again.")).toBeTruthy();
  });

  it("shows a note when saved products are no longer available", () => {
    render(<WishlistGrid items={[]} unavailable={2} />);
    expect(screen.getByText("2 products you saved are no longer available, so they are not shown here.")).toBeTruthy();
    expect(screen.getByText("There isn't anything added yet")).toBeTruthy();
  });
});
