import type { Metadata } from "next";
import Link from "next/link";
import { Badge, buttonClass, Empty, FilterField, FilterForm, inputClass, Notice, PageHeader, Section, Table } from "@/components/admin/ui";
import { requireStaffPage } from "@/lib/accounts";
import { can } from "@/lib/accounts/access";
import { listGstRates, lookupGstRate } from "@/lib/cart";
import { gstLookupSchema, isGstSlab, toPaise } from "@/lib/cart/commerce-admin";
import { indiaDay, isoDay } from "@/lib/cart/delivery";
import { formatRupees } from "@/lib/platform/format";

export const metadata: Metadata = { title: "GST rates" };

/**
 * /admin/gst-rates?hsn=&price=&date= (settings:read): the rate table the cart, checkout and
 * invoices use (the longest HSN prefix in force on the day, then the first price band the piece's
 * taxable value fits), and a lookup that answers with the same function. settings:update edits.
 */
export default async function GstRatesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const flat = Object.fromEntries(Object.entries(params).flatMap(([k, v]) => (typeof v === "string" && v.trim() !== "" ? [[k, v]] : [])));
  const asked = "hsn" in flat || "price" in flat;
  const search = new URLSearchParams(flat).toString();
  const staff = await requireStaffPage(search ? `/admin/gst-rates?${search}` : "/admin/gst-rates", "settings", "read");
  const rows = await listGstRates();
  const today = isoDay(indiaDay(new Date()));
  const query = asked ? gstLookupSchema.safeParse(flat) : null;
  const found = query?.success ? await lookupGstRate(query.data.hsn, toPaise(query.data.price), query.data.date ?? today) : null;
  const lookupErrors = query && !query.success ? Object.fromEntries(query.error.issues.map((i) => [String(i.path[0]), i.message])) : {};
  const canUpdate = can(staff, "settings", "update");
  return (
    <>
      <PageHeader
        title="GST rates"
        intro="Prices are GST-inclusive: the rate splits out the tax a price holds. A product's rate is the row of the longest prefix of its HSN code in force on the day of sale, then the first band whose bound the piece's taxable value fits; no row: the default rate on the Shipping page. Orders keep the rate they were placed with, so issued invoices never change."
        actions={
          canUpdate ? (
            <Link href="/admin/gst-rates/new" className={buttonClass}>
              New row
            </Link>
          ) : null
        }
      />
      {params.saved ? <Notice tone="green">The row is saved.</Notice> : null}
      {params.deleted ? <Notice tone="green">The row is deleted.</Notice> : null}
      <Section title="Look up a rate">
        <FilterForm action="/admin/gst-rates" label="Look up a GST rate">
          <FilterField label="HSN code" htmlFor="g-hsn">
            <input id="g-hsn" name="hsn" inputMode="numeric" defaultValue={flat.hsn ?? ""} maxLength={8} className={inputClass} aria-describedby={lookupErrors.hsn ? "g-hsn-error" : undefined} />
          </FilterField>
          <FilterField label="Price of a piece (₹, with GST)" htmlFor="g-price">
            <input id="g-price" name="price" inputMode="decimal" defaultValue={flat.price ?? ""} maxLength={12} className={inputClass} aria-describedby={lookupErrors.price ? "g-price-error" : undefined} />
          </FilterField>
          <FilterField label="Day" htmlFor="g-date">
            <input id="g-date" name="date" type="date" defaultValue={flat.date ?? today} className={inputClass} aria-describedby={lookupErrors.date ? "g-date-error" : undefined} />
          </FilterField>
        </FilterForm>
        {Object.entries(lookupErrors).map(([k, m]) => (
          <p key={k} id={`g-${k}-error`} role="alert" className="text-sm text-red-700">
            {m}
          </p>
        ))}
        {found ? (
          <p role="status" className="text-sm text-slate-800">
            HSN {found.hsn} at {formatRupees(found.price)} on {found.date}: <strong>{`${found.rate_percent}% GST`}</strong>,{" "}
            {found.row ? (
              <>
                from the row {found.row.hsn_prefix}, {found.row.max_taxable_value === null ? "no bound" : `up to ${formatRupees(found.row.max_taxable_value)}`}, in force from {found.row.effective_from}
                {canUpdate ? (
                  <>
                    {" "}
                    (
                    <Link href={`/admin/gst-rates/${found.row.id}`} className="underline underline-offset-2">
                      edit it
                    </Link>
                    )
                  </>
                ) : null}
                .
              </>
            ) : (
              "the shop's default rate: no row matches."
            )}
          </p>
        ) : null}
      </Section>
      <Table caption="GST rate table" head={["HSN prefix", "Band (taxable value of a piece)", "Rate", "In force from", "Note"]} empty={rows.length ? null : <Empty>No rows: every product is taxed at the default rate.</Empty>}>
        {rows.map((r) => (
          <tr key={r.id}>
            <td className="font-mono whitespace-nowrap">
              {canUpdate ? (
                <Link href={`/admin/gst-rates/${r.id}`} className="underline-offset-2 hover:underline">
                  {r.hsn_prefix}
                </Link>
              ) : (
                r.hsn_prefix
              )}
            </td>
            <td className="whitespace-nowrap">{r.max_taxable_value === null ? "No bound" : `Up to ${formatRupees(r.max_taxable_value)}`}</td>
            <td className="whitespace-nowrap">
              {r.rate_percent}% {isGstSlab(r.rate_percent) ? null : <Badge tone="amber">not a current slab</Badge>}
            </td>
            <td className="whitespace-nowrap">{r.effective_from}</td>
            <td className="text-xs text-slate-700">{r.note ?? "—"}</td>
          </tr>
        ))}
      </Table>
    </>
  );
}
