import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { formatDateTime } from "@/components/admin/format";
import { Badge, Empty, Facts, Notice, PageHeader, Section, secondaryButtonClass, Table, type Tone } from "@/components/admin/ui";
import { requireStaffPage } from "@/lib/accounts";
import { remittanceDetail, type RemittanceLine } from "@/lib/orders";
import { OUTCOME_LABELS, type Outcome, verdictMessage } from "@/lib/orders/cod-remittance";
import { formatDate, formatPaise } from "@/lib/platform/format";

export const metadata: Metadata = { title: "Remittance" };

const TONE: Record<Outcome, Tone> = { matched: "green", short: "amber", over: "amber", unknown: "red", not_cod: "red", not_delivered: "red", already_remitted: "grey", duplicate: "grey" };

function Rows({ caption, lines, empty }: { caption: string; lines: readonly (RemittanceLine & { orderCode: string | null })[]; empty: string }) {
  return (
    <Table caption={caption} head={["Row", "AWB", "Amount", "COD amount", "Date", "Outcome", "Order"]} empty={lines.length ? null : <Empty>{empty}</Empty>}>
      {lines.map((l) => (
        <tr key={l.row} data-testid="remittance-row" data-outcome={l.outcome}>
          <td className="tabular-nums">{l.row}</td>
          <td className="font-mono text-xs">{l.awb}</td>
          <td className="tabular-nums">{formatPaise(l.amount)}</td>
          <td className="tabular-nums">{l.expected === null ? "—" : formatPaise(l.expected)}</td>
          <td className="text-xs whitespace-nowrap">{formatDate(l.date)}</td>
          <td className="max-w-sm">
            <Badge tone={TONE[l.outcome]}>{OUTCOME_LABELS[l.outcome]}</Badge>
            <span className="block text-xs text-slate-600">{verdictMessage(l, formatPaise)}</span>
          </td>
          <td>
            {l.orderId && l.orderCode ? (
              <Link href={`/admin/orders/${l.orderId}`} className="font-mono underline underline-offset-2">
                {l.orderCode}
              </Link>
            ) : (
              "—"
            )}
          </td>
        </tr>
      ))}
    </Table>
  );
}

/**
 * /admin/cod/remittances/[id] (remittance:read): one courier remittance as uploaded, its totals,
 * every row with what it did (mismatches first), and the COD parcels missing from every
 * remittance now.
 */
export default async function RemittancePage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { id: raw } = await params;
  await requireStaffPage(`/admin/cod/remittances/${encodeURIComponent(raw)}`, "remittance", "read");
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  const detail = Number.isSafeInteger(id) ? await remittanceDetail(id) : null;
  if (!detail) notFound();
  const { remittance: r, lines, missing } = detail;
  const uploaded = (await searchParams).uploaded === "1";
  const mismatches = lines.filter((l) => l.outcome !== "matched");
  const matched = lines.filter((l) => l.outcome === "matched");
  return (
    <>
      <PageHeader
        title={`Remittance #${r.id}`}
        intro={`${r.courier} · ${r.fileName}`}
        actions={
          <Link href="/admin/cod" className={secondaryButtonClass}>
            Back to Cash on Delivery
          </Link>
        }
      />
      {uploaded ? (
        <Notice tone={mismatches.length ? "amber" : "green"}>
          Remittance #{r.id} recorded: {r.remittedCount} of {r.rowCount} rows remitted a parcel ({formatPaise(r.remittedAmount)}); {mismatches.length} {mismatches.length === 1 ? "mismatch" : "mismatches"}.
        </Notice>
      ) : null}
      <Section title="Totals">
        <Facts
          items={[
            ["Courier", r.courier],
            ["File", r.fileName],
            ["Uploaded", `${formatDateTime(r.uploadedAt)} by ${r.uploadedBy.name ?? `#${r.uploadedBy.id}`}`],
            ["Dates", r.firstDate ? (r.firstDate === r.lastDate ? formatDate(r.firstDate) : `${formatDate(r.firstDate)} – ${formatDate(r.lastDate)}`) : "—"],
            ["Rows", String(r.rowCount)],
            ["Remitted", `${r.remittedCount} parcels, ${formatPaise(r.remittedAmount)}`],
            ["In the file", formatPaise(r.totalAmount)],
            ["Short", r.shortAmount ? formatPaise(r.shortAmount) : "—"],
            ["Over", r.overAmount ? formatPaise(r.overAmount) : "—"],
            ["Missing when uploaded", String(r.missingCount)],
          ]}
        />
      </Section>
      <Section title={`Mismatches (${mismatches.length})`}>
        <Rows caption="Mismatches" lines={mismatches} empty="Every row matched its parcel's COD amount." />
      </Section>
      <Section title={`Matched (${matched.length})`}>
        <Rows caption="Matched rows" lines={matched} empty="No row matched exactly." />
      </Section>
      <Section title={`Missing now (${missing.count})`}>
        <p className="mb-2 text-sm text-slate-700">Delivered COD parcels older than {missing.overdueDays} days that no remittance has named{missing.count > missing.parcels.length ? ` (the oldest ${missing.parcels.length})` : ""}.</p>
        <Table caption="Missing parcels" head={["Order", "Carrier", "AWB", "COD amount", "Delivered", "Age"]} empty={missing.parcels.length ? null : <Empty>None.</Empty>}>
          {missing.parcels.map((p) => (
            <tr key={p.shipmentId} data-testid="missing-row">
              <td>
                <Link href={`/admin/orders/${p.orderId}`} className="font-mono underline underline-offset-2">
                  {p.orderCode}
                </Link>
              </td>
              <td>{p.carrier}</td>
              <td className="font-mono text-xs">{p.awb ?? "—"}</td>
              <td className="tabular-nums">{formatPaise(p.codAmount)}</td>
              <td className="text-xs whitespace-nowrap">{formatDateTime(p.deliveredAt)}</td>
              <td className="tabular-nums">{p.ageDays} days</td>
            </tr>
          ))}
        </Table>
      </Section>
    </>
  );
}
