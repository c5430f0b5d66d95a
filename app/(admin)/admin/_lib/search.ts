import "server-only";
import { findCustomers, type StaffPrincipal } from "@/lib/accounts";
import { can } from "@/lib/accounts/access";
import { findProducts } from "@/lib/catalog";
import { findOrders } from "@/lib/orders";
import { formatPaise } from "@/lib/platform/format";

/**
 * The back office's search (the search box, Ctrl/Cmd+K, and /admin/search): products by name or
 * SKU, orders by code, email or phone, customers by name, email or phone — each only when the
 * staff member's role may read it (can(), on the server), so a catalog clerk never sees orders or
 * customers here either.
 */

export type SearchHit = { kind: "product" | "order" | "customer"; title: string; detail: string; href: string };

export const SEARCH_MIN = 2;

export async function adminSearch(principal: Pick<StaffPrincipal, "roles" | "scopes">, raw: string, limit = 6): Promise<SearchHit[]> {
  const term = raw.trim().slice(0, 100);
  if (term.length < SEARCH_MIN) return [];
  const [products, orders, customers] = await Promise.all([
    can(principal, "product", "read") ? findProducts(term, limit) : [],
    can(principal, "order", "read") ? findOrders(term, limit) : [],
    can(principal, "customer", "read") ? findCustomers(term, limit) : [],
  ]);
  return [
    ...products.map((p): SearchHit => ({ kind: "product", title: p.name, detail: `SKU ${p.sku}${p.published ? "" : " · not published"}`, href: `/admin/products/${encodeURIComponent(p.slug)}` })),
    ...orders.map((o): SearchHit => ({ kind: "order", title: o.code, detail: `${o.customerName} · ${formatPaise(o.grandTotal)} · ${o.deliveryStatus}`, href: `/admin/orders/${o.id}` })),
    ...customers.map((c): SearchHit => ({ kind: "customer", title: c.name, detail: [c.email, c.phone].filter(Boolean).join(" · "), href: `/admin/customers/${c.id}` })),
  ];
}
