import AxeBuilder from "@axe-core/playwright";
import { codeIn, resetTokenIn, waitForMail } from "../lib/testing/mail-receiver";
import { E2E_MAIL_DIR } from "../scripts/lib/build";
import { createCustomer, signIn, withE2eDb } from "./db";
import { expect, type Page, readyForAxe, TAG, test } from "./fixtures";

const emailBox = (page: Page) => page.getByRole("textbox", { name: "Email", exact: true });

test("register: Create an account, then log in with it", { tag: TAG.db }, async ({ page }) => {
  const email = `new-${Date.now().toString(36)}@example.com`;
  await page.goto("/registration");
  await expect(page.getByRole("heading", { name: "Create an account" })).toBeVisible();
  await expect(page.getByText("Password must contain at least 6 characters")).toBeVisible();

  // Nothing is sent while the form is incomplete; each field says what is missing.
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Please accept the privacy policy to create an account.")).toBeVisible();
  await expect(page.getByText("Full Name must be at least 2 characters.")).toBeVisible();

  await page.getByLabel("Full Name").fill("Kavya Menon");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill("Monsoon-rain-7");
  await page.getByLabel("Confirm Password").fill("Monsoon-rain-8");
  await page.getByRole("checkbox").check();
  await expect(page.getByRole("link", { name: "privacy policy", exact: true })).toHaveAttribute("href", "/privacy-policy");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Passwords do not match.")).toBeVisible();

  await page.getByLabel("Confirm Password").fill("Monsoon-rain-7");
  const since = Date.now();
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.waitForURL("**/login");
  await expect(page.getByText("Registration successful! Please log in.")).toBeVisible();
  const row = await withE2eDb((db) => db.selectFrom("users").select(["name", "email"]).where("email", "=", email).executeTakeFirst());
  expect(row).toEqual({ name: "Kavya Menon", email });

  // The password works once the welcome mail's link and the password confirm the email.
  await emailBox(page).fill(email);
  await page.getByLabel("Password", { exact: true }).fill("Monsoon-rain-7");
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.locator("#login-error")).toHaveText("Please confirm your email address first: we have sent you a new link.");
  const welcome = await waitForMail(E2E_MAIL_DIR, email, { since, subject: /^Welcome to / });
  const link = new URL(/https?:\/\/\S+\/verify-email\?token=\S+/.exec(welcome.text)?.[0] ?? "");
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole("heading", { name: "Confirm your email" })).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill("Monsoon-rain-7");
  await page.getByRole("button", { name: "Confirm my email" }).click();
  await page.waitForURL("**/dashboard");
  await expect(page.getByText("Your email address is confirmed.")).toBeVisible();
  await expect(page.getByTestId("account-link")).toHaveAccessibleName("My account, Kavya Menon");

  // From then on the password signs in.
  await page.context().clearCookies();
  await page.goto("/login");
  await emailBox(page).fill(email);
  await page.getByLabel("Password", { exact: true }).fill("Monsoon-rain-7");
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/");
  await expect(page.getByText("Logged in successfully")).toBeVisible();
});

test("a guest is sent from /dashboard to /login and back there after signing in with the password", { tag: TAG.db }, async ({ page }) => {
  const customer = await createCustomer("Farhan Qureshi");
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
  await page.getByLabel("Password", { exact: true }).fill("wrong-password");
  await emailBox(page).fill(customer.email);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.locator("#login-error")).toHaveText("Invalid email or password.");
  // Show/hide reveals what was typed.
  const password = page.getByLabel("Password", { exact: true });
  await expect(password).toHaveAttribute("type", "password");
  await page.getByRole("button", { name: "Show password" }).click();
  await expect(password).toHaveAttribute("type", "text");

  await password.fill(customer.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await page.waitForURL("**/dashboard");
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await expect(page.getByText("Logged in successfully")).toBeVisible();
  const menu = page.getByRole("complementary", { name: "Account menu" });
  await expect(menu.getByText("Farhan Qureshi")).toBeVisible();
  await expect(menu.getByText(customer.email)).toBeVisible();

  // Signed in, the sign-in screens send the customer on at once.
  await page.goto("/login?redirect=%2Fprofile");
  await expect(page).toHaveURL(/\/profile$/);
  await page.goto("/registration");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("a redirect to another site after sign-in is refused and lands on the home page", { tag: TAG.db }, async ({ page }) => {
  const customer = await createCustomer();
  await page.goto("/login?redirect=%2F%2Fevil.example%2Fsteal");
  await emailBox(page).fill(customer.email);
  await page.getByLabel("Password", { exact: true }).fill(customer.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/");
  expect(new URL(page.url()).host).toBe(new URL(test.info().project.use.baseURL as string).host);
});

test("signing in with a code read from the mail", { tag: TAG.db }, async ({ page }) => {
  const customer = await createCustomer("Gurpreet Kaur");
  await page.goto("/login?redirect=%2Fprofile");
  await page.getByRole("button", { name: "Login with OTP" }).click();
  const request = page.getByRole("dialog", { name: "Login with OTP" });
  const since = Date.now();
  await request.getByRole("textbox", { name: "Email" }).fill(customer.email);
  await request.getByRole("button", { name: "Send OTP" }).click();
  await expect(page.getByText("OTP is sent to your registered email address.")).toBeVisible();
  const verify = page.getByRole("dialog", { name: "Verify OTP" });
  await expect(verify).toBeVisible();
  await expect(request).toBeHidden();
  const mail = await waitForMail(E2E_MAIL_DIR, customer.email, { since, subject: /sign-in code/ });
  const code = codeIn(mail);

  await verify.getByLabel("Code").fill(code === "000000" ? "111111" : "000000");
  await verify.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("Invalid OTP")).toBeVisible();

  await verify.getByLabel("Code").fill(code);
  await verify.getByRole("button", { name: "Verify" }).click();
  await page.waitForURL("**/profile");
  await expect(page.getByRole("heading", { name: "Manage Profile" })).toBeVisible();
  await expect(page.getByText("Logged in successfully")).toBeVisible();
});

test("forgot and reset password: the mailed link sets a new password", { tag: TAG.db }, async ({ page }) => {
  const customer = await createCustomer("Harini Rao");
  await page.goto("/login");
  await page.getByRole("button", { name: "Forgot password?" }).click();
  const modal = page.getByRole("dialog", { name: "Forgot password" });
  const since = Date.now();
  await modal.getByRole("textbox", { name: "Email" }).fill(customer.email);
  await modal.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(modal.getByText("Password reset link has been sent to your email.")).toBeVisible();
  // A press outside the box closes it.
  await page.mouse.click(5, 5);
  await expect(modal).toBeHidden();

  const mail = await waitForMail(E2E_MAIL_DIR, customer.email, { since, subject: /Reset your/ });
  const token = resetTokenIn(mail);
  await page.goto(`/reset-password?token=${token}`);
  await page.getByLabel("New Password").fill("Saffron-fields-9");
  await page.getByLabel("Confirm Password").fill("Saffron-fields-8");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByText("Passwords do not match.")).toBeVisible();
  await page.getByLabel("Confirm Password").fill("Saffron-fields-9");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await page.waitForURL("**/login");
  await expect(page.getByText("Password reset successfully.")).toBeVisible();

  await signIn(page, { email: customer.email, password: "Saffron-fields-9" });
  await expect(page.getByTestId("account-link")).toHaveAccessibleName("My account, Harini Rao");

  // The link works once.
  await page.context().clearCookies();
  await page.goto(`/reset-password?token=${token}`);
  await page.getByLabel("New Password").fill("Another-one-11");
  await page.getByLabel("Confirm Password").fill("Another-one-11");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByText("This reset link is invalid or has expired. Please request a new one.")).toBeVisible();
});

test("the reset screen without a token says so, and /forgot-password sends a link on its own page", { tag: TAG.db }, async ({ page }) => {
  await page.goto("/reset-password");
  await expect(page.getByText("Invalid or missing token.")).toBeVisible();
  const customer = await createCustomer();
  await page.goto("/forgot-password");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(customer.email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByText("Password reset link has been sent to your email.").first()).toBeVisible();
});

test("log out ends the session and says so", { tag: TAG.db }, async ({ page }) => {
  const customer = await createCustomer();
  await signIn(page, customer, "/login?redirect=%2Fdashboard");
  await page.getByRole("complementary", { name: "Account menu" }).getByRole("button", { name: "Log Out" }).click();
  await page.waitForURL("**/login");
  await expect(page.getByText("Logged out successfully")).toBeVisible();
  await expect(page.getByTestId("account-link")).toHaveAccessibleName("Login");
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
});

test("sign-in pages carry a nonce-based Content-Security-Policy that every script obeys", { tag: [TAG.readonly, TAG.desktop] }, async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (m) => /Content Security Policy/i.test(m.text()) && violations.push(m.text()));
  const response = await page.goto("/login");
  const csp = response?.headers()["content-security-policy"] ?? "";
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  for (const directive of ["frame-ancestors 'self'", "object-src 'none'", "base-uri 'self'", "form-action 'self'", "script-src 'self' 'nonce-"]) expect(csp).toContain(directive);
  // Every script the server sent carries this response's nonce (later chunks are trusted through
  // 'strict-dynamic'), and a second load gets another nonce.
  const tags = ((await response?.text()) ?? "").match(/<script\b[^>]*>/g) ?? [];
  expect(tags.length).toBeGreaterThan(0);
  expect(tags.filter((tag) => !tag.includes(`nonce="${nonce}"`))).toEqual([]);
  const again = await page.request.get("/login");
  expect(again.headers()["content-security-policy"]).not.toContain(nonce as string);
  // The form works under that policy (its scripts ran): the OTP modal opens, and nothing was refused.
  await page.getByRole("button", { name: "Login with OTP" }).click();
  await expect(page.getByRole("dialog", { name: "Login with OTP" })).toBeVisible();
  expect(violations).toEqual([]);
  // Cached pages get the site-wide policy.
  const about = await page.request.get("/about-us");
  expect(about.headers()["content-security-policy"]).toContain("frame-ancestors 'self'");
});

for (const path of ["/login", "/registration"]) {
  test(`no serious accessibility violations on ${path}`, { tag: [TAG.readonly, TAG.desktop] }, async ({ page }) => {
    await page.goto(path);
    await readyForAxe(page);
    const results = await new AxeBuilder({ page }).analyze();
    const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`)).toEqual([]);
  });
}
