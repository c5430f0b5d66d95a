import Image from "next/image";
import Link from "next/link";
import { formatDateTime } from "@/components/admin/format";
import { Badge, Facts, PageHeader, Section, Table } from "@/components/admin/ui";
import type { StaffPrincipal } from "@/lib/accounts";
import { can } from "@/lib/accounts/access";
import { AVAILABILITY_FILTERS } from "@/lib/catalog/admin-list";
import type { AdminProductDetail } from "@/lib/catalog";
import { formatPaise } from "@/lib/platform/format";

/**
 * One product as staff see it, read-only (a role without product:update): its fields, photos,
 * variants and, with stock:read, the latest movements of its stock ledger. The editor shows the
 * ledger the same way (StockLedger).
 */
export function ReadOnlyProduct({ product, staff }: { product: AdminProductDetail; staff: StaffPrincipal }) {
  return (
    <>
      <PageHeader
        title={product.name}
        intro={
          <>
            SKU <span className="font-mono">{product.sku}</span> · {product.published ? <Badge tone="green">Published</Badge> : <Badge>Draft</Badge>}
          </>
        }
        actions={
          product.published ? (
            <Link href={`/products/${encodeURIComponent(product.slug)}`} className="text-sm text-slate-800 underline underline-offset-2">
              View in the shop
            </Link>
          ) : null
        }
      />
      <Section title="Details">
        <Facts
          items={[
            ["Category", product.category?.name ?? "—"],
            ["Slug", <span key="slug" className="font-mono text-xs">{product.slug}</span>],
            ["Price", formatPaise(product.price)],
            ["List price (MRP)", `${formatPaise(product.listPrice)}${product.discountPercent ? ` (${product.discountPercent}% off)` : ""}`],
            ["Stock", String(product.stockQuantity)],
            ["Availability", AVAILABILITY_FILTERS[product.availability]],
            ["Made to order", product.madeToOrder ? "Yes" : "No"],
            ["HSN code", product.hsnCode ?? "—"],
            ["Featured / popular", `${product.featured ? "Featured" : "Not featured"} · ${product.popular ? "Popular" : "Not popular"}`],
            ["SEO title", product.metaTitle ?? "—"],
            ["SEO description", product.metaDescription ?? "—"],
            ["Short description", product.shortDescription ?? "—"],
            ["Created", formatDateTime(product.createdAt)],
            ["Changed", formatDateTime(product.updatedAt)],
          ]}
        />
      </Section>
      {product.photos.length ? (
        <Section title={`Photos (${product.photos.length})`}>
          <ul className="flex flex-wrap gap-3">
            {product.photos.map((ph, i) => (
              <li key={ph.path} className="w-28">
                <Image src={ph.path} alt={ph.alt || `${product.name}, photo ${i + 1}`} width={112} height={112} className="h-28 w-28 rounded border border-slate-200 object-cover" />
                <span className="mt-1 block truncate text-xs text-slate-600">{ph.alt || "No alt text"}</span>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      {product.variants.length ? (
        <Section title={`Variants (${product.variants.length})`}>
          <Table caption="Variants" head={["Variant", "SKU", "Price", "Stock", "Availability"]}>
            {product.variants.map((v) => (
              <tr key={v.id}>
                <td>{v.label}</td>
                <td className="font-mono text-xs">{v.sku}</td>
                <td className="tabular-nums">{formatPaise(v.price)}</td>
                <td className="tabular-nums">{v.stockQuantity}</td>
                <td>{AVAILABILITY_FILTERS[v.availability]}</td>
              </tr>
            ))}
          </Table>
        </Section>
      ) : null}
      {can(staff, "stock", "read") ? <StockLedger product={product} /> : null}
      <p className="text-sm">
        <Link href="/admin/products" className="text-slate-800 underline underline-offset-2">
          ← All products
        </Link>
      </p>
    </>
  );
}

/** The latest 20 movements of the product's stock ledger. */
export function StockLedger({ product }: { product: AdminProductDetail }) {
  const variantLabel = new Map(product.variants.map((v) => [v.id, v.label]));
  return (
    <Section title="Stock ledger (latest 20)">
      {product.movements.length ? (
        <Table caption="Stock movements" head={["When", "Change", "Reason", "Variant", "By", "Note"]}>
          {product.movements.map((m) => (
            <tr key={m.id}>
              <td className="text-xs whitespace-nowrap">{formatDateTime(m.createdAt)}</td>
              <td className={`tabular-nums ${m.delta < 0 ? "text-red-800" : "text-emerald-800"}`}>{m.delta > 0 ? `+${m.delta}` : m.delta}</td>
              <td>
                {m.reason}
                {m.orderId ? (
                  <Link href={`/admin/orders/${m.orderId}`} className="ml-1 text-xs underline underline-offset-2">
                    order
                  </Link>
                ) : null}
              </td>
              <td>{m.variantId ? (variantLabel.get(m.variantId) ?? `#${m.variantId}`) : "—"}</td>
              <td>{m.actorName ?? m.actor}</td>
              <td className="max-w-xs break-words">{m.note ?? ""}</td>
            </tr>
          ))}
        </Table>
      ) : (
        <p className="text-sm text-slate-600">No stock movements.</p>
      )}
    </Section>
  );
}
