import AxeBuilder from "@axe-core/playwright";
import { DEMO_OWNER } from "../lib/seed/content";
import { createCustomer, insertJourneyOrder, signIn, withE2eDb } from "./db";
import { expect, type Page, readyForAxe, TAG, test } from "./fixtures";
import { adminSignIn, createStaffMember, totp } from "./staff";

/**
 * The back office's frame and lists (docs/back-office.md): the demo owner signs in and sees the
 * dashboard; the product list's filters live in the URL and survive a reload; the search box finds
 * a product; a catalog clerk sees no Staff and gets 403 there; a customer is sent to the sign-in;
 * the product list fits a phone; axe finds nothing serious on any page; the storefront's scripts
 * hold no back-office code. The demo owner has no second factor in the seed.
 */

const OWNER = { email: DEMO_OWNER.email, password: DEMO_OWNER.password };

const sidebar = (page: Page) => page.getByRole("navigation", { name: "Back office" }).filter({ visible: true });

/** The product list's name links (the first column is the bulk actions' checkbox for roles that have them). */
const productLinks = (page: Page) => page.locator('tbody tr[data-product] a[href^="/admin/products/"]');

test.describe("the back office's frame", () => {
  test("a guest is sent to the sign-in; the owner signs in and sees the dashboard and the whole sidebar", { tag: [TAG.db] }, async ({ page }) => {
    const guest = await page.request.get("/admin/orders?status=Pending", { maxRedirects: 0 });
    expect(guest.status()).toBe(307);
    expect(guest.headers().location).toContain("/admin/login?redirect=%2Fadmin%2Forders%3Fstatus%3DPending");

    await adminSignIn(page, OWNER, "/admin/orders?status=Pending");
    await expect(page).toHaveURL(/\/admin\/orders\?status=Pending$/);
    await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
    await sidebar(page).getByRole("link", { name: "Dashboard" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(page.getByText("Placed today")).toBeVisible();
    await expect(page.getByText("Low stock")).toBeVisible();
    // A link's name is its label, then what its counts say ("Orders 2 new orders waiting").
    for (const name of ["Products", "Orders", "Staff", "API tokens", "Audit log", "Sign-ins"]) await expect(sidebar(page).getByRole("link", { name: new RegExp(`^${name}(\\s|$)`) })).toBeVisible();
    // The storefront's header and footer are not here.
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
    await expect(page.locator('a[href="/cart"]')).toHaveCount(0);
  });

  test("admin pages are never indexed and carry a nonce CSP; robots.txt keeps crawlers out", { tag: [TAG.readonly] }, async ({ page }) => {
    const login = await page.goto("/admin/login");
    expect(login?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    expect(login?.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    const robots = await (await page.request.get("/robots.txt")).text();
    expect(robots).toMatch(/Disallow: \/admin$/m);
  });

  test("the product list's filters, sort and page are its URL, and survive a reload", { tag: [TAG.db] }, async ({ page }) => {
    await adminSignIn(page, OWNER, "/admin/products?published=yes&sort=name");
    await expect(page).toHaveURL(/\/admin\/products\?published=yes&sort=name$/);
    await expect(page.getByLabel("Published")).toHaveValue("yes");
    await expect(page.getByLabel("Sort")).toHaveValue("name");
    const names = await productLinks(page).allTextContents();
    expect(names.length).toBeGreaterThan(1);
    expect([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(names);

    // The next page is a cursor in the URL; a reload shows the same rows and filters.
    const rows = productLinks(page);
    await page.getByRole("link", { name: "Next →" }).click();
    await expect(page).toHaveURL(/published=yes&sort=name&after=/);
    await expect(rows.first()).not.toHaveText(names[0]!);
    const second = await rows.allTextContents();
    expect(second[0]! > names[names.length - 1]!).toBe(true);
    await page.reload();
    await expect(page.getByLabel("Sort")).toHaveValue("name");
    await expect(rows).toHaveText(second);
    await page.getByRole("link", { name: "← Previous" }).click();
    await expect(page).toHaveURL(/before=/);
    await expect(rows).toHaveText(names);

    // A filter set through the form becomes the URL.
    await page.getByLabel("Name or SKU").fill(names[0]!.split(" ")[0]!);
    await page.getByLabel("Stock").selectOption("out");
    await page.getByRole("search", { name: "Filter products" }).getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/stock=out/);
    await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(names[0]!.split(" ")[0]!)}`));

    // A row opens the product's page: the editor, for the owner.
    await page.goto("/admin/products?sort=name");
    await productLinks(page).first().click();
    await expect(page.getByRole("heading", { level: 1, name: names[0] })).toBeVisible();
    await expect(page.getByRole("form", { name: "Edit product" })).toBeVisible();
  });

  test("Ctrl+K focuses the search box, which finds a product by name and opens it", { tag: [TAG.db] }, async ({ page }) => {
    await adminSignIn(page, OWNER);
    await page.goto("/admin/products?sort=name");
    const name = (await productLinks(page).first().textContent())!.trim();
    await page.keyboard.press("Control+k");
    const box = page.getByRole("combobox", { name: "Search products, orders and customers" });
    await expect(box).toBeFocused();
    await box.pressSequentially(name.slice(0, 12), { delay: 20 });
    const option = page.getByRole("option").filter({ hasText: name }).first();
    await expect(option).toBeVisible();
    await box.press("ArrowDown");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/admin\/products\/[^/?]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/.+/);

    // Enter without a chosen row opens the full results page.
    await box.fill(name.slice(0, 12));
    await page.goto(`/admin/search?q=${encodeURIComponent(name.slice(0, 12))}`);
    await expect(page.getByRole("heading", { name: "Products" })).toBeVisible();
    await expect(page.getByRole("link", { name })).toBeVisible();
  });

  test("a catalog clerk sees no Staff in the sidebar and gets 403 at /admin/staff, not its content", { tag: [TAG.db] }, async ({ page }) => {
    const clerk = await createStaffMember("catalog");
    await adminSignIn(page, clerk);
    await expect(sidebar(page).getByRole("link", { name: "Products" })).toBeVisible();
    for (const name of ["Staff", "Orders", "API tokens", "Audit log"]) await expect(sidebar(page).getByRole("link", { name, exact: true })).toHaveCount(0);
    const answer = await page.goto("/admin/staff");
    expect(answer?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "You do not have access to this page" })).toBeVisible();
    await expect(page.getByText(OWNER.email)).toHaveCount(0);
    expect((await page.goto("/admin/orders"))?.status()).toBe(403);
    expect((await page.request.get("/admin/audit/export")).status()).toBe(403);
  });

  test("a customer's session on an admin page is sent to the back office's sign-in", { tag: [TAG.db] }, async ({ page }) => {
    const customer = await createCustomer("Asha Verma");
    await signIn(page, customer);
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Fadmin$/);
    await page.goto("/admin/staff");
    await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Fadmin%2Fstaff$/);
    // Their password does not open the back office either.
    await page.getByLabel("Email").fill(customer.email);
    await page.getByLabel("Password").fill(customer.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.locator("form").getByRole("alert")).toHaveText("Invalid email or password.");
  });

  test("the owner invites a catalog clerk from the drawer, and issues an API token shown once", { tag: [TAG.db] }, async ({ page }) => {
    await adminSignIn(page, OWNER, "/admin/staff");
    await page.getByRole("link", { name: "Invite" }).click();
    await expect(page).toHaveURL(/\/admin\/staff\/invite$/);
    const dialog = page.getByRole("dialog", { name: "Invite a staff member" });
    const email = `invited-${Date.now().toString(36)}@example.com`;
    await dialog.getByLabel("Email").fill("not an email");
    await dialog.getByLabel("Email").evaluate((el: HTMLInputElement) => (el.type = "text"));
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    await expect(dialog.getByRole("alert")).toBeVisible();
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Role").selectOption("catalog");
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    await expect(dialog.getByRole("status")).toHaveText(`Invitation sent to ${email} (catalog).`);
    await page.goto("/admin/staff");
    await expect(page.locator(`tr[data-staff="${email}"]`)).toContainText("Invited");
    const audit = await withE2eDb((db) => db.selectFrom("audit_log").select(["action", "entity_type"]).orderBy("id", "desc").executeTakeFirstOrThrow());
    expect(audit).toEqual({ action: "staff.invite", entity_type: "staff" });

    await page.goto("/admin/tokens");
    await page.getByLabel("Name (what it is for)").fill("Stock sync script");
    await page.getByRole("group", { name: "Scopes" }).getByRole("checkbox").first().check();
    await page.getByRole("button", { name: "Issue token" }).click();
    const token = page.getByLabel("The new token");
    await expect(token).toHaveText(/^kst_[A-Za-z0-9_-]{40,}$/);
    const secret = (await token.textContent())!;
    await page.reload();
    await expect(page.getByText("Stock sync script")).toBeVisible();
    await expect(page.getByText(secret)).toHaveCount(0);
  });

  test("when the owner requires a second factor for a role, its clerk sets one up before anything else, then signs in with a code", { tag: [TAG.db] }, async ({ page, browser }) => {
    await adminSignIn(page, OWNER, "/admin/settings/security");
    await page.getByRole("checkbox", { name: "support" }).check();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status")).toHaveText("A second factor is now required for: support.");
    try {
      const clerk = await createStaffMember("support");
      const context = await browser.newContext();
      const other = await context.newPage();
      await adminSignIn(other, clerk, "/admin/orders");
      await expect(other).toHaveURL(/\/admin\/two-factor\?redirect=%2Fadmin%2Forders$/);
      // Every other page sends them back here until it is set up.
      await other.goto("/admin/orders");
      await expect(other).toHaveURL(/\/admin\/two-factor/);
      await other.getByLabel("Your password").fill(clerk.password);
      await other.getByRole("button", { name: "Continue" }).click();
      const key = (await other.getByLabel("Authenticator key").textContent())!;
      await expect(other.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
      await other.getByLabel("Code from the app").fill(totp(key));
      await other.getByRole("button", { name: "Turn on two-factor" }).click();
      await expect(other.getByRole("status")).toHaveText("Two-factor authentication is on for your account.");
      await other.getByRole("link", { name: "Continue to the back office" }).click();
      await expect(other.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();

      // Signed out, the sign-in now asks for a code: a wrong one is refused, the app's opens the page.
      await other.getByRole("button", { name: "Sign out" }).click();
      await other.waitForURL(/\/admin\/login/);
      await other.goto("/admin/orders");
      await other.getByLabel("Email").fill(clerk.email);
      await other.getByLabel("Password").fill(clerk.password);
      await other.getByRole("button", { name: "Sign in" }).click();
      const code = other.getByLabel("Authentication code");
      await code.fill(totp(key) === "000000" ? "111111" : "000000");
      await other.getByRole("button", { name: "Verify" }).click();
      await expect(other.locator("form").getByRole("alert")).toHaveText("Invalid code.");
      await code.fill(totp(key));
      await other.getByRole("button", { name: "Verify" }).click();
      await expect(other).toHaveURL(/\/admin\/orders$/);
      await context.close();
    } finally {
      await page.goto("/admin/settings/security");
      await page.getByRole("checkbox", { name: "support" }).uncheck();
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByRole("status")).toHaveText("No role requires a second factor now.");
    }
  });

  test("no page of the back office has a serious accessibility violation", { tag: [TAG.db] }, async ({ page, browser }) => {
    test.setTimeout(180_000);
    await page.goto("/admin/login");
    await readyForAxe(page);
    const scanOn = async (on: Page, path: string) => {
      const results = await new AxeBuilder({ page: on }).analyze();
      const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(bad.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`)).toEqual([]);
    };
    const scan = (path: string) => scanOn(page, path);
    await scan("/admin/login");
    await adminSignIn(page, OWNER);
    const product = await page.goto("/admin/products").then(() => productLinks(page).first().getAttribute("href"));
    // An order to open, whether or not the demo data has one.
    let order = await withE2eDb((db) => db.selectFrom("orders").select("id").orderBy("id").executeTakeFirst());
    if (!order) order = await insertJourneyOrder((await createCustomer("Nisha Rao")).id, { code: `AXE-${Date.now().toString(36)}`, createdAt: new Date().toISOString() });
    // Every page of the panel as the owner, the editor's new product and a page that is not there.
    const paths = ["/admin", "/admin/products?stock=low", product!, "/admin/products/new", "/admin/orders", `/admin/orders/${order.id}`, "/admin/staff", "/admin/staff/invite", "/admin/tokens", "/admin/audit", "/admin/sign-ins", "/admin/settings/security", "/admin/search?q=cotton", "/admin/two-factor", "/admin/products/no-such-product"];
    for (const path of paths) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await scan(path);
    }
    // A role that only reads products gets the product's read-only page, and the 403 page elsewhere.
    const context = await browser.newContext();
    const clerk = await context.newPage();
    await readyForAxe(clerk);
    await adminSignIn(clerk, await createStaffMember("fulfilment"));
    await clerk.goto(product!);
    await expect(clerk.getByRole("heading", { name: "Details" })).toBeVisible();
    await scanOn(clerk, `${product} (read-only)`);
    expect((await clerk.goto("/admin/staff"))?.status()).toBe(403);
    await expect(clerk.getByRole("heading", { level: 1, name: "You do not have access to this page" })).toBeVisible();
    await scanOn(clerk, "/admin/staff (403)");
    await context.close();
  });
});

test.describe("the back office on a phone", () => {
  test("at 390 px the product list fits the screen: the menu folds, the table scrolls in its box", { tag: [TAG.db, TAG.phone] }, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await adminSignIn(page, OWNER, "/admin/products");
    const width = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await width()).toBeLessThanOrEqual(390);
    await expect(page.getByRole("combobox", { name: "Search products, orders and customers" })).toBeVisible();
    await page.getByText("Menu", { exact: true }).click();
    await sidebar(page).getByRole("link", { name: "Orders" }).click();
    await expect(page).toHaveURL(/\/admin\/orders$/);
    expect(await width()).toBeLessThanOrEqual(390);
    await page.goto("/admin/products");
    await expect(page.getByRole("region", { name: "Products" })).toBeVisible();
    expect(await width()).toBeLessThanOrEqual(390);
  });
});

test.describe("storefront bundles", () => {
  /** The text of every script the page loaded from this site. */
  async function scriptsOf(page: Page, path: string): Promise<string> {
    const urls: string[] = [];
    page.on("response", (r) => {
      if (r.request().resourceType() === "script" && r.url().startsWith(new URL(page.url() || "http://x").origin)) urls.push(r.url());
    });
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    const texts = await Promise.all([...new Set(urls)].map(async (u) => (await page.request.get(u)).text()));
    return texts.join("\n");
  }

  test("hold none of the back office's client code (and the check sees it where it is)", { tag: [TAG.readonly] }, async ({ page }) => {
    await page.goto("/admin/login");
    const marker = "Use a recovery code instead";
    expect(await scriptsOf(page, "/admin/login")).toContain(marker);
    for (const path of ["/", "/products", "/login", "/cart"]) {
      const scripts = await scriptsOf(page, path);
      expect(scripts.length, path).toBeGreaterThan(1000);
      expect(scripts.includes(marker), path).toBe(false);
      expect(scripts.includes("Search products, orders, customers"), path).toBe(false);
    }
  });
});
