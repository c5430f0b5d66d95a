// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Toaster } from "react-hot-toast";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ContactForm } from "./ContactForm";
import { EnquiryForm, GetInTouchLink } from "./EnquiryForm";

type Call = { url: string; body: unknown };
let calls: Call[] = [];
let answer: () => Response;

beforeEach(() => {
  calls = [];
  answer = () => Response.json({ result: true, message: "Saved, thank you!" }, { status: 201 });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, body: JSON.parse(String(init.body)) });
      return answer();
    }),
  );
  Element.prototype.scrollIntoView = vi.fn();
  window.matchMedia = vi.fn().mockReturnValue({ matches: false }) as unknown as typeof window.matchMedia;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("ContactForm", () => {
  it("shows a message for each required field and sends nothing on an empty submit", async () => {
    render(<ContactForm />);
    fireEvent.click(screen.getByRole("button", { name: "Send Message" }));
    expect(await screen.findByText("First name is required.")).toBeTruthy();
    expect(screen.getByText("Email is required.")).toBeTruthy();
    expect(screen.getByText("Message is required.")).toBeTruthy();
    expect(screen.getByLabelText("First Name").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByLabelText("First Name").getAttribute("aria-describedby")).toBe("contact-name-error");
    expect(document.activeElement).toBe(screen.getByLabelText("First Name"));
    expect(calls).toEqual([]);
  });

  it("sends all six fields to /contact/save, shows Sending... and the server's message, then clears", async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, body: JSON.parse(String(init.body)) });
        await held;
        return answer();
      }),
    );
    render(
      <>
        <ContactForm />
        <Toaster />
      </>,
    );
    type("First Name", "Ananya");
    type(/Surname/, "Sharma");
    type("Email", "ananya@example.com");
    type(/Phone/, "+91 98100 12345");
    type(/Subject/, "Curtains");
    type("Message", "Please call me.");
    fireEvent.click(screen.getByRole("button", { name: "Send Message" }));
    expect(await screen.findByRole("button", { name: "Sending..." })).toBeTruthy();
    await act(async () => release());
    expect(await screen.findByText("Saved, thank you!")).toBeTruthy();
    expect(calls).toEqual([
      {
        url: "/api/v2/contact/save",
        body: { name: "Ananya", surname: "Sharma", email: "ananya@example.com", phone: "+91 98100 12345", subject: "Curtains", message: "Please call me." },
      },
    ]);
    await waitFor(() => expect((screen.getByLabelText("First Name") as HTMLInputElement).value).toBe(""));
  });

  it("puts the server's 422 errors on the fields and toasts its message, or the fallback", async () => {
    answer = () => Response.json({ result: false, message: "Enter a valid email address.", errors: { email: ["Enter a valid email address."] } }, { status: 422 });
    render(
      <>
        <ContactForm />
        <Toaster />
      </>,
    );
    type("First Name", "Ravi");
    type("Email", "ravi@example.com");
    type("Message", "Hi");
    fireEvent.click(screen.getByRole("button", { name: "Send Message" }));
    await waitFor(() => expect(screen.getAllByText("Enter a valid email address.")).toHaveLength(2));
    expect(screen.getByLabelText("Email").getAttribute("aria-invalid")).toBe("true");

    answer = () => new Response("down", { status: 500 });
    fireEvent.click(screen.getByRole("button", { name: "Send Message" }));
    expect(await screen.findByText("An error occurred.")).toBeTruthy();
  });
});

describe("EnquiryForm", () => {
  it("sends its kind with the fields to /enquiries", async () => {
    render(<EnquiryForm kind="bulk_deals" />);
    type("Name", "Meera");
    type("Email", "meera@example.com");
    type("Contact Number", "9810067890");
    type("Address", "Hauz Khas, New Delhi");
    fireEvent.click(screen.getByRole("button", { name: "Send Enquiry" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      url: "/api/v2/enquiries",
      body: { kind: "bulk_deals", name: "Meera", email: "meera@example.com", contact: "9810067890", address: "Hauz Khas, New Delhi", message: "" },
    });
  });

  it("requires name, email, contact and address before sending", async () => {
    render(<EnquiryForm kind="gifting" />);
    fireEvent.click(screen.getByRole("button", { name: "Send Enquiry" }));
    expect(await screen.findByText("Name is required.")).toBeTruthy();
    expect(screen.getByText("Email is required.")).toBeTruthy();
    expect(screen.getByText("Contact number is required.")).toBeTruthy();
    expect(screen.getByText("Address is required.")).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("a Get in Touch link scrolls to the form and focuses its first field, sending nothing", () => {
    render(
      <>
        <GetInTouchLink>Request Bulk Quote</GetInTouchLink>
        <section id="get-in-touch">
          <EnquiryForm kind="bulk_deals" />
        </section>
      </>,
    );
    const link = screen.getByRole("link", { name: "Request Bulk Quote" });
    expect(link.getAttribute("href")).toBe("#get-in-touch");
    fireEvent.click(link);
    expect(document.activeElement).toBe(screen.getByLabelText("Name"));
    expect(Element.prototype.scrollIntoView).toHaveBeenCalled();
    expect(window.location.hash).toBe("#get-in-touch");
    expect(calls).toEqual([]);
  });
});
