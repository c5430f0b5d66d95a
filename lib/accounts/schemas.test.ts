import { describe, expect, it } from "vitest";
import { addressCreateSchema, NO_PO_BOX, PIN_MESSAGE, profileSchema } from "./schemas";
import { COMMON_PASSWORD, loginSchema, PASSWORD_HINT, PASSWORDS_DIFFER, resetSchema, signUpSchema } from "./auth-schemas";

const address = { address: "B-42, Second Floor, Hauz Khas Enclave", country: 1, state: 9, city: 514, postal_code: "110016", phone: "9811122233" };
const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("address", () => {
  it("takes an Indian address with a PIN and a mobile number (+91 or 0 dropped)", () => {
    expect(addressCreateSchema.parse({ ...address, phone: "+91 98111 22233" }).phone).toBe("9811122233");
    expect(addressCreateSchema.parse({ ...address, phone: "09811122233" }).phone).toBe("9811122233");
  });
  it.each(["011001", "11001", "1100166", "11O016", ""])("refuses the PIN %j", (postal_code) => {
    expect(issues(addressCreateSchema.safeParse({ ...address, postal_code })).postal_code).toBe(PIN_MESSAGE);
  });
  it.each(["5811122233", "981112223", "98111222334", "abcdefghij"])("refuses the phone %j", (phone) => {
    expect(issues(addressCreateSchema.safeParse({ ...address, phone })).phone).toMatch(/10-digit mobile number/);
  });
  it.each(["P.O. Box 1234, Delhi", "PO Box 55", "Post Box 9", "Post Office Box 12", "56 APO", "C/o 99 FPO", "A.P.O. 56"])("refuses %j as a P.O. box or military post", (text) => {
    expect(issues(addressCreateSchema.safeParse({ ...address, address: text })).address).toBe(NO_PO_BOX);
  });
  it.each(["Kalyani P.O., Nadia", "12 Apollo Road, Chennai", "Flat 2, Boxwood Lane", "Near Post Office, Salt Lake"])("keeps %j (a post office named, not a box)", (text) => {
    expect(addressCreateSchema.safeParse({ ...address, address: text }).success).toBe(true);
  });
  it.each(["908056", "999999", "901234"])("refuses the Army Postal Service PIN %s (APO/FPO)", (pin) => {
    expect(issues(addressCreateSchema.safeParse({ ...address, postal_code: pin })).postal_code).toBe(NO_PO_BOX);
  });
  it("refuses control characters and short addresses", () => {
    expect(issues(addressCreateSchema.safeParse({ ...address, address: "ab\u0000cdefgh" })).address).toMatch(/not allowed/);
    expect(issues(addressCreateSchema.safeParse({ ...address, address: "abc" })).address).toMatch(/at least 5/);
    expect(addressCreateSchema.safeParse({ ...address, address: "Line one\nLine two" }).success).toBe(true);
  });
  it("needs a country, a state and a city", () => {
    const result = issues(addressCreateSchema.safeParse({ ...address, country: "", state: 0, city: "x" }));
    expect(result).toMatchObject({ country: "Select your country.", state: "Select your state.", city: "Select your city." });
  });
});

describe("sign-up and passwords", () => {
  const base = { name: "Ravi Kumar", email_or_phone: "Ravi@Example.com ", password: "Gulmohar#77", password_confirmation: "Gulmohar#77" };
  it("keeps the email lower-cased and trimmed", () => {
    expect(signUpSchema.parse(base).email_or_phone).toBe("ravi@example.com");
  });
  it("refuses a short, a common or an unconfirmed password", () => {
    expect(issues(signUpSchema.safeParse({ ...base, password: "abc12", password_confirmation: "abc12" })).password).toBe(PASSWORD_HINT);
    expect(issues(signUpSchema.safeParse({ ...base, password: "Password123", password_confirmation: "Password123" })).password).toBe(COMMON_PASSWORD);
    expect(issues(signUpSchema.safeParse({ ...base, password_confirmation: "Gulmohar#78" })).password_confirmation).toBe(PASSWORDS_DIFFER);
  });
  it("opens accounts by email only", () => {
    expect(issues(signUpSchema.safeParse({ ...base, register_by: "phone" })).register_by).toBeDefined();
  });
  it("checks the reset confirmation only when it is sent", () => {
    expect(resetSchema.safeParse({ token: "a".repeat(24), password: "Neem-tree-42" }).success).toBe(true);
    expect(issues(resetSchema.safeParse({ token: "a".repeat(24), password: "Neem-tree-42", password_confirmation: "x" })).password_confirmation).toBe(PASSWORDS_DIFFER);
    expect(issues(resetSchema.safeParse({ token: "short", password: "Neem-tree-42" })).token).toBe("Invalid or missing token.");
  });
  it("asks for the current password before a new one", () => {
    expect(issues(profileSchema.safeParse({ name: "Ravi Kumar", phone: "", new_password: "Neem-tree-42", confirm_password: "Neem-tree-42" })).current_password).toMatch(/current password/);
    expect(profileSchema.parse({ name: "Ravi Kumar", phone: "", new_password: "" }).phone).toBeNull();
  });
});

describe("login", () => {
  it("reads login_by phone from phone or, as the old site sent it, from email", () => {
    expect(loginSchema.parse({ login_by: "phone", phone: "+91 98111 22233", password: "x" })).toMatchObject({ by: "phone", phone: "9811122233" });
    expect(loginSchema.parse({ login_by: "phone", email: "9811122233", password: "x" })).toMatchObject({ by: "phone", phone: "9811122233" });
    expect(loginSchema.parse({ email: "A@B.in", password: "x" })).toMatchObject({ by: "email", email: "a@b.in" });
  });
  it("refuses a guest id that is not guest_ and 9 characters", () => {
    expect(loginSchema.safeParse({ email: "a@b.in", password: "x", guestId: "guest_abc" }).success).toBe(false);
    expect(loginSchema.parse({ email: "a@b.in", password: "x", guestId: "guest_Ab3dE6gH9" }).guestId).toBe("guest_Ab3dE6gH9");
  });
});
