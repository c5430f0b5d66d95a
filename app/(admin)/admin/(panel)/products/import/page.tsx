import type { Metadata } from "next";
import Link from "next/link";
import { forbidden } from "next/navigation";
import { ImportForm } from "@/components/admin/ImportForm";
import { PageHeader, secondaryButtonClass, Section } from "@/components/admin/ui";
import { requireStaffPage } from "@/lib/accounts";
import { can } from "@/lib/accounts/access";
import { CSV_COLUMN_NOTES, CSV_COLUMNS } from "@/lib/catalog/catalog-csv";
import { getConfig } from "@/lib/platform/config";

export const metadata: Metadata = { title: "Import products" };

/**
 * /admin/products/import (product:create and product:update): upload a CSV of the export's
 * columns, see the dry run (every row's errors, what would change), then apply it with its
 * progress. The page's script calls POST /api/v2/admin/products/import, which checks it all again.
 */
export default async function ImportProductsPage() {
  const staff = await requireStaffPage("/admin/products/import", "product", "create");
  if (!can(staff, "product", "update")) forbidden();
  return (
    <>
      <PageHeader
        title="Import products"
        intro="Creates or updates products by SKU. The file is checked first and nothing is written until you import it."
        actions={
          <>
            <Link href="/admin/products/import/template" prefetch={false} className={secondaryButtonClass}>
              Download the template
            </Link>
            <Link href="/admin/products" className={secondaryButtonClass}>
              Back to products
            </Link>
          </>
        }
      />
      <ImportForm systemKey={getConfig().systemKey} />
      <Section title="Columns">
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[12rem_1fr]">
          {CSV_COLUMNS.map((c) => (
            <div key={c} className="contents">
              <dt className="font-mono text-xs text-slate-800">{c}</dt>
              <dd className="text-slate-700">{CSV_COLUMN_NOTES[c]}</dd>
            </div>
          ))}
        </dl>
      </Section>
    </>
  );
}
