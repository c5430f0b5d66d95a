import type { Metadata } from "next";
import Link from "next/link";
import { formatDateTime } from "@/components/admin/format";
import { RemittanceUpload } from "@/components/admin/RemittanceUpload";
import { Empty, PageHeader, Pager, Section, secondaryButtonClass, Table } from "@/components/admin/ui";
import { requireStaffPage } from "@/lib/accounts";
import { can } from "@/lib/accounts/access";
import { codCarriers, codReceivable, listRemittances } from "@/lib/orders";
import { COD_OVERDUE_DAYS, remittanceListQuerySchema } from "@/lib/orders/cod-remittance";
import { formatCount, formatPaise } from "@/lib/platform/format";
import { hrefWith, lenientQuery } from "../../_lib/params";
import { uploadRemittance } from "./actions";

export const metadata: Metadata = { title: "Cash on Delivery" };

/**
 * /admin/cod (remittance:read): what the couriers owe for delivered Cash on Delivery parcels, by
 * age; the upload of a courier's remittance CSV (remittance:create); the remittances uploaded.
 */
export default async function CodPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { query, raw } = lenientQuery(remittanceListQuerySchema, await searchParams);
  const staff = await requireStaffPage(hrefWith("/admin/cod", raw, { page: query.page }), "remittance", "read");
  const [receivable, remittances] = await Promise.all([codReceivable({ page: 1 }), listRemittances(query.page)]);
  const uploads = can(staff, "remittance", "create");
  const couriers = uploads ? await codCarriers() : [];
  return (
    <>
      <PageHeader title="Cash on Delivery" intro={`The cash couriers collected at the door and have not yet paid to the shop, and their remittances. A parcel delivered more than ${COD_OVERDUE_DAYS} days ago that no remittance named is missing.`} />
      <Section
        title="Receivable by age"
        actions={
          <>
            <Link href="/admin/cod/receivable" className={secondaryButtonClass}>
              All parcels
            </Link>{" "}
            <Link href="/admin/cod/receivable/export" prefetch={false} className={secondaryButtonClass}>
              Export CSV
            </Link>
          </>
        }
      >
        <Table caption="COD receivable by age" head={["Days since delivery", "Parcels", "Amount"]}>
          {receivable.buckets.map((b) => (
            <tr key={b.key}>
              <td>
                <Link href={`/admin/cod/receivable?bucket=${encodeURIComponent(b.key)}`} className="underline underline-offset-2">
                  {b.label}
                </Link>
              </td>
              <td className="tabular-nums">{b.count}</td>
              <td className="tabular-nums">{formatPaise(b.amount)}</td>
            </tr>
          ))}
          <tr className="font-semibold">
            <td>Total receivable</td>
            <td className="tabular-nums">{receivable.total.count}</td>
            <td className="tabular-nums" data-testid="cod-receivable-total">
              {formatPaise(receivable.total.amount)}
            </td>
          </tr>
        </Table>
        {receivable.shortTotal ? <p className="mt-2 text-sm text-amber-800">Remittances fell short of the COD amounts by {formatPaise(receivable.shortTotal)} in all: claim it from the couriers.</p> : null}
      </Section>
      {uploads ? (
        <Section title="Upload a remittance">
          <RemittanceUpload action={uploadRemittance} couriers={couriers} />
        </Section>
      ) : null}
      <Section title="Remittances">
        <Table caption="Remittances" head={["#", "Uploaded", "Courier", "File", "Rows", "Remitted", "Mismatches", "Amount", "Short"]} empty={remittances.rows.length ? null : <Empty>No remittance uploaded yet.</Empty>}>
          {remittances.rows.map((r) => (
            <tr key={r.id}>
              <td>
                <Link href={`/admin/cod/remittances/${r.id}`} className="font-medium underline underline-offset-2">
                  #{r.id}
                </Link>
              </td>
              <td className="text-xs whitespace-nowrap">
                {formatDateTime(r.uploadedAt)}
                <span className="block text-slate-600">{r.uploadedBy.name ?? `#${r.uploadedBy.id}`}</span>
              </td>
              <td>{r.courier}</td>
              <td className="max-w-xs text-xs break-all">{r.fileName}</td>
              <td className="tabular-nums">{r.rowCount}</td>
              <td className="tabular-nums">{r.remittedCount}</td>
              <td className="tabular-nums">{r.mismatchCount}</td>
              <td className="tabular-nums">{formatPaise(r.remittedAmount)}</td>
              <td className="tabular-nums">{r.shortAmount ? formatPaise(r.shortAmount) : "—"}</td>
            </tr>
          ))}
        </Table>
        <Pager
          label="Remittance pages"
          status={remittances.total ? `${formatCount(remittances.total, "remittance")} · page ${remittances.page} of ${remittances.lastPage}` : ""}
          previous={remittances.page > 1 ? hrefWith("/admin/cod", raw, { page: remittances.page - 1 }) : null}
          next={remittances.page < remittances.lastPage ? hrefWith("/admin/cod", raw, { page: remittances.page + 1 }) : null}
        />
      </Section>
    </>
  );
}
