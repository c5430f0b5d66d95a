import type { Metadata } from "next";
import { formatDateTime } from "@/components/admin/format";
import { Badge, Empty, FilterField, FilterForm, inputClass, Notice, PageHeader, Pager, Select, Table, type Tone } from "@/components/admin/ui";
import { listSignIns, requireStaffPage } from "@/lib/accounts";
import { signInsQuerySchema } from "@/lib/accounts/staff-schemas";
import { hrefWith, lenientQuery } from "../../_lib/params";

export const metadata: Metadata = { title: "Sign-ins" };

/** What staff_sign_ins.result means, for people. */
const RESULTS: Record<string, { label: string; tone: Tone }> = {
  success: { label: "Signed in", tone: "green" },
  two_factor_required: { label: "Password right, code asked", tone: "blue" },
  bad_password: { label: "Wrong password", tone: "amber" },
  not_staff: { label: "Not a staff account", tone: "amber" },
  unverified: { label: "Email not confirmed", tone: "amber" },
  banned: { label: "Blocked account", tone: "red" },
  rate_limited: { label: "Too many attempts", tone: "red" },
  bad_code: { label: "Wrong code", tone: "amber" },
  bad_challenge: { label: "Expired sign-in", tone: "amber" },
  locked: { label: "Second factor locked", tone: "red" },
};

/** /admin/sign-ins (audit:read): every back-office sign-in attempt, failed or not, with filters in the URL. */
export default async function SignInsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { query, ignored, raw } = lenientQuery(signInsQuerySchema, await searchParams);
  await requireStaffPage(hrefWith("/admin/sign-ins", raw, { page: query.page }), "audit", "read");
  const result = await listSignIns(query);
  return (
    <>
      <PageHeader title="Sign-ins" intro={`${result.total} attempt${result.total === 1 ? "" : "s"} to sign in to the back office, failed or not.`} />
      {ignored.length ? <Notice tone="amber">Ignored what the address could not mean: {ignored.join(", ")}.</Notice> : null}
      <FilterForm action="/admin/sign-ins" label="Filter sign-ins" reset={Object.keys(raw).length ? "/admin/sign-ins" : undefined}>
        <FilterField label="Email tried" htmlFor="s-email" wide>
          <input id="s-email" name="email" type="search" defaultValue={query.email ?? ""} className={inputClass} />
        </FilterField>
        <FilterField label="Result" htmlFor="s-result">
          <Select id="s-result" name="result" value={query.result} options={Object.fromEntries(Object.entries(RESULTS).map(([k, v]) => [k, v.label]))} all="Any" />
        </FilterField>
        <FilterField label="From" htmlFor="s-from">
          <input id="s-from" name="from" type="date" defaultValue={query.from?.slice(0, 10) ?? ""} className={inputClass} />
        </FilterField>
        <FilterField label="To" htmlFor="s-to">
          <input id="s-to" name="to" type="date" defaultValue={query.to?.slice(0, 10) ?? ""} className={inputClass} />
        </FilterField>
      </FilterForm>
      <Table caption="Sign-in attempts" head={["When", "Email", "Result", "Address", "Browser"]} empty={result.rows.length ? null : <Empty>No sign-in matches these filters.</Empty>}>
        {result.rows.map((r) => {
          const shown = RESULTS[r.result] ?? { label: r.result, tone: "grey" as Tone };
          return (
            <tr key={r.id}>
              <td className="text-xs whitespace-nowrap">{formatDateTime(r.created_at)}</td>
              <td className="text-sm break-all">{r.email}</td>
              <td>
                <Badge tone={shown.tone}>{shown.label}</Badge>
              </td>
              <td className="font-mono text-xs">{r.ip ?? ""}</td>
              <td className="max-w-xs truncate text-xs text-slate-600" title={r.user_agent ?? ""}>
                {r.user_agent ?? ""}
              </td>
            </tr>
          );
        })}
      </Table>
      <Pager
        label="Sign-in pages"
        status={result.total ? `Page ${result.page} of ${result.lastPage}` : ""}
        previous={result.page > 1 ? hrefWith("/admin/sign-ins", raw, { page: result.page - 1 }) : null}
        next={result.page < result.lastPage ? hrefWith("/admin/sign-ins", raw, { page: result.page + 1 }) : null}
      />
    </>
  );
}
