import { can, type AccessSubject, type Action, type Resource } from "./access";

/**
 * The back office's pages and the permission each needs (docs/back-office.md). Pure: the sidebar
 * (a server component) lists what `navFor()` gives the signed-in role, middleware.ts reads the
 * paths, and each page asks the same permission on the server (requireStaffPage), so what the
 * sidebar shows and what a page allows never differ (Medusa's sidebar once ignored permissions).
 * A page is listed here when it exists; the ones to come are added with them.
 */

export const ADMIN_HOME = "/admin";
export const ADMIN_LOGIN_PATH = "/admin/login";

export const isAdminPath = (pathname: string) => pathname === ADMIN_HOME || pathname.startsWith(`${ADMIN_HOME}/`);

export type NavItem = { href: string; label: string; resource: Resource; action: Action; group: "shop" | "content" | "commerce" | "people" | "records" };

export const ADMIN_NAV: readonly NavItem[] = [
  { href: "/admin", label: "Dashboard", resource: "product", action: "read", group: "shop" },
  { href: "/admin/products", label: "Products", resource: "product", action: "read", group: "shop" },
  { href: "/admin/categories", label: "Categories", resource: "product", action: "read", group: "shop" },
  { href: "/admin/attributes", label: "Attributes", resource: "product", action: "read", group: "shop" },
  { href: "/admin/synonyms", label: "Search synonyms", resource: "product", action: "read", group: "shop" },
  { href: "/admin/stock", label: "Stock", resource: "stock", action: "read", group: "shop" },
  { href: "/admin/orders", label: "Orders", resource: "order", action: "read", group: "shop" },
  { href: "/admin/returns", label: "Returns", resource: "order", action: "read", group: "shop" },
  { href: "/admin/cod", label: "Cash on Delivery", resource: "remittance", action: "read", group: "shop" },
  { href: "/admin/customers", label: "Customers", resource: "customer", action: "read", group: "shop" },
  { href: "/admin/inbox", label: "Inbox", resource: "inbox", action: "read", group: "shop" },
  { href: "/admin/grievances", label: "Grievances", resource: "inbox", action: "read", group: "shop" },
  { href: "/admin/subscribers", label: "Subscribers", resource: "inbox", action: "read", group: "shop" },
  { href: "/admin/content/blog", label: "Blog posts", resource: "content", action: "read", group: "content" },
  { href: "/admin/content/pages", label: "Pages", resource: "content", action: "read", group: "content" },
  { href: "/admin/content/home", label: "Home page", resource: "content", action: "read", group: "content" },
  { href: "/admin/content/faqs", label: "FAQs", resource: "content", action: "read", group: "content" },
  { href: "/admin/content/policies", label: "Policies", resource: "content", action: "read", group: "content" },
  { href: "/admin/settings/business", label: "Business settings", resource: "settings", action: "update", group: "content" },
  { href: "/admin/coupons", label: "Coupons", resource: "coupon", action: "read", group: "commerce" },
  { href: "/admin/settings/shipping", label: "Shipping", resource: "settings", action: "read", group: "commerce" },
  { href: "/admin/delivery-zones", label: "Delivery zones", resource: "settings", action: "read", group: "commerce" },
  { href: "/admin/gst-rates", label: "GST rates", resource: "settings", action: "read", group: "commerce" },
  { href: "/admin/settings/payments", label: "Payments", resource: "settings", action: "read", group: "commerce" },
  { href: "/admin/staff", label: "Staff", resource: "staff", action: "read", group: "people" },
  { href: "/admin/tokens", label: "API tokens", resource: "token", action: "read", group: "people" },
  { href: "/admin/settings/security", label: "Security", resource: "settings", action: "read", group: "people" },
  { href: "/admin/audit", label: "Audit log", resource: "audit", action: "read", group: "records" },
  { href: "/admin/sign-ins", label: "Sign-ins", resource: "audit", action: "read", group: "records" },
];

export const NAV_GROUPS = { shop: "Shop", content: "Content", commerce: "Selling", people: "Staff and access", records: "Records" } as const;

/** The pages a staff member's roles allow, in the sidebar's order. */
export function navFor(subject: AccessSubject): NavItem[] {
  return ADMIN_NAV.filter((item) => can(subject, item.resource, item.action as never));
}

/** The sidebar entry a path belongs to (the longest href it starts with), for aria-current. */
export function activeNav(pathname: string, items: readonly NavItem[]): string | null {
  let best: string | null = null;
  for (const item of items) {
    const inside = pathname === item.href || (item.href !== ADMIN_HOME && pathname.startsWith(`${item.href}/`));
    if (inside && (best === null || item.href.length > best.length)) best = item.href;
  }
  return best;
}

/** What a server action answers: done (a message, optional data), or refused with a message and per-field errors. */
export type ActionResult<T = undefined> = { ok: true; message: string; data?: T } | { ok: false; message: string; errors?: Record<string, string[]> };
