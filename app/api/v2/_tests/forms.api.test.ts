import { afterAll, describe, expect, it } from "vitest";
import { api, closeTestDb, testDb } from "./client";

afterAll(closeTestDb);

const post = (path: string, body: unknown) => api(path, { method: "POST", body: typeof body === "string" ? body : JSON.stringify(body) });

async function count(table: "contact_messages" | "enquiries"): Promise<number> {
  const { db } = await testDb();
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A unique marker per run, so rows from other tests or earlier runs never match. */
const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

describe("POST /contact/save", () => {
  it("stores a message with all six fields and answers 201 with a message", async () => {
    const email = `contact-${tag}@example.com`;
    const res = await post("/contact/save", {
      name: "  Ananya ",
      surname: "Sharma",
      email: email.toUpperCase(),
      phone: "+91 98100 12345",
      subject: "Curtains for a new flat",
      message: "Could someone visit to measure four windows in Saket?",
    });
    expect(res.status).toBe(201);
    expect(res.json.result).toBe(true);
    expect(res.json.message).toEqual(expect.any(String));
    expect(res.json.message).toContain("24 hours");

    const { db } = await testDb();
    const rows = await db.selectFrom("contact_messages").selectAll().where("email", "=", email).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "Ananya",
      surname: "Sharma",
      email,
      phone: "9810012345",
      subject: "Curtains for a new flat",
      message: "Could someone visit to measure four windows in Saket?",
    });
    expect(Number.isFinite(Date.parse(String(rows[0]?.created_at)))).toBe(true);
  });

  it("stores blank optional fields as null", async () => {
    const email = `contact-min-${tag}@example.com`;
    const res = await post("/contact/save", { name: "Ravi", surname: "", email, phone: "", message: "Do you sell wallpaper paste?" });
    expect(res.status).toBe(201);
    const { db } = await testDb();
    const row = await db.selectFrom("contact_messages").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ surname: null, phone: null, subject: null });
  });

  it("answers 422 with an error for each missing required field and stores nothing", async () => {
    const before = await count("contact_messages");
    const res = await post("/contact/save", { surname: "Only", phone: "9810012345", subject: "No name" });
    expect(res.status).toBe(422);
    expect(res.json.result).toBe(false);
    expect(Object.keys(res.json.errors).sort()).toEqual(["email", "message", "name"]);
    for (const field of ["name", "email", "message"]) expect(res.json.errors[field][0], field).toEqual(expect.any(String));

    const blank = await post("/contact/save", { name: "  ", email: " ", message: "" });
    expect(blank.status).toBe(422);
    expect(Object.keys(blank.json.errors).sort()).toEqual(["email", "message", "name"]);
    expect(await count("contact_messages")).toBe(before);
  });

  it("refuses a phone number that is not 10 digits starting 6 to 9", async () => {
    const before = await count("contact_messages");
    for (const phone of ["12345", "5810012345", "98100123456", "98100-abcde"]) {
      const res = await post("/contact/save", { name: "Meera", email: `phone-${tag}@example.com`, phone, message: "Hello" });
      expect(res.status, phone).toBe(422);
      expect(Object.keys(res.json.errors), phone).toEqual(["phone"]);
    }
    const wrongEmail = await post("/contact/save", { name: "Meera", email: "not-an-email", message: "Hello" });
    expect(wrongEmail.status).toBe(422);
    expect(wrongEmail.json.errors.email).toEqual(["Enter a valid email address."]);
    expect(await count("contact_messages")).toBe(before);
  });

  it("answers malformed JSON with 400 and stores nothing", async () => {
    const before = await count("contact_messages");
    const res = await post("/contact/save", '{"name": "Broken", "email": "broken@example.com"');
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ result: false, message: "Request body is not valid JSON." });
    expect(await count("contact_messages")).toBe(before);
  });

  it("refuses a request without the System-Key header", async () => {
    const res = await api("/contact/save", { method: "POST", body: JSON.stringify({ name: "A", email: "a@example.com", message: "x" }), key: null });
    expect(res.status).toBe(403);
  });
});

describe("POST /enquiries", () => {
  const enquiry = (kind: unknown, email: string) => ({
    kind,
    name: "Meera Iyer",
    email,
    contact: "+91 98100 67890",
    address: "B-12 Hauz Khas, New Delhi 110016",
    message: "About 40 hampers for Diwali.",
  });

  it("stores a row with its kind for each of gifting, bulk_deals and corporate", async () => {
    const { db } = await testDb();
    for (const kind of ["gifting", "bulk_deals", "corporate"] as const) {
      const email = `enquiry-${kind}-${tag}@example.com`;
      const res = await post("/enquiries", enquiry(kind, email));
      expect(res.status, kind).toBe(201);
      expect(res.json.result, kind).toBe(true);
      expect(res.json.message, kind).toEqual(expect.any(String));
      const rows = await db.selectFrom("enquiries").selectAll().where("email", "=", email).execute();
      expect(rows, kind).toHaveLength(1);
      expect(rows[0], kind).toMatchObject({
        kind,
        name: "Meera Iyer",
        contact: "9810067890",
        address: "B-12 Hauz Khas, New Delhi 110016",
        message: "About 40 hampers for Diwali.",
      });
    }
  });

  it("stores a missing message as null", async () => {
    const email = `enquiry-nomsg-${tag}@example.com`;
    const res = await post("/enquiries", { ...enquiry("corporate", email), message: undefined });
    expect(res.status).toBe(201);
    const { db } = await testDb();
    const row = await db.selectFrom("enquiries").select(["kind", "message"]).where("email", "=", email).executeTakeFirstOrThrow();
    expect(row).toEqual({ kind: "corporate", message: null });
  });

  it("refuses an unknown or missing kind with 422 and stores nothing", async () => {
    const before = await count("enquiries");
    for (const kind of ["services", "wholesale", "", null, 3]) {
      const res = await post("/enquiries", enquiry(kind, `enquiry-bad-${tag}@example.com`));
      expect(res.status, String(kind)).toBe(422);
      expect(res.json.errors.kind, String(kind)).toHaveLength(1);
    }
    // JSON.stringify drops undefined, so this body has no kind at all.
    expect((await post("/enquiries", enquiry(undefined, `enquiry-bad-${tag}@example.com`))).status).toBe(422);
    expect(await count("enquiries")).toBe(before);
  });

  it("requires name, email, contact and address", async () => {
    const before = await count("enquiries");
    const res = await post("/enquiries", { kind: "gifting" });
    expect(res.status).toBe(422);
    expect(Object.keys(res.json.errors).sort()).toEqual(["address", "contact", "email", "name"]);
    const badContact = await post("/enquiries", { ...enquiry("bulk_deals", `enquiry-tel-${tag}@example.com`), contact: "011 2345 678" });
    expect(badContact.status).toBe(422);
    expect(Object.keys(badContact.json.errors)).toEqual(["contact"]);
    expect(await count("enquiries")).toBe(before);
  });

  it("answers malformed JSON with 400 and stores nothing", async () => {
    const before = await count("enquiries");
    const res = await post("/enquiries", '{"kind": "gifting", "name": ');
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ result: false, message: "Request body is not valid JSON." });
    expect(await count("enquiries")).toBe(before);
  });
});
