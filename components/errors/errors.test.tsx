// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import RootError from "@/app/error";
import GlobalError from "@/app/global-error";
import StoreError from "@/app/(store)/error";

beforeEach(() => {
  // The boundaries log the error for the console; keep the test output clean.
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe.each([
  ["the store's error boundary", StoreError],
  ["the root error boundary", RootError],
])("%s", (_, Boundary) => {
  it("says something went wrong, offers Try again and a link home", () => {
    const retry = vi.fn();
    const error = Object.assign(new Error("An error occurred in the Server Components render."), { digest: "123" });
    render(<Boundary error={error} retry={retry} />);
    expect(screen.getByRole("heading", { level: 1, name: "Something went wrong." })).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toContain("Please try again");
    expect(screen.getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/");
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(retry).toHaveBeenCalledTimes(1);
    expect(console.error).toHaveBeenCalledWith(error);
  });
});

describe("the global error page", () => {
  it("is a whole document with the brand, the message and a plain link home", () => {
    const html = renderToStaticMarkup(<GlobalError error={new Error("root layout failed")} />);
    const doc = new DOMParser().parseFromString(`<!DOCTYPE html>${html}`, "text/html");
    expect(html.startsWith("<html")).toBe(true);
    expect(doc.body.textContent).toContain("Kesar Home");
    expect(doc.querySelector("h1")?.textContent).toBe("Something went wrong.");
    const link = doc.querySelector("a");
    expect(link?.textContent).toBe("Back to Home");
    expect(link?.getAttribute("href")).toBe("/");
  });
});
