import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  api,
  clientAddresses,
  closeTestDb,
  codeIn,
  cookieOf,
  limitKey,
  mailsTo,
  mailTo,
  newUser,
  post,
  resetTokenIn,
  sendBurst,
  SESSION_COOKIE,
  settleMail,
  signIn,
  signUp,
  testDb,
  tokenWorks,
  uniqueEmail,
  uniquePhone,
  type Json,
  type TestUser,
} from "./client";
import { addOk, customer, dropTestProducts } from "./cart-client";
import { placedOrder } from "./orders-client";

afterAll(async () => {
  await dropTestProducts();
  await closeTestDb();
});

/** Every test speaks from its own client address (10.2.x.y), so rate limits never cross tests. */
const nextIp = clientAddresses(2);
const user = () => newUser(nextIp());

const SIGN_IN_REQUIRED = { result: false, message: "Please log in to continue." };
const NOT_FOUND = { result: false, message: "Address not found." };
const NOT_YOURS = { result: false, message: "You can only change your own account." };
const PHONE_MESSAGE = "Enter a 10-digit mobile number starting with 6, 7, 8 or 9.";
const PIN_MESSAGE = "Enter a 6-digit PIN code (it does not start with 0).";
const NO_PO_BOX = "We deliver to street addresses in India only, not to P.O. boxes or APO/FPO addresses.";
const AVATAR_TYPES = "Please choose a JPEG, PNG or WebP image of at most 2 MB.";

/** Ids picked through the location API, as the address form does. */
const place = { india: 0, maharashtra: 0, delhi: 0, pune: 0, mumbai: 0, newDelhi: 0 };

beforeAll(async () => {
  const countries = await api("/countries");
  place.india = (countries.json.data as Json[]).find((c) => c.name === "India").id;
  const states = (await api(`/states-by-country/${place.india}`)).json.data as Json[];
  place.maharashtra = states.find((s) => s.name === "Maharashtra").id;
  place.delhi = states.find((s) => s.name === "Delhi").id;
  const mh = (await api(`/cities-by-state/${place.maharashtra}`)).json.data as Json[];
  place.pune = mh.find((c) => c.name === "Pune").id;
  place.mumbai = mh.find((c) => c.name === "Mumbai").id;
  const dl = (await api(`/cities-by-state/${place.delhi}`)).json.data as Json[];
  place.newDelhi = dl.find((c) => c.name === "New Delhi").id;
});

const puneAddress = (overrides: Record<string, unknown> = {}) => ({
  address: "14 Koregaon Park Lane, near the garden",
  country: place.india,
  state: place.maharashtra,
  city: place.pune,
  postal_code: "411001",
  phone: "9876543210",
  ...overrides,
});

async function addressRows(userId: number) {
  const { db } = await testDb();
  return db.selectFrom("addresses").selectAll().where("user_id", "=", userId).orderBy("id").execute();
}

async function defaultsOf(userId: number): Promise<number[]> {
  return (await addressRows(userId)).filter((r) => r.is_default === 1).map((r) => r.id);
}

async function createAddress(u: TestUser, overrides: Record<string, unknown> = {}): Promise<Json> {
  const res = await post("/user/shipping/create", puneAddress(overrides), { token: u.token, ip: u.ip });
  expect(res.status, res.text).toBe(201);
  return res.json.data;
}

async function firstProduct(offset = 0): Promise<{ id: number; slug: string; name: string }> {
  const { db } = await testDb();
  return db.selectFrom("products").select(["id", "slug", "name"]).where("published", "=", 1).where("variant_count", "=", 0).where("availability", "=", "in_stock").where("stock_quantity", ">=", 5).orderBy("id").offset(offset).limit(1).executeTakeFirstOrThrow();
}

describe("addresses: one customer never reaches another's", () => {
  it("answers 404 for another customer's address on every call and changes nothing", async () => {
    const a = await user();
    const b = await user();
    const a1 = await createAddress(a);
    const a2 = await createAddress(a, { address: "22 Marine Drive, Flat 3", city: place.mumbai, postal_code: "400020" });
    const b1 = await createAddress(b, { address: "5 Lodhi Estate", state: place.delhi, city: place.newDelhi, postal_code: "110003" });
    expect(a1).toMatchObject({ user_id: a.id, set_default: 1, city_name: "Pune", state_name: "Maharashtra", country_name: "India" });
    expect(a2).toMatchObject({ user_id: a.id, set_default: 0, city_name: "Mumbai" });
    expect(b1).toMatchObject({ user_id: b.id, set_default: 1 });
    const aBefore = await addressRows(a.id);
    const bBefore = await addressRows(b.id);

    for (const id of [a1.id, a2.id]) {
      const one = await api(`/user/shipping/address-with-id/${id}`, { token: b.token });
      expect(one.status).toBe(404);
      expect(one.json).toEqual(NOT_FOUND);
      const update = await post("/user/shipping/update", puneAddress({ id, address: "Taken over by B" }), { token: b.token, ip: b.ip });
      expect(update.status).toBe(404);
      expect(update.json).toEqual(NOT_FOUND);
      const setDefault = await api(`/addresses/set-default?address_id=${id}`, { token: b.token, ip: b.ip });
      expect(setDefault.status).toBe(404);
      expect(setDefault.json).toEqual(NOT_FOUND);
      const destroy = await api(`/addresses/destroy?address_id=${id}`, { token: b.token, ip: b.ip });
      expect(destroy.status).toBe(404);
      expect(destroy.json).toEqual(NOT_FOUND);
    }
    // POST and DELETE forms of the same calls behave alike.
    expect((await api(`/addresses/destroy?address_id=${a2.id}`, { method: "DELETE", token: b.token })).status).toBe(404);
    expect((await api(`/addresses/set-default?address_id=${a2.id}`, { method: "POST", token: b.token })).status).toBe(404);

    expect(await addressRows(a.id)).toEqual(aBefore);
    expect(await addressRows(b.id)).toEqual(bBefore);

    const bList = await api("/user/shipping/address", { token: b.token });
    expect(bList.status).toBe(200);
    expect(bList.json.success).toBe(true);
    expect((bList.json.data as Json[]).map((x) => x.id)).toEqual([b1.id]);
    const aList = await api("/user/shipping/address", { token: a.token });
    expect((aList.json.data as Json[]).map((x) => x.id)).toEqual([a1.id, a2.id]);
    const own = await api(`/user/shipping/address-with-id/${a1.id}`, { token: a.token });
    expect(own.status).toBe(200);
    expect(own.json.data).toEqual([a1]);
  });

  it("refuses a user_id that is not the caller's with 403 and stores nothing", async () => {
    const a = await user();
    const b = await user();
    const b1 = await createAddress(b);
    const created = await post("/user/shipping/create", puneAddress({ user_id: a.id }), { token: b.token, ip: b.ip });
    expect(created.status).toBe(403);
    expect(created.json).toEqual(NOT_YOURS);
    const updated = await post("/user/shipping/update", puneAddress({ id: b1.id, user_id: a.id, address: "Changed with a foreign id" }), { token: b.token, ip: b.ip });
    expect(updated.status).toBe(403);
    expect(updated.json).toEqual(NOT_YOURS);
    const profile = await post("/profile/update", { name: "Renamed By B", user_id: a.id }, { token: b.token, ip: b.ip });
    expect(profile.status).toBe(403);
    expect(await addressRows(a.id)).toEqual([]);
    expect((await addressRows(b.id)).map((r) => r.address)).toEqual([b1.address]);
    const { db } = await testDb();
    const names = await db.selectFrom("users").select("name").where("id", "in", [a.id, b.id]).execute();
    expect(names.map((n) => n.name)).toEqual(["Test Customer", "Test Customer"]);

    // The caller's own id (and 0, the old site's guest value) are accepted.
    expect((await post("/user/shipping/create", puneAddress({ user_id: b.id }), { token: b.token, ip: b.ip })).status).toBe(201);
    expect((await post("/user/shipping/create", puneAddress({ user_id: 0 }), { token: b.token, ip: b.ip })).status).toBe(201);
  });

  it("answers guests with 401 on every address call", async () => {
    const calls: [string, string, unknown?][] = [
      ["GET", "/user/shipping/address"],
      ["GET", "/user/shipping/address-with-id/1"],
      ["POST", "/user/shipping/create", puneAddress()],
      ["POST", "/user/shipping/update", puneAddress({ id: 1 })],
      ["GET", "/addresses/set-default?address_id=1"],
      ["GET", "/addresses/destroy?address_id=1"],
    ];
    const { db } = await testDb();
    const before = await db.selectFrom("addresses").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    for (const [method, path, body] of calls) {
      for (const auth of [{}, { token: "AbCdEfGhIjKlMnOpQrStUvWxYz012345" }, { cookie: `${SESSION_COOKIE}=forged.value` }]) {
        const res = await api(path, { method, body: body === undefined ? undefined : JSON.stringify(body), ...auth });
        expect(res.status, `${method} ${path}`).toBe(401);
        expect(res.json, `${method} ${path}`).toEqual(SIGN_IN_REQUIRED);
      }
    }
    const after = await db.selectFrom("addresses").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe("addresses: exactly one default", () => {
  it("makes the first address the default, moves it, promotes another on delete, and leaves none at the end", async () => {
    const u = await user();
    const created = await post("/user/shipping/create", puneAddress(), { token: u.token, ip: u.ip });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ result: true, message: "Address added successfully" });
    expect(created.json.data).toEqual({
      id: expect.any(Number),
      user_id: u.id,
      address: "14 Koregaon Park Lane, near the garden",
      country: place.india,
      state: place.maharashtra,
      city: place.pune,
      country_name: "India",
      state_name: "Maharashtra",
      city_name: "Pune",
      postal_code: "411001",
      phone: "9876543210",
      set_default: 1,
    });
    const first = created.json.data.id as number;
    const second = (await createAddress(u, { address: "22 Marine Drive, Flat 3", city: place.mumbai, postal_code: "400020" })).id as number;
    const third = (await createAddress(u, { address: "9 Baner Road, Block C" })).id as number;
    expect(await defaultsOf(u.id)).toEqual([first]);

    const moved = await api(`/addresses/set-default?address_id=${second}`, { token: u.token, ip: u.ip });
    expect(moved.status).toBe(200);
    expect(moved.json).toEqual({ result: true, message: "Address set as default!" });
    expect(await defaultsOf(u.id)).toEqual([second]);
    const list = await api("/user/shipping/address", { token: u.token });
    expect((list.json.data as Json[]).map((a) => [a.id, a.set_default])).toEqual([
      [second, 1],
      [first, 0],
      [third, 0],
    ]);
    // Setting the default again changes nothing.
    expect((await api(`/addresses/set-default?address_id=${second}`, { token: u.token })).status).toBe(200);
    expect(await defaultsOf(u.id)).toEqual([second]);

    const edited = await post("/user/shipping/update", puneAddress({ id: third, address: "9 Baner Road, Block D", phone: "+91 91234 56789" }), { token: u.token, ip: u.ip });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ result: true, message: "Address edited successfully", data: { id: third, address: "9 Baner Road, Block D", phone: "9123456789", set_default: 0 } });
    expect(await defaultsOf(u.id)).toEqual([second]);

    const deleted = await api(`/addresses/destroy?address_id=${second}`, { token: u.token, ip: u.ip });
    expect(deleted.status).toBe(200);
    expect(deleted.json).toEqual({ result: true, message: "Address deleted successfully" });
    let rows = await addressRows(u.id);
    expect(rows.map((r) => r.id)).toEqual([first, third]);
    expect(rows.filter((r) => r.is_default === 1)).toHaveLength(1);

    const remaining = rows.find((r) => r.is_default === 0)!.id;
    const nowDefault = rows.find((r) => r.is_default === 1)!.id;
    expect((await api(`/addresses/destroy?address_id=${remaining}`, { token: u.token, ip: u.ip })).status).toBe(200);
    expect(await defaultsOf(u.id)).toEqual([nowDefault]);
    expect((await api(`/addresses/destroy?address_id=${nowDefault}`, { token: u.token, ip: u.ip })).status).toBe(200);
    rows = await addressRows(u.id);
    expect(rows).toEqual([]);
    expect((await api("/user/shipping/address", { token: u.token })).json.data).toEqual([]);
    // Gone is gone.
    expect((await api(`/addresses/destroy?address_id=${nowDefault}`, { token: u.token })).status).toBe(404);

    // Deleting a non-default address keeps the default where it is.
    const x = (await createAddress(u)).id as number;
    const y = (await createAddress(u, { address: "Another street 44" })).id as number;
    expect(await defaultsOf(u.id)).toEqual([x]);
    expect((await api(`/addresses/destroy?address_id=${y}`, { token: u.token })).status).toBe(200);
    expect(await defaultsOf(u.id)).toEqual([x]);
  });

  it("keeps one default when addresses are added and made default at the same moment", async () => {
    const u = await user();
    const made = await Promise.all([1, 2, 3, 4, 5].map((i) => post("/user/shipping/create", puneAddress({ address: `Parallel house ${i}` }), { token: u.token, ip: u.ip })));
    expect(made.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(made.filter((r) => r.json.data.set_default === 1)).toHaveLength(1);
    expect(await defaultsOf(u.id)).toHaveLength(1);

    const ids = made.map((r) => r.json.data.id as number);
    const moved = await Promise.all(ids.map((id) => api(`/addresses/set-default?address_id=${id}`, { token: u.token, ip: u.ip })));
    expect(moved.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await defaultsOf(u.id)).toHaveLength(1);

    const current = (await defaultsOf(u.id))[0]!;
    const others = ids.filter((id) => id !== current);
    const mixed = await Promise.all([
      api(`/addresses/destroy?address_id=${current}`, { token: u.token, ip: u.ip }),
      api(`/addresses/set-default?address_id=${others[0]}`, { token: u.token, ip: u.ip }),
      api(`/addresses/destroy?address_id=${others[1]}`, { token: u.token, ip: u.ip }),
    ]);
    expect(mixed.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await addressRows(u.id)).toHaveLength(3);
    expect(await defaultsOf(u.id)).toHaveLength(1);
  });

  it("keeps at most 20 addresses (409 for the 21st)", async () => {
    const u = await user();
    for (let i = 1; i <= 20; i++) await createAddress(u, { address: `House ${i}, Koregaon Park` });
    const extra = await post("/user/shipping/create", puneAddress({ address: "House 21, Koregaon Park" }), { token: u.token, ip: u.ip });
    expect(extra.status).toBe(409);
    expect(extra.json.result).toBe(false);
    expect(await addressRows(u.id)).toHaveLength(20);
    expect(await defaultsOf(u.id)).toHaveLength(1);
  });
});

describe("addresses: validation", () => {
  const OTHER_COUNTRY = "Testland";

  afterAll(async () => {
    const { db } = await testDb();
    const other = await db.selectFrom("countries").select("id").where("name", "=", OTHER_COUNTRY).executeTakeFirst();
    if (other) {
      const states = await db.selectFrom("states").select("id").where("country_id", "=", other.id).execute();
      if (states.length) await db.deleteFrom("cities").where("state_id", "in", states.map((s) => s.id)).execute();
      await db.deleteFrom("states").where("country_id", "=", other.id).execute();
      await db.deleteFrom("countries").where("id", "=", other.id).execute();
    }
  });

  it.each([
    ["a 5-digit PIN", { postal_code: "41100" }, "postal_code", PIN_MESSAGE],
    ["a 7-digit PIN", { postal_code: "4110011" }, "postal_code", PIN_MESSAGE],
    ["a PIN starting with 0", { postal_code: "011001" }, "postal_code", PIN_MESSAGE],
    ["a PIN with letters", { postal_code: "41100A" }, "postal_code", PIN_MESSAGE],
    ["a 9-digit phone", { phone: "987654321" }, "phone", PHONE_MESSAGE],
    ["an 11-digit phone", { phone: "98765432101" }, "phone", PHONE_MESSAGE],
    ["a phone starting with 5", { phone: "5876543210" }, "phone", PHONE_MESSAGE],
    ["a phone with letters", { phone: "98765abcde" }, "phone", PHONE_MESSAGE],
    ["a P.O. Box", { address: "P.O. Box 12, Pune GPO" }, "address", NO_PO_BOX],
    ["a PO Box without dots", { address: "PO Box 771, Camp" }, "address", NO_PO_BOX],
    ["an APO address", { address: "Unit 5, APO Pune" }, "address", NO_PO_BOX],
    ["a NUL byte", { address: "Flat 4\u0000, MG Road, Camp" }, "address", "Address contains characters that are not allowed."],
    ["a bidi override", { address: "Flat 4 \u202eMG Road, Camp" }, "address", "Address contains characters that are not allowed."],
    ["a too-short address", { address: "abc" }, "address", "Address must be at least 5 characters."],
    ["a city of another state", { city: -1 }, "city", "Select a city of the chosen state."],
    ["an unknown country", { country: 99_999 }, "country", "Select your country."],
  ])("refuses %s with 422 and stores nothing", async (_label, overrides, field, message) => {
    const u = await user();
    const resolved = { ...overrides } as Record<string, unknown>;
    if (resolved.city === -1) resolved.city = place.newDelhi;
    const res = await post("/user/shipping/create", puneAddress(resolved), { token: u.token, ip: u.ip });
    expect(res.status).toBe(422);
    expect(res.json.result).toBe(false);
    expect(res.json.errors).toEqual({ [field]: [message] });
    expect(await addressRows(u.id)).toEqual([]);

    // The same checks hold when editing.
    const own = await createAddress(u);
    const before = await addressRows(u.id);
    const edit = await post("/user/shipping/update", puneAddress({ ...resolved, id: own.id }), { token: u.token, ip: u.ip });
    expect(edit.status).toBe(422);
    expect(edit.json.errors).toEqual({ [field]: [message] });
    expect(await addressRows(u.id)).toEqual(before);
  });

  it("refuses a state of another country", async () => {
    const { db } = await testDb();
    const country = await db.insertInto("countries").values({ name: OTHER_COUNTRY, iso2: "ZZ", phone_code: "999" }).returning("id").executeTakeFirstOrThrow();
    const state = await db.insertInto("states").values({ country_id: country.id, name: "Test Province", code: "TP" }).returning("id").executeTakeFirstOrThrow();
    const city = await db.insertInto("cities").values({ state_id: state.id, name: "Test City" }).returning("id").executeTakeFirstOrThrow();
    const u = await user();
    const res = await post("/user/shipping/create", puneAddress({ state: state.id, city: city.id }), { token: u.token, ip: u.ip });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual({ state: ["Select a state of the chosen country."] });
    const mixed = await post("/user/shipping/create", puneAddress({ country: country.id }), { token: u.token, ip: u.ip });
    expect(mixed.status).toBe(422);
    expect(mixed.json.errors).toEqual({ state: ["Select a state of the chosen country."] });
    expect(await addressRows(u.id)).toEqual([]);
  });

  it("requires every field", async () => {
    const u = await user();
    const res = await post("/user/shipping/create", {}, { token: u.token, ip: u.ip });
    expect(res.status).toBe(422);
    expect(Object.keys(res.json.errors).sort()).toEqual(["address", "city", "country", "phone", "postal_code", "state"]);
    const blank = await post("/user/shipping/create", { address: " ", country: "", state: null, city: "x", postal_code: "", phone: "" }, { token: u.token, ip: u.ip });
    expect(blank.status).toBe(422);
    expect(Object.keys(blank.json.errors).sort()).toEqual(["address", "city", "country", "phone", "postal_code", "state"]);
    const noId = await post("/user/shipping/update", puneAddress(), { token: u.token, ip: u.ip });
    expect(noId.status).toBe(422);
    expect(noId.json.errors).toEqual({ id: ["Select your address."] });
    const badQuery = await api("/addresses/set-default?address_id=abc", { token: u.token });
    expect(badQuery.status).toBe(422);
    expect(await addressRows(u.id)).toEqual([]);
  });

  it("accepts a +91 phone and stores its 10 digits", async () => {
    const u = await user();
    for (const phone of ["+91 98765 43210", "+91-98765-43210", "09876543210", "919876543210"]) {
      const res = await post("/user/shipping/create", puneAddress({ phone }), { token: u.token, ip: u.ip });
      expect(res.status, phone).toBe(201);
      expect(res.json.data.phone, phone).toBe("9876543210");
    }
    expect((await addressRows(u.id)).map((r) => r.phone)).toEqual(["9876543210", "9876543210", "9876543210", "9876543210"]);
  });
});

describe("POST /profile/update", () => {
  async function passwordHash(userId: number): Promise<string | null> {
    const { db } = await testDb();
    const row = await db.selectFrom("accounts").select("password").where("user_id", "=", userId).where("provider_id", "=", "credential").executeTakeFirstOrThrow();
    return row.password;
  }

  it("changes the name and phone", async () => {
    const u = await user();
    const phone = uniquePhone();
    const res = await post("/profile/update", { name: "  Ritika Sen ", phone: `+91 ${phone}` }, { token: u.token, ip: u.ip });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ result: true, message: "Profile updated successfully", user: { id: u.id, name: "Ritika Sen", phone, email: u.email } });
    const { db } = await testDb();
    expect(await db.selectFrom("users").select(["name", "phone"]).where("id", "=", u.id).executeTakeFirstOrThrow()).toEqual({ name: "Ritika Sen", phone });

    const cleared = await post("/profile/update", { name: "Ritika Sen", phone: "" }, { token: u.token, ip: u.ip });
    expect(cleared.status).toBe(200);
    expect((await db.selectFrom("users").select("phone").where("id", "=", u.id).executeTakeFirstOrThrow()).phone).toBeNull();

    const bad = await post("/profile/update", { name: "R", phone: "12345" }, { token: u.token, ip: u.ip });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.errors).sort()).toEqual(["name", "phone"]);
    expect((await db.selectFrom("users").select("name").where("id", "=", u.id).executeTakeFirstOrThrow()).name).toBe("Ritika Sen");
  });

  it("refuses a phone another account uses with 409", async () => {
    const a = await user();
    const b = await user();
    const phone = uniquePhone();
    expect((await post("/profile/update", { name: "Owner Of Phone", phone }, { token: a.token, ip: a.ip })).status).toBe(200);
    const res = await post("/profile/update", { name: "Wants The Phone", phone }, { token: b.token, ip: b.ip });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ result: false, message: "This phone number is already used by another account.", errors: { phone: ["This phone number is already used by another account."] } });
    const { db } = await testDb();
    expect(await db.selectFrom("users").select(["name", "phone"]).where("id", "=", b.id).executeTakeFirstOrThrow()).toEqual({ name: "Test Customer", phone: null });
    // Keeping one's own phone is fine.
    expect((await post("/profile/update", { name: "Owner Again", phone }, { token: a.token, ip: a.ip })).status).toBe(200);
  });

  it("limits how many new phone numbers one account tries in an hour (the 409 cannot probe many)", async () => {
    const u = await user();
    for (let i = 0; i < 5; i++) {
      expect((await post("/profile/update", { name: "Prober", phone: uniquePhone() }, { token: u.token, ip: u.ip })).status).toBe(200);
    }
    const sixth = await post("/profile/update", { name: "Prober", phone: uniquePhone() }, { token: u.token, ip: u.ip });
    expect(sixth.status).toBe(429);
    // The name alone (same phone) still changes.
    const { db } = await testDb();
    const { phone } = await db.selectFrom("users").select("phone").where("id", "=", u.id).executeTakeFirstOrThrow();
    expect((await post("/profile/update", { name: "Still Me", phone }, { token: u.token, ip: u.ip })).status).toBe(200);
  });

  it("refuses a name with a line break (names go into mail greetings)", async () => {
    const u = await user();
    const res = await post("/profile/update", { name: "Ravi\n\nPay at evil.example" }, { token: u.token, ip: u.ip });
    expect(res.status).toBe(422);
    expect(res.json.errors.name).toEqual(["Name contains characters that are not allowed."]);
  });

  it("needs the current password for a new one; a wrong one changes nothing", async () => {
    const u = await user();
    const hash = await passwordHash(u.id);
    const missing = await post("/profile/update", { name: "Test Customer", new_password: "Brand-New-Pass-42", confirm_password: "Brand-New-Pass-42" }, { token: u.token, ip: u.ip });
    expect(missing.status).toBe(422);
    expect(missing.json.errors).toEqual({ current_password: ["Enter your current password to set a new one."] });
    const mismatch = await post("/profile/update", { name: "Test Customer", current_password: u.password, new_password: "Brand-New-Pass-42", confirm_password: "Brand-New-Pass-43" }, { token: u.token, ip: u.ip });
    expect(mismatch.status).toBe(422);
    expect(mismatch.json.errors).toEqual({ confirm_password: ["Passwords do not match."] });
    const weak = await post("/profile/update", { name: "Test Customer", current_password: u.password, new_password: "abc", confirm_password: "abc" }, { token: u.token, ip: u.ip });
    expect(weak.status).toBe(422);
    expect(weak.json.errors.new_password).toEqual(["Password must contain at least 6 characters"]);

    const wrong = await post("/profile/update", { name: "Renamed", current_password: "Not-The-Password-1", new_password: "Brand-New-Pass-42", confirm_password: "Brand-New-Pass-42" }, { token: u.token, ip: u.ip });
    expect(wrong.status).toBe(422);
    expect(wrong.json).toEqual({ result: false, message: "Your current password is not correct.", errors: { current_password: ["Your current password is not correct."] } });
    expect(await passwordHash(u.id)).toBe(hash);
    expect(await tokenWorks(u.token)).toBe(true);
    const { db } = await testDb();
    expect((await db.selectFrom("users").select("name").where("id", "=", u.id).executeTakeFirstOrThrow()).name).toBe("Test Customer");
    expect((await post("/auth/login", { email: u.email, password: "Brand-New-Pass-42" }, { ip: u.ip })).status).toBe(401);
    expect((await post("/auth/login", { email: u.email, password: u.password }, { ip: u.ip })).status).toBe(200);
  });

  it("changes the password with the right current one: other sessions end, the answer opens a new one", async () => {
    const u = await user();
    const other = await signIn(u.ip, u.email, u.password);
    const since = Date.now();
    const res = await post(
      "/profile/update",
      { name: "Test Customer", current_password: u.password, new_password: "Brand-New-Pass-42", confirm_password: "Brand-New-Pass-42" },
      { token: u.token, ip: u.ip },
    );
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ result: true, message: "Profile updated successfully", user: { id: u.id, email: u.email } });
    expect(await tokenWorks(other.token)).toBe(false);
    // The session that asked was replaced as well (a new token): the answer's cookie opens it.
    expect(await tokenWorks(u.token)).toBe(false);
    const cookie = cookieOf(res, SESSION_COOKIE);
    expect(cookie).toBeDefined();
    expect(cookie).not.toBe(u.cookie);
    const fresh = await api("/auth/session", { cookie });
    expect(fresh.json.user?.id).toBe(u.id);
    const { db } = await testDb();
    expect(await db.selectFrom("sessions").select("id").where("user_id", "=", u.id).execute()).toHaveLength(1);

    expect((await post("/auth/login", { email: u.email, password: u.password }, { ip: u.ip })).status).toBe(401);
    expect((await post("/auth/login", { email: u.email, password: "Brand-New-Pass-42" }, { ip: u.ip })).status).toBe(200);
    const notice = await mailTo(u.email, { since, subject: /password was changed/ });
    expect(notice.text).toContain("other devices were signed out");
  });

  it("gives a bearer client the new access token after a password change", async () => {
    const u = await user();
    const res = await post(
      "/profile/update",
      { name: "Test Customer", current_password: u.password, new_password: "Brand-New-Pass-42", confirm_password: "Brand-New-Pass-42" },
      { token: u.token, ip: u.ip, requestedWith: false },
    );
    expect(res.status).toBe(200);
    expect(res.json.access_token).toEqual(expect.any(String));
    expect(res.json.access_token).not.toBe(u.token);
    expect(await tokenWorks(res.json.access_token)).toBe(true);
  });

  it("locks password changes after 5 wrong current passwords (the 6th is 429)", async () => {
    const u = await user();
    const hash = await passwordHash(u.id);
    const attempt = (current: string) =>
      post("/profile/update", { name: "Test Customer", current_password: current, new_password: "Brand-New-Pass-42", confirm_password: "Brand-New-Pass-42" }, { token: u.token, ip: u.ip });
    for (let i = 1; i <= 5; i++) expect((await attempt(`Wrong-Guess-${i}`)).status, `attempt ${i}`).toBe(422);
    const sixth = await attempt(`Wrong-Guess-6`);
    expect(sixth.status).toBe(429);
    expect(sixth.json).toEqual({ result: false, message: "Too many attempts. Please try again later." });
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(0);
    // Locked even with the right one, and nothing changed.
    expect((await attempt(u.password)).status).toBe(429);
    expect(await passwordHash(u.id)).toBe(hash);
  });

  it("allows no more than 5 wrong current passwords when they arrive all at once", async () => {
    const u = await user();
    const hash = await passwordHash(u.id);
    const change = (current: string) =>
      post("/profile/update", { name: "Test Customer", current_password: current, new_password: "Brand-New-Pass-42", confirm_password: "Brand-New-Pass-42" }, { token: u.token, ip: u.ip });
    // As for sign-in: each guess is counted before it is checked, so the surplus is refused at
    // once and the right password, sent while the burst is being checked, is refused too.
    const burst = await sendBurst(limitKey("reauthFailuresPerAccount", String(u.id)), 5, 12, (i) => change(`Parallel-Guess-${i}`));
    const right = await change(u.password);
    const statuses = (await burst.done).map((r) => r.status);
    expect(burst.completed[0], burst.completed.join(",")).toBe(429);
    expect(right.status).toBe(429);
    expect(statuses.filter((s) => s === 422).length, statuses.join(",")).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s !== 422 && s !== 429), statuses.join(",")).toEqual([]);
    expect(await passwordHash(u.id)).toBe(hash);
    expect(await tokenWorks(u.token)).toBe(true);
  });

  it("lets a customer change the password several times in a row", async () => {
    const u = await user();
    let current = u.password;
    let token = u.token;
    for (let i = 1; i <= 6; i++) {
      const next = `Rotated-Pass-${i}-${i * 7}`;
      const res = await post("/profile/update", { name: "Test Customer", current_password: current, new_password: next, confirm_password: next }, { token, ip: u.ip });
      expect(res.status, `change ${i}`).toBe(200);
      current = next;
      token = res.json.access_token;
    }
    expect((await post("/auth/login", { email: u.email, password: current }, { ip: u.ip })).status).toBe(200);
  });

  it("answers guests with 401", async () => {
    const res = await post("/profile/update", { name: "Guest Person" });
    expect(res.status).toBe(401);
    expect(res.json).toEqual(SIGN_IN_REQUIRED);
  });
});

describe("POST /profile/avatar", () => {
  const baseUrl = () => inject("baseUrl");
  const photo = (width = 600, height = 400) =>
    sharp({ create: { width, height, channels: 3, background: { r: 190, g: 90, b: 40 } } }).composite([
      { input: { create: { width: Math.floor(width / 3), height: Math.floor(height / 3), channels: 3, background: { r: 20, g: 60, b: 140 } } }, top: 10, left: 10 },
    ]);

  async function upload(u: TestUser, bytes: Buffer, filename: string, type: string) {
    const form = new FormData();
    form.append("photo", new Blob([new Uint8Array(bytes)], { type }), filename);
    return api("/profile/avatar", { method: "POST", body: form, token: u.token, ip: u.ip });
  }

  const fetchAvatar = (path: string, init: RequestInit = {}) => fetch(`${baseUrl()}${path}`, init);

  it("stores PNG, JPEG and WebP uploads as 256×256 WebP, re-encoded, and removes the old file", async () => {
    const u = await user();
    const jpeg = await photo().jpeg().withExif({ IFD0: { Copyright: "GPS 28.6139 77.2090" } }).toBuffer();
    const uploads: [string, Buffer, string][] = [
      ["photo.png", await photo().png().toBuffer(), "image/png"],
      ["photo.jpg", jpeg, "image/jpeg"],
      ["photo.webp", await photo(300, 500).webp().toBuffer(), "image/webp"],
    ];
    const paths: string[] = [];
    for (const [name, bytes, type] of uploads) {
      const res = await upload(u, bytes, name, type);
      expect(res.status, name).toBe(200);
      expect(res.json.result, name).toBe(true);
      expect(res.json.avatar, name).toMatch(/^\/avatars\/[a-z0-9-]+\.webp$/);
      expect(res.json.avatar_original, name).toBe(res.json.avatar);
      const path = res.json.avatar as string;
      paths.push(path);

      const { db } = await testDb();
      expect((await db.selectFrom("users").select("avatar").where("id", "=", u.id).executeTakeFirstOrThrow()).avatar, name).toBe(path);

      const served = await fetchAvatar(path);
      expect(served.status, name).toBe(200);
      expect(served.headers.get("content-type"), name).toBe("image/webp");
      expect(served.headers.get("x-content-type-options"), name).toBe("nosniff");
      const body = Buffer.from(await served.arrayBuffer());
      expect(body.equals(bytes), name).toBe(false);
      const meta = await sharp(body).metadata();
      expect([meta.format, meta.width, meta.height], name).toEqual(["webp", 256, 256]);
      expect(meta.exif, name).toBeUndefined();

      // The previous photo's file is gone.
      if (paths.length > 1) expect((await fetchAvatar(paths[paths.length - 2]!)).status, name).toBe(404);
    }
    expect(new Set(paths).size).toBe(3);
    const session = await api("/auth/session", { token: u.token });
    expect(session.json.user.avatar).toBe(paths[2]);
  });

  it("refuses what is not a JPEG, PNG or WebP image", async () => {
    const u = await user();
    const gif = await photo(100, 100).gif().toBuffer();
    const cases: [string, Buffer, string, string][] = [
      ["text named photo.png", Buffer.from("This is not an image at all, just words.\n".repeat(20)), "photo.png", "image/png"],
      ["a GIF", gif, "photo.gif", "image/gif"],
      ["a GIF named .png", gif, "photo.png", "image/png"],
      ["an SVG", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'), "photo.svg", "image/svg+xml"],
      ["a truncated PNG", (await photo().png().toBuffer()).subarray(0, 200), "photo.png", "image/png"],
      ["an empty file", Buffer.alloc(0), "photo.png", "image/png"],
    ];
    for (const [label, bytes, name, type] of cases) {
      const res = await upload(u, bytes, name, type);
      expect(res.status, label).toBe(422);
      expect(res.json, label).toEqual({ result: false, message: AVATAR_TYPES, errors: { photo: [AVATAR_TYPES] } });
    }
    const { db } = await testDb();
    expect((await db.selectFrom("users").select("avatar").where("id", "=", u.id).executeTakeFirstOrThrow()).avatar).toBeNull();
  });

  it("refuses a file over 2 MB, a JSON body (415) and a form without the photo field", async () => {
    const u = await user();
    const noise = await sharp(randomBytes(1000 * 1000 * 3), { raw: { width: 1000, height: 1000, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
    expect(noise.length).toBeGreaterThan(2 * 1024 * 1024);
    const big = await upload(u, noise, "photo.png", "image/png");
    expect([413, 422]).toContain(big.status);
    expect(big.json.message).toBe(AVATAR_TYPES);

    const json = await post("/profile/avatar", { photo: "data:image/png;base64,iVBORw0KGgo=" }, { token: u.token, ip: u.ip });
    expect(json.status).toBe(415);
    expect(json.json.result).toBe(false);

    const form = new FormData();
    form.append("picture", new Blob([new Uint8Array(await photo().png().toBuffer())], { type: "image/png" }), "photo.png");
    const wrongField = await api("/profile/avatar", { method: "POST", body: form, token: u.token, ip: u.ip });
    expect(wrongField.status).toBe(422);
    const text = new FormData();
    text.append("photo", "not a file");
    expect((await api("/profile/avatar", { method: "POST", body: text, token: u.token, ip: u.ip })).status).toBe(422);

    const guest = new FormData();
    guest.append("photo", new Blob([new Uint8Array(await photo().png().toBuffer())], { type: "image/png" }), "photo.png");
    expect((await api("/profile/avatar", { method: "POST", body: guest })).status).toBe(401);
    const { db } = await testDb();
    expect((await db.selectFrom("users").select("avatar").where("id", "=", u.id).executeTakeFirstOrThrow()).avatar).toBeNull();
  });

  it("never lets anyone remove another customer's photo file", async () => {
    const a = await user();
    const b = await user();
    const aPath = (await upload(a, await photo().png().toBuffer(), "a.png", "image/png")).json.avatar as string;
    const aName = aPath.slice("/avatars/".length);
    expect((await fetchAvatar(aPath)).status).toBe(200);

    // B names A's file wherever a body might take it, then replaces and removes their own photo.
    const smuggled = await post("/profile/update", { name: "Bee", avatar: aPath, avatar_original: aPath, photo: aPath }, { token: b.token, ip: b.ip });
    expect(smuggled.status).toBe(200);
    const { db } = await testDb();
    expect((await db.selectFrom("users").select("avatar").where("id", "=", b.id).executeTakeFirstOrThrow()).avatar).toBeNull();
    const bFirst = (await upload(b, await photo().png().toBuffer(), "b.png", "image/png")).json.avatar as string;
    expect((await upload(b, await photo().jpeg().toBuffer(), "b.jpg", "image/jpeg")).status).toBe(200);
    expect((await fetchAvatar(bFirst)).status).toBe(404);
    const removed = await api("/profile/avatar", { method: "DELETE", body: JSON.stringify({ avatar: aPath }), token: b.token, ip: b.ip });
    expect(removed.status).toBe(200);
    expect(removed.json).toMatchObject({ result: true, avatar: null });

    // The photo route only reads: no method removes a file.
    for (const method of ["DELETE", "PUT", "POST", "PATCH"]) {
      const res = await fetchAvatar(aPath, { method, headers: { "System-Key": inject("systemKey"), Authorization: `Bearer ${b.token}` } });
      expect(res.status, method).toBeGreaterThanOrEqual(400);
    }
    // Names outside the store's pattern are not files.
    for (const name of ["..%2F..%2Fetc%2Fpasswd", "%2E%2E%2Fsecret.webp", `${aName.replace(".webp", ".png")}`, "a.webp"]) {
      expect((await fetchAvatar(`/avatars/${name}`)).status, name).toBe(404);
    }

    const still = await fetchAvatar(aPath);
    expect(still.status).toBe(200);
    expect((await db.selectFrom("users").select("avatar").where("id", "=", a.id).executeTakeFirstOrThrow()).avatar).toBe(aPath);
    // A removes their own photo: the file goes.
    expect((await api("/profile/avatar", { method: "DELETE", token: a.token, ip: a.ip })).status).toBe(200);
    expect((await fetchAvatar(aPath)).status).toBe(404);
  });
});

describe("email change (POST /profile/email/request, /profile/email/verify)", () => {
  it("changes the email with the code sent to the new address and tells the old one", async () => {
    const u = await user();
    const newEmail = uniqueEmail("moved");
    const since = Date.now();
    // The current password is needed: a stolen session alone cannot move the account elsewhere.
    const noPassword = await post("/profile/email/request", { email: newEmail }, { token: u.token, ip: u.ip });
    expect(noPassword.status).toBe(422);
    expect(noPassword.json.errors.password).toEqual(["Enter your current password."]);
    const wrongPassword = await post("/profile/email/request", { email: newEmail, password: "not-my-password" }, { token: u.token, ip: u.ip });
    expect(wrongPassword.status).toBe(422);
    expect(wrongPassword.json.errors).toEqual({ password: ["Your password is not correct."] });
    await settleMail(300);
    expect(mailsTo(newEmail, since)).toEqual([]);
    // Another session of the account (another device), and a reset link already mailed.
    const otherDevice = await signIn(u.ip, u.email, u.password);
    await post("/auth/password/forget_request", { email_or_phone: u.email }, { ip: u.ip });
    const oldLink = resetTokenIn(await mailTo(u.email, { since, subject: /Reset your/ }));

    const req = await post("/profile/email/request", { email: newEmail.toUpperCase(), password: u.password }, { token: u.token, ip: u.ip });
    expect(req.status).toBe(200);
    expect(req.json).toEqual({ result: true, message: "We have sent a code to your new email address." });
    const mail = await mailTo(newEmail, { since, subject: /code/ });
    const code = codeIn(mail);
    expect(mail.text).toContain("confirm your new email address");

    const wrong = await post("/profile/email/verify", { email: newEmail, otp: code === "000000" ? "000001" : "000000" }, { token: u.token, ip: u.ip });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toEqual({ result: false, message: "Invalid OTP" });
    const { db } = await testDb();
    expect((await db.selectFrom("users").select("email").where("id", "=", u.id).executeTakeFirstOrThrow()).email).toBe(u.email);

    const ok = await post("/profile/email/verify", { email: newEmail, otp: code }, { token: u.token, ip: u.ip });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ result: true, message: "Your email address has been updated.", user: { id: u.id, email: newEmail } });
    expect((await db.selectFrom("users").select("email").where("id", "=", u.id).executeTakeFirstOrThrow()).email).toBe(newEmail);
    const notice = await mailTo(u.email, { since, subject: /email address was changed/ });
    expect(notice.text).toContain(newEmail);
    // This session goes on; the other device is signed out and the old reset link is spent.
    expect(await tokenWorks(u.token)).toBe(true);
    expect(await tokenWorks(otherDevice.token)).toBe(false);
    expect((await post("/auth/password/reset", { token: oldLink, password: "Takeover-42-x" }, { ip: u.ip })).status).toBe(400);

    expect((await post("/auth/login", { email: u.email, password: u.password }, { ip: u.ip })).status).toBe(401);
    const relogin = await post("/auth/login", { email: newEmail, password: u.password }, { ip: u.ip });
    expect(relogin.status).toBe(200);
    expect(relogin.json.user.id).toBe(u.id);
    // The code is spent.
    expect((await post("/profile/email/verify", { email: newEmail, otp: code }, { token: u.token, ip: u.ip })).status).toBe(400);
  });

  it("answers the same for an email that has an account, and sends it nothing", async () => {
    const owner = await user();
    const u = await user();
    const since = Date.now();
    const req = await post("/profile/email/request", { email: owner.email, password: u.password }, { token: u.token, ip: u.ip });
    expect(req.status).toBe(200);
    expect(req.json).toEqual({ result: true, message: "We have sent a code to your new email address." });
    await settleMail();
    expect(mailsTo(owner.email, since)).toEqual([]);
    expect(mailsTo(u.email, since)).toEqual([]);
    const guess = await post("/profile/email/verify", { email: owner.email, otp: "123456" }, { token: u.token, ip: u.ip });
    expect(guess.status).toBe(400);
    const { db } = await testDb();
    expect((await db.selectFrom("users").select("email").where("id", "=", u.id).executeTakeFirstOrThrow()).email).toBe(u.email);
  });

  it("refuses the current email, a bad email and guests", async () => {
    const u = await user();
    const same = await post("/profile/email/request", { email: u.email, password: u.password }, { token: u.token, ip: u.ip });
    expect(same.status).toBe(422);
    expect(same.json.errors).toEqual({ email: ["Enter an email address other than your current one."] });
    const bad = await post("/profile/email/request", { email: "nope", password: u.password }, { token: u.token, ip: u.ip });
    expect(bad.status).toBe(422);
    expect((await post("/profile/email/request", { email: uniqueEmail("guest") })).status).toBe(401);
    expect((await post("/profile/email/verify", { email: uniqueEmail("guest"), otp: "123456" })).status).toBe(401);
  });
});

describe("GET /account/export", () => {
  it("downloads everything about the caller as a JSON attachment, and nothing of anyone else", async () => {
    const u = await user();
    const other = await user();
    const phone = uniquePhone();
    await post("/profile/update", { name: "Export Person", phone }, { token: u.token, ip: u.ip });
    await createAddress(u, { address: "Export Lane 1, Koregaon Park" });
    await createAddress(other, { address: "Secret Street 99, Baner" });
    await post("/profile/update", { name: "Other Person", phone: uniquePhone() }, { token: other.token, ip: other.ip });
    const order = await placedOrder(u);
    const otherOrder = await placedOrder(other);
    const p1 = await firstProduct(0);
    const p2 = await firstProduct(1);
    const { db } = await testDb();
    const placed = await db.selectFrom("orders").select(["tax", "shipping_cost"]).where("id", "=", order.id).executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    await db.insertInto("wishlists").values({ user_id: u.id, product_id: p1.id, created_at: now }).execute();
    await db.insertInto("wishlists").values({ user_id: other.id, product_id: p2.id, created_at: now }).execute();
    await addOk(customer(u), p2.id, 2);
    expect((await api(`/products/${p1.slug}/${u.id}`, { token: u.token })).status).toBe(200);

    const res = await api("/account/export", { token: u.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const data = res.json;
    for (const key of ["profile", "addresses", "orders", "wishlist", "cart", "recently_viewed"]) expect(data, key).toHaveProperty(key);
    expect(data.profile).toMatchObject({ id: u.id, name: "Export Person", email: u.email, phone });
    expect(data.addresses).toHaveLength(1);
    expect(data.addresses[0]).toMatchObject({ address: "Export Lane 1, Koregaon Park", city: "Pune", state: "Maharashtra", country: "India", is_default: true });
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]).toMatchObject({ code: order.code, grand_total: order.grandTotal / 100, subtotal: 2500, tax: placed.tax / 100, shipping: { name: "Export Person" } });
    expect(order.grandTotal).toBe(250000 + placed.shipping_cost);
    expect(data.orders[0].items).toEqual([{ product: expect.any(String), variation: null, quantity: 1, price: 2500, total: 2500 }]);
    expect(data.wishlist.map((w: Json) => w.slug)).toEqual([p1.slug]);
    expect(data.cart).toEqual([expect.objectContaining({ slug: p2.slug, quantity: 2 })]);
    expect(data.recently_viewed.map((r: Json) => r.slug)).toEqual([p1.slug]);

    for (const foreign of [other.email, "Secret Street 99", otherOrder.code, "Other Person"]) expect(res.text).not.toContain(foreign);
    // Secrets are not part of a data export.
    expect(res.text).not.toContain(u.token);
    expect(res.text).not.toContain("scrypt$");

    expect((await api("/account/export")).status).toBe(401);
  });
});

describe("POST /account/delete", () => {
  it("keeps everything on a wrong password (422)", async () => {
    const u = await user();
    await createAddress(u);
    const res = await post("/account/delete", { password: "Not-The-Password-1" }, { token: u.token, ip: u.ip });
    expect(res.status).toBe(422);
    expect(res.json).toEqual({ result: false, message: "Your password is not correct.", errors: { password: ["Your password is not correct."] } });
    const { db } = await testDb();
    expect(await db.selectFrom("users").select(["email", "deleted_at"]).where("id", "=", u.id).executeTakeFirstOrThrow()).toEqual({ email: u.email, deleted_at: null });
    expect(await addressRows(u.id)).toHaveLength(1);
    expect(await tokenWorks(u.token)).toBe(true);
    const empty = await post("/account/delete", {}, { token: u.token, ip: u.ip });
    expect(empty.status).toBe(422);
    expect((await post("/account/delete", { password: u.password })).status).toBe(401);
  });

  it("erases the person: sessions, addresses, wishlist, cart, photo, password; orders stay without contact details", async () => {
    const u = await user();
    const second = await signIn(u.ip, u.email, u.password);
    const phone = uniquePhone();
    await post("/profile/update", { name: "Gone Person", phone }, { token: u.token, ip: u.ip });
    await createAddress(u);
    await createAddress(u, { address: "Second home, Aundh" });
    const form = new FormData();
    form.append("photo", new Blob([new Uint8Array(await sharp({ create: { width: 64, height: 64, channels: 3, background: "#884422" } }).png().toBuffer())], { type: "image/png" }), "me.png");
    const avatar = (await api("/profile/avatar", { method: "POST", body: form, token: u.token, ip: u.ip })).json.avatar as string;
    expect((await fetch(`${inject("baseUrl")}${avatar}`)).status).toBe(200);
    const order = await placedOrder(u);
    const p = await firstProduct(2);
    const { db } = await testDb();
    const now = new Date().toISOString();
    await db.insertInto("wishlists").values({ user_id: u.id, product_id: p.id, created_at: now }).execute();
    await addOk(customer(u), p.id, 1);
    const cart = await db.selectFrom("carts").select("id").where("user_id", "=", u.id).executeTakeFirstOrThrow();
    expect((await db.selectFrom("orders").select("shipping_name").where("id", "=", order.id).executeTakeFirstOrThrow()).shipping_name).toBe("Gone Person");
    await api(`/products/${p.slug}/${u.id}`, { token: u.token });
    // What the person sent with the account's email: a subscription, a message, an enquiry.
    await post("/subscriber-add", { email: u.email });
    await post("/contact/save", { name: "Gone Person", email: u.email, phone: phone, message: "Please call me about curtains." });
    await post("/enquiries", { kind: "gifting", name: "Gone Person", email: u.email, contact: phone, address: "12 Park Street, Kolkata" });
    const bystander = await user();
    await createAddress(bystander);

    const since = Date.now();
    const res = await post("/account/delete", { password: u.password }, { token: u.token, ip: u.ip });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ result: true, message: "Your account has been deleted." });
    expect(res.headers.getSetCookie().some((c) => c.startsWith("kesar_signed_in=") && /Max-Age=0/.test(c))).toBe(true);

    expect(await tokenWorks(u.token)).toBe(false);
    expect(await tokenWorks(second.token)).toBe(false);
    for (const table of ["addresses", "wishlists", "sessions", "accounts", "recently_viewed", "carts"] as const) {
      const rows = await db.selectFrom(table).select("user_id").where("user_id", "=", u.id).execute();
      expect(rows, table).toEqual([]);
    }
    expect(await db.selectFrom("cart_lines").select("id").where("cart_id", "=", cart.id).execute()).toEqual([]);
    for (const table of ["newsletter_subscribers", "contact_messages", "enquiries"] as const) {
      expect(await db.selectFrom(table).select("email").where("email", "=", u.email).execute(), table).toEqual([]);
    }
    const row = await db.selectFrom("users").selectAll().where("id", "=", u.id).executeTakeFirstOrThrow();
    expect(row.deleted_at).toEqual(expect.any(String));
    expect(row.name).toBe("Deleted customer");
    expect(row.phone).toBeNull();
    expect(row.avatar).toBeNull();
    expect(row.email).not.toContain(u.email.split("@")[0]!);
    expect(row.email).toMatch(/@deleted\.invalid$/);
    expect(JSON.stringify(row)).not.toContain(phone);
    expect(JSON.stringify(row)).not.toContain("Gone Person");

    const kept = await db.selectFrom("orders").selectAll().where("id", "=", order.id).executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ code: order.code, user_id: u.id, subtotal: 250000, grand_total: order.grandTotal, shipping_name: "Deleted customer", shipping_email: "", shipping_phone: "", shipping_address: "" });
    expect(await db.selectFrom("order_lines").select("total").where("order_id", "=", order.id).execute()).toEqual([{ total: 250000 }]);
    expect((await fetch(`${inject("baseUrl")}${avatar}`)).status).toBe(404);
    expect(await addressRows(bystander.id)).toHaveLength(1);
    expect(await tokenWorks(bystander.token)).toBe(true);
    await mailTo(u.email, { since, subject: /account was deleted/ });

    const old = await post("/auth/login", { email: u.email, password: u.password }, { ip: u.ip });
    expect(old.status).toBe(401);
    expect(old.json).toEqual({ result: false, message: "Invalid email or password." });
    // The phone is free again, and the email can open a new account.
    expect((await post("/auth/login", { login_by: "phone", phone, password: u.password }, { ip: u.ip })).status).toBe(401);
    await signUp(nextIp(), { email: u.email, password: "Fresh-Start-2026", name: "New Person" });
    const again = await signIn(nextIp(), u.email, "Fresh-Start-2026");
    expect(again.userId).not.toBe(u.id);
    expect((await api("/user/shipping/address", { token: again.token })).json.data).toEqual([]);
  });

  it("allows no more than 5 wrong passwords when they arrive all at once", async () => {
    const u = await user();
    const burst = await sendBurst(limitKey("reauthFailuresPerAccount", String(u.id)), 5, 12, (i) => post("/account/delete", { password: `Parallel-Guess-${i}` }, { token: u.token, ip: u.ip }));
    const right = await post("/account/delete", { password: u.password }, { token: u.token, ip: u.ip });
    const statuses = (await burst.done).map((r) => r.status);
    expect(burst.completed[0], burst.completed.join(",")).toBe(429);
    expect(right.status).toBe(429);
    expect(statuses.filter((s) => s === 422).length, statuses.join(",")).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s !== 422 && s !== 429), statuses.join(",")).toEqual([]);
    const { db } = await testDb();
    expect((await db.selectFrom("users").select("deleted_at").where("id", "=", u.id).executeTakeFirstOrThrow()).deleted_at).toBeNull();
    expect(await tokenWorks(u.token)).toBe(true);
  });

  it("spends reset links issued before the deletion", async () => {
    const u = await user();
    const since = Date.now();
    expect((await post("/auth/password/forget_request", { email_or_phone: u.email }, { ip: u.ip })).status).toBe(200);
    const link = await mailTo(u.email, { since, subject: /^Reset your / });
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(link.text)![1]!;
    expect((await post("/account/delete", { password: u.password }, { token: u.token, ip: u.ip })).status).toBe(200);

    const reset = await post("/auth/password/reset", { token, password: "Back-From-The-Dead-1" }, { ip: u.ip });
    expect(reset.status).toBe(400);
    const { db } = await testDb();
    expect(await db.selectFrom("accounts").select("id").where("user_id", "=", u.id).execute()).toEqual([]);
    expect(await db.selectFrom("sessions").select("id").where("user_id", "=", u.id).execute()).toEqual([]);
  });

  it("deletes with a code mailed by POST /account/delete/code", async () => {
    const u = await user();
    const since = Date.now();
    const sent = await post("/account/delete/code", {}, { token: u.token, ip: u.ip });
    expect(sent.status).toBe(200);
    expect(sent.json).toEqual({ result: true, message: "We have sent a code to your email address." });
    const code = codeIn(await mailTo(u.email, { since, subject: /code/ }));

    const wrong = await post("/account/delete", { otp: code === "000000" ? "000001" : "000000" }, { token: u.token, ip: u.ip });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toEqual({ result: false, message: "Invalid OTP" });
    expect(await tokenWorks(u.token)).toBe(true);
    const malformed = await post("/account/delete", { otp: "12ab56" }, { token: u.token, ip: u.ip });
    expect(malformed.status).toBe(422);

    const res = await post("/account/delete", { otp: code }, { token: u.token, ip: u.ip });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ result: true, message: "Your account has been deleted." });
    expect(await tokenWorks(u.token)).toBe(false);
    const { db } = await testDb();
    expect((await db.selectFrom("users").select("deleted_at").where("id", "=", u.id).executeTakeFirstOrThrow()).deleted_at).toEqual(expect.any(String));
  });

  it("refuses a code sent to another account", async () => {
    const a = await user();
    const b = await user();
    const since = Date.now();
    expect((await post("/account/delete/code", {}, { token: a.token, ip: a.ip })).status).toBe(200);
    const aCode = codeIn(await mailTo(a.email, { since, subject: /code/ }));
    const res = await post("/account/delete", { otp: aCode }, { token: b.token, ip: b.ip });
    expect(res.status).toBe(400);
    expect(await tokenWorks(b.token)).toBe(true);
    expect(await tokenWorks(a.token)).toBe(true);
  });
});

describe("recently viewed (GET /products/{slug}/{viewer})", () => {
  async function viewed(userId: number): Promise<number[]> {
    const { db } = await testDb();
    return (await db.selectFrom("recently_viewed").select("product_id").where("user_id", "=", userId).execute()).map((r) => r.product_id);
  }

  it("records a view only when the viewer is the signed-in caller", async () => {
    const u = await user();
    const other = await user();
    const p = await firstProduct(3);
    const q = await firstProduct(4);

    const guest = await api(`/products/${p.slug}/${u.id}`);
    expect(guest.status).toBe(200);
    expect(guest.headers.get("cache-control")).toBe("private, no-store");
    expect(await viewed(u.id)).toEqual([]);

    const foreign = await api(`/products/${p.slug}/${other.id}`, { token: u.token });
    expect(foreign.status).toBe(200);
    expect(foreign.headers.get("cache-control")).toBe("private, no-store");
    expect(await viewed(other.id)).toEqual([]);
    expect(await viewed(u.id)).toEqual([]);

    const own = await api(`/products/${p.slug}/${u.id}`, { token: u.token });
    expect(own.status).toBe(200);
    expect(own.json.data[0].name).toBe(p.name);
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    expect(await viewed(u.id)).toEqual([p.id]);
    const byCookie = await api(`/products/${q.slug}/${u.id}`, { cookie: u.cookie });
    expect(byCookie.status).toBe(200);
    expect((await viewed(u.id)).sort()).toEqual([p.id, q.id].sort());
    // A second view of the same product stays one row.
    await api(`/products/${p.slug}/${u.id}`, { token: u.token });
    expect(await viewed(u.id)).toHaveLength(2);

    // The old site's fixed 208 and a guest's 0 record nothing for the caller.
    expect((await api(`/products/${q.slug}/0`, { token: other.token })).status).toBe(200);
    expect(await viewed(other.id)).toEqual([]);
    expect((await api(`/products/no-such-product/${u.id}`, { token: u.token })).status).toBe(404);
  });
});

describe("a signed-up account that nobody has used", () => {
  it("starts with no addresses and an empty data export", async () => {
    const ip = nextIp();
    const creds = await signUp(ip);
    const s = await signIn(ip, creds.email, creds.password);
    expect((await api("/user/shipping/address", { token: s.token })).json.data).toEqual([]);
    const exported = await api("/account/export", { token: s.token });
    expect(exported.json).toMatchObject({ addresses: [], orders: [], wishlist: [], cart: [], recently_viewed: [] });
  });
});
