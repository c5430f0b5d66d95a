import { withE2eDb } from "./db";
import { expect, TAG, test, type Page } from "./fixtures";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Requests the page sends to an API path. */
function watch(page: Page, path: string): string[] {
  const sent: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === `/api/v2${path}`) sent.push(r.postData() ?? "");
  });
  return sent;
}

test("the contact form shows the required messages on an empty submit and sends nothing", { tag: TAG.readonly }, async ({ page }) => {
  const sent = watch(page, "/contact/save");
  await page.goto("/contact-us");
  await expect(page.getByText("within 24 hours").first()).toBeVisible();
  await page.getByRole("heading", { name: "Find us on the map" }).scrollIntoViewIfNeeded();
  await expect(page.getByTitle(/^Map showing the location of the /)).toHaveAttribute("src", /^https:\/\//);

  const form = page.getByRole("form", { name: "Contact form" });
  const submit = form.getByRole("button", { name: "Send Message" });
  await expect(submit).toBeEnabled();
  for (const label of ["First Name", "Email", "Message"]) await expect(form.getByLabel(label, { exact: true })).toHaveAttribute("required", "");

  await submit.click();
  await expect(form.getByText("First name is required.")).toBeVisible();
  await expect(form.getByText("Email is required.")).toBeVisible();
  await expect(form.getByText("Message is required.")).toBeVisible();
  await expect(form.getByLabel("First Name", { exact: true })).toBeFocused();
  await expect(form.getByLabel("First Name", { exact: true })).toHaveAttribute("aria-invalid", "true");

  // A phone that is not an Indian mobile number is refused before sending too.
  await form.getByLabel("First Name", { exact: true }).fill("Ravi");
  await form.getByLabel("Email", { exact: true }).fill("ravi@example.com");
  await form.getByLabel("Message", { exact: true }).fill("Hello");
  await form.getByLabel("Phone").fill("12345");
  await submit.click();
  await expect(form.getByText("Enter a 10-digit mobile number starting with 6, 7, 8 or 9.")).toBeVisible();
  await expect(form.getByText("First name is required.")).toHaveCount(0);

  await page.waitForTimeout(300);
  expect(sent).toEqual([]);
});

test("a full contact message is sent with all six fields, shows the success toast and is stored", { tag: TAG.db }, async ({ page }) => {
  const email = `contact-${unique()}@example.com`;
  const sent = watch(page, "/contact/save");
  await page.goto("/contact-us");
  const form = page.getByRole("form", { name: "Contact form" });
  const submit = form.getByRole("button", { name: "Send Message" });
  await expect(submit).toBeEnabled();

  await form.getByLabel("First Name", { exact: true }).fill("Ananya");
  await form.getByLabel("Surname").fill("Sharma");
  await form.getByLabel("Email", { exact: true }).fill(email);
  await form.getByLabel("Phone").fill("+91 98100 12345");
  await form.getByLabel("Subject").fill("Curtains for a new flat");
  await form.getByLabel("Message", { exact: true }).fill("Could someone visit to measure four windows in Saket?");

  // Hold the answer a moment to see the busy label.
  await page.route("**/api/v2/contact/save", async (route) => {
    await new Promise((r) => setTimeout(r, 400));
    await route.continue();
  });
  await submit.click();
  await expect(form.getByRole("button", { name: "Sending..." })).toBeVisible();
  await expect(page.getByText("Thank you for writing to us! We will reply within 24 hours.")).toBeVisible();
  await expect(form.getByLabel("First Name", { exact: true })).toHaveValue("");

  expect(sent).toHaveLength(1);
  expect(JSON.parse(sent[0]!)).toEqual({
    name: "Ananya",
    surname: "Sharma",
    email,
    phone: "+91 98100 12345",
    subject: "Curtains for a new flat",
    message: "Could someone visit to measure four windows in Saket?",
  });
  const rows = await withE2eDb((db) => db.selectFrom("contact_messages").selectAll().where("email", "=", email).execute());
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ name: "Ananya", surname: "Sharma", phone: "9810012345", subject: "Curtains for a new flat" });
});

test("a failed contact submit shows the server's message", { tag: TAG.readonly }, async ({ page }) => {
  await page.goto("/contact-us");
  const form = page.getByRole("form", { name: "Contact form" });
  await expect(form.getByRole("button", { name: "Send Message" })).toBeEnabled();
  await page.route("**/api/v2/contact/save", (route) => route.fulfill({ status: 500, contentType: "text/plain", body: "down" }));
  await form.getByLabel("First Name", { exact: true }).fill("Ravi");
  await form.getByLabel("Email", { exact: true }).fill("ravi@example.com");
  await form.getByLabel("Message", { exact: true }).fill("Hello");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("An error occurred.")).toBeVisible();
  await expect(form.getByLabel("First Name", { exact: true })).toHaveValue("Ravi");
});

test("the gifting Get in Touch form stores an enquiry of kind gifting", { tag: TAG.db }, async ({ page }) => {
  const email = `gifting-${unique()}@example.com`;
  await page.goto("/gifting");
  await expect(page.getByRole("heading", { name: "Get in Touch" })).toBeVisible();
  const form = page.getByRole("form", { name: "Get in Touch form" });
  const submit = form.getByRole("button", { name: "Send Enquiry" });
  await expect(submit).toBeEnabled();

  // Required fields first: nothing is stored without them.
  await submit.click();
  await expect(form.getByText("Name is required.")).toBeVisible();
  await expect(form.getByText("Contact number is required.")).toBeVisible();
  await expect(form.getByText("Address is required.")).toBeVisible();

  await form.getByLabel("Name", { exact: true }).fill("Meera Iyer");
  await form.getByLabel("Email", { exact: true }).fill(email);
  await form.getByLabel("Contact Number").fill("98100 67890");
  await form.getByLabel("Address", { exact: true }).fill("B-12 Hauz Khas, New Delhi 110016");
  await form.getByLabel("Message").fill("Forty Diwali hampers for our family.");
  await submit.click();
  await expect(page.getByText("Thank you, Meera Iyer! Our gifting team will get back to you within 24 hours.")).toBeVisible();

  const rows = await withE2eDb((db) => db.selectFrom("enquiries").selectAll().where("email", "=", email).execute());
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ kind: "gifting", name: "Meera Iyer", contact: "9810067890", address: "B-12 Hauz Khas, New Delhi 110016", message: "Forty Diwali hampers for our family." });
});

test("Request Bulk Quote moves focus and scroll to the Get in Touch form and sends nothing", { tag: TAG.readonly }, async ({ page }) => {
  const sent = watch(page, "/enquiries");
  await page.goto("/bulk-deals");
  const form = page.getByRole("form", { name: "Get in Touch form" });
  await expect(form.getByRole("button", { name: "Send Enquiry" })).toBeEnabled();
  await expect(page.getByRole("heading", { name: "Get in Touch" })).not.toBeInViewport();

  await page.getByRole("link", { name: "Request Bulk Quote" }).click();
  await expect(form.getByLabel("Name", { exact: true })).toBeFocused();
  await expect(page.getByRole("heading", { name: "Get in Touch" })).toBeInViewport();
  await expect(page).toHaveURL(/#get-in-touch$/);
  expect(sent).toEqual([]);
});

test("Book a Corporate Consultation leads to the Get in Touch form, also from another page", { tag: TAG.readonly }, async ({ page }) => {
  await page.goto("/corporate");
  const form = page.getByRole("form", { name: "Get in Touch form" });
  await expect(form.getByRole("button", { name: "Send Enquiry" })).toBeEnabled();
  await page.getByRole("link", { name: "Book a Corporate Consultation" }).click();
  await expect(form.getByLabel("Name", { exact: true })).toBeFocused();

  // Arriving from another page with the fragment focuses the form as well.
  await page.goto("/");
  await page.goto("/corporate#get-in-touch");
  await expect(form.getByLabel("Name", { exact: true })).toBeFocused();
  await expect(page.getByRole("heading", { name: "Get in Touch" })).toBeInViewport();
});
