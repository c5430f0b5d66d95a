import { describe, expect, it } from "vitest";
import { contactSchema, enquirySchema, subscriberSchema } from "./schemas";
import { fieldErrors, PHONE_MESSAGE } from "@/lib/platform/fields";

describe("contact form schema", () => {
  const full = {
    name: "  Ananya ",
    surname: "Sharma",
    email: " Ananya@Example.COM ",
    phone: "+91 98100 12345",
    subject: "Curtains for a new flat",
    message: "Could someone visit to measure four windows in Saket?",
  };

  it("accepts a full message and normalises it", () => {
    const r = contactSchema.safeParse(full);
    expect(r.success && r.data).toEqual({
      name: "Ananya",
      surname: "Sharma",
      email: "ananya@example.com",
      phone: "9810012345",
      subject: "Curtains for a new flat",
      message: "Could someone visit to measure four windows in Saket?",
    });
  });

  it("treats blank optional fields as absent", () => {
    const r = contactSchema.safeParse({ name: "Ravi", email: "ravi@example.com", message: "Hello", surname: " ", phone: "", subject: null });
    expect(r.success && r.data).toMatchObject({ surname: null, phone: null, subject: null });
  });

  it("requires name, email and message with a message for each", () => {
    const r = contactSchema.safeParse({ name: " ", email: "", message: "" });
    expect(r.success).toBe(false);
    const errors = r.success ? {} : fieldErrors(r.error);
    expect(errors).toEqual({ name: "First name is required.", email: "Email is required.", message: "Message is required." });

    const missing = contactSchema.safeParse({});
    expect(missing.success ? {} : fieldErrors(missing.error)).toMatchObject({ name: "First name is required.", email: "Email is required.", message: "Message is required." });
  });

  it("refuses a bad email, a bad phone and over-long text", () => {
    const r = contactSchema.safeParse({ ...full, email: "not-an-email", phone: "12345", message: "x".repeat(5001) });
    const errors = r.success ? {} : fieldErrors(r.error);
    expect(errors.email).toBe("Enter a valid email address.");
    expect(errors.phone).toBe(PHONE_MESSAGE);
    expect(errors.message).toMatch(/too long/);
  });
});

describe("enquiry form schema", () => {
  const base = { name: "Meera Iyer", email: "meera@example.com", contact: "98100 67890", address: "B-12 Hauz Khas, New Delhi 110016", message: "" };

  it("accepts each of the three kinds", () => {
    for (const kind of ["gifting", "bulk_deals", "corporate"] as const) {
      const r = enquirySchema.safeParse({ ...base, kind });
      expect(r.success && r.data).toEqual({ kind, name: "Meera Iyer", email: "meera@example.com", contact: "9810067890", address: "B-12 Hauz Khas, New Delhi 110016", message: null });
    }
  });

  it("refuses an unknown kind", () => {
    for (const kind of ["services", "wholesale", "", undefined]) {
      const r = enquirySchema.safeParse({ ...base, kind });
      expect(r.success, String(kind)).toBe(false);
      expect(r.success ? {} : fieldErrors(r.error)).toHaveProperty("kind");
    }
  });

  it("requires name, email, contact and address", () => {
    const r = enquirySchema.safeParse({ kind: "gifting" });
    expect(r.success ? {} : fieldErrors(r.error)).toEqual({
      name: "Name is required.",
      email: "Email is required.",
      contact: "Contact number is required.",
      address: "Address is required.",
    });
    const badPhone = enquirySchema.safeParse({ ...base, kind: "corporate", contact: "1234567890" });
    expect(badPhone.success ? {} : fieldErrors(badPhone.error)).toEqual({ contact: PHONE_MESSAGE });
  });
});

describe("newsletter schema", () => {
  it("still lower-cases and trims the email", () => {
    const r = subscriberSchema.safeParse({ email: " A@B.IN " });
    expect(r.success && r.data.email).toBe("a@b.in");
  });
});
